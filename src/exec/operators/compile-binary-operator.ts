/**
 * DuckDB SQL for Spark's binary operators, given the SQL of both operands already cast to
 * `resolved.leftCast` / `resolved.rightCast` by the analyzer (plan/types/binary-operator.ts).
 */

import type { SessionSemantics } from '../../plan/functions/function-signature.js';
import type { BinaryOperator, ResolvedOperator } from '../../plan/types/binary-operator.js';
import { isFloating, isIntegral } from '../../plan/types/type-classes.js';
import type { DataType } from '../../types/data-types.js';
import { dateAddDaysSql } from './date-days.js';
import { dateAddMonthsSql } from './date-months.js';
import { compileDecimalArithmetic } from './decimal-arithmetic.js';
import { compileIntegralArithmetic } from './integral-arithmetic.js';
import { compileIntervalAddition } from './interval-add.js';
import { compileIntervalScaling } from './interval-scaling.js';
import { intervalDivSql, intervalUnitsSql } from './interval-units.js';
import { ANSI_CONFIG, castSql, duckType, groupSql, integerLiteral, raiseSql } from './sql-helpers.js';

export function compileBinaryOperator(
  op: BinaryOperator,
  leftSql: string,
  rightSql: string,
  resolved: ResolvedOperator,
  semantics: SessionSemantics,
): string {
  const l = `(${leftSql})::${duckType(resolved.leftCast)}`;
  const r = `(${rightSql})::${duckType(resolved.rightCast)}`;
  switch (resolved.form) {
    case 'comparison':
      return compileComparison(op, l, r);
    case 'logical':
      // Both operands are BOOLEAN already (the analyzer casts them). A `::BOOLEAN` around a conjunct would
      // hide it from DuckDB's optimizer, which flattens AND/OR trees and pulls a factor common to every OR
      // branch out as a join key (TPC-H q19's `p_partkey = l_partkey`) only through bare conjunctions.
      return `(${groupSql(leftSql)} ${op.toUpperCase()} ${groupSql(rightSql)})`;
    case 'concat':
      // Spark's concat is NULL if any input is NULL; DuckDB's `||` on strings agrees, list_concat does not.
      if (resolved.resultType.kind === 'array') {
        return `(CASE WHEN ${l} IS NULL OR ${r} IS NULL THEN NULL ELSE list_concat(${l}, ${r}) END)`;
      }
      return `(${l} || ${r})`;
    case 'bitwise':
      return op === '^' ? `xor(${l}, ${r})` : `(${l} ${op} ${r})`;
    case 'numeric':
      return compileNumeric(op, leftSql, rightSql, resolved, semantics);
    case 'dateAddDays':
      // `n + date` as well as `date + n`.
      return isDate(resolved.leftCast) ? dateAddDaysSql(l, r, '+') : dateAddDaysSql(r, l, '+');
    case 'dateSubDays':
      return dateAddDaysSql(l, r, '-');
    case 'subtractDates':
      // SubtractDates: an INTERVAL DAY of whole days.
      return `to_days((${l} - ${r})::BIGINT)`;
    case 'subtractTimestamps':
      // DateTimeUtils.subtractTimestamps: the microseconds between the two local date-times in the session
      // time zone (DuckDB's TimeZone), so a day across a daylight-saving change still counts 24 hours.
      if (isTimestampLtz(resolved.leftCast)) {
        return `to_microseconds(epoch_us((${l})::TIMESTAMP) - epoch_us((${r})::TIMESTAMP))`;
      }
      return `to_microseconds(epoch_us(${l}) - epoch_us(${r}))`;
    case 'datetimePlusInterval':
    case 'datetimeMinusInterval': {
      const months = dateMonthsSql(l, r, resolved);
      if (months) return months;
      const sum = `(${l} ${resolved.form === 'datetimePlusInterval' ? '+' : '-'} ${r})`;
      // DATE ± INTERVAL DAY is a DATE in Spark; DuckDB's DATE + INTERVAL is a TIMESTAMP at midnight, and the
      // days are whole, so the cast back is exact (and DuckDB folds it for a literal date).
      return isDate(resolved.resultType) ? `CAST(${sum} AS DATE)` : sum;
    }
    case 'interval':
      if (op === '*' || op === '/') return compileIntervalScaling(op, l, r, resolved);
      if (op === '+' || op === '-') return compileIntervalAddition(op, l, r, resolved.resultType);
      if (op === 'div') return intervalDivSql(l, r, resolved.leftCast, semantics.ansi);
      return `(${l} ${op} ${r})`;
  }
}

/**
 * DATE ± a year-month interval is DateAddYMInterval (dateAddMonths), a DATE up to Spark's last one; DuckDB's
 * `date + interval` would go through a TIMESTAMP and stop at year 294247.
 */
function dateMonthsSql(l: string, r: string, resolved: ResolvedOperator): string | undefined {
  if (!isDate(resolved.resultType)) return undefined;
  const [date, interval, intervalType] = isDate(resolved.leftCast)
    ? [l, r, resolved.rightCast]
    : [r, l, resolved.leftCast];
  if (intervalType.kind !== 'yearMonthInterval') return undefined;
  const sign = resolved.form === 'datetimeMinusInterval' ? -1 : 1;
  const folded = constantDateAddMonths(date, interval, sign);
  if (folded !== undefined) return folded;
  const months = intervalUnitsSql(interval, intervalType) as string;
  return dateAddMonthsSql(date, sign < 0 ? `(-${months})` : months);
}

const DATE_LITERAL = /^\(*DATE '(\d{4})-(\d{2})-(\d{2})'\)*(?:::DATE\)*)?$/;
const MONTHS_LITERAL = /^\(*to_months\((-?\d+)\)\)*(?:::INTERVAL\)*)?$/;

/**
 * A literal date moved by literal months (TPC-H's `date '1994-01-01' + interval '1' year`), as the date
 * literal it is (LocalDate.plusMonths: the day clamped to the month's last), so that DuckDB sees a constant
 * it can push into the Parquet reader and plans no arithmetic. Only for results in years 1-9999.
 */
function constantDateAddMonths(date: string, interval: string, sign: number): string | undefined {
  const d = DATE_LITERAL.exec(date.trim());
  const m = MONTHS_LITERAL.exec(interval.trim());
  if (!d || !m) return undefined;
  const total = Number(d[1]) * 12 + (Number(d[2]) - 1) + sign * Number(m[1]);
  const year = Math.floor(total / 12);
  const month = total - year * 12 + 1;
  if (year < 1 || year > 9999) return undefined;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(Number(d[3]), lastDay);
  const pad = (n: number, w: number) => String(n).padStart(w, '0');
  return `DATE '${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}'`;
}

function compileComparison(op: BinaryOperator, l: string, r: string): string {
  switch (op) {
    case '<=>':
      return `(${l} IS NOT DISTINCT FROM ${r})`;
    case '==':
      return `(${l} = ${r})`;
    case '!=':
      return `(${l} <> ${r})`;
    default:
      // DuckDB, like Spark, orders NaN above every number and holds NaN = NaN.
      return `(${l} ${op} ${r})`;
  }
}

function compileNumeric(
  op: BinaryOperator,
  leftSql: string,
  rightSql: string,
  resolved: ResolvedOperator,
  semantics: SessionSemantics,
): string {
  const { leftCast, rightCast, resultType } = resolved;
  const ansi = semantics.ansi;
  if (op !== '+' && op !== '-' && op !== '*' && op !== '/' && op !== 'div' && op !== '%' && op !== 'pmod') {
    throw new Error(`not an arithmetic operator: ${op}`);
  }
  if (leftCast.kind === 'decimal' && rightCast.kind === 'decimal') {
    return compileDecimalArithmetic(op, leftSql, rightSql, leftCast, rightCast, resultType, ansi);
  }
  if (op !== '/' && isIntegral(resultType)) {
    const mode = !ansi ? 'legacy' : semantics.explicitErrors ? 'explicit' : 'ansi';
    return compileIntegralArithmetic(op, leftSql, rightSql, leftCast, resultType, mode);
  }
  if (isFloating(resultType)) return compileFloating(op, leftSql, rightSql, resultType, ansi);
  throw new Error(`unsupported arithmetic: ${op} on ${JSON.stringify(resolved)}`);
}

/**
 * Float/double arithmetic: IEEE like Java (overflow is Infinity), but x / 0 and x % 0 are Spark's: the
 * divisor is checked once per row, and not at all when it is a non-zero literal.
 */
function compileFloating(
  op: '+' | '-' | '*' | '/' | 'div' | '%' | 'pmod',
  leftSql: string,
  rightSql: string,
  t: ResolvedOperator['resultType'],
  ansi: boolean,
): string {
  const ty = duckType(t);
  const x = castSql(leftSql, ty);
  const y = castSql(rightSql, ty);
  if (op === '+' || op === '-' || op === '*') return `(${x} ${op} ${y})`;
  const r = `fmod(${x}, ${y})`;
  const body =
    op === '/'
      ? `(${x} / ${y})`
      : op === 'pmod'
        ? `(CASE WHEN ${r} < 0 THEN fmod(${r} + ${y}, ${y}) ELSE ${r} END)`
        : r;
  const divisor = integerLiteral(rightSql);
  if (divisor !== undefined && divisor !== 0n) return body;
  const zero = ansi ? raiseSql('DIVIDE_BY_ZERO', { config: ANSI_CONFIG }) : 'NULL';
  return `(CASE WHEN ${y} = 0 THEN ${zero} ELSE ${body} END)`;
}

const isDate = (t: DataType) => t.kind === 'primitive' && t.name === 'date';

const isTimestampLtz = (t: DataType) => t.kind === 'primitive' && t.name === 'timestamp';
