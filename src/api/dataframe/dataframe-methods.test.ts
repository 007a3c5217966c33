/** The DataFrame methods notebooks use: cache/persist, toJSON, withColumnsRenamed, transform, display. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LakesqlError } from '../../errors/index.js';
import { col } from '../functions.js';
import { LakeSession } from '../lake-session.js';
import type { DataFrame } from './dataframe.js';
import { display } from './display.js';

let dir: string;
let spark: LakeSession;
const printed: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lakesql-df-methods-'));
  spark = await LakeSession.create({ warehouse: dir, output: (t) => printed.push(t) });
});

afterAll(async () => {
  spark.close();
  await rm(dir, { recursive: true, force: true });
});

const people = () =>
  spark.createDataFrame(
    [
      [1, 'ann', 5n],
      [2, null, 9007199254740993n],
    ],
    'id int, name string, big bigint',
  );

describe('DataFrame methods', () => {
  it('cache, persist and unpersist return the same DataFrame', async () => {
    const df = people();
    expect(df.cache()).toBe(df);
    expect(df.persist('MEMORY_AND_DISK')).toBe(df);
    expect(df.unpersist()).toBe(df);
    expect(await df.cache().count()).toBe(2);
  });

  it('toJSON is one string column `value` holding each row as to_json writes it', async () => {
    const json = people().filter(col('name').isNotNull()).union(people().limit(0)).toJSON();
    expect(await json.dtypes()).toEqual([['value', 'string']]);
    expect(await json.collect()).toEqual([{ value: '{"id":1,"name":"ann","big":5}' }]);
    const nested = (await spark.sql("SELECT array(1, 2) AS a, named_struct('x', 'y') AS s")).toJSON();
    expect(await nested.collect()).toEqual([{ value: '{"a":[1,2],"s":{"x":"y"}}' }]);
  });

  it('withColumnsRenamed renames by a map, ignoring names that do not exist', async () => {
    const df = people().withColumnsRenamed({ id: 'key', NAME: 'who', nope: 'x' });
    expect(await df.columns()).toEqual(['key', 'who', 'big']);
    const swapped = people().withColumnsRenamed({ id: 'big', big: 'id' });
    expect(await swapped.collect()).toEqual([
      { big: 1, name: 'ann', id: 5n },
      { big: 2, name: null, id: 9007199254740993n },
    ]);
  });

  it('transform applies a function with arguments and needs a DataFrame back', async () => {
    const addOne = (df: DataFrame, name: string) => df.withColumn(name, col('id').plus(1));
    expect((await people().transform(addOne, 'next').collect()).map((r) => r.next)).toEqual([2, 3]);
    try {
      people().transform((() => 1) as never);
      expect.unreachable();
    } catch (e) {
      expect((e as LakesqlError).errorClass).toBe('NOT_DATAFRAME');
      expect((e as LakesqlError).messageParameters).toEqual({ arg_name: 'func', arg_type: 'number' });
    }
  });

  it('display(df) prints what show() prints', async () => {
    printed.length = 0;
    const text = await display(people());
    expect(text).toBe(
      [
        '+---+----+----------------+',
        '| id|name|             big|',
        '+---+----+----------------+',
        '|  1| ann|               5|',
        '|  2|NULL|9007199254740993|',
        '+---+----+----------------+',
        '',
      ].join('\n'),
    );
    expect(printed).toEqual([text]);
    expect(() => display({} as never)).toThrow('[NOT_DATAFRAME]');
  });
});
