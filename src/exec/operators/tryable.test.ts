/**
 * DuckDB's try() refuses an operand that calls a volatile function ("TRY can not be used in combination
 * with a volatile function"), and every Spark runtime check raises through the volatile error(): functions
 * compiled with try() bind such an operand first (sql-helpers' tryable). Found by the execution fuzz with
 * make_date; the same held for unhex, to_binary, decode, the casts of binaries, timestamp_millis,
 * timestampadd and try_add over decimals.
 */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';
import { tryable } from './sql-helpers.js';

const fixture = useSqlSession('lakesql-tryable-');

/** `10 DIV (id + 1)` compiles to an ANSI check with error(); id is 0 and 1. */
const CHECKED = 'CAST(10 DIV (id + 1) AS STRING)';
const ROWS = 'FROM range(2) AS t(id)';

describe('tryable', () => {
  it('binds only an operand that calls a volatile function', () => {
    expect(tryable('"c1"', (v) => `try(f(${v}))`)).toBe('try(f("c1"))');
    expect(tryable("upper('a')", (v) => `try(f(${v}))`)).toBe("try(f(upper('a')))");
    expect(tryable("error('x')", (v) => `try(f(${v}))`)).toMatch(
      /^\(list_transform\(\[error\('x'\)\], lambda (__v\d+): try\(f\(\1\)\)\)\)\[1\]$/,
    );
    expect(tryable('random()', (v) => v)).toContain('list_transform');
  });

  it.each([
    [`SELECT unhex(${CHECKED}) ${ROWS}`, [[Uint8Array.of(0x10)], [Uint8Array.of(0x05)]]],
    [`SELECT to_binary(${CHECKED}, 'hex') ${ROWS}`, [[Uint8Array.of(0x10)], [Uint8Array.of(0x05)]]],
    [`SELECT CAST(to_binary(${CHECKED}, 'hex') AS STRING) ${ROWS}`, [['\u0010'], ['\u0005']]],
    [`SELECT is_valid_utf8(${CHECKED}) ${ROWS}`, [[true], [true]]],
    [`SELECT decode(unhex(${CHECKED}), 'UTF-8') ${ROWS}`, [['\u0010'], ['\u0005']]],
    [`SELECT timestamp_millis(10 DIV (id + 1)) ${ROWS}`, [[10000n], [5000n]]],
    [
      `SELECT timestampadd(HOUR, CAST(10 DIV (id + 1) AS INT), TIMESTAMP_NTZ'2024-01-01 00:00:00') ${ROWS}`,
      [[1704103200000000n], [1704085200000000n]],
    ],
  ])('%s', async (sql, rows) => {
    const got = await fixture.rows(sql);
    expect(got.map((r) => r.map((v) => (v instanceof Uint8Array ? Uint8Array.from(v) : v)))).toEqual(rows);
  });

  it('try_add over decimals keeps its operands own errors', async () => {
    expect(
      await fixture.rows(
        `SELECT CAST(try_add(CAST(10 DIV (id + 1) AS DECIMAL(38, 2)), CAST(1 AS DECIMAL(38, 2))) AS STRING) ${ROWS}`,
      ),
    ).toEqual([['11.00'], ['6.00']]);
    const error = await errorOf(
      fixture.rows(`SELECT try_add(CAST(10 DIV id AS DECIMAL(38, 2)), CAST(1 AS DECIMAL(38, 2))) ${ROWS}`),
    );
    expect(error.errorClass).toBe('DIVIDE_BY_ZERO');
  });
});
