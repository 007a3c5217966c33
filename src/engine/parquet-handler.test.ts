import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELTA_CONFORMANCE_DIR } from '../conformance/data-dirs.js';
import { LocalObjectStore } from '../storage/local-store.js';
import { MemoryObjectStore } from '../storage/memory-store.js';
import { ObjectNotFoundError } from '../storage/object-store.js';
import {
  arrayOf,
  BooleanType,
  field,
  IntegerType,
  LongType,
  mapOf,
  StringType,
  type StructType,
  struct,
} from '../types/data-types.js';
import { EngineSession } from './engine-session.js';
import { DuckDBParquetHandler } from './parquet-handler.js';

const CONFORMANCE = DELTA_CONFORMANCE_DIR;

let session: EngineSession;
let handler: DuckDBParquetHandler;
beforeAll(async () => {
  session = await EngineSession.create();
  handler = new DuckDBParquetHandler(session);
});
afterAll(() => session.close());

describe('readRows on real checkpoints', () => {
  it('reads a classic checkpoint as JSON-commit-shaped rows', async () => {
    const store = new LocalObjectStore(path.join(CONFORMANCE, 'golden/125-iterator-bug/delta'));
    const rows = await handler.readRows(store, '_delta_log/00000000000000000010.checkpoint.parquet');
    expect(rows).toHaveLength(13);
    expect(rows.find((r) => r.protocol !== null)!.protocol).toEqual({
      minReaderVersion: 1,
      minWriterVersion: 2,
    });
    const meta = rows.find((r) => r.metaData !== null)!.metaData as Record<string, unknown>;
    expect(meta.format).toEqual({ provider: 'parquet', options: {} });
    expect(meta.configuration).toEqual({});
    expect(meta.createdTime).toBe(1633728453099);
    const add = rows.find((r) => r.add !== null)!.add as Record<string, unknown>;
    expect(add).toEqual({
      path: 'part-00000-15088d9b-5348-490b-933d-5bf9b7d0b223-c000.snappy.parquet',
      partitionValues: {},
      size: 433,
      modificationTime: 1633728458000,
      dataChange: false,
      tags: null,
      stats: null,
    });
  });

  it('limits columns and reads absent ones as null', async () => {
    const store = new LocalObjectStore(path.join(CONFORMANCE, 'golden/125-iterator-bug/delta'));
    const rows = await handler.readRows(store, '_delta_log/00000000000000000010.checkpoint.parquet', [
      'protocol',
      'sidecar',
    ]);
    expect(rows[0]).toEqual({ protocol: { minReaderVersion: 1, minWriterVersion: 2 }, sidecar: null });
    expect(Object.keys(rows[5]!)).toEqual(['protocol', 'sidecar']);
  });

  it('reads every part of a multi-part checkpoint, stats_parsed as objects', async () => {
    const store = new LocalObjectStore(
      path.join(CONFORMANCE, 'kernel-rs/v1-multi-part-struct-stats-only/delta'),
    );
    const parts = [1, 2, 3].map(
      (i) => `_delta_log/00000000000000000005.checkpoint.000000000${i}.0000000003.parquet`,
    );
    const rows = (await Promise.all(parts.map((p) => handler.readRows(store, p)))).flat();
    const adds = rows.filter((r) => r.add !== null).map((r) => r.add as Record<string, unknown>);
    expect(adds.length).toBeGreaterThan(0);
    for (const add of adds) {
      expect(typeof add.path).toBe('string');
      expect(typeof add.size).toBe('number');
      expect(add.partitionValues).toEqual({});
      const statsParsed = add.stats_parsed as Record<string, unknown>;
      expect(Object.keys(statsParsed)).toEqual([
        'numRecords',
        'minValues',
        'maxValues',
        'nullCount',
        'tightBounds',
      ]);
    }
    const five = adds.find((a) => (a.stats_parsed as { minValues: { id: number } }).minValues.id === 5)!;
    expect(five.tags).toEqual({
      INSERTION_TIME: '1774306405288000',
      MIN_INSERTION_TIME: '1774306405288000',
      MAX_INSERTION_TIME: '1774306405288000',
      OPTIMIZE_TARGET_SIZE: '268435456',
    });
    expect(five.stats_parsed).toEqual({
      numRecords: 1,
      minValues: { id: 5, value: 'value_5' },
      maxValues: { id: 5, value: 'value_5' },
      nullCount: { id: 0, value: 0 },
      tightBounds: true,
    });
  });

  it('reads a v2 checkpoint and its sidecars', async () => {
    const root = path.join(CONFORMANCE, 'kernel-rs/v2-checkpoints-parquet-with-sidecars/delta');
    const store = new LocalObjectStore(root);
    const top = await handler.readRows(
      store,
      '_delta_log/00000000000000000006.checkpoint.f15b9025-707a-4c73-aac0-31dfcbd29aa6.parquet',
    );
    const sidecars = top.filter((r) => r.sidecar !== null).map((r) => r.sidecar as Record<string, unknown>);
    expect(sidecars.map((s) => s.path).sort()).toEqual([
      '00000000000000000006.checkpoint.0000000001.0000000002.76931b15-ead3-480d-b86c-afe55a577fc3.parquet',
      '00000000000000000006.checkpoint.0000000002.0000000002.4367b29c-0e87-447f-8e81-9814cc01ad1f.parquet',
    ]);
    const rows = (
      await Promise.all(
        sidecars.map((s) => handler.readRows(store, `_delta_log/_sidecars/${s.path as string}`)),
      )
    ).flat();
    expect(rows.filter((r) => r.add !== null).length).toBeGreaterThan(0);
  });

  it('fails with ObjectNotFoundError for a missing file', async () => {
    const store = new LocalObjectStore(path.join(CONFORMANCE, 'golden/125-iterator-bug/delta'));
    await expect(handler.readRows(store, '_delta_log/nope.parquet')).rejects.toBeInstanceOf(
      ObjectNotFoundError,
    );
    await expect(handler.readRows(new MemoryObjectStore(), 'x.parquet')).rejects.toBeInstanceOf(
      ObjectNotFoundError,
    );
  });
});

const stringMap = mapOf(StringType, StringType);
const CHECKPOINT_SCHEMA: StructType = struct([
  field(
    'txn',
    struct([field('appId', StringType), field('version', LongType), field('lastUpdated', LongType)]),
  ),
  field(
    'add',
    struct([
      field('path', StringType),
      field('partitionValues', stringMap),
      field('size', LongType),
      field('modificationTime', LongType),
      field('dataChange', BooleanType),
      field('stats', StringType),
      field('tags', stringMap),
      field(
        'deletionVector',
        struct([
          field('storageType', StringType),
          field('pathOrInlineDv', StringType),
          field('offset', IntegerType),
          field('sizeInBytes', IntegerType),
          field('cardinality', LongType),
        ]),
      ),
    ]),
  ),
  field(
    'remove',
    struct([
      field('path', StringType),
      field('deletionTimestamp', LongType),
      field('dataChange', BooleanType),
      field('partitionValues', stringMap),
      field('size', LongType),
    ]),
  ),
  field(
    'metaData',
    struct([
      field('id', StringType),
      field('format', struct([field('provider', StringType), field('options', stringMap)])),
      field('schemaString', StringType),
      field('partitionColumns', arrayOf(StringType)),
      field('configuration', stringMap),
      field('createdTime', LongType),
    ]),
  ),
  field(
    'protocol',
    struct([
      field('minReaderVersion', IntegerType),
      field('minWriterVersion', IntegerType),
      field('readerFeatures', arrayOf(StringType)),
      field('writerFeatures', arrayOf(StringType)),
    ]),
  ),
]);

const nulls = { txn: null, add: null, remove: null, metaData: null, protocol: null };
const CHECKPOINT_ROWS: Record<string, unknown>[] = [
  {
    ...nulls,
    protocol: {
      minReaderVersion: 3,
      minWriterVersion: 7,
      readerFeatures: ['deletionVectors'],
      writerFeatures: ['deletionVectors'],
    },
  },
  {
    ...nulls,
    metaData: {
      id: 'abc',
      format: { provider: 'parquet', options: {} },
      schemaString: '{"type":"struct","fields":[]}',
      partitionColumns: ['p q'],
      configuration: { 'delta.enableDeletionVectors': 'true' },
      createdTime: 1700000000000,
    },
  },
  {
    ...nulls,
    add: {
      path: 'p%20q=a%2Fb/part-00000.parquet',
      partitionValues: { 'p q': 'a/b', other: null },
      size: 12345678901,
      modificationTime: 1700000000001,
      dataChange: false,
      stats: '{"numRecords":3,"minValues":{"x":"é\\"q"}}',
      tags: { INSERTION_TIME: '1700000000000000' },
      deletionVector: {
        storageType: 'u',
        pathOrInlineDv: 'ab^-aqEH.-t@S}K{vb[*k^',
        offset: 1,
        sizeInBytes: 36,
        cardinality: 2,
      },
    },
  },
  {
    ...nulls,
    remove: {
      path: 'old.parquet',
      deletionTimestamp: 1700000000002,
      dataChange: true,
      partitionValues: {},
      size: 10,
    },
  },
  { ...nulls, txn: { appId: 'stream-1', version: 42, lastUpdated: null } },
];

describe('writeRows', () => {
  it('writes a checkpoint-shaped file that reads back equal (local store)', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lakesql-ph-'));
    try {
      const store = new LocalObjectStore(dir);
      const { size } = await handler.writeRows(
        store,
        '_delta_log/00000000000000000003.checkpoint.parquet',
        CHECKPOINT_SCHEMA,
        CHECKPOINT_ROWS,
      );
      expect(size).toBe(
        (await fs.stat(path.join(dir, '_delta_log/00000000000000000003.checkpoint.parquet'))).size,
      );
      const back = await handler.readRows(store, '_delta_log/00000000000000000003.checkpoint.parquet');
      expect(back).toEqual(CHECKPOINT_ROWS);
      // Maps are real Parquet MAPs and longs INT64, as other Delta readers expect of a checkpoint.
      const described = await session.all(
        `SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM read_parquet('${dir}/_delta_log/00000000000000000003.checkpoint.parquet'))`,
      );
      expect(described.find((r) => r.column_name === 'txn')!.column_type).toBe(
        'STRUCT(appId VARCHAR, "version" BIGINT, lastUpdated BIGINT)',
      );
      expect(String(described.find((r) => r.column_name === 'add')!.column_type)).toContain(
        'partitionValues MAP(VARCHAR, VARCHAR)',
      );
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('writes through a non-local store, and writes empty files with the schema', async () => {
    const store = new MemoryObjectStore();
    const { size } = await handler.writeRows(store, 'a/b.parquet', CHECKPOINT_SCHEMA, CHECKPOINT_ROWS);
    expect((await store.head('a/b.parquet')).size).toBe(size);
    expect(await handler.readRows(store, 'a/b.parquet', ['txn'])).toEqual(
      CHECKPOINT_ROWS.map((r) => ({ txn: r.txn })),
    );
    await handler.writeRows(store, 'empty.parquet', CHECKPOINT_SCHEMA, []);
    expect(await handler.readRows(store, 'empty.parquet')).toEqual([]);
  });
});
