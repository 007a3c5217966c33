/**
 * Two casts of numbers Spark defines case by case: an integral number to BINARY (legacy only) is its
 * big-endian two's complement bytes, as wide as its type; NaN and ±Infinity to TIMESTAMP have no instant.
 */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';

const db = useSqlSession('lakesql-cast-number-special-');

describe('integral to BINARY without ANSI', () => {
  it('writes the bytes of the type width', async () => {
    await db.rows('SET spark.sql.ansi.enabled = false');
    expect(
      await db.rows(
        'SELECT hex(CAST(CAST(123 AS TINYINT) AS BINARY)), hex(CAST(-123S AS BINARY)), hex(CAST(-123 AS BINARY)), hex(CAST(123L AS BINARY)), hex(CAST(-1L AS BINARY)), CAST(CAST(NULL AS INT) AS BINARY)',
      ),
    ).toEqual([['7B', 'FF85', 'FFFFFF85', '000000000000007B', 'FFFFFFFFFFFFFFFF', null]]);
    await db.rows('SET spark.sql.ansi.enabled = true');
  });
});

describe('NaN and Infinity to TIMESTAMP', () => {
  it('fail with CAST_INVALID_INPUT under ANSI, naming the value as Java prints it', async () => {
    const e = await errorOf(db.rows("SELECT CAST(CAST('-inf' AS DOUBLE) AS TIMESTAMP)"));
    expect(e.errorClass).toBe('CAST_INVALID_INPUT');
    expect(e.messageParameters).toEqual({
      expression: '-Infinity',
      sourceType: '"DOUBLE"',
      targetType: '"TIMESTAMP"',
      ansiConfig: '"spark.sql.ansi.enabled"',
    });
  });

  it('are NULL without ANSI and under TRY_CAST; finite values still convert', async () => {
    expect(
      await db.rows(
        "SELECT TRY_CAST(CAST('NaN' AS FLOAT) AS TIMESTAMP), string(CAST(1.5D AS TIMESTAMP) < TIMESTAMP'1970-01-02')",
      ),
    ).toEqual([[null, 'true']]);
    await db.rows('SET spark.sql.ansi.enabled = false');
    expect(await db.rows("SELECT CAST(CAST('inf' AS DOUBLE) AS TIMESTAMP)")).toEqual([[null]]);
    await db.rows('SET spark.sql.ansi.enabled = true');
  });
});
