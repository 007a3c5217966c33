/** Plain JavaScript callers: a Column coerced to a primitive, or a non-Column condition, fails loudly. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LakesqlError } from '../../errors/index.js';
import { col, when } from '../functions.js';
import { LakeSession } from '../lake-session.js';
import { Window } from './window.js';

let dir: string;
let spark: LakeSession;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lakesql-args-'));
  spark = await LakeSession.create({ warehouse: dir, output: () => {} });
});

afterAll(async () => {
  spark.close();
  await rm(dir, { recursive: true, force: true });
});

function errorOf(f: () => unknown): LakesqlError {
  try {
    f();
  } catch (e) {
    if (e instanceof LakesqlError) return e;
    throw e;
  }
  throw new Error('expected a LakesqlError');
}

// biome-ignore lint/suspicious/noExplicitAny: plain JavaScript callers pass anything
const untyped = (v: unknown): any => v;

describe('Column coercion', () => {
  it('refuses `col(a) > 1` and `col(a) == 1` as PySpark refuses bool(Column)', () => {
    const e = errorOf(() => untyped(col('a')) > 1);
    expect(e.errorClass).toBe('CANNOT_CONVERT_COLUMN_INTO_BOOL');
    expect(e.sqlState).toBe('42K09');
    // biome-ignore lint/suspicious/noDoubleEquals: the loose comparison a JavaScript caller writes
    expect(errorOf(() => untyped(col('a')) == 1).errorClass).toBe('CANNOT_CONVERT_COLUMN_INTO_BOOL');
    expect(errorOf(() => untyped(col('a')) + 1).errorClass).toBe('CANNOT_CONVERT_COLUMN_INTO_BOOL');
  });

  it('keeps string coercion: template literals and String() give the Spark SQL text', () => {
    expect(`${col('a').gt(1)}`).toBe("Column<'`a` > 1'>");
    expect(String(col('t.a'))).toBe("Column<'`t`.`a`'>");
  });
});

describe('conditions that are not Columns', () => {
  const df = () => spark.createDataFrame([[1], [2], [3]], 'id int');

  it('filter and where refuse a boolean, number or object with NOT_COLUMN_OR_STR', () => {
    const e = errorOf(() => df().filter(untyped(true)));
    expect(e.errorClass).toBe('NOT_COLUMN_OR_STR');
    expect(e.messageParameters).toEqual({ arg_name: 'condition', arg_type: 'boolean' });
    expect(e.message).toBe(
      '[NOT_COLUMN_OR_STR] Argument `condition` should be a Column or str, got boolean. SQLSTATE: 42K09',
    );
    expect(errorOf(() => df().where(untyped(1))).messageParameters).toEqual({
      arg_name: 'condition',
      arg_type: 'number',
    });
    expect(errorOf(() => df().filter(untyped({}))).messageParameters.arg_type).toBe('object');
  });

  it('filter still takes a Column and SQL text', async () => {
    expect(await df().filter(col('id').gt(1)).collect()).toEqual([{ id: 2 }, { id: 3 }]);
    expect(await df().where('id < 2').collect()).toEqual([{ id: 1 }]);
  });

  it('join on, when() and withColumn refuse a non-Column with NOT_COLUMN', () => {
    const e = errorOf(() => df().join(df(), untyped(false)));
    expect(e.errorClass).toBe('NOT_COLUMN');
    expect(e.messageParameters).toEqual({ arg_name: 'on', arg_type: 'boolean' });
    expect(errorOf(() => when(untyped(true), 1)).messageParameters).toEqual({
      arg_name: 'condition',
      arg_type: 'boolean',
    });
    expect(errorOf(() => when(col('id').gt(1), 1).when(untyped(0), 2)).errorClass).toBe('NOT_COLUMN');
  });

  it('select, groupBy and orderBy refuse a value that is neither a Column nor a name', () => {
    expect(errorOf(() => df().select(untyped(5))).messageParameters).toEqual({
      arg_name: 'cols',
      arg_type: 'number',
    });
    expect(errorOf(() => df().groupBy(untyped(null))).errorClass).toBe('NOT_COLUMN_OR_STR');
    expect(errorOf(() => df().orderBy(untyped(true))).errorClass).toBe('NOT_COLUMN_OR_STR');
    expect(errorOf(() => df().agg(untyped(3))).errorClass).toBe('NOT_COLUMN');
    expect(errorOf(() => Window.partitionBy(untyped(1))).errorClass).toBe('NOT_COLUMN_OR_STR');
    expect(errorOf(() => Window.orderBy(untyped(false))).errorClass).toBe('NOT_COLUMN_OR_STR');
  });
});
