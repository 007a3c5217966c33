/** monotonically_increasing_id and input_file_name (one logical partition; no data file without a file relation). */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';
import { query } from './testing/spark-query.js';

const fx = useSqlSession('lakesql-row-info-');

describe('monotonically_increasing_id', () => {
  it('numbers the rows 0, 1, 2, … as BIGINT', async () => {
    const out = await query(fx, 'SELECT monotonically_increasing_id(), a FROM VALUES (5), (6), (7) AS t(a)');
    expect(out.names).toEqual(['monotonically_increasing_id()', 'a']);
    expect(out.types).toEqual(['bigint', 'int']);
    expect(out.rows).toEqual([
      [0n, 5],
      [1n, 6],
      [2n, 7],
    ]);
  });
  it('is unique over a larger input', async () => {
    const out = await query(fx, 'SELECT monotonically_increasing_id() AS id FROM range(5000)');
    expect(new Set(out.rows.map((r) => r[0])).size).toBe(5000);
  });
  it('is refused outside a SELECT list', async () => {
    const e = await errorOf(
      fx.session.execute('SELECT a FROM VALUES (5), (6) AS t(a) WHERE monotonically_increasing_id() > 0'),
    );
    expect(e.errorClass).toBe('UNSUPPORTED_FEATURE');
  });
});

describe('input_file_name', () => {
  it('is the empty string without a file relation', async () => {
    const out = await query(fx, 'SELECT input_file_name(), spark_partition_id()');
    expect(out.types).toEqual(['string', 'int']);
    expect(out.rows).toEqual([['', 0]]);
  });
});
