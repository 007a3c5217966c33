/**
 * The last cases of Spark's BinaryArithmeticWithDatetimeResolver (ResolveBinaryArithmetic): `date + x`,
 * `x + date` and `date - x`, for an `x` that is no interval (and, for `-`, no date or timestamp), become
 * DateAdd(date, x) / DateSub(date, x). Those are ExpectsInputTypes: the days must be INT, SMALLINT or
 * TINYINT (NULL is cast), with no implicit cast, so `date + 1L` or `date + 1.5` is UNEXPECTED_INPUT_TYPE.
 * A string operand is promoted first: to DATE under ANSI (AnsiStringPromotionTypeCoercion), to DOUBLE in
 * legacy mode (PromoteStrings), and either way then fails DateAdd's check.
 */

import { LakesqlError } from '../../errors/index.js';
import { type DataType, DateType, DoubleType, IntegerType } from '../../types/data-types.js';
import { isAnsiInterval, isNull, isStringLike } from './type-classes.js';
import { toSqlType } from './type-sql.js';

export interface DateDaysOperands {
  readonly op: '+' | '-';
  readonly left: DataType;
  readonly right: DataType;
  readonly leftSql: string;
  readonly rightSql: string;
  readonly ansi: boolean;
}

/** How each side is cast for `dateAddDays` / `dateSubDays` (the days side keeps its own integral type). */
export interface DateDaysResolution {
  readonly leftCast: DataType;
  readonly rightCast: DataType;
  readonly form: 'dateAddDays' | 'dateSubDays';
}

const isDate = (t: DataType) => t.kind === 'primitive' && t.name === 'date';
const isDaysType = (t: DataType) =>
  t.kind === 'primitive' && (t.name === 'integer' || t.name === 'short' || t.name === 'byte');
const isTimestamp = (t: DataType) =>
  t.kind === 'primitive' && (t.name === 'timestamp' || t.name === 'timestamp_ntz');
const isInterval = (t: DataType) => isAnsiInterval(t) || t.kind === 'calendarInterval';

export function resolveDateDays(o: DateDaysOperands): DateDaysResolution | undefined {
  if (!isDate(o.left) && !isDate(o.right)) return undefined;
  // A string facing the date is promoted before DateAdd is chosen (the rule waits for coerced operands).
  const promoted = (t: DataType) => (isStringLike(t) ? (o.ansi ? DateType : DoubleType) : t);
  const left = promoted(o.left);
  const right = promoted(o.right);
  if (isInterval(left) || isInterval(right)) return undefined;
  if (o.op === '+' && isDate(left)) {
    return { ...checkDays('date_add', o.leftSql, right, o.rightSql, o.right), form: 'dateAddDays' };
  }
  if (o.op === '+' && isDate(right)) {
    const { rightCast } = checkDays('date_add', o.rightSql, left, o.leftSql, o.left);
    return { leftCast: rightCast, rightCast: DateType, form: 'dateAddDays' };
  }
  if (o.op === '-' && isDate(o.left) && !isStringLike(o.right) && !isDate(right) && !isTimestamp(right)) {
    return { ...checkDays('date_sub', o.leftSql, right, o.rightSql, o.right), form: 'dateSubDays' };
  }
  return undefined;
}

function checkDays(
  fn: 'date_add' | 'date_sub',
  dateSql: string,
  days: DataType,
  daysSql: string,
  written: DataType,
): { readonly leftCast: DataType; readonly rightCast: DataType } {
  if (isNull(written)) return { leftCast: DateType, rightCast: IntegerType };
  if (isDaysType(days)) return { leftCast: DateType, rightCast: days };
  throw new LakesqlError('DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE', {
    paramIndex: 'second',
    requiredType: '("INT" or "SMALLINT" or "TINYINT")',
    inputSql: `"${daysSql}"`,
    inputType: toSqlType(days),
    sqlExpr: `"${fn}(${dateSql}, ${daysSql})"`,
  });
}
