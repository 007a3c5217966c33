/** Helpers that write hand-made Delta logs into a store, for protocol tests. */
import type { ObjectStore } from '../../storage/object-store.js';
import type { Action, AddFile, Metadata, Protocol, RemoveFile } from '../actions.js';
import { serializeActionLines } from '../actions-json.js';
import { commitKey } from '../log-files.js';

export const SIMPLE_SCHEMA = JSON.stringify({
  type: 'struct',
  fields: [
    { name: 'id', type: 'long', nullable: true, metadata: {} },
    { name: 'part', type: 'string', nullable: true, metadata: {} },
  ],
});

export function metadata(overrides: Partial<Metadata> = {}): Metadata {
  return {
    id: 'test-table',
    format: { provider: 'parquet', options: {} },
    schemaString: SIMPLE_SCHEMA,
    partitionColumns: [],
    configuration: {},
    createdTime: 0,
    ...overrides,
  };
}

export const PROTOCOL_1_2: Protocol = { minReaderVersion: 1, minWriterVersion: 2 };

export function add(path: string, extra: Partial<AddFile> = {}): AddFile {
  return { path, partitionValues: {}, size: 100, modificationTime: 0, dataChange: true, ...extra };
}

export function remove(path: string, extra: Partial<RemoveFile> = {}): RemoveFile {
  return { path, deletionTimestamp: 0, dataChange: true, ...extra };
}

export async function writeCommit(
  store: ObjectStore,
  version: number,
  actions: readonly Action[],
): Promise<void> {
  await store.put(commitKey(version), serializeActionLines(actions));
}

export const a = {
  protocol: (protocol: Protocol = PROTOCOL_1_2): Action => ({ kind: 'protocol', protocol }),
  metaData: (m: Metadata = metadata()): Action => ({ kind: 'metaData', metaData: m }),
  add: (path: string, extra: Partial<AddFile> = {}): Action => ({ kind: 'add', add: add(path, extra) }),
  remove: (path: string, extra: Partial<RemoveFile> = {}): Action => ({
    kind: 'remove',
    remove: remove(path, extra),
  }),
  txn: (appId: string, version: number): Action => ({ kind: 'txn', txn: { appId, version } }),
  commitInfo: (info: Record<string, unknown> = {}): Action => ({ kind: 'commitInfo', commitInfo: info }),
};
