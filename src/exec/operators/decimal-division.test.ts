/**
 * Decimal division over quotients of many digits (TPC-H q17's `sum(l_extendedprice) / 7.0`): Spark's
 * result type decimal(p,s) with the quotient rounded HALF_UP, whatever the number of its digits. The result was
 * once built as text with DuckDB's lpad, which truncates a string longer than its width, so every quotient of
 * more than scale + 1 digits came back 10^k too small.
 */
import { describe, expect, it } from 'vitest';
import { useSqlSession } from '../session/testing/sql-session-fixture.js';

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
});
