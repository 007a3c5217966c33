/** mod, the shifts, bit_count and bit_get end to end, with Java's values (Spark's mathExpressions / bitwise). */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';
import { query, row } from './testing/spark-query.js';

const fx = useSqlSession('lakesql-bitwise-');

describe('mod', () => {
  it('is the % operator, named mod(…)', async () => {
    const out = await query(
      fx,
      'SELECT mod(7, 3), mod(-7, 3), mod(7.5, 2), mod(CAST(7 AS BIGINT), 3), mod(7, NULL)',
    );
    expect(out.names).toEqual([
      'mod(7, 3)',
      'mod(-7, 3)',
      'mod(7.5, 2)',
      'mod(CAST(7 AS BIGINT), 3)',
      'mod(7, NULL)',
    ]);
    expect(out.types).toEqual(['int', 'int', 'decimal(2,1)', 'bigint', 'int']);
    // (a decimal row value prints its unscaled digits: 1.5 is 15 at scale 1)
    expect(out.rows[0]?.map(String)).toEqual(['1', '-1', '15', '1', 'null']);
  });
  it('raises DIVIDE_BY_ZERO under ANSI, NULL otherwise', async () => {
    const e = await errorOf(fx.session.execute('SELECT mod(1, 0)'));
    expect(e.errorClass).toBe('DIVIDE_BY_ZERO');
    await fx.session.execute('SET spark.sql.ansi.enabled = false');
    try {
      expect(await row(fx, 'SELECT mod(1, 0)')).toEqual([null]);
    } finally {
      await fx.session.execute('SET spark.sql.ansi.enabled = true');
    }
  });
});

describe('shifts', () => {
  it('mask the distance and wrap like Java', async () => {
    const out = await query(
      fx,
      'SELECT shiftleft(1, 31), shiftleft(-1, 33), shiftleft(5L, 63), shiftleft(-3L, 65), shiftleft(2, -1), ' +
        'shiftright(-8, 1), shiftright(-8, 33), shiftright(-8L, 64), ' +
        'shiftrightunsigned(-8, 1), shiftrightunsigned(-8L, 1), shiftrightunsigned(-8, 0), shiftrightunsigned(-1, 31)',
    );
    expect(out.rows[0]?.map(String)).toEqual([
      '-2147483648',
      '-2',
      '-9223372036854775808',
      '-6',
      '0',
      '-4',
      '-4',
      '-8',
      '2147483644',
      '9223372036854775804',
      '-8',
      '1',
    ]);
    expect(out.types).toEqual([
      'int',
      'int',
      'bigint',
      'bigint',
      'int',
      'int',
      'int',
      'bigint',
      'int',
      'bigint',
      'int',
      'int',
    ]);
  });
  it('keep the base type (TINYINT widens to INT), print as Spark, pass NULL through', async () => {
    const out = await query(
      fx,
      'SELECT shiftleft(CAST(1 AS TINYINT), 9), 1 << 3, 16 >> 2, -16 >>> 28, shiftleft(NULL, 1), shiftright(4, NULL)',
    );
    expect(out.names).toEqual([
      'shiftleft(CAST(1 AS TINYINT), 9)',
      '(1 << 3)',
      '(16 >> 2)',
      '(-16 >>> 28)',
      'shiftleft(NULL, 1)',
      'shiftright(4, NULL)',
    ]);
    expect(out.types.slice(0, 4)).toEqual(['int', 'int', 'int', 'int']);
    expect(out.rows[0]?.map(String)).toEqual(['512', '8', '4', '15', 'null', 'null']);
  });
  it('refuses a fractional base', async () => {
    const e = await errorOf(fx.session.execute('SELECT shiftleft(1.5, 1)'));
    expect(e.errorClass).toBe('DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE');
    expect(e.messageParameters.requiredType).toBe('("INT" or "BIGINT")');
  });
});

describe('bit_count and bit_get', () => {
  it('count the bits of the value sign-extended to 64 bits', async () => {
    const out = await query(
      fx,
      'SELECT bit_count(0), bit_count(-1), bit_count(CAST(-1 AS TINYINT)), bit_count(7L), bit_count(true), bit_count(false), bit_count(NULL)',
    );
    expect(out.types).toEqual(['int', 'int', 'int', 'int', 'int', 'int', 'int']);
    expect(out.rows[0]).toEqual([0, 64, 64, 3, 1, 0, null]);
  });
  it('get one bit as TINYINT', async () => {
    const out = await query(
      fx,
      'SELECT bit_get(11, 0), getbit(11, 2), bit_get(CAST(-1 AS TINYINT), 7), bit_get(-1L, 63), bit_get(NULL, 1)',
    );
    expect(out.names).toEqual([
      'bit_get(11, 0)',
      'getbit(11, 2)',
      'bit_get(CAST(-1 AS TINYINT), 7)',
      'bit_get(-1, 63)',
      'bit_get(NULL, 1)',
    ]);
    expect(out.types).toEqual(['tinyint', 'tinyint', 'tinyint', 'tinyint', 'tinyint']);
    expect(out.rows[0]).toEqual([1, 0, 1, 1, null]);
  });
  it('raise INVALID_PARAMETER_VALUE.BIT_POSITION_RANGE outside [0, size)', async () => {
    const e = await errorOf(fx.session.execute('SELECT getbit(CAST(1 AS SMALLINT), 16)'));
    expect(e.errorClass).toBe('INVALID_PARAMETER_VALUE.BIT_POSITION_RANGE');
    expect(e.sqlState).toBe('22023');
    expect(e.messageParameters).toEqual({
      parameter: '`pos`',
      functionName: '`getbit`',
      upper: '16',
      invalidValue: '16',
    });
    const neg = await errorOf(fx.session.execute('SELECT bit_get(1, -1)'));
    expect(neg.messageParameters.invalidValue).toBe('-1');
  });
});
