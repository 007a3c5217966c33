/**
 * try_add and friends hide only their own operation's errors: an argument's overflow is the session's to
 * handle, raised under ANSI and wrapped in legacy mode (Spark's try_arithmetic golden files).
 */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';

const fixture = useSqlSession('lakesql-try-arithmetic-');

describe('try_* arithmetic', () => {
  it("returns NULL for the operation's own overflow or division by zero", async () => {
    expect(
      await fixture.rows('SELECT try_add(2147483647, 1), try_divide(1, 0), try_multiply(2147483647, 2)'),
    ).toEqual([[null, null, null]]);
  });

  it("raises an argument's overflow under ANSI", async () => {
    const e = await errorOf(fixture.session.execute('SELECT try_add(1, (2147483647 + 1))'));
    expect(e.errorClass).toBe('ARITHMETIC_OVERFLOW');
  });

  it("wraps an argument's overflow in legacy mode, as Spark does", async () => {
    await fixture.session.setConf('spark.sql.ansi.enabled', 'false');
    try {
      expect(
        await fixture.rows(
          'SELECT try_add(1, (2147483647 + 1)), try_add(1L, (9223372036854775807L + 1L)), try_add(1, 1.0 / 0.0)',
        ),
      ).toEqual([[-2147483647, -9223372036854775807n, null]]);
    } finally {
      await fixture.session.setConf('spark.sql.ansi.enabled', 'true');
    }
  });
});
