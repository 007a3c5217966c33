/**
 * Lambdas as Spark's ResolveLambdaVariables treats them: only a higher-order function takes one
 * (INVALID_LAMBDA_FUNCTION_CALL.NON_HIGHER_ORDER_FUNCTION otherwise), a parameter wins over columns and
 * `acc.f` is a field of it, and a row constructor names its aliased fields (`(0 AS sum, 0 AS n)`).
 */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../../exec/session/testing/sql-session-fixture.js';

const db = useSqlSession('lakesql-lambda-arguments-');

describe('lambda arguments', () => {
  it('fail in a function that is not higher-order', async () => {
    const e = await errorOf(db.session.execute('SELECT abs(x -> x)'));
    expect(e.errorClass).toBe('INVALID_LAMBDA_FUNCTION_CALL.NON_HIGHER_ORDER_FUNCTION');
    expect(e.sqlState).toBe('42K0D');
    expect(e.messageParameters).toEqual({ class: 'abs' });
  });
  it('read fields of a struct parameter, over a column of the same name', async () => {
    expect(
      await db.rows(
        "SELECT transform(array(named_struct('a', 1), named_struct('a', 2)), acc -> acc.a * 10) FROM VALUES (7) AS t(acc)",
      ),
    ).toEqual([[[10, 20]]]);
  });
  it('name the aliased fields of a row constructor', async () => {
    expect(await db.rows('SELECT (1 AS sum, 2 AS n).n, (3, 4).col2')).toEqual([[2, 4]]);
  });
});
