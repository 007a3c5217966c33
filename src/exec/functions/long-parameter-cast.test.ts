/**
 * A BIGINT parameter takes any numeric argument by implicit cast, as Spark's implicitCast does (numeric to
 * numeric, which Cast.canANSIStoreAssign allows): bin(25.5) is bin(25), width_bucket's count may be a decimal.
 */
import { describe, expect, it } from 'vitest';
import { useSqlSession } from '../session/testing/sql-session-fixture.js';

const fixture = useSqlSession('lakesql-long-parameter-');

describe('BIGINT parameters', () => {
  it('cast a decimal or double argument', async () => {
    expect(
      await fixture.rows(
        'SELECT bin(25.5), bin(CAST(3.9 AS DOUBLE)), width_bucket(5.35, 0.024, 10.06, 2.5), width_bucket(5.35, 0.024, 10.06, 0.5)',
      ),
    ).toEqual([['11001', '11', 2n, null]]);
  });
});
