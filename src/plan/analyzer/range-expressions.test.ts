/** range() whose arguments are constant expressions, and Spark's error for arguments that are not numbers. */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../../exec/session/testing/sql-session-fixture.js';

const db = useSqlSession('lakesql-range-expressions-');

describe('range of constant expressions', () => {
  it('folds the expressions into BIGINT start, end and step', async () => {
    expect(await db.rows('SELECT * FROM range(1 + 1, 2 * 3)')).toEqual([[2n], [3n], [4n], [5n]]);
    expect(await db.rows('SELECT i FROM range(0, 10 - 4, 1 + 1) t(i)')).toEqual([[0n], [2n], [4n]]);
    // Spark's table-valued-functions.sql: a fractional argument is truncated to a long.
    expect(await db.rows('SELECT id, typeof(id) FROM range(6 + cos(3))')).toEqual([
      [0n, 'bigint'],
      [1n, 'bigint'],
      [2n, 'bigint'],
      [3n, 'bigint'],
      [4n, 'bigint'],
    ]);
    expect(await db.rows('SELECT count(*) FROM range(0, 1000 * 3)')).toEqual([[3000n]]);
  });
  it('keeps literal arguments as before', async () => {
    expect(await db.rows('SELECT * FROM range(0, 10, 4)')).toEqual([[0n], [4n], [8n]]);
  });
  it('refuses arguments that are not numbers with _LEGACY_ERROR_TEMP_1179', async () => {
    let e = await errorOf(db.rows('SELECT * FROM range(array(1, 2, 3))'));
    expect(e.errorClass).toBe('_LEGACY_ERROR_TEMP_1179');
    expect(e.messageParameters).toMatchObject({
      name: 'range',
      arguments: 'array',
      details: 'Incompatible input data type.\nExpected: long; Found: array.',
    });
    e = await errorOf(db.rows('SELECT * FROM range(1, null)'));
    expect(e.messageParameters).toMatchObject({
      arguments: 'integer, void',
      details: 'Incompatible input data type.\nExpected: long; Found: void.',
    });
  });
});
