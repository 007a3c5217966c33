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
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';
import { compileBinaryOperator } from './compile-binary-operator.js';
import { compileCast } from './compile-cast.js';

const ANSI = { ansi: true, timeZone: 'UTC' };

const LEGACY = { ansi: false, timeZone: 'UTC' };

function sqlOf(
  o: '+' | '-' | '*' | '/',
  l: string,
  r: string,
  left = '"a"',
  leftType = l,
  sem = ANSI,
): string {
  const res = resolveBinaryOperator(o, parseDataTypeString(leftType), parseDataTypeString(r), sem);
  const cast = (sql: string, from: string, to: typeof res.leftCast) =>
    compileCast(sql, parseDataTypeString(from), to, sem.ansi ? 'ansi' : 'legacy', sem);
  return compileBinaryOperator(
    o,
    cast(left, leftType, res.leftCast),
    cast('"b"', r, res.rightCast),
    res,
    sem,
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

/**
 * Past 38 digits Spark rounds its capped result type to fewer places than DuckDB's exact type holds: DuckDB's
 * arithmetic stays for the rows a bound on the operands admits, and only the rest reach Spark's BigDecimal
 * arithmetic in a chunk UDF. The SQL stays a few hundred bytes (the HUGEINT limbs written out in SQL were
 * 17-27 KB per operator and cost DuckDB 30-50 ms of planning each).
 */
describe('decimal arithmetic past 38 digits', () => {
  it('keeps today’s SQL where DuckDB’s type has Spark’s scale (TPC-H’s aggregates)', () => {
    // q14's `100.00 * sum(...)`: decimal(38,6) on both sides, so an overflow of one is an overflow of both.
    expect(sqlOf('*', 'decimal(5,2)', 'decimal(38,4)', '"a"', 'decimal(5,2)', LEGACY)).toBe(
      'TRY_CAST(try(("a")::DECIMAL(5,2) * ("b")::DECIMAL(38,4)) AS DECIMAL(38,6))',
    );
  });

  it('sends a row to DuckDB’s sum or product when a bound on its operands says it fits', () => {
    const udf = (op: string, p: number, s: number, scale: number) =>
      `TRY_CAST(spark_decimal_arithmetic('${op}', ("a")::DECIMAL(${p},${s})::VARCHAR, ("b")::DECIMAL(${p},${s})::VARCHAR, ${scale}) AS DECIMAL(38,${scale}))`;
    expect(sqlOf('+', 'decimal(38,18)', 'decimal(38,18)', '"a"', 'decimal(38,18)', LEGACY)).toBe(
      `(CASE WHEN abs(("a")::DECIMAL(38,18)) < CAST('5${'0'.repeat(19)}' AS DECIMAL(38,18)) AND abs(("b")::DECIMAL(38,18)) < CAST('5${'0'.repeat(19)}' AS DECIMAL(38,18)) THEN TRY_CAST(("a")::DECIMAL(38,18) + ("b")::DECIMAL(38,18) AS DECIMAL(38,17)) ELSE ${udf('+', 38, 18, 17)} END)`,
    );
    expect(sqlOf('*', 'decimal(38,18)', 'decimal(38,18)', '"a"', 'decimal(38,18)', LEGACY)).toBe(
      `(CASE WHEN abs(("a")::DECIMAL(38,18)::DOUBLE * ("b")::DECIMAL(38,18)::DOUBLE) < 99 THEN TRY_CAST(("a")::DECIMAL(38,18) * ("b")::DECIMAL(38,18) AS DECIMAL(38,6)) ELSE ${udf('*', 38, 18, 6)} END)`,
    );
    // DuckDB refuses to bind a product of scale 40: Spark's arithmetic alone.
    expect(sqlOf('*', 'decimal(38,20)', 'decimal(38,20)', '"a"', 'decimal(38,20)', LEGACY)).toBe(
      udf('*', 38, 20, 6),
    );
  });

  it('divides past HUGEINT with Spark’s quotient instead of DOUBLE', () => {
    const sql = sqlOf('/', 'decimal(38,4)', 'decimal(38,4)', '"a"', 'decimal(38,4)', LEGACY);
    expect(sql).toBe(
      `(CASE WHEN ("b")::DECIMAL(38,4) = 0 THEN NULL ELSE TRY_CAST(spark_decimal_arithmetic('/', ("a")::DECIMAL(38,4)::VARCHAR, ("b")::DECIMAL(38,4)::VARCHAR, 6) AS DECIMAL(38,6)) END)`,
    );
    expect(sql).not.toContain('DOUBLE');
  });

  it('gives Spark’s values where DuckDB’s decimals overflow, and Spark’s error past the result type', async () => {
    expect(
      await fx.rows(
        `SELECT CAST(CAST(9e19BD AS DECIMAL(38,18)) + CAST(9e19BD AS DECIMAL(38,18)) AS STRING),
           CAST(CAST(12345678901234567890.5 AS DECIMAL(38,18)) * CAST(-3 AS DECIMAL(38,18)) AS STRING),
           CAST(CAST(1 AS DECIMAL(38,4)) / CAST(3 AS DECIMAL(38,4)) AS STRING)`,
      ),
    ).toEqual([['180000000000000000000.00000000000000000', '-37037036703703703671.500000', '0.333333']]);
    const e = await errorOf(
      fx.rows('SELECT CAST(1e19BD AS DECIMAL(38,18)) * CAST(1e19BD AS DECIMAL(38,18))'),
    );
    expect([e.errorClass, e.sqlState]).toEqual(['NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION', '22003']);
    expect(e.messageParameters).toMatchObject({
      value: `1${'0'.repeat(38)}`,
      precision: '38',
      scale: '6',
    });
  });
});
