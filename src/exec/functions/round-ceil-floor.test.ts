/**
 * ceil(x, scale) / floor(x, scale): Spark's RoundCeil / RoundFloor. Result types follow RoundBase (one more
 * integral digit for the carry, `-scale + 1` digits left of the point), values are exact decimals, and the
 * scale must be a constant non-NULL INT.
 */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';

const fixture = useSqlSession('lakesql-round-ceil-floor-');

describe('ceil and floor with a scale', () => {
  it("types the result as Spark's RoundBase does", async () => {
    expect(
      await fixture.rows(
        `SELECT typeof(ceil(2.5, 0)), typeof(floor(-0.35, 1)), typeof(ceil(5, 0)), typeof(floor(3.14115, -3)),
           typeof(ceil(CAST(99 AS DECIMAL(2, 0)), -1)), typeof(floor(1.5, 4)), typeof(ceil(7L, -2))`,
      ),
    ).toEqual([
      [
        'decimal(2,0)',
        'decimal(2,1)',
        'decimal(11,0)',
        'decimal(4,0)',
        'decimal(3,0)',
        'decimal(3,1)',
        'decimal(21,0)',
      ],
    ]);
  });

  it('rounds up or down exactly, carrying into a new digit', async () => {
    expect(
      await fixture.rows(
        `SELECT CAST(ceil(9.9, 0) AS STRING), CAST(floor(-9.9, 0) AS STRING), CAST(ceil(-0.35, 1) AS STRING),
           CAST(floor(-0.35, 1) AS STRING), CAST(ceil(3.14115, -3) AS STRING), CAST(floor(3.14115, -3) AS STRING),
           CAST(ceil(-35, -1) AS STRING), CAST(floor(-35, -1) AS STRING), CAST(ceil(1.25, 5) AS STRING),
           CAST(ceil(CAST(-99 AS DECIMAL(2, 0)), -1) AS STRING), CAST(floor(CAST(-99 AS DECIMAL(2, 0)), -1) AS STRING),
           CAST(ceil(12345678901234567890.123456789, 4) AS STRING), ceil(CAST(NULL AS DECIMAL(3, 1)), 0)`,
      ),
    ).toEqual([
      [
        '10',
        '-10',
        '-0.3',
        '-0.4',
        '1000',
        '0',
        '-30',
        '-40',
        '1.25',
        '-90',
        '-100',
        '12345678901234567890.1235',
        null,
      ],
    ]);
  });

  it('works on a column, row by row', async () => {
    expect(
      await fixture.rows(
        'SELECT CAST(floor(v, 1) AS STRING), CAST(ceil(v, -1) AS STRING) FROM VALUES (1.26), (-1.26), (0.00) AS t(v) ORDER BY v',
      ),
    ).toEqual([
      ['-1.3', '0'],
      ['0.0', '0'],
      ['1.2', '10'],
    ]);
  });

  it('a scale that is not a constant INT, or NULL, is NON_FOLDABLE_ARGUMENT', async () => {
    for (const sql of [
      'SELECT ceil(2.5, null)',
      "SELECT floor(2.5, 'a')",
      'SELECT ceil(2.5, 1L)',
      'SELECT floor(v, s) FROM VALUES (2.5, 1) AS t(v, s)',
    ]) {
      const e = await errorOf(fixture.session.execute(sql));
      expect(e.errorClass).toBe('NON_FOLDABLE_ARGUMENT');
      expect(e.messageParameters.paramName).toBe('`scale`');
      expect(e.messageParameters.paramType).toBe('"INT"');
    }
  });

  it('a carry past 38 digits is DECIMAL_PRECISION_EXCEEDS_MAX_PRECISION, not an engine error', async () => {
    const e = await errorOf(
      fixture.session.execute(`SELECT ceil(CAST('${'9'.repeat(38)}' AS DECIMAL(38, 0)), -1)`),
    );
    expect(e.errorClass).toBe('DECIMAL_PRECISION_EXCEEDS_MAX_PRECISION');
    expect(
      await fixture.rows(`SELECT CAST(floor(CAST('${'9'.repeat(38)}' AS DECIMAL(38, 0)), -1) AS STRING)`),
    ).toEqual([[`${'9'.repeat(37)}0`]]);
  });
});
