/** The `delta.clustering` domain read from a log: physical name paths, their logical names, CLUSTER BY NONE. */
import { describe, expect, it } from 'vitest';
import { MemoryObjectStore } from '../storage/memory-store.js';
import type { Action, Protocol } from './actions.js';
import {
  CLUSTERING_PROTOCOL,
  clusteringColumnsOf,
  clusteringDomain,
  isClusteredTable,
  logicalClusteringColumns,
} from './clustering.js';
import { checkConflicts, type TransactionFootprint } from './conflict-checker.js';
import { loadSnapshot } from './snapshot.js';
import { FakeParquetHandler } from './testing/fake-parquet-handler.js';
import { a, metadata, PROTOCOL_1_2, writeCommit } from './testing/log-builder.js';

const parquet = new FakeParquetHandler();
const CLUSTERED: Protocol = {
  minReaderVersion: 1,
  minWriterVersion: 7,
  writerFeatures: ['domainMetadata', 'clustering'],
};

/** A column-mapped table: `id` (physical col-1) and `s` (col-2) holding `x` (col-3). */
const MAPPED_SCHEMA = JSON.stringify({
  type: 'struct',
  fields: [
    { name: 'id', type: 'long', nullable: true, metadata: { 'delta.columnMapping.physicalName': 'col-1' } },
    {
      name: 's',
      type: {
        type: 'struct',
        fields: [
          {
            name: 'x',
            type: 'integer',
            nullable: true,
            metadata: { 'delta.columnMapping.physicalName': 'col-3' },
          },
        ],
      },
      nullable: true,
      metadata: { 'delta.columnMapping.physicalName': 'col-2' },
    },
  ],
});

const domainAction = (configuration: string, removed = false): Action => ({
  kind: 'domainMetadata',
  domainMetadata: { domain: 'delta.clustering', configuration, removed },
});

async function snapshotOf(...commits: Action[][]) {
  const store = new MemoryObjectStore();
  for (const [v, actions] of commits.entries()) await writeCommit(store, v, actions);
  return loadSnapshot(store, parquet);
}

describe('delta.clustering domain', () => {
  it('reads physical paths and maps them to the logical names under column mapping', async () => {
    const s = await snapshotOf([
      a.protocol(CLUSTERED),
      a.metaData(
        metadata({ schemaString: MAPPED_SCHEMA, configuration: { 'delta.columnMapping.mode': 'name' } }),
      ),
      domainAction('{"clusteringColumns":[["col-2","col-3"],["col-1"]]}'),
    ]);
    expect(clusteringColumnsOf(s)).toEqual([['col-2', 'col-3'], ['col-1']]);
    expect(logicalClusteringColumns(s)).toEqual([['s', 'x'], ['id']]);
    expect(isClusteredTable(s.protocol)).toBe(true);
  });

  it('the latest domain wins; CLUSTER BY NONE is an empty list; no domain and no feature is no clustering', async () => {
    const s = await snapshotOf(
      [a.protocol(CLUSTERED), a.metaData(), domainAction('{"clusteringColumns":[["id"]]}')],
      [domainAction(JSON.stringify({ clusteringColumns: [] }))],
    );
    expect(clusteringColumnsOf(s)).toEqual([]);
    expect(logicalClusteringColumns(s)).toEqual([]);
    const plain = await snapshotOf([a.protocol(PROTOCOL_1_2), a.metaData()]);
    expect(clusteringColumnsOf(plain)).toBeUndefined();
    expect(logicalClusteringColumns(plain)).toBeUndefined();
    expect(isClusteredTable(plain.protocol)).toBe(false);
    // A clustered protocol whose domain is missing (or removed) is clustered by no columns.
    const removed = await snapshotOf(
      [a.protocol(CLUSTERED), a.metaData(), domainAction('{"clusteringColumns":[["id"]]}')],
      [domainAction('{"clusteringColumns":[["id"]]}', true)],
    );
    expect(clusteringColumnsOf(removed)).toBeUndefined();
    expect(logicalClusteringColumns(removed)).toEqual([]);
  });

  it('clusteringDomain writes the JSON Delta writes', () => {
    expect(clusteringDomain([['a'], ['b', 'c']])).toEqual({
      domain: 'delta.clustering',
      configuration: '{"clusteringColumns":[["a"],["b","c"]]}',
      removed: false,
    });
    expect(CLUSTERING_PROTOCOL.writerFeatures).toEqual(['clustering', 'domainMetadata']);
  });
});

describe('conflicts on the clustering domain', () => {
  const footprint = (domains: string[]): TransactionFootprint => ({
    isolationLevel: 'WriteSerializable',
    readPredicates: [],
    readFilePaths: new Set(),
    readWholeTable: false,
    readAppIds: new Set(),
    removedPaths: new Set(),
    changesMetadata: false,
    changesProtocol: false,
    domains: new Set(domains),
  });

  it('a winner that set the domain this transaction sets is a concurrent transaction; another domain is not', () => {
    const winner = { version: 3, actions: [domainAction('{"clusteringColumns":[["b"]]}')] };
    expect(checkConflicts(footprint(['delta.clustering']), winner, undefined)).toEqual({
      kind: 'conflict',
      errorClass: 'DELTA_CONCURRENT_TRANSACTION',
      parameters: { version: 3, appId: 'domain delta.clustering' },
    });
    expect(checkConflicts(footprint(['delta.rowTracking']), winner, undefined)).toEqual({
      kind: 'noConflict',
    });
    expect(checkConflicts(footprint([]), winner, undefined)).toEqual({ kind: 'noConflict' });
  });
});
