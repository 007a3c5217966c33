/**
 * Casts between ANSI intervals and integral numbers (counts of the end field's units) and between interval
 * types of one family (truncated to the target's end field), as Cast.scala does through IntervalUtils.
 */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';

const fixture = useSqlSession('lakesql-interval-casts-');
const ANSI = '"spark.sql.ansi.enabled"';

describe('integral to interval', () => {
  it('counts units of the end field', async () => {
    expect(
      await fixture.rows(
        'SELECT CAST(3 AS INTERVAL DAY), CAST(3 AS INTERVAL HOUR), CAST(-7L AS INTERVAL YEAR), CAST(5 AS INTERVAL YEAR TO MONTH), CAST(NULL AS INT)::INTERVAL SECOND',
      ),
    ).toEqual([[259_200_000_000n, 10_800_000_000n, -84, 5, null]]);
  });

  it('raises CAST_OVERFLOW past INT months or LONG microseconds, NULL under TRY_CAST', async () => {
    const e = await errorOf(fixture.session.execute('SELECT CAST(2147483647 AS INTERVAL YEAR)'));
    expect(e.errorClass).toBe('CAST_OVERFLOW');
    expect(e.messageParameters).toEqual({
      value: '2147483647',
      sourceType: '"INT"',
      targetType: '"INTERVAL YEAR"',
      ansiConfig: ANSI,
    });
    expect(await fixture.rows('SELECT TRY_CAST(9223372036854775807L AS INTERVAL DAY)')).toEqual([[null]]);
  });
});

describe('interval to integral', () => {
  it('counts units of the end field, truncating toward zero', async () => {
    expect(
      await fixture.rows(
        "SELECT CAST(INTERVAL '3' DAY AS INT), CAST(INTERVAL '1 02:03' DAY TO MINUTE AS INT), CAST(INTERVAL '-1-2' YEAR TO MONTH AS BIGINT), CAST(INTERVAL '-1' YEAR AS SMALLINT), CAST(INTERVAL '-1.5' SECOND AS INT)",
      ),
    ).toEqual([[3, 1563, -14n, -1, -1]]);
  });

  it('raises CAST_OVERFLOW naming the interval', async () => {
    const e = await errorOf(fixture.session.execute("SELECT CAST(INTERVAL '1000' DAY AS TINYINT)"));
    expect(e.errorClass).toBe('CAST_OVERFLOW');
    expect(e.messageParameters).toEqual({
      value: "INTERVAL '1000' DAY",
      sourceType: '"INTERVAL DAY"',
      targetType: '"TINYINT"',
      ansiConfig: ANSI,
    });
  });
});

describe('interval to interval', () => {
  it('truncates to the end field of the target', async () => {
    expect(
      await fixture.rows(
        "SELECT CAST(INTERVAL '1-2' YEAR TO MONTH AS INTERVAL YEAR), CAST(INTERVAL '-1 02:03' DAY TO MINUTE AS INTERVAL DAY), CAST(INTERVAL '1 02:03:04.5' DAY TO SECOND AS INTERVAL HOUR TO SECOND), CAST(INTERVAL '2' YEAR AS INTERVAL MONTH)",
      ),
    ).toEqual([[12, -86_400_000_000n, 93_784_500_000n, 24]]);
  });
});
