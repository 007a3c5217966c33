/**
 * DuckDB SQL for Spark's binary operators, given the SQL of both operands already cast to
 * `resolved.leftCast` / `resolved.rightCast` by the analyzer (plan/types/binary-operator.ts).
 */

import type { SessionSemantics } from '../../plan/functions/function-signature.js';
import type { BinaryOperator, ResolvedOperator } from '../../plan/types/binary-operator.js';
import { isFloating, isIntegral } from '../../plan/types/type-classes.js';
import { compileDecimalArithmetic } from './decimal-arithmetic.js';
import { compileIntegralArithmetic } from './integral-arithmetic.js';
import { ANSI_CONFIG, bind, duckType, raiseSql } from './sql-helpers.js';

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
      return `(${l} ${op.toUpperCase()} ${r})`;
    case 'concat':
      // Spark's concat is NULL if any input is NULL; DuckDB's `||` on strings agrees, list_concat does not.
      if (resolved.resultType.kind === 'array') {
        return `(CASE WHEN ${l} IS NULL OR ${r} IS NULL THEN NULL ELSE list_concat(${l}, ${r}) END)`;
      }
      return `(${l} || ${r})`;
    case 'bitwise':
      return op === '^' ? `xor(${l}, ${r})` : `(${l} ${op} ${r})`;
    case 'numeric':
      return compileNumeric(op, leftSql, rightSql, resolved, semantics.ansi);
    case 'dateAddDays':
      return `(${l} + ${r})`;
    case 'dateSubDays':
      return `(${l} - ${r})`;
    case 'subtractDates':
      // SubtractDates: an INTERVAL DAY of whole days.
      return `to_days((${l} - ${r})::BIGINT)`;
    case 'subtractTimestamps':
      return `to_microseconds(epoch_us(${l}) - epoch_us(${r}))`;
    case 'datetimePlusInterval':
      return `(${l} + ${r})`;
    case 'datetimeMinusInterval':
      return `(${l} - ${r})`;
    case 'interval':
      return `(${l} ${op} ${r})`;
  }
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
  ansi: boolean,
): string {
  const { leftCast, rightCast, resultType } = resolved;
  if (op !== '+' && op !== '-' && op !== '*' && op !== '/' && op !== 'div' && op !== '%' && op !== 'pmod') {
    throw new Error(`not an arithmetic operator: ${op}`);
  }
  if (leftCast.kind === 'decimal' && rightCast.kind === 'decimal') {
    return compileDecimalArithmetic(op, leftSql, rightSql, leftCast, rightCast, resultType, ansi);
  }
  if (op !== '/' && isIntegral(resultType)) {
    return compileIntegralArithmetic(op, leftSql, rightSql, leftCast, resultType, ansi);
  }
  if (isFloating(resultType)) return compileFloating(op, leftSql, rightSql, resultType, ansi);
  throw new Error(`unsupported arithmetic: ${op} on ${JSON.stringify(resolved)}`);
}

/** Float/double arithmetic: IEEE like Java (overflow is Infinity), but x / 0 and x % 0 are Spark's. */
function compileFloating(
  op: '+' | '-' | '*' | '/' | 'div' | '%' | 'pmod',
  leftSql: string,
  rightSql: string,
  t: ResolvedOperator['resultType'],
  ansi: boolean,
): string {
  const ty = duckType(t);
  const l = `(${leftSql})::${ty}`;
  const r = `(${rightSql})::${ty}`;
  if (op === '+' || op === '-' || op === '*') return `(${l} ${op} ${r})`;
  const zero = ansi ? raiseSql('DIVIDE_BY_ZERO', { config: ANSI_CONFIG }) : 'NULL';
  return bind(l, (x) =>
    bind(r, (y) => {
      const body =
        op === '/'
          ? `${x} / ${y}`
          : op === 'pmod'
            ? `CASE WHEN fmod(${x}, ${y}) < 0 THEN fmod(fmod(${x}, ${y}) + ${y}, ${y}) ELSE fmod(${x}, ${y}) END`
            : `fmod(${x}, ${y})`;
      return `CASE WHEN ${y} IS NULL THEN NULL WHEN ${y} = 0 THEN ${zero} WHEN ${x} IS NULL THEN NULL ELSE ${body} END`;
    }),
  );
}
