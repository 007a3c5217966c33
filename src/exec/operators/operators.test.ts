/**
 * Operators and CAST run on a real DuckDB session over literal inputs, with Spark's printed values taken from
 * the golden files in test/data/spark-sql (operators.sql, decimalArithmeticOperations.sql,
 * try_arithmetic.sql, typeCoercion/native/*). Errors raised in SQL as `[CLASS] {params}` come back from the
 * engine as LakesqlErrors with Spark's class and messageParameters.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineSession } from '../../engine/engine-session.js';
import { type BinaryOperator, resolveBinaryOperator } from '../../plan/types/binary-operator.js';
import { parseDataTypeString } from '../../plan/types/parse-data-type.js';
import { StringType } from '../../types/data-types.js';
import { compileBinaryOperator } from './compile-binary-operator.js';
import { type CastEvalMode, compileCast } from './compile-cast.js';
import { binaryOperatorSql } from './testing/binary-operator-sql.js';

let session: EngineSession;
beforeAll(async () => {
  session = await EngineSession.create({ timeZone: 'America/Los_Angeles', threads: 1 });
});
afterAll(() => session.close());

const ANSI = { ansi: true, timeZone: 'America/Los_Angeles' };
const LEGACY = { ansi: false, timeZone: 'America/Los_Angeles' };

/** Spark's printed text of `left op right` (the result cast to string the way Spark prints it). */
async function op(
  o: BinaryOperator,
  l: [string, string],
  r: [string, string],
  sem = ANSI,
): Promise<string | null> {
  const { sql, resolved: res } = binaryOperatorSql(o, l, r, sem);
  const rows = await session.all(`SELECT ${compileCast(sql, res.resultType, StringType, 'ansi', sem)} AS v`);
  return rows[0]!.v as string | null;
}

async function cast(
  value: string,
  from: string,
  to: string,
  mode: CastEvalMode = 'ansi',
): Promise<string | null> {
  const f = parseDataTypeString(from);
  const t = parseDataTypeString(to);
  const sql = compileCast(compileCast(value, f, t, mode, ANSI), t, StringType, mode, ANSI);
  const rows = await session.all(`SELECT ${sql} AS v`);
  return rows[0]!.v as string | null;
}

describe('arithmetic (operators.sql, try_arithmetic.sql)', () => {
  it('gives Spark values', async () => {
    expect(await op('/', ['5', 'int'], ['2', 'int'])).toBe('2.5');
    expect(await op('div', ['5', 'int'], ['2', 'int'])).toBe('2');
    expect(await op('%', ['5', 'int'], ['3', 'int'])).toBe('2');
    expect(await op('%', ['-7', 'int'], ['3', 'int'])).toBe('-1');
    expect(await op('pmod', ['-7', 'int'], ['3', 'int'])).toBe('2');
    expect(await op('/', ['5', 'int'], ['NULL', 'void'])).toBeNull();
    expect(await op('div', ['51', 'decimal(10,0)'], ['2', 'decimal(2,0)'])).toBe('25');
    expect(await op('-', ['1', 'int'], ['2', 'int'])).toBe('-1');
  });

  it('raises DIVIDE_BY_ZERO in ANSI mode and gives NULL in legacy mode', async () => {
    await expect(op('/', ['5', 'int'], ['0', 'int'])).rejects.toMatchObject({
      errorClass: 'DIVIDE_BY_ZERO',
      sqlState: '22012',
      messageParameters: { config: '"spark.sql.ansi.enabled"' },
    });
    await expect(op('div', ['5', 'int'], ['0', 'int'])).rejects.toThrow('[DIVIDE_BY_ZERO]');
    await expect(op('div', ['5', 'decimal(1,0)'], ['0', 'decimal(2,0)'])).rejects.toThrow('[DIVIDE_BY_ZERO]');
    expect(await op('/', ['5', 'int'], ['0', 'int'], LEGACY)).toBeNull();
    expect(await op('%', ['5.0', 'double'], ['0', 'double'], LEGACY)).toBeNull();
  });

  it('raises ARITHMETIC_OVERFLOW in ANSI mode and wraps in legacy mode', async () => {
    await expect(op('+', ['2147483647', 'int'], ['1', 'int'])).rejects.toMatchObject({
      errorClass: 'ARITHMETIC_OVERFLOW',
      messageParameters: {
        message: 'integer overflow',
        alternative: " Use 'try_add' to tolerate overflow and return NULL instead.",
        config: '"spark.sql.ansi.enabled"',
      },
    });
    await expect(op('*', ['9223372036854775807', 'bigint'], ['2', 'bigint'])).rejects.toThrow(
      'long overflow',
    );
    expect(await op('+', ['2147483647', 'int'], ['1', 'int'], LEGACY)).toBe('-2147483648');
    expect(await op('*', ['9223372036854775807', 'bigint'], ['2', 'bigint'], LEGACY)).toBe('-2');
    expect(await op('+', ['2147483647', 'int'], ["'1'", 'string'])).toBe('2147483648');
  });

  it('wraps legacy integer arithmetic exactly like two-complement BigInt arithmetic', async () => {
    const int32 = fc.integer({ min: -2147483648, max: 2147483647 });
    const ops = fc.constantFrom<'+' | '-' | '*'>('+', '-', '*');
    const cases = fc.sample(fc.tuple(ops, int32, int32), { numRuns: 60, seed: 7 });
    const res = resolveBinaryOperator('+', parseDataTypeString('int'), parseDataTypeString('int'), LEGACY);
    const selects = cases.map(
      ([o, a, b], i) => `${compileBinaryOperator(o, `${a}::INTEGER`, `${b}::INTEGER`, res, LEGACY)} AS c${i}`,
    );
    const row = (await session.all(`SELECT ${selects.join(', ')}`))[0]!;
    cases.forEach(([o, a, b], i) => {
      const big =
        o === '+' ? BigInt(a) + BigInt(b) : o === '-' ? BigInt(a) - BigInt(b) : BigInt(a) * BigInt(b);
      expect(row[`c${i}`]).toBe(Number(BigInt.asIntN(32, big)));
    });
  });
});

describe('decimal arithmetic (decimalArithmeticOperations.sql)', () => {
  it('rounds HALF_UP at the result scale', async () => {
    expect(await op('/', ['1', 'decimal(10,0)'], ['3', 'decimal(10,0)'])).toBe('0.33333333333');
    expect(await op('+', ['1.5', 'decimal(10,2)'], ['2.125', 'decimal(5,3)'])).toBe('3.625');
    expect(await op('*', ['1.5', 'decimal(2,1)'], ['2', 'decimal(1,0)'])).toBe('3.0');
    expect(await op('/', ['2', 'decimal(10,0)'], ['3', 'decimal(10,0)'])).toBe('0.66666666667');
  });
  it('overflows to NUMERIC_VALUE_OUT_OF_RANGE (ANSI) or NULL (legacy)', async () => {
    const big: [string, string] = [
      "'5000000000000000000000000000000000000.1'::DECIMAL(38,1)",
      'decimal(38,1)',
    ];
    await expect(op('+', big, big)).rejects.toMatchObject({
      errorClass: 'NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION',
      messageParameters: { precision: '38', scale: '1' },
    });
    expect(await op('+', big, big, LEGACY)).toBeNull();
  });
});

describe('comparisons (binaryComparison.sql)', () => {
  it('treats NaN as equal to itself and larger than any number, <=> as null-safe', async () => {
    expect(await op('=', ["'NaN'::DOUBLE", 'double'], ["'NaN'::DOUBLE", 'double'])).toBe('true');
    expect(await op('>', ["'NaN'::DOUBLE", 'double'], ["'Infinity'::DOUBLE", 'double'])).toBe('true');
    expect(await op('<=>', ['NULL', 'int'], ['NULL', 'int'])).toBe('true');
    expect(await op('=', ['NULL', 'int'], ['1', 'int'])).toBeNull();
    expect(await op('=', ["'1'", 'string'], ['1', 'int'])).toBe('true');
    expect(await op('||', ["'a'", 'string'], ['NULL', 'string'])).toBeNull();
  });
});

describe('CAST (cast.sql, literals.sql, string-functions.sql)', () => {
  it('parses strings to numbers as Spark does', async () => {
    expect(await cast("' 12 '", 'string', 'int')).toBe('12');
    expect(await cast("'+1'", 'string', 'int')).toBe('1');
    await expect(cast("'1.5'", 'string', 'int')).rejects.toMatchObject({
      errorClass: 'CAST_INVALID_INPUT',
      sqlState: '22018',
      messageParameters: {
        expression: "'1.5'",
        sourceType: '"STRING"',
        targetType: '"INT"',
        ansiConfig: '"spark.sql.ansi.enabled"',
      },
    });
    expect(await cast("'1.5'", 'string', 'int', 'legacy')).toBe('1');
    expect(await cast("'abc'", 'string', 'int', 'legacy')).toBeNull();
    expect(await cast("'abc'", 'string', 'int', 'try')).toBeNull();
    expect(await cast("'2147483648'", 'string', 'int', 'try')).toBeNull();
    expect(await cast("' Infinity '", 'string', 'double')).toBe('Infinity');
    expect(await cast("'1e3'", 'string', 'double')).toBe('1000.0');
    expect(await cast("'1.005'", 'string', 'decimal(10,2)')).toBe('1.01');
    expect(await cast("' YES '", 'string', 'boolean')).toBe('true');
    expect(await cast("'0'", 'string', 'boolean')).toBe('false');
  });

  it('parses dates and timestamps', async () => {
    expect(await cast("'2021'", 'string', 'date')).toBe('2021-01-01');
    expect(await cast("'2021-1'", 'string', 'date')).toBe('2021-01-01');
    expect(await cast("'2021-01-02 anything'", 'string', 'date')).toBe('2021-01-02');
    expect(await cast("'2021-01-02T10:00'", 'string', 'date')).toBe('2021-01-02');
    expect(await cast("'2021-02-30'", 'string', 'date', 'try')).toBeNull();
    expect(await cast("'2021-01-01 10:00:00.123'", 'string', 'timestamp')).toBe('2021-01-01 10:00:00.123');
    expect(await cast("'2021-01-01T10:00:00Z'", 'string', 'timestamp')).toBe('2021-01-01 02:00:00');
  });

  it('prints doubles the way Java does', async () => {
    const cases: [string, string][] = [
      ['1.0', '1.0'],
      ['1e10', '1.0E10'],
      ['1e-5', '1.0E-5'],
      ['0.001', '0.001'],
      ['123456.789', '123456.789'],
      ['1234567.0', '1234567.0'],
      ['12345678.0', '1.2345678E7'],
      ['-2.5', '-2.5'],
      ["'NaN'", 'NaN'],
      ["'-inf'", '-Infinity'],
      ['0.0', '0.0'],
    ];
    for (const [v, printed] of cases) expect(await cast(`${v}::DOUBLE`, 'double', 'string')).toBe(printed);
    expect(await cast('0.1::FLOAT', 'float', 'string')).toBe('0.1');
  });

  it('narrows numbers: ANSI CAST_OVERFLOW, legacy Java wrap, truncation of fractions', async () => {
    expect(await cast('1.9::DOUBLE', 'double', 'int')).toBe('1');
    expect(await cast('-1.9::DOUBLE', 'double', 'int')).toBe('-1');
    await expect(cast('128', 'int', 'tinyint')).rejects.toThrow('[CAST_OVERFLOW]');
    expect(await cast('128', 'int', 'tinyint', 'legacy')).toBe('-128');
    expect(await cast('1e10::DOUBLE', 'double', 'int', 'legacy')).toBe('2147483647');
    expect(await cast('12.345::DECIMAL(5,3)', 'decimal(5,3)', 'decimal(4,2)')).toBe('12.35');
    expect(await cast('true', 'boolean', 'int')).toBe('1');
  });

  it('casts complex types element-wise and prints them as Spark does', async () => {
    expect(await cast("['1', NULL, '3']", 'array<string>', 'array<int>')).toBe('[1, null, 3]');
    expect(await cast("MAP {'a': 1}", 'map<string,int>', 'map<string,double>')).toBe('{a -> 1.0}');
    expect(await cast("{'a': 1, 'b': 'x'}", 'struct<a:int,b:string>', 'struct<a:bigint,b:string>')).toBe(
      '{1, x}',
    );
  });

  it('round-trips integers and doubles through strings', async () => {
    const longs = fc.sample(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), { numRuns: 30, seed: 3 });
    const doubles = fc.sample(fc.double({ noNaN: true, noDefaultInfinity: true }), { numRuns: 30, seed: 5 });
    const long = parseDataTypeString('bigint');
    const double = parseDataTypeString('double');
    const sel = [
      ...longs.map(
        (v, i) =>
          `${compileCast(compileCast(`${v}::BIGINT`, long, StringType, 'ansi', ANSI), StringType, long, 'ansi', ANSI)}::VARCHAR AS l${i}`,
      ),
      ...doubles.map(
        (v, i) =>
          `${compileCast(compileCast(`${v.toExponential(17)}::DOUBLE`, double, StringType, 'ansi', ANSI), StringType, double, 'ansi', ANSI)} AS d${i}`,
      ),
    ];
    const row = (await session.all(`SELECT ${sel.join(', ')}`))[0]!;
    for (const [i, v] of longs.entries()) expect(row[`l${i}`]).toBe(v.toString());
    for (const [i, v] of doubles.entries()) expect(row[`d${i}`]).toBe(Number(v.toExponential(17)));
  });
});
