/** sum of a decimal product or sum summed in two parts: the rows that fit DuckDB's BIGINT, then the others. */
import { describe, expect, it } from 'vitest';
import { useSqlSession } from '../session/testing/sql-session-fixture.js';

const fixture = useSqlSession('lakesql-decimal-sum-');

// a * (1 - d) in Spark's decimal(32,4); the first two rows' products pass 18 digits (DuckDB's BIGINT).
const rows = `VALUES
  (CAST(9999999999999.99 AS DECIMAL(15,2)), CAST(-9999999999999.99 AS DECIMAL(15,2)), 'a'),
  (CAST(-9999999999999.99 AS DECIMAL(15,2)), CAST(-9999999999999.99 AS DECIMAL(15,2)), 'a'),
  (CAST(12.34 AS DECIMAL(15,2)), CAST(0.05 AS DECIMAL(15,2)), 'a'),
  (CAST(1000.01 AS DECIMAL(15,2)), CAST(0.10 AS DECIMAL(15,2)), 'b'),
  (CAST(NULL AS DECIMAL(15,2)), CAST(0.10 AS DECIMAL(15,2)), 'b'),
  (CAST(NULL AS DECIMAL(15,2)), CAST(0.10 AS DECIMAL(15,2)), 'c'),
  (CAST(9999999999999.99 AS DECIMAL(15,2)), CAST(-9999999999999.99 AS DECIMAL(15,2)), 'd'),
  (CAST(9999999999999.99 AS DECIMAL(15,2)), CAST(-99.99 AS DECIMAL(15,2)), 'e')
  AS t(a, d, g)`;

/** Unscaled scale-4 decimal as Spark's text. */
function text(unscaled: bigint): string {
  const neg = unscaled < 0n;
  const digits = (neg ? -unscaled : unscaled).toString().padStart(5, '0');
  return `${neg ? '-' : ''}${digits.slice(0, -4)}.${digits.slice(-4)}`;
}

/** The exact product a * (1 - d) at scale 4, from unscaled integers. */
function product(a: bigint, d: bigint): bigint {
  return a * (100n - d);
}

describe('sum of a decimal arithmetic', () => {
  it('is exact for rows within and past 18 digits, NULL for a group of NULLs', async () => {
    const big = product(999999999999999n, -999999999999999n);
    const small = product(1234n, 5n);
    const got = await fixture.rows(
      `SELECT g, CAST(sum(a * (1 - d)) AS STRING), typeof(sum(a * (1 - d))) FROM ${rows} GROUP BY g ORDER BY g`,
    );
    expect(got).toEqual([
      ['a', text(big - big + small), 'decimal(38,4)'],
      ['b', text(product(100001n, 10n)), 'decimal(38,4)'],
      ['c', null, 'decimal(38,4)'],
      ['d', text(big), 'decimal(38,4)'],
      ['e', text(product(999999999999999n, -9999n)), 'decimal(38,4)'],
    ]);
  });

  it('is NULL over no rows, and keeps FILTER and DISTINCT', async () => {
    expect(await fixture.rows(`SELECT sum(a * (1 - d)) FROM ${rows} WHERE g = 'none'`)).toEqual([[null]]);
    expect(
      await fixture.rows(
        `SELECT CAST(sum(a * (1 - d)) FILTER (WHERE g = 'b') AS STRING), CAST(sum(DISTINCT a * (1 - d)) AS STRING) FROM ${rows} WHERE g IN ('b', 'd')`,
      ),
    ).toEqual([['900.0090', text(product(100001n, 10n) + product(999999999999999n, -999999999999999n))]]);
  });

  it('is exact for a product of three, its rows within and past 18 digits', async () => {
    const got = await fixture.rows(
      `SELECT g, CAST(sum(a * (1 - d) * (1 + d)) AS STRING), typeof(sum(a * (1 - d) * (1 + d))) FROM ${rows} WHERE g IN ('b', 'c', 'e') GROUP BY g ORDER BY g`,
    );
    // (1 + d) at scale 2: the product is at scale 6, the text of scale-4 values times 100.
    const three = (a: bigint, d: bigint) => a * (100n - d) * (100n + d);
    const text6 = (v: bigint) => {
      const neg = v < 0n;
      const digits = (neg ? -v : v).toString().padStart(7, '0');
      return `${neg ? '-' : ''}${digits.slice(0, -6)}.${digits.slice(-6)}`;
    };
    expect(got).toEqual([
      ['b', text6(three(100001n, 10n)), 'decimal(38,6)'],
      ['c', null, 'decimal(38,6)'],
      ['e', text6(three(999999999999999n, -9999n)), 'decimal(38,6)'],
    ]);
  });

  it('raises the row’s overflow under ANSI and drops it in legacy mode', async () => {
    const huge = `VALUES (CAST(1 AS DECIMAL(18,0))), (CAST(100000000000000000 AS DECIMAL(18,0))) AS t(x)`;
    await expect(fixture.rows(`SELECT sum(x * x * x) FROM ${huge}`)).rejects.toMatchObject({
      errorClass: 'NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION',
    });
    await fixture.session.setConf('spark.sql.ansi.enabled', 'false');
    try {
      expect(await fixture.rows(`SELECT CAST(sum(x * x * x) AS STRING) FROM ${huge}`)).toEqual([['1']]);
    } finally {
      await fixture.session.setConf('spark.sql.ansi.enabled', 'true');
    }
  });

  it('is exact for a CASE of such products and a whole number (TPC-H Q14)', async () => {
    const got = await fixture.rows(
      `SELECT CAST(sum(CASE WHEN g IN ('a', 'e') THEN a * (1 - d) WHEN g = 'b' THEN 7 ELSE 0 END) AS STRING) FROM ${rows}`,
    );
    expect(got).toEqual([[text(product(1234n, 5n) + product(999999999999999n, -9999n) + 2n * 70000n)]]);
  });

  it('sums the BIGINT rows in DuckDB’s own decimal sum', async () => {
    const plan = (await fixture.rows(`EXPLAIN EXTENDED SELECT sum(a * (1 - d)) FROM ${rows}`))
      .flat()
      .join('\n');
    expect(plan).toContain('sum(try(');
  });
});
