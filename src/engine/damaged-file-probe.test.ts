import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LakesqlError } from '../errors/index.js';
import { isUnnamedDecoderFailure, parquetFilesRead } from './damaged-file-probe.js';
import { EngineSession } from './engine-session.js';
import { quoteString } from './sql-text.js';

describe('parquetFilesRead', () => {
  it('takes every literal of read_parquet lists and single files, quotes undoubled, each once', () => {
    const sql =
      "SELECT * FROM read_parquet(['/w/a.parquet', '/w/it''s.parquet'], schema = map {}) AS \"d\" " +
      "UNION ALL SELECT * FROM read_parquet('/w/c.parquet', hive_partitioning = false) " +
      "UNION ALL SELECT * FROM read_parquet(['/w/a.parquet'])";
    expect(parquetFilesRead(sql)).toEqual(['/w/a.parquet', "/w/it's.parquet", '/w/c.parquet']);
  });
});

describe('isUnnamedDecoderFailure', () => {
  it("knows DuckDB's unnamed buffer and Thrift failures, not other internal errors", () => {
    const internal = (cause: string) =>
      new LakesqlError('INTERNAL_ERROR', { message: 'x' }, { cause: new Error(cause) });
    expect(isUnnamedDecoderFailure(internal('Invalid Error: Out of buffer'))).toBe(true);
    expect(isUnnamedDecoderFailure(internal('Invalid Error: TProtocolException: Invalid data'))).toBe(true);
    expect(isUnnamedDecoderFailure(internal('Binder Error: Referenced column "x" not found'))).toBe(false);
  });
});

describe('a damaged Parquet file whose decoder error names no file', () => {
  let engine: EngineSession;
  let dir: string;
  let good: string;
  let damaged: string;
  beforeAll(async () => {
    engine = await EngineSession.create();
    dir = await mkdtemp(path.join(tmpdir(), 'lakesql-damaged-probe-'));
    good = path.join(dir, 'good.parquet');
    const rows = 'SELECT range AS id, CAST(range AS VARCHAR) AS s FROM range(0, 2000)';
    await engine.run(`COPY (${rows}) TO ${quoteString(good)} (FORMAT parquet)`);
    // A zeroed byte of the first page header makes DuckDB's decoder fail with "Out of buffer" (no file
    // named); which byte depends on DuckDB's writer, so the first such byte is looked for.
    const original = await readFile(good);
    const raw = await engine.connect();
    try {
      for (let at = 4; at < 200; at++) {
        const bytes = Buffer.from(original);
        bytes[at] = bytes[at] === 0 ? 1 : 0;
        // A new name for each try: DuckDB caches what it read of a file by its name.
        damaged = path.join(dir, `damaged-${at}.parquet`);
        await writeFile(damaged, bytes);
        const failure = await raw
          .run(`SELECT max(hash("t")) FROM read_parquet(${quoteString(damaged)}) AS "t"`)
          .then(() => '')
          .catch((e: Error) => e.message);
        if (failure.includes('Out of buffer')) return;
      }
      throw new Error('no byte gives "Out of buffer": the test needs another damage');
    } finally {
      raw.closeSync();
    }
  });
  afterAll(async () => {
    engine.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('read with a good file is FAILED_READ_FILE.NO_HINT naming the damaged one', async () => {
    const list = [good, damaged, good].map(quoteString).join(', ');
    const e = await engine.all(`SELECT sum(id), max(s) FROM read_parquet([${list}])`).catch((x) => x);
    expect(e).toBeInstanceOf(LakesqlError);
    expect((e as LakesqlError).errorClass).toBe('FAILED_READ_FILE.NO_HINT');
    expect((e as LakesqlError).messageParameters).toEqual({ path: `file:${damaged}` });
    expect(String((e as LakesqlError).cause)).toContain('Out of buffer');
  });
});
