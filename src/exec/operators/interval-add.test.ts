/**
 * ANSI interval + and - (Spark's Add / Subtract through IntervalMathUtils): exact months or microseconds,
 * INTERVAL_ARITHMETIC_OVERFLOW.WITH_SUGGESTION past INT / LONG, NULL inside try_add and try_subtract.
 */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';

const fixture = useSqlSession('lakesql-interval-add-');

describe('interval + interval, interval - interval', () => {
  it('adds months and microseconds exactly', async () => {
    expect(
      await fixture.rows(
        "SELECT interval 2 year + interval 3 month, interval 1 day - interval 1 second, interval '1-2' year to month - interval 3 year, interval 1 day + null",
      ),
    ).toEqual([[27, 86_399_000_000n, -22, null]]);
  });

  it('raises INTERVAL_ARITHMETIC_OVERFLOW.WITH_SUGGESTION past INT months or LONG microseconds', async () => {
    for (const [sql, fn] of [
      ['SELECT interval 2147483647 month + interval 2 month', '`try_add`'],
      ['SELECT interval 106751991 day - interval -3 day', '`try_subtract`'],
    ] as const) {
      const e = await errorOf(fixture.session.execute(sql));
      expect(e.errorClass).toBe('INTERVAL_ARITHMETIC_OVERFLOW.WITH_SUGGESTION');
      expect(e.sqlState).toBe('22015');
      expect(e.messageParameters).toEqual({ functionName: fn });
    }
  });

  it('gives NULL inside try_add and try_subtract', async () => {
    expect(
      await fixture.rows(
        'SELECT try_add(interval 2147483647 month, interval 2 month), try_subtract(interval 106751991 day, interval -3 day), try_add(interval 1 month, interval 2 month)',
      ),
    ).toEqual([[null, null, 3]]);
  });
});
