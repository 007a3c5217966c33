/**
 * add_months and `date ± year-month interval` up to Spark's last date (issue 13): DuckDB adds months through
 * a TIMESTAMP, which ends at year 294247, so these failed with ARITHMETIC_OVERFLOW where Spark returns a date.
 */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';
import { dateAddMonthsSql } from './date-months.js';

const fixture = useSqlSession('lakesql-date-months-');

/** Days since 1970-01-01 of a proleptic Gregorian date, any year (days_from_civil). */
function day(year: number, month: number, dayOfMonth: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + dayOfMonth - 1;
  return era * 146_097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719_468;
}

const overflow = {
  errorClass: 'ARITHMETIC_OVERFLOW',
  sqlState: '22003',
  messageParameters: { message: 'integer overflow', alternative: '', config: '"spark.sql.ansi.enabled"' },
};

describe('months added to a date', () => {
  it('clamp the day to the month, past year 294247 too, as LocalDate.plusMonths', async () => {
    expect(
      await fixture.rows(
        `SELECT add_months(DATE'2024-01-31', 1), add_months(DATE'2023-01-31', 13),
           add_months(DATE'+300000-01-31', 1), add_months(DATE'+5881580-06-10', 1),
           add_months(DATE'-0001-03-31', -1), add_months(DATE'1970-01-01', 70000000),
           add_months(DATE'+5881580-07-10', -70578960), add_months(NULL, 1), add_months(DATE'2024-01-01', NULL)`,
      ),
    ).toEqual([
      [
        day(2024, 2, 29),
        day(2024, 2, 29),
        day(300000, 2, 29),
        day(5881580, 7, 10),
        day(-1, 2, 28),
        day(5835303, 5, 1),
        day(0, 7, 10),
        null,
        null,
      ],
    ]);
  });

  it('a year-month interval added or subtracted is the same (DateAddYMInterval), either side of the +', async () => {
    expect(
      await fixture.rows(
        `SELECT DATE'+300000-01-31' + INTERVAL '1' MONTH, DATE'+300000-03-31' - INTERVAL '1' MONTH,
           INTERVAL '2' YEAR + DATE'2024-02-29', DATE'2024-01-01' + INTERVAL '300000' YEAR,
           typeof(DATE'2024-01-31' + INTERVAL '1-1' YEAR TO MONTH)`,
      ),
    ).toEqual([[day(300000, 2, 29), day(300000, 2, 29), day(2026, 2, 28), day(302024, 1, 1), 'date']]);
  });

  it.each([
    "SELECT add_months(DATE'+5881580-06-11', 1)",
    "SELECT add_months(DATE'2024-01-01', 2147483647)",
    "SELECT add_months(DATE'1970-01-01', -2147483648)",
    "SELECT DATE'+5881580-07-10' + INTERVAL '1' MONTH",
    "SELECT DATE'2024-01-01' - INTERVAL '-178956970-7' YEAR TO MONTH",
  ])('%s leaves the Int of days: ARITHMETIC_OVERFLOW', async (sql) => {
    expect(await errorOf(fixture.rows(sql))).toMatchObject(overflow);
  });

  it('rows from a column, NULLs among them', async () => {
    expect(
      await fixture.rows(
        `SELECT add_months(d, n) FROM VALUES (DATE'+294247-01-10', 12), (DATE'2020-02-29', -12),
           (NULL, 1), (DATE'2020-01-01', NULL) AS t(d, n)`,
      ),
    ).toEqual([[day(294248, 1, 10)], [day(2019, 2, 28)], [null], [null]]);
  });
});

describe('a constant date plus constant months', () => {
  it('folds to a date DuckDB pushes into the Parquet reader as a filter', async () => {
    const file = `${fixture.dir}/dates.parquet`;
    await fixture.engine.run(
      `COPY (SELECT DATE '1990-01-01' + (range % 3000)::INTEGER AS d FROM range(3000)) TO '${file}'`,
    );
    const plan = await fixture.engine.all(
      `EXPLAIN SELECT count(*) FROM read_parquet('${file}') WHERE d < ${dateAddMonthsSql("DATE '1994-01-01'", '12')}`,
    );
    expect(String(plan[0]?.explain_value)).toContain("d<'1995-01-01'::DATE");
  });
});

describe('a literal date plus a literal year-month interval', () => {
  it('is the date literal of the result, the day clamped to the month', async () => {
    expect(
      await fixture.rows(
        "SELECT DATE'1994-01-31' + INTERVAL '1' MONTH, DATE'1996-02-29' - INTERVAL '1' YEAR, DATE'1994-01-01' + INTERVAL '1-2' YEAR TO MONTH",
      ),
    ).toEqual([[day(1994, 2, 28), day(1995, 2, 28), day(1995, 3, 1)]]);
    const plan = await fixture.rows("EXPLAIN EXTENDED SELECT DATE'1994-01-31' + INTERVAL '13' MONTH AS d");
    expect(String(plan[0]?.[0])).toContain("DATE '1995-02-28'");
  });
});
