import { describe, expect, it } from 'vitest';
import { isLakesqlError } from '../errors/index.js';
import { MemoryObjectStore } from '../storage/memory-store.js';
import type { AddFile, Protocol } from './actions.js';
import { parseActionLines } from './actions-json.js';
import { commitKey } from './log-files.js';
import {
  assignRowTracking,
  highWaterMarkDomain,
  materializedColumnsForRewrite,
  preservedRowTrackingTags,
} from './row-tracking.js';
import { loadSnapshot } from './snapshot.js';
import { FakeParquetHandler } from './testing/fake-parquet-handler.js';
import { a, add, metadata, writeCommit } from './testing/log-builder.js';
import { startTransaction } from './transaction.js';

const parquet = new FakeParquetHandler();
const ROW_TRACKING: Protocol = {
  minReaderVersion: 1,
  minWriterVersion: 7,
  writerFeatures: ['domainMetadata', 'rowTracking'],
};
const rows = (n: number) => ({ stats: JSON.stringify({ numRecords: n }) });

async function commitActions(store: MemoryObjectStore, version: number) {
  return parseActionLines(new TextDecoder().decode(await store.get(commitKey(version))), 'test');
}

function rowFields(actions: Awaited<ReturnType<typeof commitActions>>) {
  return actions.flatMap((x) =>
    x.kind === 'add' ? [[x.add.path, x.add.baseRowId, x.add.defaultRowCommitVersion, x.add.dataChange]] : [],
  );
}

function marks(actions: Awaited<ReturnType<typeof commitActions>>) {
  return actions.flatMap((x) => (x.kind === 'domainMetadata' ? [x.domainMetadata] : []));
}

async function rowTrackingTable(): Promise<MemoryObjectStore> {
  const store = new MemoryObjectStore();
  const t = await startTransaction(store, parquet);
  t.updateProtocol(ROW_TRACKING)
    .updateMetadata(metadata({ configuration: { 'delta.enableRowTracking': 'true' } }))
    .addFiles([add('f1', rows(3)), add('f2', rows(2))]);
  await t.commit({ name: 'CREATE TABLE' });
  return store;
}

describe('assignRowTracking', () => {
  it('gives fresh ranges above the mark, keeps carried ids, and moves the mark past them all', () => {
    const adds: AddFile[] = [
      add('new', rows(4)),
      add('kept', { ...rows(10), baseRowId: 3, defaultRowCommitVersion: 1 }),
      add('empty', rows(0)),
    ];
    const out = assignRowTracking(adds, 20, 5);
    expect(out.adds.map((f) => [f.path, f.baseRowId, f.defaultRowCommitVersion])).toEqual([
      ['new', 21, 5],
      ['kept', 3, 1],
      ['empty', 25, 5],
    ]);
    expect(out.highWaterMark).toBe(24);
    // A cloned file above the mark pushes fresh ids past it.
    const cloned = assignRowTracking([add('c', { ...rows(5), baseRowId: 30 }), add('n', rows(1))], 20, 2);
    expect(cloned.adds.map((f) => f.baseRowId)).toEqual([30, 35]);
    expect(cloned.highWaterMark).toBe(35);
  });

  it('refuses a file without a row count', () => {
    try {
      assignRowTracking([add('nostats')], -1, 0);
      expect.unreachable();
    } catch (e) {
      expect(isLakesqlError(e, 'DELTA_ROW_ID_ASSIGNMENT_WITHOUT_STATS')).toBe(true);
    }
  });
});

describe('row tracking in commits', () => {
  it('assigns baseRowId and defaultRowCommitVersion, raises the mark, and names the materialized columns', async () => {
    const store = await rowTrackingTable();
    const v0 = await commitActions(store, 0);
    expect(rowFields(v0)).toEqual([
      ['f1', 0, 0, true],
      ['f2', 3, 0, true],
    ]);
    expect(marks(v0)).toEqual([highWaterMarkDomain(4)]);
    expect(marks(v0)[0]!.configuration).toBe('{"rowIdHighWaterMark":4,"domainName":"delta.rowTracking"}');
    const conf = (await loadSnapshot(store, parquet)).metadata.configuration;
    expect(conf['delta.rowTracking.materializedRowIdColumnName']).toMatch(/^_row-id-col-[0-9a-f-]{36}$/);
    expect(conf['delta.rowTracking.materializedRowCommitVersionColumnName']).toMatch(
      /^_row-commit-version-col-[0-9a-f-]{36}$/,
    );

    const t = await startTransaction(store, parquet);
    t.addFiles([add('f3', rows(5))]);
    await t.commit({ name: 'WRITE' });
    const v1 = await commitActions(store, 1);
    expect(rowFields(v1)).toEqual([['f3', 5, 1, true]]);
    expect(marks(v1)).toEqual([highWaterMarkDomain(9)]);
  });

  it('a file re-added with a deletion vector keeps its ids; a commit without new ids leaves the mark', async () => {
    const store = await rowTrackingTable();
    const s = await loadSnapshot(store, parquet);
    const f1 = s.activeFiles().find((f) => f.path === 'f1')!;
    const t = await startTransaction(store, parquet);
    t.removeFiles([{ path: 'f1', dataChange: true }]).addFiles([
      { ...f1, deletionVector: { storageType: 'i', pathOrInlineDv: 'abc', sizeInBytes: 1, cardinality: 1 } },
    ]);
    await t.commit({ name: 'DELETE' });
    const v1 = await commitActions(store, 1);
    expect(rowFields(v1)).toEqual([['f1', 0, 0, true]]);
    expect(marks(v1)).toEqual([]);
  });

  it('re-assigns row ids and the commit version when rebased over a winner that took ids', async () => {
    const store = await rowTrackingTable();
    const t1 = await startTransaction(store, parquet);
    const t2 = await startTransaction(store, parquet);
    t1.addFiles([add('w', rows(10))]);
    t2.addFiles([add('l', rows(1))]);
    await t1.commit({ name: 'WRITE' });
    expect((await t2.commit({ name: 'WRITE' })).version).toBe(2);
    expect(rowFields(await commitActions(store, 1))).toEqual([['w', 5, 1, true]]);
    const v2 = await commitActions(store, 2);
    expect(rowFields(v2)).toEqual([['l', 15, 2, true]]);
    expect(marks(v2)).toEqual([highWaterMarkDomain(15)]);
  });

  it('enabling row tracking on an existing table backfills base row ids in the same commit', async () => {
    const store = new MemoryObjectStore();
    await writeCommit(store, 0, [a.protocol(), a.metaData(), a.add('old1', rows(2)), a.add('old2', rows(3))]);
    const t = await startTransaction(store, parquet);
    const m = (await loadSnapshot(store, parquet)).metadata;
    t.updateProtocol(ROW_TRACKING).updateMetadata({
      ...m,
      configuration: { 'delta.enableRowTracking': 'true' },
    });
    await t.commit({ name: 'SET TBLPROPERTIES' });
    const v1 = await commitActions(store, 1);
    expect(rowFields(v1)).toEqual([
      ['old1', 0, 1, false],
      ['old2', 2, 1, false],
    ]);
    expect(marks(v1)).toEqual([highWaterMarkDomain(4)]);
    const after = await loadSnapshot(store, parquet);
    expect(after.activeFiles().map((f) => [f.path, f.baseRowId])).toEqual([
      ['old1', 0],
      ['old2', 2],
    ]);
  });
});

describe('rewrites of a table with row tracking', () => {
  const named = {
    'delta.enableRowTracking': 'true',
    'delta.rowTracking.materializedRowIdColumnName': '_row-id-col-1',
    'delta.rowTracking.materializedRowCommitVersionColumnName': '_row-commit-version-col-1',
  };
  const table = (configuration: Record<string, string>) => ({
    protocol: ROW_TRACKING,
    metadata: metadata({ configuration }),
    store: { rootUrl: 'memory://t/' },
  });

  it('write the materialized columns the metadata names, or refuse when a name is missing', () => {
    expect(materializedColumnsForRewrite(table(named))).toEqual({
      rowId: '_row-id-col-1',
      rowCommitVersion: '_row-commit-version-col-1',
    });
    expect(materializedColumnsForRewrite(table({ ...named, 'delta.enableRowTracking': 'false' }))).toBe(
      undefined,
    );
    const { 'delta.rowTracking.materializedRowCommitVersionColumnName': _, ...noVersion } = named;
    try {
      materializedColumnsForRewrite(table(noVersion));
      expect.unreachable();
    } catch (e) {
      expect(isLakesqlError(e) && [e.errorClass, e.messageParameters]).toEqual([
        'DELTA_MATERIALIZED_ROW_TRACKING_COLUMN_NAME_MISSING',
        { rowTrackingColumn: 'Row Commit Version', tableName: 'memory://t/' },
      ]);
    }
  });

  it('are tagged as preserving row tracking, as delta-spark tags them', () => {
    expect(preservedRowTrackingTags('UPDATE', table(named))).toEqual({
      'delta.rowTracking.preserved': 'true',
    });
    expect(preservedRowTrackingTags('WRITE', table(named))).toBe(undefined);
    expect(preservedRowTrackingTags('MERGE', table({}))).toBe(undefined);
  });
});
