/**
 * Spark's unary operators: `-` (UnaryMinus) and `+` (UnaryPositive) over numbers and ANSI intervals, `~`
 * (BitwiseNot) over integral types, NOT over booleans. A string operand of `-`/`+` is cast to double
 * (AnsiStringPromotionTypeCoercion; ImplicitTypeCasts in legacy mode), and of NOT to boolean.
 */
import { LakesqlError } from '../../errors/index.js';
import { BooleanType, type DataType, DoubleType } from '../../types/data-types.js';
import { isAnsiInterval, isIntegral, isNull, isNumeric, isStringLike } from './type-classes.js';
import { asExpressionType } from './type-coercion.js';
import { toSqlType } from './type-sql.js';

export type UnaryOperator = '-' | '+' | '~' | 'not';

export interface ResolvedUnaryOperator {
  readonly operandCast: DataType;
  readonly resultType: DataType;
}

const REQUIRED: Record<UnaryOperator, string> = {
  '-': '("NUMERIC" or "INTERVAL DAY TO SECOND" or "INTERVAL YEAR TO MONTH" or "INTERVAL")',
  '+': '("NUMERIC" or "INTERVAL DAY TO SECOND" or "INTERVAL YEAR TO MONTH" or "INTERVAL")',
  '~': '"INTEGRAL"',
  not: '"BOOLEAN"',
};

export function resolveUnaryOperator(
  op: UnaryOperator,
  operandType: DataType,
  options: { readonly sqlExpr?: string; readonly operandSql?: string } = {},
): ResolvedUnaryOperator {
  const t = asExpressionType(operandType);
  const ok = (c: DataType) => ({ operandCast: c, resultType: c });
  switch (op) {
    case '-':
    case '+':
      if (isNumeric(t) || isAnsiInterval(t) || t.kind === 'calendarInterval') return ok(t);
      if (isStringLike(t) || isNull(t)) return ok(DoubleType);
      break;
    case '~':
      if (isIntegral(t)) return ok(t);
      if (isNull(t)) return ok({ kind: 'primitive', name: 'long' });
      break;
    case 'not':
      if (t.kind === 'primitive' && t.name === 'boolean') return ok(t);
      if (isStringLike(t) || isNull(t)) return ok(BooleanType);
      break;
  }
  throw new LakesqlError('DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE', {
    sqlExpr: options.sqlExpr ?? '',
    paramIndex: 'first',
    requiredType: REQUIRED[op],
    inputSql: options.operandSql ?? '',
    inputType: toSqlType(t),
  });
}
