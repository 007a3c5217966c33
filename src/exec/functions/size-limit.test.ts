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

  // Found by the full execution fuzz: DuckDB's optimizer folded a large list of literals element by element
  // (124 s on the loaded machine, past the statement timeout, whose interrupt does not reach the optimizer).
  it('builds a large list of literals when the query runs, not while DuckDB plans it', async () => {
    // Folded, the three lists pass the timeout even on an idle machine (range(2000000) took 4.8 s to fold).
    await fixture.session.execute('SET lakesql.statement.timeout = 15');
    try {
      expect(
        await fixture.rows(
          `SELECT size(array_repeat('1,2,3', 3000000)), size(sequence(3000000, 1)), size(sequence(1, 3000000, 2))`,
        ),
      ).toEqual([[3000000, 3000000, 1500000]]);
      expect(await fixture.rows(`SELECT explode(array_repeat('1,2,3', 2000000)) LIMIT 2`)).toEqual([
        ['1,2,3'],
        ['1,2,3'],
      ]);
    } finally {
      await fixture.session.execute('SET lakesql.statement.timeout = 0');
    }
  });

  // DuckDB builds these values outside memory_limit: sequence(1, 2000000000) took 22 GB of the machine.
  describe('a value past lakesql.engine.memoryLimit', () => {
    const memoryErrorOf = async (sql: string) => {
      const error = await errorOf(sql);
      expect(isLakesqlError(error), String(error)).toBe(true);
      return isLakesqlError(error) ? [error.errorClass, error.sqlState, error.messageParameters.detail] : [];
    };
    const over = (fn: string, bytes: string, limit: string) => [
      'MEMORY_LIMIT_EXCEEDED',
      '53200',
      `\`${fn}\` would build a value of about ${bytes} bytes, more than lakesql.engine.memoryLimit (${limit} bytes)`,
    ];

    it.each([
      ['SELECT sequence(1, 2000000000)', over('sequence', '256000000000', '1073741824')],
      ['SELECT explode(sequence(1L, 100000000L))', over('sequence', '12800000000', '1073741824')],
      ['SELECT array_repeat(1, 2000000000)', over('array_repeat', '256000000000', '1073741824')],
      [`SELECT array_repeat(repeat('x', 1000000), 2000)`, over('array_repeat', '2000256000', '1073741824')],
      [`SELECT repeat('ab', 500000000)`, over('repeat', '4000000000', '1073741824')],
      // A constant count beside a column: it must not be built before the check (the execution fuzz's find).
      [
        `SELECT size(array_repeat(s, 100000000)) FROM VALUES ('abc'), (NULL) AS t(s)`,
        over('array_repeat', '13100000000', '1073741824'),
      ],
      [`SELECT lpad('a', 300000000, 'b')`, over('lpad', '1200000000', '1073741824')],
      [`SELECT space(300000000)`, over('space', '1200000000', '1073741824')],
      [
        `SELECT sequence(TIMESTAMP'2000-01-01 00:00:00', TIMESTAMP'2001-01-01 00:00:00', INTERVAL 1 SECOND)`,
        over('sequence', '4047667328', '1073741824'),
      ],
    ])('%s', async (sql, expected) => {
      const got = await memoryErrorOf(sql);
      expect(got.slice(0, expected.length)).toEqual(expected);
    });

    it('follows SET lakesql.engine.memoryLimit, and sizes under it build', async () => {
      await fixture.session.execute('SET lakesql.engine.memoryLimit = 64MB');
      try {
        expect(await memoryErrorOf('SELECT size(sequence(1, 1000000))')).toEqual(
          over('sequence', '128000000', '67108864'),
        );
        expect(await fixture.rows(`SELECT size(sequence(1, 100000)), length(repeat('x', 1000000))`)).toEqual([
          [100000, 1000000],
        ]);
        expect(
          await fixture.rows(
            `SELECT array_repeat(s, 2), array_repeat(a, 1), size(array_repeat(s, 100000)), array_repeat(s, NULL) FROM VALUES ('x', array(1)), (NULL, NULL) AS t(s, a)`,
          ),
        ).toEqual([
          [['x', 'x'], [[1]], 100000, null],
          [[null, null], [null], 100000, null],
        ]);
      } finally {
        await fixture.session.execute('SET lakesql.engine.memoryLimit = 1GB');
      }
    });
  });
});
