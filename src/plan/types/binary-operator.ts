/**
 * Spark's typing of the SQL operators: which casts the analyzer inserts on each side and the result type.
 * Rules, in Spark's order: BinaryArithmeticWithDatetimeResolver (date/timestamp/interval arithmetic), string
 * promotion (AnsiStringPromotionTypeCoercion in ANSI mode, PromoteStrings in legacy mode), DecimalPrecision
 * (integral meets decimal -> decimal, float meets decimal -> double), DivisionTypeCoercion (`/` on
 * non-decimals is double), IntegralDivisionTypeCoercion (`div` is bigint), ImplicitTypeCasts (the tightest
 * common type) and finally the operator's own input-type check (BINARY_OP_DIFF_TYPES / BINARY_OP_WRONG_TYPE).
 */
import { LakesqlError } from '../../errors/index.js';
import {
  BinaryType,
  BooleanType,
  type DataType,
  DateType,
  DoubleType,
  LongType,
  StringType,
  TimestampType,
} from '../../types/data-types.js';
import { resolveDateDays } from './date-days-arithmetic.js';
import { decimalResultType } from './decimal-precision.js';
import {
  containsVariant,
  decimalForLiteral,
  decimalForType,
  isAnsiInterval,
  isAtomic,
  isDatetime,
  isFloating,
  isIntegral,
  isInterval,
  isNull,
  isNumeric,
  isStringLike,
  sameType,
} from './type-classes.js';
import {
  ansiStringPromotion,
  asExpressionType,
  findTightestCommonType,
  findWiderTypeForDecimal,
  findWiderTypeForTwo,
} from './type-coercion.js';
import { toSqlType } from './type-sql.js';

export type ArithmeticOperator = '+' | '-' | '*' | '/' | 'div' | '%' | 'pmod';
export type ComparisonOperator = '=' | '==' | '<>' | '!=' | '<' | '<=' | '>' | '>=' | '<=>';
export type BinaryOperator = ArithmeticOperator | ComparisonOperator | 'and' | 'or' | '||' | '&' | '|' | '^';

/**
 * How the operator computes once its operands are cast: plain numeric arithmetic, or one of the datetime
 * forms Spark rewrites `+`/`-` into (DateAdd, DateSub, SubtractDates, SubtractTimestamps, TimeAdd …).
 */
export type OperatorForm =
  | 'numeric'
  | 'dateAddDays'
  | 'dateSubDays'
  | 'subtractDates'
  | 'subtractTimestamps'
  | 'datetimePlusInterval'
  | 'datetimeMinusInterval'
  | 'interval'
  | 'comparison'
  | 'logical'
  | 'concat'
  | 'bitwise';

export interface ResolvedOperator {
  readonly leftCast: DataType;
  readonly rightCast: DataType;
  readonly resultType: DataType;
  readonly form: OperatorForm;
  /** The type the result is cast to afterwards (Spark's `Cast(TimeAdd(l, r), l.dataType)` for a string). */
  readonly resultCast?: DataType;
}

export interface OperatorSemantics {
  /** spark.sql.ansi.enabled */
  readonly ansi: boolean;
  /** spark.sql.decimalOperations.allowPrecisionLoss (default true). */
  readonly allowPrecisionLoss?: boolean;
}

/** What the analyzer knows beyond the types: SQL text for messages and integral literal values. */
export interface OperandInfo {
  /** Spark's pretty SQL of the whole expression, e.g. `(1 + 2)`; used in sqlExpr of errors. */
  readonly sqlExpr?: string;
  /** The value when the left operand is an integral literal (DecimalPrecision's literalPickMinimumPrecision). */
  readonly leftLiteral?: bigint;
  readonly rightLiteral?: bigint;
  /** Spark's pretty SQL of each operand, for errors of the expression Spark rewrites the operator into. */
  readonly leftSql?: string;
  readonly rightSql?: string;
}

const INPUT_TYPES: Record<ArithmeticOperator | '&' | '|' | '^', string> = {
  '+': '("NUMERIC" or "INTERVAL DAY TO SECOND" or "INTERVAL YEAR TO MONTH" or "INTERVAL")',
  '-': '("NUMERIC" or "INTERVAL DAY TO SECOND" or "INTERVAL YEAR TO MONTH" or "INTERVAL")',
  '*': '"NUMERIC"',
  '/': '("DOUBLE" or "DECIMAL")',
  div: '("BIGINT" or "DECIMAL")',
  '%': '"NUMERIC"',
  pmod: '"NUMERIC"',
  '&': '"INTEGRAL"',
  '|': '"INTEGRAL"',
  '^': '"INTEGRAL"',
};

export function resolveBinaryOperator(
  op: BinaryOperator,
  leftType: DataType,
  rightType: DataType,
  semantics: OperatorSemantics,
  info: OperandInfo = {},
): ResolvedOperator {
  const l = asExpressionType(leftType);
  const r = asExpressionType(rightType);
  const ctx = { op, semantics, info, sqlExpr: info.sqlExpr ?? '' };
  switch (op) {
    case '+':
    case '-':
    case '*':
    case '/':
    case 'div':
    case '%':
    case 'pmod':
      return resolveArithmetic(op, l, r, ctx);
    case '=':
    case '==':
    case '<>':
    case '!=':
    case '<':
    case '<=':
    case '>':
    case '>=':
    case '<=>':
      return resolveComparison(l, r, ctx);
    case 'and':
    case 'or':
      return resolveLogical(l, r, ctx);
    case '||':
      return resolveConcat(l, r);
    case '&':
    case '|':
    case '^':
      return resolveBitwise(op, l, r, ctx);
  }
}

interface Ctx {
  readonly op: BinaryOperator;
  readonly semantics: OperatorSemantics;
  readonly info: OperandInfo;
  readonly sqlExpr: string;
}

function diffTypes(l: DataType, r: DataType, ctx: Ctx): LakesqlError {
  return new LakesqlError('DATATYPE_MISMATCH.BINARY_OP_DIFF_TYPES', {
    left: toSqlType(l),
    right: toSqlType(r),
    sqlExpr: ctx.sqlExpr,
  });
}

function wrongType(inputType: string, actual: DataType, ctx: Ctx): LakesqlError {
  return new LakesqlError('DATATYPE_MISMATCH.BINARY_OP_WRONG_TYPE', {
    inputType,
    actualDataType: toSqlType(actual),
    sqlExpr: ctx.sqlExpr,
  });
}

const is = (t: DataType, name: string) => t.kind === 'primitive' && t.name === name;
const resolved = (leftCast: DataType, rightCast: DataType, resultType: DataType, form: OperatorForm) => ({
  leftCast,
  rightCast,
  resultType,
  form,
});

function resolveArithmetic(op: ArithmeticOperator, l0: DataType, r0: DataType, ctx: Ctx): ResolvedOperator {
  const datetime = resolveDatetimeArithmetic(op, l0, r0, ctx);
  if (datetime !== undefined) return datetime;
  // Before string promotion: Spark's resolver rewrites these before type coercion runs.
  const timeAdd = timeAddOfNonDatetime(op, l0, r0, ctx);
  if (timeAdd !== undefined) return timeAdd;
  const scaled = intervalScaling(op, l0, r0, ctx);
  if (scaled !== undefined) return scaled;
  let [l, r] = promoteStringsForArithmetic(l0, r0, ctx);
  // NULL takes the other side's type; NULL with NULL is double for `/` and bigint for `div`, else int? Spark:
  // ImplicitTypeCasts gives NullType operands the operator's default concrete input type.
  if (isNull(l) && isNull(r)) {
    const t = op === '/' ? DoubleType : op === 'div' ? LongType : DoubleType;
    l = t;
    r = t;
  } else if (isNull(l)) {
    l = r;
  } else if (isNull(r)) {
    r = l;
  }
  if (
    isAnsiInterval(l) ||
    isAnsiInterval(r) ||
    l.kind === 'calendarInterval' ||
    r.kind === 'calendarInterval'
  ) {
    return resolveIntervalArithmetic(op, l, r, ctx);
  }
  if (!isNumeric(l) || !isNumeric(r)) {
    if (sameType(l, r)) throw wrongType(INPUT_TYPES[op], l, ctx);
    throw diffTypes(l, r, ctx);
  }
  if (op === 'div') return resolveIntegralDivide(l, r, ctx);
  if (l.kind === 'decimal' || r.kind === 'decimal') return resolveDecimalArithmetic(op, l, r, ctx);
  if (op === '/') return resolved(DoubleType, DoubleType, DoubleType, 'numeric');
  const common = findTightestCommonType(l, r, ctx.semantics)!;
  return resolved(common, common, common, 'numeric');
}

/** ANSI: AnsiStringPromotionTypeCoercion; legacy: PromoteStrings casts string operands of arithmetic to double. */
function promoteStringsForArithmetic(l: DataType, r: DataType, ctx: Ctx): [DataType, DataType] {
  if (!isStringLike(l) && !isStringLike(r)) return [l, r];
  if (ctx.semantics.ansi) {
    const p = ansiStringPromotion(l, r);
    if (p === undefined || isStringLike(p)) {
      if (isStringLike(l) && isStringLike(r))
        throw wrongType(INPUT_TYPES[ctx.op as ArithmeticOperator], StringType, ctx);
      return [l, r];
    }
    return [p, p];
  }
  return [isStringLike(l) ? DoubleType : l, isStringLike(r) ? DoubleType : r];
}

function literalDecimal(t: DataType, literal: bigint | undefined) {
  return literal !== undefined && isIntegral(t) ? decimalForLiteral(literal) : decimalForType(t)!;
}

/** DecimalPrecision: integral -> decimal (a literal takes only the digits it needs), float/double -> double. */
function resolveDecimalArithmetic(
  op: ArithmeticOperator,
  l: DataType,
  r: DataType,
  ctx: Ctx,
): ResolvedOperator {
  if (isFloating(l) || isFloating(r)) {
    return resolved(DoubleType, DoubleType, DoubleType, 'numeric');
  }
  const ld = l.kind === 'decimal' ? l : literalDecimal(l, ctx.info.leftLiteral);
  const rd = r.kind === 'decimal' ? r : literalDecimal(r, ctx.info.rightLiteral);
  const dop = op === '/' ? '/' : op === 'pmod' ? 'pmod' : (op as '+' | '-' | '*' | '%');
  return resolved(
    ld,
    rd,
    decimalResultType(dop, ld, rd, ctx.semantics.allowPrecisionLoss ?? true),
    'numeric',
  );
}

/** IntegralDivide: integral operands go to bigint, decimals stay decimals; the result is always bigint. */
function resolveIntegralDivide(l: DataType, r: DataType, ctx: Ctx): ResolvedOperator {
  if (isFloating(l) || isFloating(r)) {
    const bad = isFloating(l) ? l : r;
    if (sameType(l, r)) throw wrongType(INPUT_TYPES.div, bad, ctx);
    throw diffTypes(l, r, ctx);
  }
  if (l.kind === 'decimal' || r.kind === 'decimal') {
    const ld = l.kind === 'decimal' ? l : literalDecimal(l, ctx.info.leftLiteral);
    const rd = r.kind === 'decimal' ? r : literalDecimal(r, ctx.info.rightLiteral);
    return resolved(ld, rd, LongType, 'numeric');
  }
  return resolved(LongType, LongType, LongType, 'numeric');
}

/** INTERVAL DAY: a day-time interval of whole days only. */
const dayInterval = (t: DataType) => t.kind === 'dayTimeInterval' && t.startField === 0 && t.endField === 0;

/** BinaryArithmeticWithDatetimeResolver: `+`/`-` with a DATE or TIMESTAMP operand. */
function resolveDatetimeArithmetic(
  op: ArithmeticOperator,
  l: DataType,
  r: DataType,
  ctx: Ctx,
): ResolvedOperator | undefined {
  if (op !== '+' && op !== '-') return undefined;
  const timestamp = (t: DataType) => isDatetime(t) && !is(t, 'date');
  // NULL against a timestamp: SubtractTimestamps casts it; `ts + NULL` has no rewrite and Add refuses VOID.
  if (op === '-' && timestamp(l) && isNull(r)) return resolveDatetimeArithmetic(op, l, l, ctx);
  if (op === '-' && isNull(l) && isDatetime(r)) return resolveDatetimeArithmetic(op, r, r, ctx);
  if (op === '+' && ((timestamp(l) && isNull(r)) || (isNull(l) && timestamp(r)))) throw diffTypes(l, r, ctx);
  // DATE plus or minus an INTERVAL DAY stays a DATE (DateAdd of the interval's days, SPARK-35852).
  if (is(l, 'date') && dayInterval(r)) {
    return resolved(DateType, r, DateType, op === '+' ? 'datetimePlusInterval' : 'datetimeMinusInterval');
  }
  if (isDatetime(l) && isAnsiInterval(r)) {
    // DATE plus any other day-time interval becomes a timestamp (TimeAdd on CAST(date AS TIMESTAMP)).
    const base = is(l, 'date') && r.kind === 'dayTimeInterval' ? TimestampType : l;
    return resolved(base, r, base, op === '+' ? 'datetimePlusInterval' : 'datetimeMinusInterval');
  }
  if (op === '+' && isAnsiInterval(l) && isDatetime(r)) {
    const base = is(r, 'date') && l.kind === 'dayTimeInterval' && !dayInterval(l) ? TimestampType : r;
    return resolved(l, base, base, 'datetimePlusInterval');
  }
  if (op === '-' && isDatetime(l) && isDatetime(r)) {
    if (is(l, 'date') && is(r, 'date')) {
      return resolved(
        DateType,
        DateType,
        { kind: 'dayTimeInterval', startField: 0, endField: 0 },
        'subtractDates',
      );
    }
    const common = findTightestCommonType(l, r, ctx.semantics)!;
    return resolved(
      common,
      common,
      { kind: 'dayTimeInterval', startField: 0, endField: 3 },
      'subtractTimestamps',
    );
  }
  if (op === '-' && isDatetime(l) && isStringLike(r) && ctx.semantics.ansi) {
    // AnsiStringPromotionTypeCoercion: SubtractDates/SubtractTimestamps cast the string to the other side.
    return resolveDatetimeArithmetic(op, l, l, ctx);
  }
  if (op === '-' && isStringLike(l) && isDatetime(r) && ctx.semantics.ansi) {
    const res = resolveDatetimeArithmetic(op, r, r, ctx)!;
    return { ...res, leftCast: r };
  }
  const refused = subtractionInputRefused(op, l, r, ctx);
  if (refused !== undefined) throw refused;
  const days = resolveDateDays({
    op,
    left: l,
    right: r,
    leftSql: ctx.info.leftSql ?? '',
    rightSql: ctx.info.rightSql ?? '',
    ansi: ctx.semantics.ansi,
  });
  return days && resolved(days.leftCast, days.rightCast, DateType, days.form);
}

/**
 * BinaryArithmeticWithDatetimeResolver rewrites `x - y` with a timestamp on either side into
 * SubtractTimestamps(x, y), and `x - date` into SubtractDates(x, date); their input check refuses an operand
 * that no implicit cast turns into a timestamp (a date): UNEXPECTED_INPUT_TYPE naming it, where the numeric
 * subtraction's BINARY_OP_DIFF_TYPES would otherwise be raised. Strings, NULL and intervals take other rules.
 */
function subtractionInputRefused(
  op: ArithmeticOperator,
  l: DataType,
  r: DataType,
  ctx: Ctx,
): LakesqlError | undefined {
  const { leftSql, rightSql } = ctx.info;
  if (op !== '-' || leftSql === undefined || rightSql === undefined) return undefined;
  const refusable = (t: DataType) => !isDatetime(t) && !isStringLike(t) && !isNull(t) && !isInterval(t);
  const timestamp = (t: DataType) => isDatetime(t) && !is(t, 'date');
  const anyTimestamp = '"(TIMESTAMP OR TIMESTAMP WITHOUT TIME ZONE)"';
  const refuse = (paramIndex: string, requiredType: string, input: DataType, inputSql: string) =>
    new LakesqlError('DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE', {
      sqlExpr: `"(${leftSql} - ${rightSql})"`,
      paramIndex,
      requiredType,
      inputSql: `"${inputSql}"`,
      inputType: toSqlType(input),
    });
  if (timestamp(l) && refusable(r)) return refuse('second', anyTimestamp, r, rightSql);
  if (timestamp(r) && refusable(l)) return refuse('first', anyTimestamp, l, leftSql);
  if (is(r, 'date') && refusable(l)) return refuse('first', '"DATE"', l, leftSql);
  return undefined;
}

function wholeInterval(t: DataType): DataType {
  return t.kind === 'yearMonthInterval'
    ? { kind: 'yearMonthInterval', startField: 0, endField: 1 }
    : { kind: 'dayTimeInterval', startField: 0, endField: 3 };
}

function resolveIntervalArithmetic(
  op: ArithmeticOperator,
  l: DataType,
  r: DataType,
  ctx: Ctx,
): ResolvedOperator {
  if ((op === '+' || op === '-') && l.kind === r.kind && isAnsiInterval(l)) {
    const common = findTightestCommonType(l, r, ctx.semantics)!;
    return resolved(common, common, common, 'interval');
  }
  // IntegralDivide takes two intervals of one family (widened to their common fields): a BIGINT quotient.
  if (op === 'div' && l.kind === r.kind && isAnsiInterval(l)) {
    const common = findTightestCommonType(l, r, ctx.semantics)!;
    return resolved(common, common, LongType, 'interval');
  }
  // MultiplyYMInterval, MultiplyDTInterval, DivideYMInterval, DivideDTInterval: the result is the whole
  // YearMonthIntervalType() / DayTimeIntervalType(), whatever the operand's fields.
  if (op === '*' && isAnsiInterval(l) && isNumeric(r)) return resolved(l, r, wholeInterval(l), 'interval');
  if (op === '*' && isNumeric(l) && isAnsiInterval(r)) return resolved(l, r, wholeInterval(r), 'interval');
  if (op === '/' && isAnsiInterval(l) && isNumeric(r)) return resolved(l, r, wholeInterval(l), 'interval');
  throw diffTypes(l, r, ctx);
}

/**
 * BinaryArithmeticWithDatetimeResolver rewrites `i * x`, `x * i` and `i / x` with an ANSI interval `i` into
 * MultiplyYMInterval / MultiplyDTInterval / DivideYMInterval / DivideDTInterval before string promotion runs.
 * Those take a NumericType: ImplicitTypeCasts casts a string or NULL operand to NumericType's default, DOUBLE
 * (so `'a'` fails as a DOUBLE cast at run time in ANSI mode).
 */
function intervalScaling(
  op: ArithmeticOperator,
  l: DataType,
  r: DataType,
  ctx: Ctx,
): ResolvedOperator | undefined {
  const toNumber = (t: DataType) => (isStringLike(t) || isNull(t) ? DoubleType : t);
  if ((op === '*' || op === '/') && isAnsiInterval(l) && !isAnsiInterval(r)) {
    return resolveIntervalArithmetic(op, l, toNumber(r), ctx);
  }
  if (op === '*' && isAnsiInterval(r) && !isAnsiInterval(l)) {
    return resolveIntervalArithmetic(op, toNumber(l), r, ctx);
  }
  return undefined;
}

const timeInterval = (t: DataType) => t.kind === 'dayTimeInterval' || t.kind === 'calendarInterval';

/**
 * BinaryArithmeticWithDatetimeResolver's last interval cases: `x + i`, `i + x` and `x - i` with a day-time or
 * calendar interval `i` and an `x` that is no date, timestamp or interval become
 * `Cast(TimeAdd(x, [-]i), x.dataType)`. TimeAdd takes a timestamp: a string is cast to TIMESTAMP and the
 * result back to STRING; any other type fails TimeAdd's input check (UNEXPECTED_INPUT_TYPE, named by
 * TimeAdd's own SQL `x + i`, with `(- i)` for a subtraction).
 */
function timeAddOfNonDatetime(
  op: ArithmeticOperator,
  l: DataType,
  r: DataType,
  ctx: Ctx,
): ResolvedOperator | undefined {
  // Two intervals of one family add as intervals; any other pair (a year-month interval with a day-time or
  // calendar one) reaches TimeAdd too, which refuses the year-month interval as its timestamp.
  const sameFamily = l.kind === r.kind;
  const intervalFirst = op === '+' && timeInterval(l) && !timeInterval(r) && !sameFamily;
  const intervalSecond = (op === '+' || op === '-') && timeInterval(r) && !sameFamily;
  if (!intervalFirst && !intervalSecond) return undefined;
  const [x, i] = intervalSecond ? [l, r] : [r, l];
  const [xSql, iSql] = intervalSecond
    ? [ctx.info.leftSql, ctx.info.rightSql]
    : [ctx.info.rightSql, ctx.info.leftSql];
  // NULL takes the interval's type (the NullType cases come first in Spark's resolver).
  if (isDatetime(x) || isNull(x)) return undefined;
  if (isStringLike(x)) {
    const form = op === '+' ? 'datetimePlusInterval' : 'datetimeMinusInterval';
    const [leftCast, rightCast] = intervalSecond ? [TimestampType, i] : [i, TimestampType];
    return { leftCast, rightCast, resultType: TimestampType, form, resultCast: StringType };
  }
  if (xSql === undefined || iSql === undefined) return undefined;
  throw new LakesqlError('DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE', {
    sqlExpr: `"${xSql} + ${op === '-' ? `(- ${iSql})` : iSql}"`,
    paramIndex: 'first',
    requiredType: '"(TIMESTAMP OR TIMESTAMP WITHOUT TIME ZONE)"',
    inputSql: `"${xSql}"`,
    inputType: toSqlType(x),
  });
}

/** Comparisons: string promotion, decimal widening, then the tightest (ANSI: wider) common type. */
function resolveComparison(l0: DataType, r0: DataType, ctx: Ctx): ResolvedOperator {
  let l = l0;
  let r = r0;
  if (isStringLike(l) !== isStringLike(r)) {
    const other = isStringLike(l) ? r : l;
    const p = ctx.semantics.ansi ? ansiStringPromotion(l, r) : legacyComparisonPromotion(other);
    if (p !== undefined) {
      l = p;
      r = p;
    }
  }
  let common: DataType | undefined;
  if (isNumeric(l) && isNumeric(r) && (l.kind === 'decimal' || r.kind === 'decimal')) {
    common = findWiderTypeForDecimal(
      l.kind === 'decimal' || isFloating(l) ? l : literalDecimal(l, ctx.info.leftLiteral),
      r.kind === 'decimal' || isFloating(r) ? r : literalDecimal(r, ctx.info.rightLiteral),
    );
  } else {
    common = findTightestCommonType(l, r, ctx.semantics);
    if (
      common === undefined &&
      l.kind === r.kind &&
      (l.kind === 'array' || l.kind === 'map' || l.kind === 'struct')
    ) {
      common = findWiderTypeForTwo(l, r, ctx.semantics);
    }
  }
  if (common === undefined) throw diffTypes(l0, r0, ctx);
  if (isNull(common)) common = BooleanType;
  // Spark orders no VARIANT (BinaryComparison's checkForOrderingExpr), so not even `=` compares two of them.
  if (containsVariant(common)) {
    throw new LakesqlError('DATATYPE_MISMATCH.INVALID_ORDERING_TYPE', {
      sqlExpr: ctx.sqlExpr,
      functionName: `\`${ctx.op}\``,
      dataType: toSqlType(common),
    });
  }
  return resolved(common, common, BooleanType, 'comparison');
}

/**
 * Legacy PromoteStrings for comparisons (TypeCoercion.findCommonTypeForBinaryComparison): a string compared
 * with a date, timestamp or number takes that type (numbers: double unless integral), booleans likewise.
 */
function legacyComparisonPromotion(other: DataType): DataType | undefined {
  if (isNull(other)) return StringType;
  if (isNumeric(other)) return isIntegral(other) ? other : DoubleType;
  // Spark 4's PromoteStrings leaves ANSI intervals out: `INTERVAL '1' DAY < '1'` is BINARY_OP_DIFF_TYPES.
  if (isAtomic(other) && !is(other, 'binary') && !isAnsiInterval(other)) return other;
  return undefined;
}

function resolveLogical(l0: DataType, r0: DataType, ctx: Ctx): ResolvedOperator {
  const fix = (t: DataType) => (isNull(t) || (isStringLike(t) && ctx.semantics.ansi) ? BooleanType : t);
  const l = fix(l0);
  const r = fix(r0);
  if (!is(l, 'boolean') || !is(r, 'boolean')) {
    if (sameType(l, r)) throw wrongType('"BOOLEAN"', l, ctx);
    throw diffTypes(l0, r0, ctx);
  }
  return resolved(BooleanType, BooleanType, BooleanType, 'logical');
}

/** ConcatCoercion: `||` is concat(); all binary stays binary, all arrays concatenate, else strings. */
function resolveConcat(l: DataType, r: DataType): ResolvedOperator {
  if (is(l, 'binary') && is(r, 'binary')) return resolved(BinaryType, BinaryType, BinaryType, 'concat');
  if (l.kind === 'array' && r.kind === 'array') {
    const t = findWiderTypeForTwo(l, r, { ansi: true }) ?? l;
    return resolved(t, t, t, 'concat');
  }
  return resolved(StringType, StringType, StringType, 'concat');
}

function resolveBitwise(op: '&' | '|' | '^', l0: DataType, r0: DataType, ctx: Ctx): ResolvedOperator {
  let l = l0;
  let r = r0;
  if (ctx.semantics.ansi && isStringLike(l) !== isStringLike(r)) {
    const p = ansiStringPromotion(l, r);
    if (p !== undefined) [l, r] = [p, p];
  }
  if (isNull(l)) l = isNull(r) ? LongType : r;
  if (isNull(r)) r = l;
  if (!isIntegral(l) || !isIntegral(r)) {
    if (sameType(l, r)) throw wrongType(INPUT_TYPES[op], l, ctx);
    throw diffTypes(l, r, ctx);
  }
  const common = findTightestCommonType(l, r, ctx.semantics)!;
  return resolved(common, common, common, 'bitwise');
}
