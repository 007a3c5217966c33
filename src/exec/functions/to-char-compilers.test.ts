/** to_char / to_varchar of numbers (Spark's ToNumberParser.format), and of dates (date_format). */
import { describe, expect, it } from 'vitest';
import { formatTokens, toCharNumber } from '../../engine/udfs/to-char-number.js';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';
import { query } from './testing/spark-query.js';

const fx = useSqlSession('lakesql-to-char-');

describe('to_char of numbers', () => {
  it('gives the values of Spark function docs', async () => {
    const out = await query(
      fx,
      "SELECT to_char(454, '999'), to_char(454.00, '000D00'), to_char(12454, '99G999'), to_char(78.12, '$99.99'), to_char(-12454.8, '99G999D9S'), to_varchar(-454, 'S999'), to_char(NULL, '999')",
    );
    expect(out.names.slice(0, 2)).toEqual(['to_char(454, 999)', 'to_char(454.00, 000D00)']);
    // ToCharacter's prettyName: the to_varchar alias names its column to_char too.
    expect(out.names[5]).toBe('to_char(-454, S999)');
    expect(out.types).toEqual(['string', 'string', 'string', 'string', 'string', 'string', 'string']);
    expect(out.rows[0]).toEqual(['454', '454.00', '12,454', '$78.12', '12,454.8-', '-454', null]);
  });
  it('pads, signs and overflows as ToNumberParser.format', () => {
    const f = (v: string, fmt: string) => toCharNumber(v, formatTokens(fmt));
    expect(f('454', '00000')).toBe('00454');
    expect(f('454', '99999')).toBe('  454');
    expect(f('454', 'S999')).toBe('+454');
    expect(f('-454.5', '999.9PR')).toBe('<454.5>');
    expect(f('454.5', '999.9PR')).toBe('454.5  ');
    expect(f('-454', '999MI')).toBe('454-');
    expect(f('454', '999MI')).toBe('454 ');
    expect(f('12345', '999')).toBe('###');
    expect(f('0.5', '9.99')).toBe('0.50');
  });
  it('formats dates and timestamps as date_format', async () => {
    const out = await query(fx, "SELECT to_char(date'2020-01-05', 'yyyy/MM')");
    expect(out.rows).toEqual([['2020/01']]);
  });
  it('refuses doubles and invalid formats', async () => {
    expect((await errorOf(fx.session.execute("SELECT to_char(1.5D, '9.9')"))).errorClass).toBe(
      'DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE',
    );
    expect((await errorOf(fx.session.execute("SELECT to_char(1, '9x9')"))).errorClass).toMatch(
      /^INVALID_FORMAT/,
    );
  });
});
