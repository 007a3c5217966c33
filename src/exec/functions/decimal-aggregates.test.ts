/**
 * sum and avg of decimals near decimal(38)'s limit: Spark's overflow errors under ANSI and NULL in legacy mode,
 * where DuckDB returned a 39-digit value or failed its cast untyped (INTERNAL_ERROR).
 */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';

const fixture = useSqlSession('lakesql-decimal-aggregates-');
const MAX = `${'9'.repeat(38)}BD`;
const HALF = `5${'0'.repeat(37)}BD`;
const values = (...xs: string[]) => `VALUES ${xs.map((x) => `(${x})`).join(', ')} AS t(x)`;
const text = async (sql: string) =>
  (await fixture.rows(sql)).map((r) => r.map((v) => (v === null ? null : String(v))));

describe('decimal sum and avg past decimal(38)', () => {
  it('sum is ARITHMETIC_OVERFLOW under ANSI, inside and past 128 bits', async () => {
    for (const t of [
      values(MAX, '1BD'),
      values(MAX, MAX),
      values('9999999999999999999999999999.9999999999BD', '1BD'),
    ]) {
      const e = await errorOf(fixture.session.execute(`SELECT sum(x) FROM ${t}`));
      expect(e.errorClass, t).toBe('ARITHMETIC_OVERFLOW');
      expect(e.messageParameters.message).toBe('Overflow in sum of decimals');
    }
    // A sum that fits its type (decimal(p + 10, s)) is unchanged, with DISTINCT, FILTER and GROUP BY.
    expect(
      await text(
        `SELECT CAST(sum(x) AS STRING), CAST(sum(DISTINCT x) AS STRING), CAST(sum(x) FILTER (WHERE x > 2) AS STRING), typeof(sum(x)) FROM ${values('1.5BD', '2.5BD', '2.5BD')}`,
      ),
    ).toEqual([['6.5', '4.0', '5.0', 'decimal(12,1)']]);
    expect(await text(`SELECT CAST(sum(x) AS STRING) FROM ${values(MAX, '-1BD')}`)).toEqual([
      ['9'.repeat(37) + '8'],
    ]);
  });

  it('avg past its result type is NUMERIC_VALUE_OUT_OF_RANGE under ANSI, and try_avg NULL', async () => {
    const e = await errorOf(fixture.session.execute(`SELECT avg(x) FROM ${values(HALF, HALF)}`));
    expect(e.errorClass).toBe('NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION');
    expect(e.messageParameters).toMatchObject({ precision: '38', scale: '4' });
    expect(await text(`SELECT try_avg(x), try_sum(x) FROM ${values(HALF, HALF)}`)).toEqual([[null, null]]);
    expect(
      await text(
        `SELECT CAST(avg(x) AS STRING), CAST(avg(DISTINCT x) AS STRING) FROM ${values('1.5BD', '2.5BD', '2.5BD')}`,
      ),
    ).toEqual([['2.16667', '2.00000']]);
  });

  it('both are NULL on overflow in legacy mode, as try_sum and try_avg', async () => {
    await fixture.session.setConf('spark.sql.ansi.enabled', 'false');
    try {
      expect(await text(`SELECT sum(x) FROM ${values(MAX, '1BD')}`)).toEqual([[null]]);
      expect(await text(`SELECT sum(x) FROM ${values(MAX, MAX)}`)).toEqual([[null]]);
      expect(await text(`SELECT avg(x) FROM ${values(HALF, HALF)}`)).toEqual([[null]]);
      expect(await text(`SELECT CAST(sum(x) AS STRING) FROM ${values('1.5BD', '2.5BD')}`)).toEqual([['4.0']]);
    } finally {
      await fixture.session.setConf('spark.sql.ansi.enabled', 'true');
    }
  });
});
