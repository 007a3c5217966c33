/** spark.udf.register: JavaScript functions in SQL and DataFrames, their types, NULLs and errors. */
import { describe, expect, it } from 'vitest';
import { isLakesqlError } from '../errors/index.js';
import { DoubleType } from './dataframe/schema.js';
import { col } from './functions.js';
import { useLakeSession } from './testing/lake-session-fixture.js';

const fx = useLakeSession('lakesql-udf-');

async function rows(sql: string) {
  return (await fx.spark.sql(sql)).collect();
}

async function failure(sql: string): Promise<unknown> {
  return rows(sql).then(
    () => undefined,
    (e: unknown) => e,
  );
}

describe('spark.udf.register', () => {
  it('defaults to STRING and names the column after the call', async () => {
    fx.spark.udf.register('shout', (s) => (s === null ? null : `${String(s).toUpperCase()}!`));
    const df = await fx.spark.sql(`SELECT shout(s) FROM VALUES ('a'), (NULL) AS t(s)`);
    expect(await df.dtypes()).toEqual([['shout(s)', 'string']]);
    expect((await df.collect()).map((r) => r.asDict())).toEqual([{ 'shout(s)': 'A!' }, { 'shout(s)': null }]);
  });

  it('casts the result to a DDL or DataType return type; a value of the wrong type is NULL', async () => {
    fx.spark.udf.register('plus_one', (x) => (x === null ? -1 : Number(x) + 1), 'int');
    fx.spark.udf.register('half', (x) => Number(x) / 2, DoubleType);
    fx.spark.udf.register('not_int', () => 'seven', 'int');
    const result = await rows(
      'SELECT plus_one(a) AS p, half(a) AS h, not_int(a) AS n FROM VALUES (1), (NULL) AS t(a)',
    );
    expect(result.map((r) => r.asDict())).toEqual([
      { p: 2, h: 0.5, n: null },
      { p: -1, h: 0, n: null },
    ]);
  });

  it('gets long, decimal, date and timestamp arguments as collect() gives them', async () => {
    fx.spark.udf.register('describe_args', (...xs) => xs.map((x) => `${typeof x}:${String(x)}`).join('|'));
    const [row] = await rows(
      `SELECT describe_args(9000000000L, 1.50BD, DATE'2024-02-29', TIMESTAMP_NTZ'2024-01-01 00:00:00') AS d`,
    );
    expect(row!.d).toBe(
      'bigint:9000000000|string:1.50|string:2024-02-29|object:' + new Date(Date.UTC(2024, 0, 1)),
    );
  });

  it('works in WHERE, GROUP BY and an aggregate argument', async () => {
    fx.spark.udf.register('parity', (x) => (Number(x) % 2 === 0 ? 'even' : 'odd'));
    fx.spark.udf.register('sq', (x) => Number(x) * Number(x), 'bigint');
    const result = await rows(
      `SELECT parity(a) AS p, sum(sq(a)) AS s FROM VALUES (1), (2), (3), (4), (5) AS t(a)
       WHERE parity(a) <> 'none' GROUP BY parity(a) ORDER BY p`,
    );
    expect(result.map((r) => r.asDict())).toEqual([
      { p: 'even', s: 20n },
      { p: 'odd', s: 35n },
    ]);
  });

  it('is callable on DataFrame columns', async () => {
    const twice = fx.spark.udf.register('twice', (x) => Number(x) * 2, 'int');
    const df = (await fx.spark.sql('SELECT * FROM VALUES (3), (4) AS t(a)')).select(twice(col('a')));
    expect((await df.collect()).map((r) => r.asDict())).toEqual([{ 'twice(a)': 6 }, { 'twice(a)': 8 }]);
  });

  it('hides a builtin of the same name, as Spark replaces it in the session registry', async () => {
    fx.spark.udf.register('upper', () => 'mine');
    expect((await rows(`SELECT upper('a') AS u`))[0]!.u).toBe('mine');
  });

  it('raises FAILED_EXECUTE_UDF naming the function when it throws', async () => {
    fx.spark.udf.register('boom', (x) => {
      if (x === 2) throw new RangeError('two is not allowed');
      return x;
    });
    const error = await failure('SELECT boom(a) FROM VALUES (1), (2) AS t(a)');
    expect(isLakesqlError(error)).toBe(true);
    if (!isLakesqlError(error)) return;
    expect(error.errorClass).toBe('FAILED_EXECUTE_UDF');
    expect(error.sqlState).toBe('39000');
    expect(error.messageParameters).toEqual({
      functionName: 'boom',
      signature: 'int',
      result: 'string',
      reason: 'RangeError: two is not allowed',
    });
  });

  it('refuses a return type it cannot produce yet, at registration', () => {
    let error: unknown;
    try {
      fx.spark.udf.register('listy', () => [1], 'array<int>');
    } catch (e) {
      error = e;
    }
    expect(isLakesqlError(error) && error.errorClass).toBe('UNSUPPORTED_FEATURE');
  });

  it('asNondeterministic() keeps the function and marks it so', async () => {
    const f = fx.spark.udf.register('const_one', () => 1, 'int').asNondeterministic();
    expect(f.deterministic).toBe(false);
    expect((await rows('SELECT const_one() AS c'))[0]!.c).toBe(1);
  });
});
