/**
 * Decimal division over quotients of many digits (TPC-H q17's `sum(l_extendedprice) / 7.0`): Spark's
 * result type decimal(p,s) with the quotient rounded HALF_UP, whatever the number of its digits. The result was
 * once built as text with DuckDB's lpad, which truncates a string longer than its width, so every quotient of
 * more than scale + 1 digits came back 10^k too small.
 */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';

const fx = useSqlSession('lakesql-decimal-division-');

describe('decimal division', () => {
  it('keeps every digit of a long quotient', async () => {
    expect(
      await fx.rows(
        `SELECT CAST(CAST(12346.68 AS DECIMAL(15,2)) / 7.0 AS STRING), typeof(CAST(12346.68 AS DECIMAL(15,2)) / 7.0)`,
      ),
    ).toEqual([['1763.811429', 'decimal(20,6)']]);
    expect(
      await fx.rows(
        `SELECT CAST(sum(x) / 7.0 AS STRING), typeof(sum(x) / 7.0) FROM VALUES (CAST(9999999999999.99 AS DECIMAL(15,2))), (CAST(1.01 AS DECIMAL(15,2))) AS v(x)`,
      ),
    ).toEqual([['1428571428571.571429', 'decimal(30,6)']]);
    expect(await fx.rows(`SELECT CAST(CAST(-1000.00 AS DECIMAL(6,2)) / 3 AS STRING)`)).toEqual([
      ['-333.333333'],
    ]);
    expect(await fx.rows(`SELECT CAST(CAST(2.00 AS DECIMAL(3,2)) / 3.0 AS STRING)`)).toEqual([['0.666667']]);
  });

  it('types the quotient by Spark’s rule and rounds HALF_UP, away from zero', async () => {
    // Divide: scale max(6, s1 + p2 + 1), precision p1 - s1 + s2 + scale (DecimalPrecision).
    expect(
      await fx.rows(
        `SELECT CAST(CAST(-2 AS DECIMAL(1,0)) / CAST(3 AS DECIMAL(1,0)) AS STRING),
           typeof(CAST(-2 AS DECIMAL(1,0)) / CAST(3 AS DECIMAL(1,0))),
           CAST(CAST(1 AS DECIMAL(10,2)) / CAST(3 AS DECIMAL(5,1)) AS STRING),
           typeof(CAST(1 AS DECIMAL(10,2)) / CAST(3 AS DECIMAL(5,1))),
           CAST(CAST(-1 AS DECIMAL(3,2)) / CAST(-3 AS DECIMAL(1,0)) AS STRING),
           CAST(CAST(1 AS DECIMAL(5,2)) / CAST(NULL AS DECIMAL(3,1)) AS STRING)`,
      ),
    ).toEqual([['-0.666667', 'decimal(7,6)', '0.33333333', 'decimal(17,8)', '0.333333', null]]);
  });

  it('raises DIVIDE_BY_ZERO for a zero divisor under ANSI', async () => {
    const e = await errorOf(fx.rows('SELECT CAST(1 AS DECIMAL(5,2)) / CAST(0 AS DECIMAL(3,1))'));
    expect(e.errorClass).toBe('DIVIDE_BY_ZERO');
    expect(e.sqlState).toBe('22012');
  });
});
