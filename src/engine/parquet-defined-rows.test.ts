/**
 * The rows holding a checkpoint's rare actions, read from the file's columns in memory (parquet-defined-rows.ts,
 * parquet-leaf-chunk.ts), are the rows the in-process row reader gives with every all-null row left out: a
 * file shaped as a checkpoint (an `add` in almost every row, a protocol with lists, a metaData with a nested
 * struct, a map and dictionary-encoded text, txn rows spread over row groups) as DuckDB writes it with each
 * of its codecs; and the levels of a mostly-null leaf decoded into typed arrays.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parquetRowsInProcess } from './checkpoint-rows.js';
import { EngineSession } from './engine-session.js';
import { InMemoryParquetColumns } from './parquet-leaf-columns.js';
import { quoteString } from './sql-text.js';

let engine: EngineSession;
let dir: string;

const ROWS = 3000;
const WANTED = ['protocol', 'metaData', 'TXN', 'sidecar'];

/**
 * Row 3 holds the protocol, row 2500 the metaData (after the first row group of 2,048 rows), every 997th
 * row a txn, one txn row with a null field; every other row an add.
 */
const CHECKPOINT_SQL = `SELECT
  CASE WHEN i = 3 THEN {'minReaderVersion': 3, 'minWriterVersion': 7,
    'readerFeatures': ['deletionVectors'], 'writerFeatures': ['deletionVectors', 'appendOnly']} END AS protocol,
  CASE WHEN i = 2500 THEN {'id': 'table-id', 'format': {'provider': 'parquet',
    'options': MAP {}::MAP(VARCHAR, VARCHAR)}, 'schemaString': '{"type":"struct","fields":[]}',
    'partitionColumns': []::VARCHAR[],
    'configuration': MAP {'delta.enableDeletionVectors': 'true', 'k': NULL::VARCHAR},
    'createdTime': 1700000000000::BIGINT} END AS metaData,
  CASE WHEN i % 997 = 5 THEN {'appId': 'app-' || (i % 2), 'version': i::BIGINT,
    'lastUpdated': CASE WHEN i = 5 THEN NULL ELSE 1700000000000 + i END} END AS txn,
  CASE WHEN i <> 3 AND i <> 2500 AND i % 997 <> 5 THEN {'path': 'part-' || i || '.parquet', 'size': i::BIGINT,
    'partitionValues': MAP {'day': '2024-01-0' || (i % 9 + 1)}} END AS add
  FROM range(${ROWS}) t(i)`;

async function written(codec: string): Promise<Uint8Array> {
  const file = join(dir, `${codec}.parquet`);
  await engine.run(
    `COPY (${CHECKPOINT_SQL}) TO ${quoteString(file)} (FORMAT parquet, COMPRESSION ${codec}, ROW_GROUP_SIZE 2048)`,
  );
  return new Uint8Array(await readFile(file));
}

beforeAll(async () => {
  engine = await EngineSession.create({ threads: 1 });
  dir = await mkdtemp(join(tmpdir(), 'lakesql-defined-rows-'));
});
afterAll(async () => {
  engine.close();
  await rm(dir, { recursive: true, force: true });
});

describe('definedRows', () => {
  for (const codec of ['snappy', 'zstd', 'uncompressed']) {
    it(`reads the rows of the rare columns as the row reader does (${codec})`, async () => {
      const bytes = await written(codec);
      const rows = new InMemoryParquetColumns(bytes).definedRows(WANTED);
      const expected = (await parquetRowsInProcess(bytes, WANTED)).filter((r) =>
        Object.values(r).some((v) => v !== null),
      );
      expect(rows).toEqual(expected);
      // protocol, metaData, and the txn rows (5, 1002, 1999, 2996)
      expect(rows).toHaveLength(2 + 4);
      expect(rows[1]).toEqual({
        protocol: null,
        metaData: null,
        txn: { appId: 'app-1', version: 5, lastUpdated: null },
        sidecar: null,
      });
      expect(rows[0]!.protocol).toEqual({
        minReaderVersion: 3,
        minWriterVersion: 7,
        readerFeatures: ['deletionVectors'],
        writerFeatures: ['deletionVectors', 'appendOnly'],
      });
      const metaData = rows.find((r) => r.metaData !== null)!.metaData;
      expect(metaData).toEqual({
        id: 'table-id',
        format: { provider: 'parquet', options: {} },
        schemaString: '{"type":"struct","fields":[]}',
        partitionColumns: [],
        configuration: { 'delta.enableDeletionVectors': 'true', k: null },
        createdTime: 1700000000000,
      });
    });
  }

  it('returns no row when every wanted column is null throughout', async () => {
    const columns = new InMemoryParquetColumns(await written('snappy'));
    expect(columns.definedRows(['sidecar', 'remove'])).toEqual([]);
  });
});

describe('leaf levels', () => {
  it('decodes a mostly-null leaf and a dictionary-encoded one over row groups', async () => {
    const columns = new InMemoryParquetColumns(await written('zstd'));
    const appIds = columns.leaf(['txn', 'appId']);
    const updated = columns.leaf(['txn', 'lastUpdated']);
    const paths = columns.leaf(['add', 'path']);
    const txn = (i: number) => i % 997 === 5;
    const rows = Array.from({ length: ROWS }, (_, i) => i);
    expect(appIds).toEqual(rows.map((i) => (txn(i) ? `app-${i % 2}` : null)));
    expect(updated).toEqual(rows.map((i) => (txn(i) && i !== 5 ? 1700000000000 + i : null)));
    expect(paths).toEqual(rows.map((i) => (i !== 3 && i !== 2500 && !txn(i) ? `part-${i}.parquet` : null)));
  });
});
