/** format_number against Java's DecimalFormat (HALF_EVEN) as Spark's FormatNumber uses it. */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';
import { query } from './testing/spark-query.js';

const fx = useSqlSession('lakesql-format-number-');

describe('format_number', () => {
  it('formats with d decimals, grouping, half-even', async () => {
    const out = await query(
      fx,
      'SELECT format_number(12332.123456, 4), format_number(0.125D, 2), format_number(2.675D, 2), format_number(2.675BD, 2), format_number(2.665BD, 2), ' +
        'format_number(-1234567.5, 0), format_number(1234567, 2), format_number(123456789012345678L, 1), format_number(CAST(1.5 AS FLOAT), 0), format_number(1e20D, 1)',
    );
    expect(out.names[0]).toBe('format_number(12332.123456, 4)');
    expect(out.rows[0]).toEqual([
      '12,332.1235',
      '0.12',
      '2.67',
      '2.68',
      '2.66',
      '-1,234,568',
      '1,234,567.00',
      '123,456,789,012,345,678.0',
      '2',
      '100,000,000,000,000,000,000.0',
    ]);
  });
  it('formats with a DecimalFormat pattern', async () => {
    const out = await query(
      fx,
      "SELECT format_number(12332.123456, '##################.###'), format_number(0.5D, '#,###,###.##'), format_number(1.0D, '#,###,###.##'), " +
        "format_number(1234.5D, '#,###,###.##'), format_number(1234.5D, '#,##0.00'), format_number(0D, '#.##'), format_number(1234.5D, '')",
    );
    expect(out.rows[0]).toEqual(['12332.123', '.5', '1', '1,234.5', '1,234.50', '0', '1,234']);
  });
  it('is NULL for NULL or a negative d; NaN and infinities print DecimalFormat symbols', async () => {
    const out = await query(
      fx,
      "SELECT format_number(CAST(NULL AS DOUBLE), 2), format_number(1, -1), format_number(1, NULL), format_number(double('NaN'), 2), format_number(double('-Infinity'), 2)",
    );
    expect(out.rows[0]).toEqual([null, null, null, '\uFFFD', '-∞']);
  });
  it('refuses a pattern it cannot format exactly, and non-numbers', async () => {
    expect((await errorOf(fx.session.execute("SELECT format_number(1.5D, '00.0E0')"))).errorClass).toBe(
      'UNSUPPORTED_FEATURE',
    );
    expect((await errorOf(fx.session.execute('SELECT format_number(true, 2)'))).errorClass).toBe(
      'DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE',
    );
  });
});

// Found by the execution fuzz: format_number(d, 2147483647) built a 2 GB string until the watchdog killed it.
describe('format_number with more digits than memory holds', () => {
  it('is MEMORY_LIMIT_EXCEEDED naming the function; many digits within it still format', async () => {
    const e = await errorOf(fx.rows('SELECT format_number(d, 2147483647) FROM VALUES (1.5D) AS t(d)'));
    expect([e.errorClass, e.messageParameters]).toEqual([
      'MEMORY_LIMIT_EXCEEDED',
      {
        detail:
          '`format_number` would build a value of about 8589934588 bytes, more than lakesql.engine.memoryLimit (1073741824 bytes)',
      },
    ]);
    expect(await fx.rows('SELECT length(format_number(1.5D, 100))')).toEqual([[102]]);
  });
});
