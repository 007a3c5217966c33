/**
 * Column names of `+`, `-` and `*` that Spark rewrites into datetime and interval expressions
 * (ResolveBinaryArithmetic): the name is the SQL of the rewritten expression, as toPrettySQL prints it.
 * DateAdd/DateSub print as functions, TimeAdd, DateAddYMInterval, TimestampAddYMInterval, DateAddInterval
 * and DatetimeSub as `l + r` / `l - r` without parentheses (with the datetime first), the interval
 * multiplications with the interval first; SubtractDates/SubtractTimestamps keep the operator's `(l - r)`.
 * Undefined when the operator keeps its own name.
 */

import type { DataType } from '../../types/data-types.js';
import { isAnsiInterval, isNull, isStringLike } from '../types/type-classes.js';

const isDate = (t: DataType) => t.kind === 'primitive' && t.name === 'date';
const isTimestamp = (t: DataType) =>
  t.kind === 'primitive' && (t.name === 'timestamp' || t.name === 'timestamp_ntz');
const isDayInterval = (t: DataType) => t.kind === 'dayTimeInterval' && t.startField === 0 && t.endField === 0;
const isDt = (t: DataType) => t.kind === 'dayTimeInterval';
const isYm = (t: DataType) => t.kind === 'yearMonthInterval';
const isCal = (t: DataType) => t.kind === 'calendarInterval';

export function datetimeOperatorSql(
  op: string,
  l: DataType,
  r: DataType,
  ls: string,
  rs: string,
): string | undefined {
  switch (op) {
    case '+':
      return addSql(l, r, ls, rs);
    case '-':
      return subtractSql(l, r, ls, rs);
    case '*':
      // MultiplyYMInterval / MultiplyDTInterval take the interval first.
      if (!isAnsiInterval(l) && isAnsiInterval(r)) return `(${rs} * ${ls})`;
      return undefined;
    default:
      return undefined;
  }
}

function addSql(l: DataType, r: DataType, ls: string, rs: string): string | undefined {
  const days = (s: string) => `extractansiintervaldays(${s})`;
  if (isDate(l) && isDayInterval(r)) return `date_add(${ls}, ${days(rs)})`;
  if (isDate(l) && isDt(r)) return `${ls} + ${rs}`;
  if (isDayInterval(l) && isDate(r)) return `date_add(${rs}, ${days(ls)})`;
  if (isDt(l) && isDate(r)) return `${rs} + ${ls}`;
  if ((isDate(l) || isTimestamp(l)) && isYm(r)) return `${ls} + ${rs}`;
  if (isYm(l) && (isDate(r) || isTimestamp(r))) return `${rs} + ${ls}`;
  if ((isCal(l) && isCal(r)) || (isDt(l) && isDt(r))) return undefined;
  if ((isNull(l) && isAnsiInterval(r)) || (isAnsiInterval(l) && isNull(r))) return undefined;
  if (isCal(r) || isDt(r)) return `${ls} + ${rs}`;
  if (isCal(l) || isDt(l)) return `${rs} + ${ls}`;
  if (isDate(l) && !isStringLike(r)) return `date_add(${ls}, ${rs})`;
  if (isDate(r) && !isStringLike(l)) return `date_add(${rs}, ${ls})`;
  return undefined;
}

function subtractSql(l: DataType, r: DataType, ls: string, rs: string): string | undefined {
  if (isDate(l) && isDayInterval(r)) return `date_add(${ls}, (- extractansiintervaldays(${rs})))`;
  if ((isDate(l) || isTimestamp(l)) && (isDt(r) || isYm(r))) return `${ls} - ${rs}`;
  if ((isCal(l) && isCal(r)) || (isDt(l) && isDt(r))) return undefined;
  if ((isNull(l) && isAnsiInterval(r)) || (isAnsiInterval(l) && isNull(r))) return undefined;
  if (isCal(r) || isDt(r)) return `${ls} - ${rs}`;
  if (isTimestamp(l) || isTimestamp(r) || isDate(r)) return undefined;
  if (isDate(l) && !isStringLike(r)) return `date_sub(${ls}, ${rs})`;
  return undefined;
}
