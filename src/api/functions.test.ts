/** The functions module: PySpark's calling conventions, run through a DataFrame. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LakesqlError } from '../errors/index.js';
import * as F from './functions.js';
import { LakeSession } from './lake-session.js';

let dir: string;
let spark: LakeSession;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lakesql-functions-'));
  spark = await LakeSession.create({ warehouse: dir, output: () => {} });
});

afterAll(async () => {
  spark.close();
  await rm(dir, { recursive: true, force: true });
});

const df = () =>
  spark.createDataFrame(
    [
      ['2024-01-31', 'ab', 'cd', [1, 2, 3], 2],
      ['2024-02-29', 'x', null, [5], 1],
    ],
    'd date, a string, b string, xs array<int>, n int',
  );

describe('functions', () => {
  it('string parameters are column names, except where PySpark takes a literal', async () => {
    const rows = await df()
      .select(
        F.date_add('d', 1).alias('next'),
        F.date_add('d', 'n').alias('plus_n'),
        F.concat_ws('-', 'a', 'b').alias('joined'),
        F.regexp_replace('a', 'b', 'B').alias('re'),
        F.lpad('a', 4, '*').alias('padded'),
        F.array_contains('xs', 5).alias('has5'),
        F.element_at('xs', 1).alias('first'),
        F.coalesce('b', 'a').alias('co'),
        F.date_format('d', 'yyyy/MM').alias('ym'),
      )
      .collect();
    expect(rows).toEqual([
      {
        next: '2024-02-01',
        plus_n: '2024-02-02',
        joined: 'ab-cd',
        re: 'aB',
        padded: '**ab',
        has5: false,
        first: 1,
        co: 'cd',
        ym: '2024/01',
      },
      {
        next: '2024-03-01',
        plus_n: '2024-03-01',
        joined: 'x',
        re: 'x',
        padded: '***x',
        has5: true,
        first: 5,
        co: 'x',
        ym: '2024/02',
      },
    ]);
  });

  it('higher-order functions take JS functions as lambdas', async () => {
    const rows = await df()
      .select(
        F.transform('xs', (x) => x.multiply(10)).alias('tens'),
        F.filter('xs', (x) => x.gt(1)).alias('big'),
        F.aggregate('xs', F.lit(0), (acc, x) => acc.plus(x)).alias('total'),
        F.exists('xs', (x) => x.equalTo(3)).alias('has3'),
      )
      .collect();
    expect(rows).toEqual([
      { tens: [10, 20, 30], big: [2, 3], total: 6, has3: true },
      { tens: [50], big: [5], total: 5, has3: false },
    ]);
    const finished = await spark
      .sql('SELECT aggregate(array(1, 2, 3), 0, (acc, x) -> acc + x, acc -> acc * 10) AS t')
      .then((d) => d.collect());
    expect(finished).toEqual([{ t: 60 }]);
    expect(() => F.transform('xs', (() => F.lit(1)) as never)).toThrow(LakesqlError);
    expect(() => F.transform('xs', 3 as never)).toThrow('[NOT_CALLABLE]');
  });

  it('reserved words and aliases: functions.if, typeof, lower, and Spark names the columns', async () => {
    const out = df().select(
      F.if(F.col('n').gt(1), F.lit('big'), F.lit('small')),
      F.typeof('n'),
      F.lower('a'),
      F.lcase('a'),
    );
    expect(await out.columns()).toEqual(['(IF((n > 1), big, small))', 'typeof(n)', 'lower(a)', 'lcase(a)']);
    expect(await df().agg(F.count('*'), F.count('b')).columns()).toEqual(['count(1)', 'count(b)']);
  });

  it('aggregates, including count(*) and DISTINCT, and the camelCase names', async () => {
    const rows = await df()
      .agg(F.count('*'), F.countDistinct('n'), F.max('d'), F.collect_list('a'), F.approxCountDistinct('a'))
      .collect();
    expect(Object.values(rows[0]!)).toEqual([2n, 2n, '2024-02-29', ['ab', 'x'], 2n]);
  });

  it("optional parameters take PySpark's defaults; a gap before a given argument is refused", async () => {
    const w = (await import('./dataframe/window.js')).Window.orderBy('n');
    const rows = await df()
      .select('n', F.lag('n').over(w).alias('prev'), F.lag('n', undefined, 0).over(w).alias('prev0'))
      .orderBy('n')
      .collect();
    expect(rows).toEqual([
      { n: 1, prev: null, prev0: 0 },
      { n: 2, prev: 1, prev0: 1 },
    ]);
    expect(() => F.unix_timestamp(undefined, 'yyyy')).toThrow(
      "[ARGUMENT_REQUIRED] Argument `unix_timestamp's argument 1` is required when a later argument is given.",
    );
    expect(Object.keys(F)).not.toContain('if_');
  });

  it('JSON functions take their options as an object, as PySpark takes a dict', async () => {
    const rows = await df()
      .select(
        F.to_json(F.struct('d', 'b'), { dateFormat: 'dd/MM/yyyy' }).alias('j'),
        F.from_json(F.lit('{"x": 1, "y": "z"}'), 'x INT, y STRING').getField('x').alias('x'),
        F.schema_of_json('{"a": 1}', { primitivesAsString: true }).alias('s'),
      )
      .collect();
    expect(rows).toEqual([
      { j: '{"d":"31/01/2024","b":"cd"}', x: 1, s: 'STRUCT<a: STRING>' },
      { j: '{"d":"29/02/2024"}', x: 1, s: 'STRUCT<a: STRING>' },
    ]);
    expect(() => F.to_json('d', 'dateFormat' as never)).toThrow(
      expect.objectContaining({ errorClass: 'NOT_DICT' }),
    );
  });

  it('refuses a value where a column is expected', () => {
    try {
      F.upper(5 as never);
      expect.unreachable();
    } catch (e) {
      expect((e as LakesqlError).errorClass).toBe('NOT_COLUMN_OR_STR');
      expect((e as LakesqlError).messageParameters).toEqual({ arg_name: 'col', arg_type: 'number' });
    }
  });
});
