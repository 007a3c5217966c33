/**
 * CAST with Spark's semantics in DuckDB SQL (Cast.scala): `ansi` raises Spark's errors (CAST_INVALID_INPUT,
 * CAST_OVERFLOW, NUMERIC_VALUE_OUT_OF_RANGE), `try` gives NULL instead, `legacy` follows the non-ANSI casts
 * (invalid input is NULL, integral narrowing wraps like Java, string '1.5' to int truncates).
 * The analyzer has already checked that the cast is allowed (plan/types/cast-rules.ts).
 */
import type { SessionSemantics } from '../../plan/functions/function-signature.js';
import {
  isAnsiInterval,
  isFloating,
  isIntegral,
  isNumeric,
  isStringLike,
  typesEqual,
} from '../../plan/types/type-classes.js';
import { toSqlType } from '../../plan/types/type-sql.js';
import type {
  DataType,
  DayTimeIntervalType,
  DecimalType,
  YearMonthIntervalType,
} from '../../types/data-types.js';
import { compileCastFromString } from './cast-from-string.js';
import { compileCastToString } from './cast-to-string.js';
import { fitDecimal } from './decimal-arithmetic.js';
import {
  castDecimalToInterval,
  castIntegralToInterval,
  castIntervalToDecimal,
  castIntervalToIntegral,
  castIntervalToInterval,
} from './interval-casts.js';
import {
  ANSI_CONFIG,
  duckType,
  integerLiteral,
  integralRange,
  lit,
  raiseSql,
  reuse,
  wrapSql,
} from './sql-helpers.js';
import { castStringToDayTimeInterval } from './string-to-day-time-interval.js';
import { castStringToYearMonthInterval } from './string-to-year-month-interval.js';
import { castFromVariant, castToVariant } from './variant-casts.js';

export type CastEvalMode = 'ansi' | 'try' | 'legacy';

const is = (t: DataType, name: string) => t.kind === 'primitive' && t.name === name;

export function compileCast(
  sql: string,
  from: DataType,
  to: DataType,
  mode: CastEvalMode,
  semantics: SessionSemantics,
): string {
  // The session time zone is DuckDB's TimeZone setting (EngineSession), which casts use.
  if (typesEqual(from, to) || (isStringLike(from) && isStringLike(to))) return `(${sql})`;
  const target = duckType(to);
  if (is(from, 'void')) return `NULL::${target}`;
  if (is(from, 'variant')) return castFromVariant(sql, to, mode === 'ansi', semantics);
  if (is(to, 'variant')) return castToVariant(sql, from);
  if (isStringLike(to)) return compileCastToString(sql, from);
  if (isStringLike(from) && to.kind === 'yearMonthInterval')
    return castStringToYearMonthInterval(sql, to, mode);
  if (isStringLike(from) && to.kind === 'dayTimeInterval') return castStringToDayTimeInterval(sql, to, mode);
  if (isStringLike(from)) return compileCastFromString(sql, to, mode);
  const x = `(${sql})::${duckType(from)}`;
  if (isAnsiInterval(from) || isAnsiInterval(to)) {
    const f = from as YearMonthIntervalType | DayTimeIntervalType;
    const t = to as YearMonthIntervalType | DayTimeIntervalType;
    if (isAnsiInterval(from) && from.kind === to.kind) return castIntervalToInterval(x, t);
    if (isAnsiInterval(from) && isIntegral(to)) return castIntervalToIntegral(x, f, to, mode);
    if (isIntegral(from) && isAnsiInterval(to)) return castIntegralToInterval(x, from, t, mode);
    if (isAnsiInterval(from) && to.kind === 'decimal') return castIntervalToDecimal(x, f, to, mode);
    if (from.kind === 'decimal' && isAnsiInterval(to)) return castDecimalToInterval(x, from, t, mode);
  }
  if (isIntegral(to)) return castToIntegral(x, from, to, mode);
  if (to.kind === 'decimal') {
    // A widening cast (every value of `from` fits) needs no per-row check: Spark's implicit casts of
    // integers and narrower decimals to a decimal operand are all of this kind.
    if (decimalHolds(to, from)) return `${x}::${target}`;
    // An integer literal that fits (Spark types `1` in `1 - l_discount` as decimal(1,0)) is cast once here,
    // not checked per row.
    const n = isIntegral(from) ? integerLiteral(sql) : undefined;
    if (n !== undefined && (n < 0n ? -n : n) < 10n ** BigInt(to.precision - to.scale)) {
      return `CAST(${n} AS ${target})`;
    }
    const v = is(from, 'boolean') ? `${x}::INTEGER` : x;
    return fitDecimal(v, to, mode === 'ansi');
  }
  if (isFloating(to)) {
    if (is(from, 'timestamp')) return `(epoch_us(${x}) / 1000000.0)::${target}`;
    return `${x}::${target}`;
  }
  if (is(to, 'boolean')) {
    if (is(from, 'date')) return `(CASE WHEN ${x} IS NULL THEN NULL ELSE NULL::BOOLEAN END)`;
    return `(${x} <> 0)`;
  }
  if (is(to, 'timestamp')) {
    if (isFloating(from)) return castFloatingToTimestamp(x, from, to, mode);
    if (isNumeric(from)) return `to_timestamp(${x}::DOUBLE)`;
    return `${x}::TIMESTAMPTZ`;
  }
  // The legacy cast of an integral number to BINARY: its big-endian two's complement bytes, as many as the
  // type's width (Cast.scala's castToBinary; ANSI refuses the cast at analysis). to_hex of a BIGINT writes a
  // negative number's 16 digits, a positive one's without padding.
  if (is(to, 'binary') && isIntegral(from)) {
    const digits = integralRange(from)!.bits / 4;
    return `unhex(right(lpad(to_hex(${x}::BIGINT), 16, '0'), ${digits}))`;
  }
  if (to.kind === 'array' && from.kind === 'array') {
    return `list_transform(${x}, lambda __a: ${compileCast('__a', from.elementType, to.elementType, mode, semantics)})`;
  }
  if (to.kind === 'map' && from.kind === 'map') {
    return reuse(
      x,
      (m) =>
        `CASE WHEN ${m} IS NULL THEN NULL ELSE map_from_entries(list_transform(map_entries(${m}), lambda __e: {'key': ${compileCast('__e.key', from.keyType, to.keyType, mode, semantics)}, 'value': ${compileCast('__e.value', from.valueType, to.valueType, mode, semantics)}})) END`,
    );
  }
  if (to.kind === 'struct' && from.kind === 'struct') {
    return reuse(
      x,
      (s) =>
        `CASE WHEN ${s} IS NULL THEN NULL ELSE struct_pack(${to.fields.map((f, i) => `"${f.name.replaceAll('"', '""')}" := ${compileCast(`struct_extract(${s}, ${lit(from.fields[i]!.name)})`, from.fields[i]!.type, f.type, mode, semantics)}`).join(', ')}) END`,
    );
  }
  // date <-> timestamp <-> timestamp_ntz: DuckDB converts through the session TimeZone, as Spark does.
  return `${x}::${target}`;
}

/**
 * Numeric / boolean / timestamp to an integral type: truncate, then check the range (ANSI) or wrap (legacy).
 * Between integral types no per-row check is written: widening cannot fail, and narrowing is DuckDB's own
 * checked cast (its out-of-range error becomes CAST_OVERFLOW in engine/duckdb-error.ts), TRY_CAST, or
 * Java's wrap-around in the operand's own width.
 */
function castToIntegral(x: string, from: DataType, to: DataType, mode: CastEvalMode): string {
  const range = integralRange(to)!;
  const target = duckType(to);
  if (is(from, 'boolean')) return `(CASE WHEN ${x} THEN 1 ELSE 0 END)::${target}`;
  const fromRange = integralRange(from);
  if (fromRange !== undefined) {
    if (fromRange.bits <= range.bits || mode === 'ansi') return `${x}::${target}`;
    if (mode === 'try') return `TRY_CAST(${x} AS ${target})`;
    return `${wrapSql(x, range.bits, 'BIGINT')}::${target}`;
  }
  // Floating, decimal and timestamp sources: the range check names the source value, as Spark does. The
  // operand is referenced a few times: DuckDB evaluates a column or a small expression again at little cost.
  const w = is(from, 'timestamp')
    ? `floor(epoch_us(${x}) / 1000000)::HUGEINT`
    : isFloating(from) || from.kind === 'decimal'
      ? `trunc(${x})`
      : `${x}::HUGEINT`;
  const overflow =
    mode === 'ansi'
      ? raiseSql('CAST_OVERFLOW', {
          value: { sql: castOverflowValue(x, from) },
          sourceType: { text: toSqlType(from) },
          targetType: { text: toSqlType(to) },
          ansiConfig: ANSI_CONFIG,
        })
      : mode === 'try'
        ? 'NULL'
        : legacyNarrow(x, w, from, range.bits, target);
  // TRY: DuckDB's own checked cast of the truncated value is NULL out of range, NaN and Infinity included.
  if (mode === 'try') return `TRY_CAST(${w} AS ${target})`;
  // The bound above is exclusive (max + 1): 2^63 as a double equals Long.MaxValue converted to double, and
  // does not fit. NaN and ±Infinity are outside every range (DuckDB orders NaN above all numbers); a NULL
  // takes no branch.
  return `(CASE WHEN NOT (${w} >= ${range.min} AND ${w} < ${range.max + 1n}) THEN ${overflow} ELSE ${w}::${target} END)`;
}

/**
 * doubleToTimestamp: NaN and ±Infinity have no instant, so ANSI fails with CAST_INVALID_INPUT naming Java's
 * text of the value (`Infinity`), and the other modes give NULL.
 */
function castFloatingToTimestamp(x: string, from: DataType, to: DataType, mode: CastEvalMode): string {
  const invalid =
    mode === 'ansi'
      ? raiseSql('CAST_INVALID_INPUT', {
          expression: {
            sql: `CASE WHEN isnan(${x}) THEN 'NaN' WHEN ${x} > 0 THEN 'Infinity' ELSE '-Infinity' END`,
          },
          sourceType: { text: toSqlType(from) },
          targetType: { text: toSqlType(to) },
          ansiConfig: ANSI_CONFIG,
        })
      : 'NULL';
  return `(CASE WHEN isnan(${x}) OR isinf(${x}) THEN ${invalid} ELSE to_timestamp(${x}::DOUBLE) END)`;
}

/** Java's narrowing: integral and decimal wrap; double -> int/long saturates (NaN is 0), then wraps to byte/short. */
function legacyNarrow(v: string, w: string, from: DataType, bits: number, target: string): string {
  if (isFloating(from)) {
    const sat = bits === 64 ? [-9223372036854775808n, 9223372036854775807n] : [-2147483648n, 2147483647n];
    const saturated = `(CASE WHEN isnan(${v}) THEN 0 WHEN ${v} >= ${sat[1]} THEN ${sat[1]}::HUGEINT WHEN ${v} <= ${sat[0]} THEN ${sat[0]}::HUGEINT ELSE trunc(${v})::HUGEINT END)`;
    return `${wrapSql(saturated, bits)}::${target}`;
  }
  return `${wrapSql(`${w}::HUGEINT`, bits)}::${target}`;
}

/** Digits before the point of Spark's integral types (DecimalType.forType: 3, 5, 10, 20). */
const INTEGRAL_DIGITS: Readonly<Record<number, number>> = { 8: 3, 16: 5, 32: 10, 64: 20 };

/** True when every value of `from` is exactly a value of decimal type `to`. */
function decimalHolds(to: DecimalType, from: DataType): boolean {
  const range = integralRange(from);
  if (range !== undefined) return to.precision - to.scale >= INTEGRAL_DIGITS[range.bits]!;
  return (
    from.kind === 'decimal' &&
    to.scale >= from.scale &&
    to.precision - to.scale >= from.precision - from.scale
  );
}

/** Spark prints the overflowing value as a SQL literal of its type (`128S`, `1.0E10D`, `2147483648L`). */
function castOverflowValue(v: string, from: DataType): string {
  const suffix = is(from, 'long')
    ? 'L'
    : is(from, 'short')
      ? 'S'
      : is(from, 'byte')
        ? 'Y'
        : is(from, 'double')
          ? 'D'
          : '';
  return `${compileCastToString(v, from)} || ${lit(suffix)}`;
}
