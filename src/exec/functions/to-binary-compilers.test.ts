/**
 * to_binary / try_to_binary (Spark's ToBinary): the format is a constant checked at analysis, base64 follows
 * UnBase64.isValidBase64 (whitespace skipped before the padding, groups of four, at most two `=`), and
 * contains/startswith/endswith compare bytes only when both sides are BINARY.
 */
import { describe, expect, it } from 'vitest';
import { isLakesqlError } from '../../errors/index.js';
import { useSqlSession } from '../session/testing/sql-session-fixture.js';

const fixture = useSqlSession('lakesql-to-binary-');

const hex = (v: unknown) => (v === null ? null : Buffer.from(v as Uint8Array).toString('hex'));

async function failure(sql: string): Promise<{ errorClass: string; params: Record<string, unknown> }> {
  const error = await fixture.session.execute(sql).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isLakesqlError(error)) throw new Error(`expected a LakesqlError, got ${String(error)}`);
  return { errorClass: error.errorClass, params: { ...error.messageParameters } };
}

describe('to_binary base64', () => {
  it('skips whitespace before the padding and decodes a last group of two or three symbols', async () => {
    const [row] = await fixture.rows(
      "SELECT to_binary(' ab cd ', 'base64'), to_binary(' ab c=', 'base64'), to_binary('abcdAE', 'base64'), to_binary('abcdAE==', 'base64'), to_binary('  ', 'base64'), to_binary('YW\\tJj', 'base64')",
    );
    expect(row?.map(hex)).toEqual(['69b71d', '69b7', '69b71d00', '69b71d00', '', '616263']);
  });

  it('refuses whitespace after padding, a lone last symbol, padding that does not close a group', async () => {
    for (const text of [' ab cdef= = ', 'a', 'abcde', 'abcd=', 'a===', 'ab==f', 'abcdAE=', 'a?']) {
      const { errorClass, params } = await failure(`SELECT to_binary('${text}', 'base64')`);
      expect(errorClass).toBe('CONVERSION_INVALID_INPUT');
      expect(params).toEqual({
        str: `'${text}'`,
        fmt: "'BASE64'",
        targetType: '"BINARY"',
        suggestion: '`try_to_binary`',
      });
    }
    expect(
      await fixture.rows("SELECT try_to_binary(' ab cdef= = ', 'base64'), try_to_binary('a', 'base64')"),
    ).toEqual([[null, null]]);
  });

  it('takes a format computed from constants, row by row', async () => {
    const [row] = await fixture.rows(
      "SELECT to_binary('abc', concat('utf', '-8')), to_binary('0a', lower('HEX')), to_binary('x', CAST(NULL AS STRING))",
    );
    expect(row?.map(hex)).toEqual(['616263', '0a', null]);
    expect((await failure("SELECT to_binary(' ab cdef= = ', substr('base64whynot', 0, 6))")).errorClass).toBe(
      'CONVERSION_INVALID_INPUT',
    );
  });
});

describe('to_binary format', () => {
  it('must be hex, utf-8, utf8 or base64, named lower-cased after its cast to STRING', async () => {
    for (const [fmt, shown, call] of [
      ["'invalidFormat'", "'invalidformat'", 'to_binary(abc, invalidFormat)'],
      ['1', "'1'", 'to_binary(abc, 1)'],
    ] as const) {
      expect(await failure(`SELECT to_binary('abc', ${fmt})`)).toEqual({
        errorClass: 'DATATYPE_MISMATCH.INVALID_ARG_VALUE',
        params: {
          sqlExpr: `"${call}"`,
          inputName: 'fmt',
          inputValue: shown,
          requireType: 'case-insensitive "STRING"',
          validValues: "'hex', 'utf-8', 'utf8', or 'base64'",
        },
      });
    }
    expect(await fixture.rows("SELECT try_to_binary('abc', 'invalidFormat')")).toEqual([[null]]);
  });

  it('must be a constant, for try_to_binary too', async () => {
    for (const fn of ['to_binary', 'try_to_binary']) {
      expect(await failure(`SELECT ${fn}('abc', f) FROM VALUES ('hex') AS t(f)`)).toEqual({
        errorClass: 'DATATYPE_MISMATCH.NON_FOLDABLE_INPUT',
        params: {
          sqlExpr: '"to_binary(abc, f)"',
          inputName: '`fmt`',
          inputType: '"STRING"',
          inputExpr: '"f"',
        },
      });
    }
  });
});

describe('contains, startswith, endswith', () => {
  it('compare as strings unless both sides are BINARY', async () => {
    expect(
      await fixture.rows(
        "SELECT contains(x'12', 12), contains(x'3132', 12), startswith(x'537061726b', x'5370'), endswith('Spark', x'726b')",
      ),
    ).toEqual([[false, true, true, true]]);
  });
});
