import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELTA_CONFORMANCE_DIR } from '../conformance/data-dirs.js';
import { LocalObjectStore } from '../storage/local-store.js';
import { parquetRowsInProcess } from './checkpoint-rows.js';
import { EngineSession } from './engine-session.js';
import { DuckDBParquetHandler } from './parquet-handler.js';

let session: EngineSession;
let duckdb: DuckDBParquetHandler;
beforeAll(async () => {
  session = await EngineSession.create();
  duckdb = new DuckDBParquetHandler(session, { inProcessMaxBytes: 0 });
});
afterAll(() => session.close());

/** Every Parquet file under a `_delta_log/` of the conformance tables: checkpoints, parts, sidecars. */
async function logParquetFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath, entry.name);
    if (
      entry.isFile() &&
      entry.name.endsWith('.parquet') &&
      full.includes(`${path.sep}_delta_log${path.sep}`)
    ) {
      out.push(full);
    }
  }
  return out.sort();
}

const files = await logParquetFiles(DELTA_CONFORMANCE_DIR);

describe('in-process checkpoint rows against DuckDB', () => {
  it('finds the checkpoints of the conformance tables', () => {
    expect(files.length).toBeGreaterThan(90);
  });

  it.each(files.map((f) => [path.relative(DELTA_CONFORMANCE_DIR, f), f]))('%s', async (_name, file) => {
    const cut = file.lastIndexOf(`${path.sep}_delta_log${path.sep}`);
    const store = new LocalObjectStore(file.slice(0, cut));
    const key = file
      .slice(cut + 1)
      .split(path.sep)
      .join('/');
    const expected = await duckdb.readRows(store, key);
    const actual = await parquetRowsInProcess(await store.get(key));
    expect(actual).toEqual(expected);
  });
});

describe('codecs hyparquet leaves to its caller', () => {
  it.each(['zstd', 'gzip', 'lz4', 'brotli', 'uncompressed', 'snappy'])('%s', async (codec) => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cp-codec-'));
    try {
      const file = path.join(dir, 'part.parquet');
      await session.withConnection((c) =>
        c.run(
          `COPY (SELECT {'path': 'f' || i::VARCHAR || '.parquet', 'size': i * 1000000000000, 'partitionValues': MAP {'p': i::VARCHAR}} AS add, [i, i + 1] AS xs FROM range(3000) t(i)) TO '${file}' (FORMAT parquet, COMPRESSION ${codec})`,
        ),
      );
      const store = new LocalObjectStore(dir);
      const rows = await parquetRowsInProcess(await store.get('part.parquet'));
      expect(rows).toHaveLength(3000);
      expect(rows[2999]).toEqual({
        add: { path: 'f2999.parquet', size: 2999000000000000, partitionValues: { p: '2999' } },
        xs: [2999, 3000],
      });
      expect(rows).toEqual(await duckdb.readRows(store, 'part.parquet'));
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

describe('column selection', () => {
  it('reads the wanted columns whatever their case, and a missing one as null', async () => {
    const store = new LocalObjectStore(path.join(DELTA_CONFORMANCE_DIR, 'golden/125-iterator-bug/delta'));
    const key = '_delta_log/00000000000000000010.checkpoint.parquet';
    const rows = await parquetRowsInProcess(await store.get(key), ['PROTOCOL', 'sidecar']);
    expect(rows).toHaveLength(13);
    expect(rows.filter((r) => r.protocol !== null)).toEqual([
      { protocol: { minReaderVersion: 1, minWriterVersion: 2 }, sidecar: null },
    ]);
    expect(rows).toEqual(await duckdb.readRows(store, key, ['PROTOCOL', 'sidecar']));
  });
});
