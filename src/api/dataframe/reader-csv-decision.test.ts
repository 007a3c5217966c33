/**
 * spark.read.csv() decides a plain read once (formats/csv/csv-plain-decision.ts): settling the DataFrame's
 * schema looks at the bytes, and the actions after it (a Delta write, collect, count) reuse that decision
 * while the file is unchanged. Counts the decisions (calls of plainCsvRead) rather than timing anything.
 */
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LakeSession } from '../lake-session.js';

const decisions = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../formats/csv/csv-plain-read.js', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../formats/csv/csv-plain-read.js')>();
  return {
    ...m,
    plainCsvRead: (...args: Parameters<typeof m.plainCsvRead>) => {
      decisions.count += 1;
      return m.plainCsvRead(...args);
    },
  };
});

let dir: string;
let spark: LakeSession;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lakesql-csv-decided-'));
  spark = await LakeSession.builder()
    .config('spark.sql.warehouse.dir', path.join(dir, 'warehouse'))
    .withOutput(() => {})
    .getOrCreate();
});

afterAll(async () => {
  spark.stop();
  await rm(dir, { recursive: true, force: true });
});

beforeEach(() => {
  decisions.count = 0;
});

async function oldFile(name: string, text: string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, text);
  const when = new Date(Date.now() - 60_000);
  await utimes(file, when, when);
  return file;
}

describe('spark.read.csv() with inferSchema', () => {
  it('decides the plain read once for .csv(), the Delta write and later actions', async () => {
    const file = await oldFile('ingest.csv', 'id,name,value,day\n1,a,0.5,2024-01-02\n2,b,1.25,2024-01-03\n');
    const df = await spark.read.options({ header: 'true', inferSchema: 'true' }).csv(file);
    expect(decisions.count).toBe(1);
    const target = path.join(dir, 'ingested');
    await df.write.format('delta').save(target);
    expect(await df.count()).toBe(2);
    expect(decisions.count).toBe(1);
    const back = await spark.sql(`SELECT * FROM delta.\`${target}\` ORDER BY id`);
    expect((await back.dtypes()).map(([n, t]) => `${n} ${t}`)).toEqual([
      'id int',
      'name string',
      'value double',
      'day date',
    ]);
    expect((await back.collect()).map((r) => [r.id, r.name, r.value, String(r.day)])).toEqual([
      [1, 'a', 0.5, '2024-01-02'],
      [2, 'b', 1.25, '2024-01-03'],
    ]);
  });

  it('decides again when the file changed after .csv(), reading it as Spark does with the settled schema', async () => {
    const file = await oldFile('changing.csv', 'id,name\n1,a\n');
    const df = await spark.read.options({ header: 'true', inferSchema: 'true' }).csv(file);
    await writeFile(file, 'id,name\n1,a\nx,b\n');
    // PERMISSIVE: a token that does not parse as the settled int is NULL.
    expect((await df.collect()).map((r) => [r.id, r.name])).toEqual([
      [1, 'a'],
      [null, 'b'],
    ]);
    expect(decisions.count).toBe(2);
  });
});
