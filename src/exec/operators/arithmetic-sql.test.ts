/**
 * The generated DuckDB SQL of Spark's integral arithmetic, pinned (kysely's habit: assert the SQL text, then
 * run it). Spark's semantics must stay vectorized: no per-row list or lambda (`list_transform([x], lambda …)`
 * once made `max(id % 100)` 6x slower than `max(id)`), and no 128-bit arithmetic except where Java's
 * wrap-around of a BIGINT needs it. Every operator and integral type then runs over edge values in ANSI and
 * legacy mode against Java's arithmetic computed with BigInt.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineSession } from '../../engine/engine-session.js';
import { type BinaryOperator, resolveBinaryOperator } from '../../plan/types/binary-operator.js';
import { parseDataTypeString } from '../../plan/types/parse-data-type.js';
import { compileBinaryOperator } from './compile-binary-operator.js';
import { compileCast } from './compile-cast.js';
import {
  compileIntegralArithmetic,
  type IntegralOperator,
  type OverflowMode,
} from './integral-arithmetic.js';
import { integerLiteral, integralRange } from './sql-helpers.js';

let session: EngineSession;
beforeAll(async () => {
  session = await EngineSession.create({ threads: 1 });
});
afterAll(() => session.close());

const ANSI = { ansi: true, timeZone: 'UTC' };
const LEGACY = { ansi: false, timeZone: 'UTC' };
const TRY = { ansi: true, timeZone: 'UTC', explicitErrors: true };

/** `a op b` over columns "a" and "b" of Spark types `l` and `r`, as the expression compiler emits it. */
function sqlOf(o: BinaryOperator, l: string, r: string, sem = ANSI, right = '"b"'): string {
  const res = resolveBinaryOperator(o, parseDataTypeString(l), parseDataTypeString(r), sem);
  const cast = (sql: string, from: string, to: typeof res.leftCast) =>
    compileCast(sql, parseDataTypeString(from), to, sem.ansi ? 'ansi' : 'legacy', sem);
  return compileBinaryOperator(o, cast('"a"', l, res.leftCast), cast(right, r, res.rightCast), res, sem);
}

const RAISE_DIVIDE_BY_ZERO = `error('[DIVIDE_BY_ZERO] ' || json_object('config', '"spark.sql.ansi.enabled"')::VARCHAR)`;

describe('the generated SQL of integral arithmetic', () => {
  it('is DuckDB checked arithmetic in the operand width under ANSI', () => {
    expect(sqlOf('+', 'int', 'int')).toBe('(("a")::INTEGER + ("b")::INTEGER)');
    expect(sqlOf('-', 'bigint', 'bigint')).toBe('(("a")::BIGINT - ("b")::BIGINT)');
    expect(sqlOf('*', 'tinyint', 'tinyint')).toBe('(("a")::TINYINT * ("b")::TINYINT)');
    // int + bigint widens the int side only, as Spark does.
    expect(sqlOf('+', 'int', 'bigint')).toBe('((("a")::INTEGER::BIGINT)::BIGINT + ("b")::BIGINT)');
  });

  it('wraps one width up in legacy mode, in HUGEINT only for BIGINT', () => {
    expect(sqlOf('+', 'int', 'int', LEGACY)).toBe(
      '((((((("a")::INTEGER::BIGINT + ("b")::INTEGER::BIGINT)) & CAST(4294967295 AS BIGINT)) + CAST(2147483648 AS BIGINT)) & CAST(4294967295 AS BIGINT)) - CAST(2147483648 AS BIGINT))::INTEGER',
    );
    expect(sqlOf('*', 'bigint', 'bigint', LEGACY)).toBe(
      '((((((("a")::BIGINT::HUGEINT * ("b")::BIGINT::HUGEINT)) & CAST(18446744073709551615 AS HUGEINT)) + CAST(9223372036854775808 AS HUGEINT)) & CAST(18446744073709551615 AS HUGEINT)) - CAST(9223372036854775808 AS HUGEINT))::BIGINT',
    );
  });

  it('checks a divisor once, and not at all when it is a non-zero literal', () => {
    expect(sqlOf('%', 'bigint', 'bigint')).toBe(
      `(CASE WHEN ("b")::BIGINT = CAST(0 AS BIGINT) THEN ${RAISE_DIVIDE_BY_ZERO} WHEN ("b")::BIGINT = CAST(-1 AS BIGINT) THEN (("a")::BIGINT * CAST(0 AS BIGINT)) ELSE (("a")::BIGINT % ("b")::BIGINT) END)`,
    );
    expect(sqlOf('%', 'bigint', 'bigint', LEGACY)).toBe(
      '(CASE WHEN ("b")::BIGINT = CAST(-1 AS BIGINT) THEN (("a")::BIGINT * CAST(0 AS BIGINT)) ELSE (("a")::BIGINT % ("b")::BIGINT) END)',
    );
    expect(sqlOf('%', 'bigint', 'int', ANSI, 'CAST(100 AS INTEGER)')).toBe(
      '(("a")::BIGINT % ((CAST(100 AS INTEGER))::INTEGER::BIGINT)::BIGINT)',
    );
    expect(sqlOf('div', 'bigint', 'bigint', ANSI, 'CAST(7 AS BIGINT)')).toBe(
      '(("a")::BIGINT // (CAST(7 AS BIGINT))::BIGINT)',
    );
    expect(sqlOf('div', 'bigint', 'bigint', LEGACY)).toBe(
      '(CASE WHEN ("b")::BIGINT = CAST(-1 AS BIGINT) THEN ((((((- ("a")::BIGINT::HUGEINT)) & CAST(18446744073709551615 AS HUGEINT)) + CAST(9223372036854775808 AS HUGEINT)) & CAST(18446744073709551615 AS HUGEINT)) - CAST(9223372036854775808 AS HUGEINT))::BIGINT ELSE (("a")::BIGINT // ("b")::BIGINT) END)',
    );
    expect(sqlOf('%', 'int', 'int', ANSI, 'CAST(-1 AS INTEGER)')).toBe(
      '(("a")::INTEGER * CAST(0 AS INTEGER))',
    );
  });

  it('fits decimal results with one TRY_CAST, raising only for the rows that overflow', () => {
    // 38-digit operands: DuckDB's own sum may overflow, which try() turns into NULL.
    expect(sqlOf('+', 'decimal(38,0)', 'decimal(38,0)', LEGACY)).toBe(
      'TRY_CAST(try(("a")::DECIMAL(38,0) + ("b")::DECIMAL(38,0)) AS DECIMAL(38,0))',
    );
    // Spark's result type is capped at 38 digits (decimal(38,6) for 30 + 30 digits): it can overflow.
    expect(sqlOf('*', 'decimal(30,3)', 'decimal(30,3)')).toMatch(
      /^coalesce\(TRY_CAST\(try\(\("a"\)::DECIMAL\(30,3\) \* \("b"\)::DECIMAL\(30,3\)\) AS DECIMAL\(38,6\)\), CASE WHEN .*NUMERIC_VALUE_OUT_OF_RANGE/,
    );
  });

  it('gives NULL, not an overflow, for a NULL decimal operand', async () => {
    for (const o of ['+', '*', '/', 'div', '%', 'pmod'] as const) {
      for (const [a, b] of [
        ['CAST(NULL AS DECIMAL(1,0))', 'CAST(5 AS DECIMAL(2,0))'],
        ['CAST(5 AS DECIMAL(1,0))', 'CAST(NULL AS DECIMAL(2,0))'],
      ] as const) {
        const sql = sqlOf(o, 'decimal(1,0)', 'decimal(2,0)').replaceAll('"a"', a).replaceAll('"b"', b);
        expect((await session.all(`SELECT ${sql} AS v`))[0]!.v, `${a} ${o} ${b}`).toBeNull();
      }
    }
  });

  it('never binds a value through a per-row list and lambda', () => {
    const ops: BinaryOperator[] = ['+', '-', '*', 'div', '%', 'pmod', '/'];
    const types = ['tinyint', 'smallint', 'int', 'bigint', 'double', 'decimal(10,2)', 'decimal(38,10)'];
    for (const sem of [ANSI, LEGACY, TRY]) {
      for (const o of ops) {
        for (const l of types) {
          for (const r of types) {
            let sql: string;
            try {
              sql = sqlOf(o, l, r, sem);
            } catch {
              continue; // Not an operator Spark has for these types (div of a double).
            }
            expect(sql, `${l} ${o} ${r}`).not.toMatch(/list_transform|lambda/);
            const integral = integralRange(parseDataTypeString(l)) && integralRange(parseDataTypeString(r));
            if (integral && sem !== TRY && !(sem === LEGACY && (o === 'div' || /bigint/.test(l + r)))) {
              expect(sql, `${l} ${o} ${r}`).not.toContain('HUGEINT');
            }
          }
        }
      }
    }
  });

  it('reads integral literals through the casts and parentheses around them', () => {
    expect(integerLiteral('((CAST(100 AS INTEGER))::INTEGER::BIGINT)::BIGINT')).toBe(100n);
    expect(integerLiteral('(CAST(-1 AS BIGINT))')).toBe(-1n);
    expect(integerLiteral('(-7)::INTEGER')).toBe(-7n);
    expect(integerLiteral('("b")::BIGINT')).toBeUndefined();
    expect(integerLiteral('(1) + (2)')).toBeUndefined();
    expect(integerLiteral("CAST('5' AS VARCHAR)")).toBeUndefined();
  });
});

const TYPES = ['tinyint', 'smallint', 'int', 'bigint'] as const;
const DUCK = { tinyint: 'TINYINT', smallint: 'SMALLINT', int: 'INTEGER', bigint: 'BIGINT' } as const;
const SUFFIX = { tinyint: 'Y', smallint: 'S', int: '', bigint: 'L' } as const;
const TRY_NAME = { '+': 'try_add', '-': 'try_subtract', '*': 'try_multiply' } as const;

type Outcome = { value: bigint | null } | { error: string; params: Record<string, string> };

/** Java's `a op b` (Spark's Add, Subtract, Multiply, IntegralDivide, Remainder, Pmod). */
function java(
  o: IntegralOperator,
  a: bigint | null,
  b: bigint | null,
  type: (typeof TYPES)[number],
  ansi: boolean,
): Outcome {
  const bits = integralRange(parseDataTypeString(type))!.bits;
  const wrap = (v: bigint) => BigInt.asIntN(bits, v);
  const config = '"spark.sql.ansi.enabled"';
  if (o === '+' || o === '-' || o === '*') {
    if (a === null || b === null) return { value: null };
    const exact = o === '+' ? a + b : o === '-' ? a - b : a * b;
    if (!ansi || wrap(exact) === exact) return { value: wrap(exact) };
    if (bits <= 16) {
      const s = SUFFIX[type];
      return {
        error: 'BINARY_ARITHMETIC_OVERFLOW',
        params: { value1: `${a}${s}`, symbol: o, value2: `${b}${s}`, functionName: `\`${TRY_NAME[o]}\`` },
      };
    }
    return {
      error: 'ARITHMETIC_OVERFLOW',
      params: {
        message: bits === 32 ? 'integer overflow' : 'long overflow',
        alternative: ` Use '${TRY_NAME[o]}' to tolerate overflow and return NULL instead.`,
        config,
      },
    };
  }
  if (b === null) return { value: null };
  if (b === 0n) return ansi ? { error: 'DIVIDE_BY_ZERO', params: { config } } : { value: null };
  if (a === null) return { value: null };
  if (o === 'div') {
    const q = a / b;
    if (wrap(q) === q) return { value: q };
    if (!ansi) return { value: wrap(q) };
    return {
      error: 'ARITHMETIC_OVERFLOW',
      params: {
        message: 'Overflow in integral divide',
        alternative: " Use 'try_divide' to tolerate overflow and return NULL instead.",
        config,
      },
    };
  }
  const r = a % b;
  if (o === '%' || r >= 0n) return { value: r };
  return { value: wrap(r + b) % b };
}

function edgeValues(type: (typeof TYPES)[number]): (bigint | null)[] {
  const { min, max } = integralRange(parseDataTypeString(type))!;
  return [min, min + 1n, -7n, -1n, 0n, 1n, 3n, max - 1n, max, null];
}

const literal = (v: bigint | null, type: (typeof TYPES)[number]) =>
  v === null ? `CAST(NULL AS ${DUCK[type]})` : `CAST(${v} AS ${DUCK[type]})`;

async function outcome(sql: string): Promise<Outcome> {
  try {
    const rows = await session.all(sql);
    const v = rows[0]!.v;
    return { value: v === null ? null : BigInt(v as number | bigint) };
  } catch (e) {
    const err = e as { errorClass?: string; messageParameters?: Record<string, string> };
    return { error: err.errorClass ?? String(e), params: err.messageParameters ?? {} };
  }
}

describe('integral arithmetic gives Java results over edge values', () => {
  const ops: IntegralOperator[] = ['+', '-', '*', 'div', '%', 'pmod'];
  const modes: { mode: OverflowMode; ansi: boolean }[] = [
    { mode: 'ansi', ansi: true },
    { mode: 'legacy', ansi: false },
    { mode: 'explicit', ansi: true },
  ];
  for (const { mode, ansi } of modes) {
    for (const type of TYPES) {
      it(`${type} in ${mode} mode`, async () => {
        const t = parseDataTypeString(type);
        const values = edgeValues(type);
        // Pairs with a value run together over a VALUES table; each failing pair runs alone.
        const queries: { sql: string; want: (bigint | null)[] }[] = [];
        const single: { sql: string; want: Outcome; label: string }[] = [];
        const from = (pairs: [bigint | null, bigint | null][]) =>
          `FROM (VALUES ${pairs.map(([a, b], i) => `(${i}, ${literal(a, type)}, ${literal(b, type)})`).join(', ')}) AS t(i, a, b)`;
        for (const o of ops) {
          // Spark's div is bigint only (IntegralDivisionTypeCoercion casts its operands).
          if (o === 'div' && type !== 'bigint') continue;
          const divides = o === 'div' || o === '%' || o === 'pmod';
          // A column divisor, then (for div, % and pmod) each divisor as a literal.
          for (const divisor of divides ? [undefined, ...values] : [undefined]) {
            const right = divisor === undefined ? '"b"' : literal(divisor, type);
            const sql = compileIntegralArithmetic(o, '"a"', right, t, t, mode);
            const ok: [bigint | null, bigint | null][] = [];
            const want: (bigint | null)[] = [];
            for (const a of values) {
              for (const b of divisor === undefined ? values : [divisor]) {
                const w = java(o, a, b, type, ansi);
                if ('value' in w) {
                  ok.push([a, b]);
                  want.push(w.value);
                } else {
                  single.push({
                    sql: `SELECT ${sql} AS v ${from([[a, b]])}`,
                    want: w,
                    label: `${a} ${o} ${b}`,
                  });
                }
              }
            }
            if (ok.length > 0) queries.push({ sql: `SELECT ${sql} AS v ${from(ok)} ORDER BY i`, want });
          }
        }
        for (const q of queries) {
          const rows = await session.all(q.sql);
          expect(
            rows.map((r) => (r.v === null ? null : BigInt(r.v as number | bigint))),
            q.sql,
          ).toEqual(q.want);
        }
        for (const c of single) expect(await outcome(c.sql), c.label).toEqual(c.want);
      });
    }
  }
});

describe('narrowing integral casts', () => {
  const narrow = (v: string, mode: 'ansi' | 'try' | 'legacy') =>
    compileCast(
      `CAST(${v} AS BIGINT)`,
      parseDataTypeString('bigint'),
      parseDataTypeString('int'),
      mode,
      ANSI,
    );

  it("are DuckDB's checked cast, TRY_CAST, or a wrap in the operand's width", () => {
    expect(narrow('1', 'ansi')).toBe('(CAST(1 AS BIGINT))::BIGINT::INTEGER');
    expect(narrow('1', 'try')).toBe('TRY_CAST((CAST(1 AS BIGINT))::BIGINT AS INTEGER)');
    expect(narrow('1', 'legacy')).not.toContain('HUGEINT');
  });

  it("give Spark's CAST_OVERFLOW, NULL, or Java's wrapped value", async () => {
    await expect(session.all(`SELECT ${narrow('3000000000', 'ansi')} AS v`)).rejects.toMatchObject({
      errorClass: 'CAST_OVERFLOW',
      messageParameters: {
        value: '3000000000L',
        sourceType: '"BIGINT"',
        targetType: '"INT"',
        ansiConfig: '"spark.sql.ansi.enabled"',
      },
    });
    expect((await session.all(`SELECT ${narrow('3000000000', 'try')} AS v`))[0]!.v).toBeNull();
    expect((await session.all(`SELECT ${narrow('3000000000', 'legacy')} AS v`))[0]!.v).toBe(-1294967296);
    expect((await session.all(`SELECT ${narrow('-9223372036854775808', 'legacy')} AS v`))[0]!.v).toBe(0);
  });
});
