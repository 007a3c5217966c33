/** format_string / printf against java.util.Formatter's output (Spark's FormatString). */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';
import { query } from './testing/spark-query.js';

const fx = useSqlSession('lakesql-format-string-');

describe('format_string and printf', () => {
  it('format as Java does', async () => {
    const out = await query(
      fx,
      "SELECT format_string('Hello World %d %s', 100, 'days'), printf('%5s|%-5s|%05d|%x|%X|%o|%+d|% d', 'ab', 'c', -42, 255, -1, 8, 5, 5), " +
        "format_string('%.2f|%f|%.1f|%8.3f|%-8.1f|', 1.005D, 0.125D, 2.25BD, -3.14159D, 2.5D), format_string('%2$s %1$s %%%n', 'a', 'b'), format_string('%S %s %s', 'q', true, 7L)",
    );
    expect(out.names).toEqual([
      'format_string(Hello World %d %s, 100, days)',
      'printf(%5s|%-5s|%05d|%x|%X|%o|%+d|% d, ab, c, -42, 255, -1, 8, 5, 5)',
      'format_string(%.2f|%f|%.1f|%8.3f|%-8.1f|, 1.005, 0.125, 2.25, -3.14159, 2.5)',
      'format_string(%2$s %1$s %%%n, a, b)',
      'format_string(%S %s %s, q, true, 7)',
    ]);
    expect(out.types).toEqual(['string', 'string', 'string', 'string', 'string']);
    expect(out.rows[0]).toEqual([
      'Hello World 100 days',
      '   ab|c    |-0042|ff|FFFFFFFF|10|+5| 5',
      '1.01|0.125000|2.3|  -3.142|2.5     |',
      'b a %\n',
      'Q true 7',
    ]);
  });
  it('print null for a NULL value, padded; a NULL format is NULL', async () => {
    const out = await query(
      fx,
      "SELECT format_string('[%5d][%-6s][%.2f]', NULL, CAST(NULL AS STRING), CAST(NULL AS DOUBLE)), format_string(NULL, 1)",
    );
    expect(out.rows[0]).toEqual(['[ null][null  ][null]', null]);
  });
  it('print negative values in hex and octal as unsigned values of their type', async () => {
    const out = await query(
      fx,
      "SELECT format_string('%x %x %o %X', CAST(-1 AS TINYINT), -2L, CAST(-1 AS SMALLINT), -255)",
    );
    expect(out.rows[0]).toEqual(['ff fffffffffffffffe 177777 FFFFFF01']);
  });
  it('print NaN and Infinity as Java', async () => {
    const out = await query(
      fx,
      "SELECT format_string('%.1f %f %6.2f', double('NaN'), double('Infinity'), double('-Infinity'))",
    );
    expect(out.rows[0]).toEqual(['NaN Infinity -Infinity']);
  });
  it('refuse what it cannot format exactly', async () => {
    for (const sql of [
      "SELECT format_string('%e', 1.5D)",
      "SELECT format_string('%,d', 1000)",
      "SELECT format_string('%d', 1.5D)",
      "SELECT format_string('%f', 1)",
      "SELECT format_string('%s %s', 'a')",
      "SELECT format_string(s, 1) FROM VALUES ('%d') AS t(s)",
    ]) {
      expect((await errorOf(fx.session.execute(sql))).errorClass, sql).toBe('UNSUPPORTED_FEATURE');
    }
  });
});
