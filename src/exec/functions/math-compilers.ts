/**
 * DuckDB SQL for Spark's math functions. Spark differs from DuckDB in: round is HALF_UP and bround HALF_EVEN
 * for every type (DuckDB's round on DOUBLE rounds half away from zero too, round_even is HALF_EVEN); sqrt/log
 * of out-of-domain inputs give NaN / NULL instead of errors (Spark's Logarithm returns NULL for x <= 0);
 * ceil/floor return BIGINT; pmod is never negative.
 */

import { resolveBinaryOperator } from '../../plan/types/binary-operator.js';
import type { DataType } from '../../types/data-types.js';
import { compileBinaryOperator } from '../operators/compile-binary-operator.js';
import { intervalAbsSql, intervalUnitsSql } from '../operators/interval-units.js';
import {
  ANSI_CONFIG,
  integralRange,
  negationOverflowSql,
  raiseSql,
  reuse,
  wrapSql,
} from '../operators/sql-helpers.js';
import { type CompileFn, call, cast, compilers, raise } from './compiler-kit.js';
import { intervalDoubleAxis } from './double-axis.js';
import type { FunctionCompiler } from './function-compiler.js';
import { compileRoundCeilFloor } from './round-ceil-floor-compiler.js';

const dbl = (x: string): string => `CAST(${x} AS DOUBLE)`;
const nanIfNot = (cond: string, expr: string): string =>
  `CASE WHEN ${cond} THEN ${expr} ELSE CAST('NaN' AS DOUBLE) END`;
/** Spark's log family: NULL for x <= 0. */
const logOf =
  (fn: (x: string) => string): CompileFn =>
  ([x]) =>
    `CASE WHEN ${x} <= 0 THEN NULL ELSE ${fn(x as string)} END`;

const rounding =
  (duck: 'round' | 'round_even'): CompileFn =>
  ([x, d], args, resolved, semantics) => {
    const t = resolved.returnType;
    const scale = d ?? '0';
    if (t.kind === 'decimal' || (t.kind === 'primitive' && (t.name === 'double' || t.name === 'float'))) {
      return cast(`${duck}(${x}, ${scale})`, t);
    }
    const range = integralRange(t);
    const digits = args[1] === undefined ? 0 : Number(args[1].value ?? Number.NaN);
    if (!range || !Number.isInteger(digits)) return cast(`${duck}(CAST(${x} AS DECIMAL(38,0)), ${scale})`, t);
    if (digits >= 0) return cast(x as string, t);
    return roundIntegral(
      x as string,
      -digits,
      duck === 'round' ? 'HALF_UP' : 'HALF_EVEN',
      range,
      t,
      semantics.ansi,
    );
  };

/**
 * round / bround of an integer to `k` > 0 places left of the point, exactly (HUGEINT, no DECIMAL or DOUBLE
 * detour). A result outside the type is Spark's ARITHMETIC_OVERFLOW ("Overflow") under ANSI, else it wraps
 * as Java's narrowing does (RoundBase for ByteType … LongType).
 */
function roundIntegral(
  x: string,
  k: number,
  mode: 'HALF_UP' | 'HALF_EVEN',
  range: NonNullable<ReturnType<typeof integralRange>>,
  t: DataType,
  ansi: boolean,
): string {
  // |x| < 2^63 < 10^19 / 2: from 20 places on, every value rounds to 0.
  if (k > 19) return cast('0', t);
  const m = `${10n ** BigInt(k)}::HUGEINT`;
  return reuse(`CAST(${x} AS HUGEINT)`, (v) => {
    const q = `(${v} // ${m})`;
    const twiceRest = `(abs(${v} % ${m}) * 2)`;
    const away =
      mode === 'HALF_UP'
        ? `${twiceRest} >= ${m}`
        : `(${twiceRest} > ${m} OR (${twiceRest} = ${m} AND ${q} % 2 <> 0))`;
    const rounded = `((${q} + CASE WHEN ${away} THEN sign(${v}) ELSE 0 END) * ${m})`;
    return reuse(rounded, (r) => {
      const outside = ansi
        ? raiseSql('ARITHMETIC_OVERFLOW', {
            message: { text: 'Overflow' },
            alternative: { text: '' },
            config: ANSI_CONFIG,
          })
        : cast(wrapSql(r, range.bits), t);
      return `CASE WHEN ${r} BETWEEN ${range.min} AND ${range.max} THEN ${cast(r, t)} ELSE ${outside} END`;
    });
  });
}

const ceilFloor =
  (fn: 'ceil' | 'floor'): CompileFn =>
  ([x, d], _args, resolved) =>
    d === undefined
      ? cast(`${fn}(${x})`, resolved.returnType)
      : compileRoundCeilFloor(fn, x as string, resolved);

export const MATH_COMPILERS: readonly FunctionCompiler[] = compilers({
  // Java's abs of an integral minimum: ARITHMETIC_OVERFLOW under ANSI (as unary minus), itself in legacy mode.
  abs: ([x], _args, resolved, semantics) => {
    const interval = intervalAbsSql(x as string, resolved.returnType);
    if (interval !== undefined) return interval;
    const range = integralRange(resolved.returnType);
    if (!range) return `abs(${x})`;
    return reuse(x as string, (v) => {
      const atMin = semantics.ansi ? negationOverflowSql(range) : v;
      return `CASE WHEN ${v} = ${range.min} THEN ${atMin} ELSE abs(${v}) END`;
    });
  },
  positive: ([x]) => `(${x})`,
  negative: ([x]) => `(- ${x})`,
  acos: ([x]) => nanIfNot(`${x} BETWEEN -1 AND 1`, `acos(${x})`),
  asin: ([x]) => nanIfNot(`${x} BETWEEN -1 AND 1`, `asin(${x})`),
  atan: call('atan'),
  cbrt: call('cbrt'),
  cos: call('cos'),
  cosh: ([x]) => `(exp(${x}) + exp(-${x})) / 2`,
  cot: ([x]) => `1 / tan(${x})`,
  csc: ([x]) => `1 / sin(${x})`,
  sec: ([x]) => `1 / cos(${x})`,
  degrees: call('degrees'),
  exp: call('exp'),
  expm1: ([x]) => `exp(${x}) - 1`,
  ln: logOf((x) => `ln(${x})`),
  log10: logOf((x) => `log10(${x})`),
  log2: logOf((x) => `log2(${x})`),
  log1p: ([x]) => `CASE WHEN ${x} <= -1 THEN NULL ELSE ln(1 + ${x}) END`,
  log: ([b, x]) =>
    x === undefined
      ? `CASE WHEN ${b} <= 0 THEN NULL ELSE ln(${b}) END`
      : `CASE WHEN ${b} <= 0 OR ${x} <= 0 THEN NULL ELSE ln(${x}) / ln(${b}) END`,
  radians: call('radians'),
  rint: call('round_even'),
  sin: call('sin'),
  sinh: ([x]) => `(exp(${x}) - exp(-${x})) / 2`,
  sqrt: ([x]) => nanIfNot(`${x} >= 0 OR isnan(${x})`, `sqrt(${x})`),
  tan: call('tan'),
  tanh: ([x]) => `tanh(${x})`,
  acosh: ([x]) => `acosh(${x})`,
  asinh: ([x]) => `asinh(${x})`,
  atanh: ([x]) => `atanh(${x})`,
  signum: ([x], _args, resolved) => dbl(`sign(${intervalUnitsSql(x!, resolved.inputTypes[0]!) ?? x})`),
  atan2: call('atan2'),
  hypot: ([a, b]) => `sqrt(${a} * ${a} + ${b} * ${b})`,
  power: ([a, b]) => `pow(${a}, ${b})`,
  round: rounding('round'),
  bround: rounding('round_even'),
  ceil: ceilFloor('ceil'),
  floor: ceilFloor('floor'),
  pi: () => 'pi()',
  e: () => 'exp(1)',
  // A zero divisor is DIVIDE_BY_ZERO under ANSI and NULL otherwise, as for `%`.
  pmod: ([a, b], _args, _r, semantics) =>
    `CASE WHEN ${b} = 0 THEN ${semantics.ansi ? raise('DIVIDE_BY_ZERO', { config: `'"spark.sql.ansi.enabled"'` }) : 'NULL'} ELSE ((${a} % ${b}) + ${b}) % ${b} END`,
  mod: ([a, b], args, _r, semantics) =>
    compileBinaryOperator(
      '%',
      a!,
      b!,
      resolveBinaryOperator('%', args[0]!.type, args[1]!.type, semantics),
      semantics,
    ),
  greatest: call('greatest'),
  least: call('least'),
  factorial: ([n]) => `CASE WHEN ${n} BETWEEN 0 AND 20 THEN CAST(factorial(${n}) AS BIGINT) END`,
  conv: ([s, from, to]) =>
    `CASE WHEN ${from} = 10 AND ${to} = 2 THEN ltrim(bin(CAST(${s} AS BIGINT)), '0') WHEN ${from} = 10 AND ${to} = 16 THEN upper(ltrim(hex(CAST(${s} AS BIGINT)), '0')) WHEN ${to} = 10 AND ${from} = 16 THEN CAST(CAST(('0x' || ${s}) AS BIGINT) AS VARCHAR) WHEN ${to} = 10 AND ${from} = 2 THEN CAST(CAST(('0b' || ${s}) AS BIGINT) AS VARCHAR) END`,
  // Over intervals WidthBucket compares their months or microseconds as doubles.
  width_bucket: (given, _args, resolved) => {
    const [v, lo, hi, n] = given.map(
      (x, i) => intervalDoubleAxis(resolved.inputTypes[i]!)?.toDouble(x!) ?? x,
    );
    return widthBucket(v!, lo!, hi!, n!);
  },
});

function widthBucket(v: string, lo: string, hi: string, n: string): string {
  return `CASE WHEN ${n} <= 0 OR ${lo} = ${hi} THEN NULL WHEN ${lo} < ${hi} THEN CASE WHEN ${v} < ${lo} THEN 0 WHEN ${v} >= ${hi} THEN ${n} + 1 ELSE CAST(floor((${v} - ${lo}) / (${hi} - ${lo}) * ${n}) + 1 AS BIGINT) END ELSE CASE WHEN ${v} > ${lo} THEN 0 WHEN ${v} <= ${hi} THEN ${n} + 1 ELSE CAST(floor((${lo} - ${v}) / (${lo} - ${hi}) * ${n}) + 1 AS BIGINT) END END`;
}
