/**
 * Constructors check the size they would build before DuckDB allocates it: COLLECTION_SIZE_LIMIT_EXCEEDED.PARAMETER
 * with Spark's parameters, while normal sizes give exact rows.
 */
import { describe, expect, it } from 'vitest';
import { isLakesqlError } from '../../errors/index.js';
import { useSqlSession } from '../session/testing/sql-session-fixture.js';

const fixture = useSqlSession('lakesql-size-limit-');

async function errorOf(sql: string): Promise<unknown> {
  return fixture.session.execute(sql).then(
    () => undefined,
    (e: unknown) => e,
  );
}

const limit = (numberOfElements: string, functionName: string, parameter: string) => ({
  numberOfElements,
  maxRoundedArrayLength: '2147483632',
  functionName: `\`${functionName}\``,
  parameter: `\`${parameter}\``,
});

describe('COLLECTION_SIZE_LIMIT_EXCEEDED', () => {
  it.each([
    [`SELECT array_repeat(1, 2147483647)`, limit('2147483647', 'array_repeat', 'count')],
    [`SELECT explode(array_repeat('x', 2147483647))`, limit('2147483647', 'array_repeat', 'count')],
    [`SELECT sequence(1, 2147483647)`, limit('2147483647', 'sequence', 'count')],
    [`SELECT sequence(-2147483648, 2147483647)`, limit('4294967296', 'sequence', 'count')],
    [`SELECT sequence(0L, 9000000000L, 2)`, limit('4500000001', 'sequence', 'count')],
    [`SELECT explode(sequence(1L, 3000000000L))`, limit('3000000000', 'sequence', 'count')],
    [`SELECT repeat('ab', 1073741824)`, limit('2147483648', 'repeat', 'n')],
    [`SELECT repeat('é', 1073741817)`, limit('2147483634', 'repeat', 'n')],
    [`SELECT space(2147483647)`, limit('2147483647', 'space', 'n')],
    [`SELECT lpad('a', 2147483647, 'b')`, limit('2147483647', 'lpad', 'len')],
    [`SELECT rpad('a', 2147483647)`, limit('2147483647', 'rpad', 'len')],
  ])('%s', async (sql, params) => {
    const error = await errorOf(sql);
    expect(isLakesqlError(error), String(error)).toBe(true);
    if (!isLakesqlError(error)) return;
    expect(error.errorClass).toBe('COLLECTION_SIZE_LIMIT_EXCEEDED.PARAMETER');
    expect(error.sqlState).toBe('54000');
    expect(error.messageParameters).toEqual(params);
  });

  it('checks dates and timestamps by their step', async () => {
    const error = await errorOf(
      `SELECT sequence(TIMESTAMP'1970-01-01 00:00:00', TIMESTAMP'2100-01-01 00:00:00', INTERVAL 1 SECOND)`,
    );
    expect(isLakesqlError(error) && error.errorClass).toBe('COLLECTION_SIZE_LIMIT_EXCEEDED.PARAMETER');
  });

  it('builds normal sizes exactly', async () => {
    expect(
      await fixture.rows(
        `SELECT array_repeat(7, 3), array_repeat(7, -1), sequence(1, 4), sequence(5, 1, -2), repeat('ab', 3),
           repeat('x', 0), space(2), lpad('a', 3, 'xy'), rpad('abc', 2), size(sequence(1, 100000))`,
      ),
    ).toEqual([[[7, 7, 7], [], [1, 2, 3, 4], [5, 3, 1], 'ababab', '', '  ', 'xya', 'ab', 100000]]);
    expect(await fixture.rows(`SELECT explode(array_repeat('x', 2))`)).toEqual([['x'], ['x']]);
    expect(await fixture.rows(`SELECT size(sequence(DATE'2020-01-01', DATE'2020-12-31'))`)).toEqual([[366]]);
  });
});
