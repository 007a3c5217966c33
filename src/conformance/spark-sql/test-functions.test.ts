/** The golden runner's test functions: udf keeps its argument's type and value, udaf counts as INT. */
import { beforeAll, describe, expect, it } from 'vitest';
import { isLakesqlError } from '../../errors/index.js';
import { useSqlSession } from '../../exec/session/testing/sql-session-fixture.js';
import { registerTestFunctions, testFunctionsFor } from './test-functions.js';

const fx = useSqlSession('lakesql-test-functions-');

beforeAll(() => {
  registerTestFunctions(fx.session, 'udf');
  registerTestFunctions(fx.session, 'udaf');
});

async function query(sql: string) {
  const [result] = await fx.session.execute(sql);
  if (result?.kind !== 'rows') throw new Error('expected rows');
  return { columns: result.columns.map((c) => [c.name, c.type]), rows: result.rows };
}

describe('golden test functions', () => {
  it('are registered for the files under udf/ and udaf/ only', () => {
    expect(
      ['udf/udf-join.sql', 'udf/postgreSQL/udf-case.sql', 'udaf/udaf.sql', 'join.sql', 'udtf/udtf.sql'].map(
        testFunctionsFor,
      ),
    ).toEqual(['udf', 'udf', 'udaf', undefined, undefined]);
  });

  it('udf(x) keeps x type and value, NULL included, and is named as written', async () => {
    const r = await query(
      `SELECT udf(a), udf(b + 1), udf(d) FROM VALUES (1, 2L, DATE'2020-01-02'), (NULL, NULL, NULL) AS t(a, b, d)`,
    );
    expect(r.columns).toEqual([
      ['udf(a)', { kind: 'primitive', name: 'integer' }],
      ['udf((b + 1))', { kind: 'primitive', name: 'long' }],
      ['udf(d)', { kind: 'primitive', name: 'date' }],
    ]);
    expect(r.rows).toEqual([
      [1, 3n, 18263],
      [null, null, null],
    ]);
  });

  it('a struct of udf(x) names its field col1, as for any unnamed expression', async () => {
    const r = await query('SELECT max(struct(udf(a))) FROM VALUES (1), (3) AS t(a)');
    expect(r.columns[0]![0]).toBe('max(struct(udf(a)))');
    expect(r.rows).toEqual([[{ kind: 'struct', fields: { col1: 3 } }]]);
  });

  it('udaf(x) is the count of non-NULL x as INT, per group', async () => {
    const r = await query(
      'SELECT k, udaf(v) FROM VALUES (1, 1), (1, NULL), (2, 5), (2, 6) AS t(k, v) GROUP BY k ORDER BY k',
    );
    expect(r.columns).toEqual([
      ['k', { kind: 'primitive', name: 'integer' }],
      ['udaf(v)', { kind: 'primitive', name: 'integer' }],
    ]);
    expect(r.rows).toEqual([
      [1, 1],
      [2, 2],
    ]);
  });

  it('udaf(x) beside a column without GROUP BY is MISSING_GROUP_BY, as a builtin aggregate is', async () => {
    const error = await query('SELECT k, udaf(v) FROM VALUES (1, 1) AS t(k, v)').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isLakesqlError(error) && error.errorClass).toBe('MISSING_GROUP_BY');
  });
});
