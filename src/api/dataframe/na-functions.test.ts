/** df.na.fill / drop / replace and fillna / dropna / replace, with Spark's type matching. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LakesqlError } from '../../errors/index.js';
import { LakeSession } from '../lake-session.js';

let dir: string;
let spark: LakeSession;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lakesql-na-'));
  spark = await LakeSession.create({ warehouse: dir, output: () => {} });
});

afterAll(async () => {
  spark.close();
  await rm(dir, { recursive: true, force: true });
});

const people = () =>
  spark.createDataFrame(
    [
      [1, 'ann', 10.5, true],
      [2, null, null, null],
      [null, 'cy', Number.NaN, false],
      [null, null, null, null],
    ],
    'id int, name string, score double, ok boolean',
  );

async function errorOf(f: () => unknown): Promise<LakesqlError> {
  try {
    await f();
  } catch (e) {
    if (e instanceof LakesqlError) return e;
    throw e;
  }
  throw new Error('expected a LakesqlError');
}

describe('fill', () => {
  it('a number fills numeric columns (NaN too), cast to each type; others are kept', async () => {
    const df = people().fillna(0.5);
    expect(await df.collect()).toEqual([
      { id: 1, name: 'ann', score: 10.5, ok: true },
      { id: 2, name: null, score: 0.5, ok: null },
      { id: 0, name: 'cy', score: 0.5, ok: false },
      { id: 0, name: null, score: 0.5, ok: null },
    ]);
    expect(await df.dtypes()).toEqual([
      ['id', 'int'],
      ['name', 'string'],
      ['score', 'double'],
      ['ok', 'boolean'],
    ]);
  });

  it('a string fills string columns, a boolean boolean columns, within the subset', async () => {
    expect((await people().na.fill('n/a').collect()).map((r) => r.name)).toEqual(['ann', 'n/a', 'cy', 'n/a']);
    expect((await people().fillna(true, ['ok', 'name']).collect()).map((r) => [r.name, r.ok])).toEqual([
      ['ann', true],
      [null, true],
      ['cy', false],
      [null, true],
    ]);
    expect((await people().fillna(7, 'score').collect()).map((r) => [r.id, r.score])).toEqual([
      [1, 10.5],
      [2, 7],
      [null, 7],
      [null, 7],
    ]);
  });

  it('an object fills each named column with its value', async () => {
    expect(await people().fillna({ id: -1, NAME: 'x' }).collect()).toEqual([
      { id: 1, name: 'ann', score: 10.5, ok: true },
      { id: 2, name: 'x', score: null, ok: null },
      { id: -1, name: 'cy', score: Number.NaN, ok: false },
      { id: -1, name: 'x', score: null, ok: null },
    ]);
  });

  it('refuses a value of another type and an unknown subset column', async () => {
    const e = await errorOf(() => people().fillna(new Date() as never));
    expect(e.errorClass).toBe('NOT_BOOL_OR_DICT_OR_FLOAT_OR_INT_OR_STR');
    expect(e.messageParameters).toEqual({ arg_name: 'value', arg_type: 'Date' });
    const u = await errorOf(() => people().fillna(0, ['nope']).collect());
    expect(u.errorClass).toBe('UNRESOLVED_COLUMN.WITH_SUGGESTION');
    expect(u.messageParameters).toEqual({ objectName: '`nope`', proposal: '`id`, `name`, `score`, `ok`' });
  });
});

describe('drop', () => {
  it("'any' drops rows with a NULL or NaN anywhere, 'all' only rows of nothing but NULL/NaN", async () => {
    expect((await people().dropna().collect()).map((r) => r.id)).toEqual([1]);
    expect((await people().na.drop('all').collect()).map((r) => r.id)).toEqual([1, 2, null]);
  });

  it('thresh keeps rows with at least that many present values; subset limits the columns', async () => {
    expect((await people().dropna('any', 2).collect()).map((r) => r.id)).toEqual([1, null]);
    expect((await people().dropna('any', undefined, ['id']).collect()).map((r) => r.id)).toEqual([1, 2]);
    expect((await people().dropna({ subset: 'id' }).collect()).map((r) => r.id)).toEqual([1, 2]);
    expect((await people().na.drop({ thresh: 2 }).collect()).map((r) => r.id)).toEqual([1, null]);
    expect((await people().dropna('all', undefined, ['name', 'score']).collect()).map((r) => r.id)).toEqual([
      1,
      null,
    ]);
  });

  it("refuses a how other than 'any' or 'all'", async () => {
    const e = await errorOf(() => people().dropna('some' as never));
    expect(e.errorClass).toBe('VALUE_NOT_ANY_OR_ALL');
    expect(e.message).toBe(
      "[VALUE_NOT_ANY_OR_ALL] Value for `how` must be 'any' or 'all', got 'some'. SQLSTATE: 22023",
    );
  });
});

describe('replace', () => {
  it('numbers replace in numeric columns, cast to the column type', async () => {
    const df = people().replace([1, 10.5], [100, 0]);
    expect((await df.collect()).map((r) => [r.id, r.score])).toEqual([
      [100, 0],
      [2, null],
      [null, Number.NaN],
      [null, null],
    ]);
  });

  it('strings replace in string columns; one value for a list; an object maps old to new; null is NULL', async () => {
    expect((await people().replace(['ann', 'cy'], 'z').collect()).map((r) => r.name)).toEqual([
      'z',
      null,
      'z',
      null,
    ]);
    expect(
      (await people().na.replace({ ann: 'anne' }, undefined, 'name').collect()).map((r) => r.name),
    ).toEqual(['anne', null, 'cy', null]);
    expect((await people().replace('cy', null).collect()).map((r) => r.name)).toEqual([
      'ann',
      null,
      null,
      null,
    ]);
    expect((await people().replace(true, false).collect()).map((r) => r.ok)).toEqual([
      false,
      null,
      false,
      null,
    ]);
  });

  it('refuses mixed types, lists of different lengths and a missing value', async () => {
    expect((await errorOf(() => people().replace([1, 'a'], [2, 'b']))).errorClass).toBe(
      'MIXED_TYPE_REPLACEMENT',
    );
    expect((await errorOf(() => people().replace('a', 1))).errorClass).toBe('MIXED_TYPE_REPLACEMENT');
    const e = await errorOf(() => people().replace([1, 2], [3]));
    expect(e.errorClass).toBe('LENGTH_SHOULD_BE_THE_SAME');
    expect(e.messageParameters).toEqual({
      arg1: 'to_replace',
      arg2: 'value',
      arg1_length: 2,
      arg2_length: 1,
    });
    expect((await errorOf(() => people().replace(1))).errorClass).toBe('ARGUMENT_REQUIRED');
  });
});
