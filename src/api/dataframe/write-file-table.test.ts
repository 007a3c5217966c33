/** DataFrameWriter.saveAsTable / insertInto with file formats: create, the save modes, layout, errors. */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LakesqlError } from '../../errors/index.js';
import { LakeSession } from '../lake-session.js';

let dir: string;
let spark: LakeSession;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lakesql-file-table-writer-'));
  spark = await LakeSession.create({ warehouse: path.join(dir, 'wh'), output: () => {} });
});

afterAll(async () => {
  spark.close();
  await rm(dir, { recursive: true, force: true });
});

const tableDir = (name: string) => path.join(dir, 'wh', name);

async function layout(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(folder, path.join(e.parentPath, e.name)))
    .map((f) => f.replace(/part-00000-[0-9a-f-]{36}-c000/, 'part'))
    .sort();
}

async function errorOf(p: Promise<unknown>): Promise<LakesqlError> {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(LakesqlError);
  return e as LakesqlError;
}

const people = () => spark.sql(`SELECT * FROM VALUES (1, 'ann', 'nl'), (2, 'bob', 'fr') AS t(id, name, cc)`);
const rowsOf = async (table: string) =>
  (await (await spark.table(table)).orderBy('id').collect()) as object[];

describe('saveAsTable with a file format', () => {
  it('creates a managed table whose OPTIONS are the writer options, partitioned by Hive folders', async () => {
    await (await people()).write
      .format('csv')
      .option('header', true)
      .option('sep', '|')
      .partitionBy('cc')
      .saveAsTable('people_csv');
    expect(await layout(tableDir('people_csv'))).toEqual(['_SUCCESS', 'cc=fr/part.csv', 'cc=nl/part.csv']);
    expect(
      await readFile(
        path.join(
          tableDir('people_csv'),
          'cc=nl',
          (await readdir(path.join(tableDir('people_csv'), 'cc=nl')))[0]!,
        ),
        'utf8',
      ),
    ).toBe('id|name\n1|ann\n');
    expect(await rowsOf('people_csv')).toEqual([
      { id: 1, name: 'ann', cc: 'nl' },
      { id: 2, name: 'bob', cc: 'fr' },
    ]);
    const entry = await spark.sqlSession.catalog.catalog.getTable('default', 'people_csv');
    expect(entry.tableType === 'MANAGED' && entry.provider).toBe('csv');
    expect(entry.tableType !== 'VIEW' && entry.options).toEqual({ header: 'true', sep: '|' });
  });

  it('append matches columns by name; ignore does nothing; errorifexists fails', async () => {
    await (await people()).write.format('json').saveAsTable('people_json');
    await (await spark.sql(`SELECT 'de' AS cc, 'cy' AS name, 3 AS id`)).write
      .format('json')
      .mode('append')
      .saveAsTable('people_json');
    await (await spark.sql(`SELECT 9 AS id, 'x' AS name, 'x' AS cc`)).write
      .format('json')
      .mode('ignore')
      .saveAsTable('people_json');
    expect(await rowsOf('people_json')).toEqual([
      { id: 1, name: 'ann', cc: 'nl' },
      { id: 2, name: 'bob', cc: 'fr' },
      { id: 3, name: 'cy', cc: 'de' },
    ]);
    const e = await errorOf((await people()).write.format('json').saveAsTable('people_json'));
    expect(e.errorClass).toBe('TABLE_OR_VIEW_ALREADY_EXISTS');
  });

  it('overwrite drops the table and creates it again from the DataFrame', async () => {
    await (await people()).write.format('parquet').saveAsTable('people_pq');
    await (await spark.sql(`SELECT 7 AS id, true AS flag`)).write
      .format('parquet')
      .mode('overwrite')
      .saveAsTable('people_pq');
    expect(await rowsOf('people_pq')).toEqual([{ id: 7, flag: true }]);
    expect(await layout(tableDir('people_pq'))).toEqual(['_SUCCESS', 'part.snappy.parquet']);
  });

  it('the path option makes an external table there', async () => {
    const loc = path.join(dir, 'ext-text');
    await (await spark.sql(`SELECT 'hello' AS value`)).write
      .format('text')
      .option('path', loc)
      .saveAsTable('greetings');
    expect(await layout(loc)).toEqual(['_SUCCESS', 'part.txt']);
    const entry = await spark.sqlSession.catalog.catalog.getTable('default', 'greetings');
    expect(entry.tableType).toBe('EXTERNAL');
    expect(await (await spark.table('greetings')).collect()).toEqual([{ value: 'hello' }]);
  });

  it('appending in another format is Spark’s format mismatch', async () => {
    await (await people()).write.format('csv').saveAsTable('people_fmt');
    let e = await errorOf((await people()).write.format('json').mode('append').saveAsTable('people_fmt'));
    expect(e.errorClass).toBe('_LEGACY_ERROR_TEMP_1159');
    expect(e.message).toContain("is `CSVFileFormat`. It doesn't match the specified format `JsonFileFormat`");
    e = await errorOf((await people()).write.mode('append').saveAsTable('people_fmt'));
    expect(e.errorClass).toBe('_LEGACY_ERROR_TEMP_1159');
  });
});

describe('insertInto a file table', () => {
  it('goes by position with the table’s own format and OPTIONS; overwrite replaces the files', async () => {
    await spark.sql(`CREATE TABLE ins (id INT, name STRING) USING csv OPTIONS (header 'true')`);
    await (await spark.sql(`SELECT 1 AS x, 'a' AS y`)).write.insertInto('ins');
    await (await spark.sql(`SELECT 2 AS x, 'b' AS y`)).write.insertInto('ins');
    expect(await rowsOf('ins')).toEqual([
      { id: 1, name: 'a' },
      { id: 2, name: 'b' },
    ]);
    await (await spark.sql(`SELECT 3, 'c'`)).write.insertInto('ins', true);
    expect(await rowsOf('ins')).toEqual([{ id: 3, name: 'c' }]);
    expect(await layout(tableDir('ins'))).toEqual(['_SUCCESS', 'part.csv']);
    const e = await errorOf((await spark.sql(`SELECT 1`)).write.insertInto('ins'));
    expect(e.errorClass).toBe('INSERT_COLUMN_ARITY_MISMATCH.NOT_ENOUGH_DATA_COLUMNS');
  });
});
