/**
 * Decimal `+ - *` whose Spark result type is exact (below Spark's cap of 38 digits): no per-row overflow
 * check is written, an integer literal operand is cast once at compile time, and the product or sum stays in
 * DuckDB's own BIGINT-backed decimal where that holds every digit (TPC-H's `l_extendedprice * (1 - l_discount)`
 * used to carry a TRY_CAST, a COALESCE with an error() branch and a checked cast of the literal `1` per row).
 * Past DuckDB's BIGINT (two operands of up to 18 digits whose result needs more) the rows DuckDB would refuse
 * are computed again in 38 digits, giving Spark's exact value rather than DuckDB's overflow error.
 */
import { describe, expect, it } from 'vitest';
import { resolveBinaryOperator } from '../../plan/types/binary-operator.js';
import { parseDataTypeString } from '../../plan/types/parse-data-type.js';
import { useSqlSession } from '../session/testing/sql-session-fixture.js';
import { compileBinaryOperator } from './compile-binary-operator.js';
import { compileCast } from './compile-cast.js';

const ANSI = { ansi: true, timeZone: 'UTC' };

function sqlOf(o: '+' | '-' | '*', l: string, r: string, left = '"a"', leftType = l): string {
  const res = resolveBinaryOperator(o, parseDataTypeString(leftType), parseDataTypeString(r), ANSI);
  const cast = (sql: string, from: string, to: typeof res.leftCast) =>
    compileCast(sql, parseDataTypeString(from), to, 'ansi', ANSI);
  return compileBinaryOperator(
    o,
    cast(left, leftType, res.leftCast),
    cast('"b"', r, res.rightCast),
    res,
    ANSI,
  );
}

const fx = useSqlSession('lakesql-decimal-arithmetic-');

describe('decimal arithmetic with an exact result type', () => {
  it('writes no overflow check where DuckDB keeps every digit', () => {
    expect(sqlOf('+', 'decimal(10,2)', 'decimal(10,2)')).toBe(
      '(("a")::DECIMAL(10,2) + ("b")::DECIMAL(10,2))',
    );
    // DuckDB's product is decimal(15,3), Spark's type one digit wider: a widening cast.
    expect(sqlOf('*', 'decimal(10,2)', 'decimal(5,1)')).toBe(
      '(("a")::DECIMAL(10,2) * ("b")::DECIMAL(5,1))::DECIMAL(16,3)',
    );
    expect(sqlOf('-', 'decimal(20,2)', 'decimal(18,2)')).toBe(
      '(("a")::DECIMAL(20,2) - ("b")::DECIMAL(18,2))',
    );
  });

  it('casts an integer literal operand once, at compile time', () => {
    // `1 - l_discount`: Spark types the literal as decimal(1,0) and casts it implicitly.
    const toDecimal = (sql: string, p: number, s: number) =>
      compileCast(sql, parseDataTypeString('int'), parseDataTypeString(`decimal(${p},${s})`), 'ansi', ANSI);
    expect(toDecimal('CAST(1 AS INTEGER)', 1, 0)).toBe('CAST(1 AS DECIMAL(1,0))');
    expect(toDecimal('(CAST(-99 AS INTEGER))::INTEGER', 4, 2)).toBe('CAST(-99 AS DECIMAL(4,2))');
    // A literal that does not fit keeps Spark's runtime error.
    expect(toDecimal('CAST(100 AS INTEGER)', 4, 2)).toContain('NUMERIC_VALUE_OUT_OF_RANGE');
    expect(toDecimal('"a"', 4, 2)).toContain('NUMERIC_VALUE_OUT_OF_RANGE');
  });

  it('recomputes in 38 digits only the rows past DuckDB’s BIGINT decimal', () => {
    expect(sqlOf('*', 'decimal(15,2)', 'decimal(16,2)')).toBe(
      'coalesce(try(("a")::DECIMAL(15,2) * ("b")::DECIMAL(16,2))::DECIMAL(32,4), (("a")::DECIMAL(15,2)::DECIMAL(38,2) * ("b")::DECIMAL(16,2))::DECIMAL(32,4))',
    );
    expect(sqlOf('+', 'decimal(18,2)', 'decimal(18,2)')).not.toMatch(/error\(|list_transform/);
  });

  it('gives Spark’s exact values and types, past 18 digits too', async () => {
    expect(
      await fx.rows(
        `SELECT CAST(CAST(9999999999999.99 AS DECIMAL(15,2)) * CAST(99999999999999.99 AS DECIMAL(16,2)) AS STRING),
           typeof(CAST(1 AS DECIMAL(15,2)) * CAST(1 AS DECIMAL(16,2))),
           CAST(CAST(9999999999999999.99 AS DECIMAL(18,2)) + CAST(9999999999999999.99 AS DECIMAL(18,2)) AS STRING),
           CAST(CAST(-9999999999999999.99 AS DECIMAL(18,2)) - CAST(9999999999999999.99 AS DECIMAL(18,2)) AS STRING),
           CAST(1 - CAST(0.05 AS DECIMAL(15,2)) AS STRING), typeof(1 - CAST(0.05 AS DECIMAL(15,2))),
           CAST(CAST(12.5 AS DECIMAL(3,1)) * CAST(-0.5 AS DECIMAL(2,1)) AS STRING)`,
      ),
    ).toEqual([
      [
        '999999999999998900000000000.0001',
        'decimal(32,4)',
        '19999999999999999.98',
        '-19999999999999999.98',
        '0.95',
        'decimal(16,2)',
        '-6.25',
      ],
    ]);
  });

  it('keeps NULL operands NULL', async () => {
    expect(
      await fx.rows(
        `SELECT CAST(NULL AS DECIMAL(15,2)) * CAST(2 AS DECIMAL(16,2)), CAST(2 AS DECIMAL(18,2)) + CAST(NULL AS DECIMAL(18,2)),
           CAST(NULL AS DECIMAL(10,2)) - CAST(1 AS DECIMAL(10,2))`,
      ),
    ).toEqual([[null, null, null]]);
  });
});
