/**
 * Statements too deep for the stack or for DuckDB's expression depth limit fail with Spark's
 * FAILED_TO_PARSE_TOO_COMPLEX (54001), never a RangeError or an INTERNAL_ERROR, and the session stays usable
 * (issue 13: 10,000-term sums and 5,000 UNION ALLs overflowed the stack).
 */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from './testing/sql-session-fixture.js';

const fixture = useSqlSession('lakesql-too-complex-');

const sum = (n: number) => `SELECT ${Array.from({ length: n }, (_, i) => String(i)).join(' + ')}`;
const unions = (n: number) => Array.from({ length: n }, (_, i) => `SELECT ${i} AS a`).join(' UNION ALL ');
const conjunction = (n: number) =>
  `SELECT 1 WHERE ${Array.from({ length: n }, (_, i) => `${i} = ${i}`).join(' AND ')}`;

describe('statements too complex to run', () => {
  it.each([
    ['a 10,000-term sum (stack)', sum(10_000)],
    ['5,000 UNION ALLs (stack)', unions(5_000)],
    ['a 10,000-term AND (stack)', conjunction(10_000)],
    ['a 600-term sum (DuckDB expression depth)', sum(600)],
    ['400 UNION ALLs (DuckDB expression depth)', unions(400)],
  ])('%s: FAILED_TO_PARSE_TOO_COMPLEX', async (_name, sql) => {
    const e = await errorOf(fixture.session.execute(sql));
    expect([e.errorClass, e.sqlState]).toEqual(['FAILED_TO_PARSE_TOO_COMPLEX', '54001']);
    expect(await fixture.rows('SELECT 1 + 1')).toEqual([[2]]);
  });

  it('a long sum that fits still runs', async () => {
    expect(await fixture.rows(sum(100))).toEqual([[4950]]);
  });
});
