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

describe('interval to decimal', () => {
  it('keeps microseconds for a SECOND end field, whole units otherwise, rounding HALF_UP to the target', async () => {
    expect(
      await fixture.rows(
        "SELECT string(CAST(INTERVAL '-1' YEAR AS DECIMAL(10,0))), string(CAST(INTERVAL '08:11:10.001' HOUR TO SECOND AS DECIMAL(10,4))), string(CAST(INTERVAL '10.005' SECOND AS DECIMAL(4,2))), string(CAST(INTERVAL '1 01:02' DAY TO MINUTE AS DECIMAL(5,0)))",
      ),
    ).toEqual([['-1', '29470.0010', '10.01', '1502']]);
  });

  it('raises NUMERIC_VALUE_OUT_OF_RANGE even without ANSI, naming the decimal(19,6) value', async () => {
    await fixture.rows('SET spark.sql.ansi.enabled = false');
    try {
      const e = await errorOf(
        fixture.session.execute("SELECT CAST(INTERVAL '10.123' SECOND AS DECIMAL(1,0))"),
      );
      expect(e.errorClass).toBe('NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION');
      expect(e.messageParameters).toEqual({ value: '10.123000', precision: '1', scale: '0', config: ANSI });
    } finally {
      await fixture.rows('SET spark.sql.ansi.enabled = true');
    }
  });
});

describe('decimal to interval', () => {
  it('counts end-field units, rounding HALF_UP and truncating a day-time value to its end field', async () => {
    expect(
      await fixture.rows(
        'SELECT CAST(10.123456BD AS INTERVAL DAY TO SECOND), CAST(80.654321BD AS INTERVAL HOUR TO MINUTE), CAST(-10.123456BD AS INTERVAL YEAR TO MONTH), CAST(10.654321BD AS INTERVAL MONTH), CAST(1.5BD AS INTERVAL YEAR)',
      ),
    ).toEqual([[10_123_456n, 4_800_000_000n, -10, 11, 18]]);
  });

  it('raises CAST_OVERFLOW naming the decimal past INT months', async () => {
    const e = await errorOf(fixture.session.execute('SELECT CAST(2147483648.5BD AS INTERVAL MONTH)'));
    expect(e.errorClass).toBe('CAST_OVERFLOW');
    expect(e.messageParameters).toEqual({
      value: '2147483648.5BD',
      sourceType: '"DECIMAL(11,1)"',
      targetType: '"INTERVAL MONTH"',
      ansiConfig: ANSI,
    });
  });
});
