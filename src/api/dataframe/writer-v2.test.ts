/** df.writeTo(table): DataFrameWriterV2's create, replace, createOrReplace, append, overwrite, overwritePartitions. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LakesqlError } from '../../errors/index.js';
import { col } from '../functions.js';
import { LakeSession } from '../lake-session.js';

let dir: string;
let spark: LakeSession;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lakesql-writeto-'));
  spark = await LakeSession.create({ warehouse: dir, output: () => {} });
});

afterAll(async () => {
  spark.close();
  await rm(dir, { recursive: true, force: true });
});

const rows = (data: [number, string][]) => spark.createDataFrame(data, 'id int, p string');
const tableRows = async (name: string) =>
  (await (await spark.table(name)).orderBy('id').collect()).map((r) => [r.id, r.p]);

async function rejection(p: Promise<unknown>): Promise<LakesqlError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof LakesqlError) return e;
    throw e;
  }
  throw new Error('expected a LakesqlError');
}

describe('writeTo', () => {
  it('create() makes a Delta table with partitions and properties; a second create() fails', async () => {
    await rows([
      [1, 'a'],
      [2, 'b'],
    ])
      .writeTo('t1')
      .using('delta')
      .partitionedBy('p')
      .tableProperty('delta.appendOnly', 'false')
      .create();
    expect(await tableRows('t1')).toEqual([
      [1, 'a'],
      [2, 'b'],
    ]);
    const detail = (await (await spark.sql('DESCRIBE DETAIL t1')).collect())[0]!;
    expect(detail.format).toBe('delta');
    expect(detail.partitionColumns).toEqual(['p']);
    const props = await (await spark.sql("SHOW TBLPROPERTIES t1 ('delta.appendOnly')")).collect();
    expect(props.map((r) => r.value)).toEqual(['false']);
    const e = await rejection(
      rows([[3, 'c']])
        .writeTo('t1')
        .create(),
    );
    expect(e.errorClass).toBe('TABLE_OR_VIEW_ALREADY_EXISTS');
  });

  it('append() adds rows by name and needs the table', async () => {
    await spark
      .createDataFrame([['c', 3]], 'p string, id int')
      .writeTo('t1')
      .append();
    expect(await tableRows('t1')).toEqual([
      [1, 'a'],
      [2, 'b'],
      [3, 'c'],
    ]);
    const e = await rejection(
      rows([[1, 'a']])
        .writeTo('missing_t')
        .append(),
    );
    expect(e.errorClass).toBe('TABLE_OR_VIEW_NOT_FOUND');
  });

  it('option() reaches the write: userMetadata lands in the commit', async () => {
    await rows([[4, 'd']])
      .writeTo('t1')
      .option('userMetadata', 'from writeTo')
      .append();
    const history = await (await spark.sql('DESCRIBE HISTORY t1')).collect();
    expect(history[0]?.operation).toBe('WRITE');
    expect(history[0]?.userMetadata).toBe('from writeTo');
    await (await spark.sql('DELETE FROM t1 WHERE id = 4')).collect();
  });

  it('overwrite(condition) replaces the rows matching it; overwritePartitions() the partitions written', async () => {
    await rows([[20, 'b']])
      .writeTo('t1')
      .overwrite(col('p').equalTo('b'));
    expect(await tableRows('t1')).toEqual([
      [1, 'a'],
      [3, 'c'],
      [20, 'b'],
    ]);
    await rows([
      [30, 'c'],
      [31, 'c'],
    ])
      .writeTo('t1')
      .overwritePartitions();
    expect(await tableRows('t1')).toEqual([
      [1, 'a'],
      [20, 'b'],
      [30, 'c'],
      [31, 'c'],
    ]);
    const e = await rejection(
      rows([[5, 'a']])
        .writeTo('t1')
        .overwrite("p = 'b'"),
    );
    expect(e.errorClass).toBe('DELTA_REPLACE_WHERE_MISMATCH');
  });

  it('replace() needs the table, createOrReplace() does not', async () => {
    await rows([[9, 'z']])
      .writeTo('t1')
      .replace();
    expect(await tableRows('t1')).toEqual([[9, 'z']]);
    await rows([[8, 'y']])
      .writeTo('t2')
      .createOrReplace();
    await rows([[7, 'x']])
      .writeTo('t2')
      .createOrReplace();
    expect(await tableRows('t2')).toEqual([[7, 'x']]);
    const e = await rejection(
      rows([[1, 'a']])
        .writeTo('t3')
        .replace(),
    );
    expect(e.errorClass).toBe('CANNOT_REPLACE_MISSING_TABLE');
  });

  it('appends to a table of another format in that format', async () => {
    await spark.sql('CREATE TABLE pq (id INT, p STRING) USING parquet');
    await rows([[1, 'a']])
      .writeTo('pq')
      .append();
    await rows([[2, 'b']])
      .writeTo('pq')
      .append();
    expect(await tableRows('pq')).toEqual([
      [1, 'a'],
      [2, 'b'],
    ]);
  });

  it('refuses partition transforms', () => {
    expect(() => rows([]).writeTo('t4').partitionedBy(col('id').plus(1))).toThrow(LakesqlError);
  });
});
