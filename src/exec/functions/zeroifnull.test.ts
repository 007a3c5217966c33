/**
 * zeroifnull(x) is Spark's Nvl(x, 0): its type is the wider of x's and INT (a TINYINT gives INT, a NULL
 * gives INT), and under ANSI a STRING input widens to BIGINT, so text that is no number fails its cast.
 */
import { describe, expect, it } from 'vitest';
import { isLakesqlError } from '../../errors/index.js';
import { useSqlSession } from '../session/testing/sql-session-fixture.js';

const fixture = useSqlSession('lakesql-zeroifnull-');

describe('zeroifnull', () => {
  it('has the common type of its input and INT', async () => {
    const [result] = await fixture.session.execute(
      'SELECT zeroifnull(NULL), zeroifnull(CAST(NULL AS TINYINT)), zeroifnull(CAST(1 AS BIGINT)), zeroifnull(CAST(NULL AS DECIMAL(3, 1)))',
    );
    if (result?.kind !== 'rows') throw new Error('no rows');
    expect(result.columns.map((c) => c.type)).toEqual([
      { kind: 'primitive', name: 'integer' },
      { kind: 'primitive', name: 'integer' },
      { kind: 'primitive', name: 'long' },
      { kind: 'decimal', precision: 11, scale: 1 },
    ]);
    expect(result.rows.map((r) => [...r])).toEqual([[0, 0, 1n, 0n]]);
  });

  it('casts a STRING input to BIGINT under ANSI', async () => {
    const error = await fixture.session.execute("SELECT zeroifnull('abc')").then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isLakesqlError(error, 'CAST_INVALID_INPUT')).toBe(true);
  });
});
