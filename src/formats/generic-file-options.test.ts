/** Spark's generic file source options, applied to real folders: pathGlobFilter and recursiveFileLookup. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LakesqlError } from '../errors/index.js';
import { sqlTypeName } from '../types/data-types.js';
import { DataSourceOptions } from './data-source-options.js';
import { csvPlanRows, planFileRead } from './file-source.js';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lakesql-file-options-'));
  const put = async (rel: string, text: string) => {
    await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
    await writeFile(path.join(dir, rel), text);
  };
  await put('year=2024/a.csv', 'id\n1\n');
  await put('year=2024/b.txt', 'id\n2\n');
  await put('year=2025/c.csv', 'id\n3\n');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function read(options: [string, string][]) {
  const plan = await planFileRead({
    format: 'csv',
    paths: [dir],
    options: new DataSourceOptions([['header', 'true'], ['inferSchema', 'true'], ...options]),
    dbfsRoot: dir,
  });
  // Plain CSV is planned for the engine's native reader; its rows are those csv-reader.ts reads.
  const rows = plan.kind === 'rows' ? plan.rows : plan.kind === 'csv' ? await csvPlanRows(plan) : undefined;
  if (rows === undefined) throw new Error(plan.kind);
  return {
    schema: rows.schema.fields.map((f) => `${f.name} ${sqlTypeName(f.type)}`),
    rows: rows.rows,
  };
}

describe('generic file source options', () => {
  it('pathGlobFilter keeps files whose name matches, and partition folders still become columns', async () => {
    const r = await read([['pathGlobFilter', '*.csv']]);
    expect(r.schema).toEqual(['id int', 'year int']);
    expect(r.rows).toEqual([
      [1, 2024],
      [3, 2025],
    ]);
  });

  it('recursiveFileLookup reads every file below and infers no partition columns', async () => {
    const r = await read([
      ['recursiveFileLookup', 'true'],
      ['pathGlobFilter', '{a,c}.csv'],
    ]);
    expect(r.schema).toEqual(['id int']);
    expect(r.rows).toEqual([[1], [3]]);
  });

  it('a filter that keeps no file leaves no schema to infer', async () => {
    const e = await read([['pathGlobFilter', '*.json']]).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(LakesqlError);
    expect((e as LakesqlError).errorClass).toBe('UNABLE_TO_INFER_SCHEMA');
    expect((e as LakesqlError).message).toContain('Unable to infer schema for CSV');
  });
});
