/**
 * spark.sql(text, args): named arguments bind `:name` markers, positional ones `?` markers, in queries and
 * in other statements; a missing argument and mixed markers fail with Spark's error classes.
 */
import { describe, expect, it } from 'vitest';
import { isLakesqlError } from '../errors/index.js';
import { array, lit } from './functions.js';
import { useLakeSession } from './testing/lake-session-fixture.js';

const fx = useLakeSession('lakesql-sql-parameters-');

async function rows(p: Promise<{ collect(): Promise<{ asDict(): unknown }[]> }>): Promise<unknown[]> {
  return (await (await p).collect()).map((r) => r.asDict());
}

async function errorClassOf(p: Promise<unknown>): Promise<string | undefined> {
  try {
    await p;
    return undefined;
  } catch (e) {
    return isLakesqlError(e) ? e.errorClass : String(e);
  }
}

describe('spark.sql with arguments', () => {
  it('binds named markers, typed as lit() types JS values', async () => {
    expect(
      await rows(fx.spark.sql('SELECT :a + 1 AS x, :b AS y, typeof(:a) AS t', { a: 5, b: 'hi' })),
    ).toEqual([{ x: 6, y: 'hi', t: 'int' }]);
    expect(
      await rows(
        fx.spark.sql('SELECT id FROM range(10) WHERE id > :lo ORDER BY id LIMIT :n', { lo: 5, n: 2 }),
      ),
    ).toEqual([{ id: 6n }, { id: 7n }]);
  });
  it('binds positional markers in order, and Columns such as array()', async () => {
    expect(await rows(fx.spark.sql('SELECT ? * 2 AS d, ? AS b', [21, true]))).toEqual([{ d: 42, b: true }]);
    expect(
      await rows(fx.spark.sql('SELECT element_at(:arr, 2) AS e', { arr: array(lit(1), lit(7)) })),
    ).toEqual([{ e: 7 }]);
  });
  it('binds markers of statements other than queries', async () => {
    await fx.spark.sql('CREATE TABLE params_t (id INT, name STRING) USING DELTA');
    await fx.spark.sql('INSERT INTO params_t VALUES (:id, :name)', { id: 1, name: 'one' });
    expect(await rows(fx.spark.sql('SELECT * FROM params_t'))).toEqual([{ id: 1, name: 'one' }]);
  });
  it('binds a marker inside the IDENTIFIER clause', async () => {
    await fx.spark.sql('CREATE TABLE params_named (x INT) USING DELTA');
    await fx.spark.sql('INSERT INTO IDENTIFIER(:t) VALUES (7)', { t: 'params_named' });
    expect(
      await rows(
        fx.spark.sql('SELECT IDENTIFIER(:c) AS v FROM IDENTIFIER(:db || :t)', {
          c: 'x',
          db: 'default.',
          t: 'params_named',
        }),
      ),
    ).toEqual([{ v: 7 }]);
  });
  it('refuses an unbound marker and mixed markers', async () => {
    expect(await errorClassOf(fx.spark.sql('SELECT :a', { b: 1 }))).toBe('UNBOUND_SQL_PARAMETER');
    expect(await errorClassOf(fx.spark.sql('SELECT :a'))).toBe('UNBOUND_SQL_PARAMETER');
    expect(await errorClassOf(fx.spark.sql('SELECT ?, ?', [1]))).toBe('UNBOUND_SQL_PARAMETER');
    expect(await errorClassOf(fx.spark.sql('SELECT :a, ?', { a: 1 }))).toBe(
      'INVALID_QUERY_MIXED_QUERY_PARAMETERS',
    );
    expect(await errorClassOf(fx.spark.sqlSession.execute('SELECT ?'))).toBe('UNBOUND_SQL_PARAMETER');
  });
});
