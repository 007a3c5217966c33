/** sum / avg / min / max / count of ANSI intervals as Spark's Sum and Average: types, HALF_UP, NULLs, overflow. */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';

const db = useSqlSession('lakesql-interval-aggregates-');

const ym = "VALUES (INTERVAL '1-2' YEAR TO MONTH), (INTERVAL '0-3' YEAR TO MONTH), (NULL) AS t(i)";
const dt =
  "VALUES (INTERVAL '1 02:03:04' DAY TO SECOND), (INTERVAL '0 00:00:01' DAY TO SECOND), (INTERVAL '0 00:00:00.000001' DAY TO SECOND) AS t(i)";

describe('sum and avg of intervals', () => {
  it('sum keeps the type; avg of year-month rounds the months HALF_UP', async () => {
    expect(
      await db.rows(
        `SELECT CAST(sum(i) AS STRING), CAST(avg(i) AS STRING), CAST(min(i) AS STRING), CAST(max(i) AS STRING), count(i), typeof(sum(i)), typeof(avg(i)) FROM ${ym}`,
      ),
    ).toEqual([
      [
        "INTERVAL '1-5' YEAR TO MONTH",
        "INTERVAL '0-9' YEAR TO MONTH",
        "INTERVAL '0-3' YEAR TO MONTH",
        "INTERVAL '1-2' YEAR TO MONTH",
        2n,
        'interval year to month',
        'interval year to month',
      ],
    ]);
    expect(
      await db.rows(
        "SELECT typeof(sum(i)), typeof(avg(i)), CAST(avg(i) AS STRING) FROM VALUES (INTERVAL '1' MONTH), (INTERVAL '2' MONTH) AS t(i)",
      ),
    ).toEqual([['interval month', 'interval year to month', "INTERVAL '0-2' YEAR TO MONTH"]]);
  });
  it('avg of day-time divides the microseconds HALF_UP, negatives symmetrically', async () => {
    expect(
      await db.rows(`SELECT CAST(sum(i) AS STRING), CAST(avg(i) AS STRING), typeof(avg(i)) FROM ${dt}`),
    ).toEqual([
      [
        "INTERVAL '1 02:03:05.000001' DAY TO SECOND",
        "INTERVAL '0 08:41:01.666667' DAY TO SECOND",
        'interval day to second',
      ],
    ]);
    expect(
      await db.rows(
        "SELECT CAST(avg(i) AS STRING) FROM VALUES (INTERVAL '-1' DAY), (INTERVAL '-2' HOUR), (INTERVAL '-0.000001' SECOND) AS t(i)",
      ),
    ).toEqual([["INTERVAL '-0 08:40:00' DAY TO SECOND"]]);
  });
  it('is NULL for a group of NULLs, and works per group, over windows, with DISTINCT and FILTER', async () => {
    expect(
      await db.rows(
        "SELECT g, CAST(sum(i) AS STRING), CAST(avg(i) AS STRING) FROM VALUES (1, INTERVAL '1' MONTH), (1, INTERVAL '2' MONTH), (2, NULL) AS t(g, i) GROUP BY g ORDER BY g",
      ),
    ).toEqual([
      [1, "INTERVAL '3' MONTH", "INTERVAL '0-2' YEAR TO MONTH"],
      [2, null, null],
    ]);
    expect(
      await db.rows(
        "SELECT g, CAST(sum(i) OVER (ORDER BY g) AS STRING), CAST(avg(i) OVER () AS STRING) FROM VALUES (1, INTERVAL '1' DAY), (2, INTERVAL '2' HOUR) AS t(g, i) ORDER BY g",
      ),
    ).toEqual([
      [1, "INTERVAL '1 00' DAY TO HOUR", "INTERVAL '0 13:00:00' DAY TO SECOND"],
      [2, "INTERVAL '1 02' DAY TO HOUR", "INTERVAL '0 13:00:00' DAY TO SECOND"],
    ]);
    expect(
      await db.rows(
        "SELECT CAST(avg(DISTINCT i) AS STRING), CAST(sum(i) FILTER (WHERE g > 1) AS STRING) FROM VALUES (1, INTERVAL '1' HOUR), (2, INTERVAL '1' HOUR), (3, INTERVAL '2' HOUR) AS t(g, i)",
      ),
    ).toEqual([["INTERVAL '0 01:30:00' DAY TO SECOND", "INTERVAL '03' HOUR"]]);
  });
  it('overflows past INT months or LONG microseconds with INTERVAL_ARITHMETIC_OVERFLOW', async () => {
    for (const sql of [
      "SELECT sum(i) FROM VALUES (INTERVAL '178956970-7' YEAR TO MONTH), (INTERVAL '0-1' YEAR TO MONTH) AS t(i)",
      "SELECT avg(i) FROM VALUES (INTERVAL '106751991' DAY), (INTERVAL '106751991' DAY) AS t(i)",
    ]) {
      const e = await errorOf(db.rows(sql));
      expect(e.errorClass).toBe('INTERVAL_ARITHMETIC_OVERFLOW.WITH_SUGGESTION');
      expect(e.messageParameters).toEqual({ functionName: '`try_add`' });
    }
  });
});
