/**
 * Spark's unary operators on DuckDB: NOT, `~` (bitwise not), `+`, and `-`, which under ANSI fails on the one
 * value whose negation does not fit (the minimum of an integral type) and in legacy mode wraps to itself.
 */

import type { SessionSemantics } from '../../plan/functions/function-signature.js';
import type { UnaryOperator } from '../../plan/logical/bound-expression.js';
import type { DataType } from '../../types/data-types.js';
import { intervalNegateSql } from '../operators/interval-units.js';
import { integralRange, negationOverflowSql } from '../operators/sql-helpers.js';

export function compileUnaryOperator(
  op: UnaryOperator,
  sql: string,
  operandType: DataType,
  _resultType: DataType,
  semantics: SessionSemantics,
): string {
  switch (op) {
    case 'not':
      return `(NOT ${sql})`;
    case '~':
      return `(~${sql})`;
    case '+':
      return `(${sql})`;
    case '-': {
      const interval = intervalNegateSql(sql, operandType);
      if (interval !== undefined) return interval;
      const range = integralRange(operandType);
      if (!range) return `(- ${sql})`;
      const min = `${range.min}`;
      if (semantics.ansi) {
        const overflow = negationOverflowSql(range);
        return `(CASE WHEN ${sql} = ${min} THEN ${overflow} ELSE (- ${sql}) END)`;
      }
      return `(CASE WHEN ${sql} = ${min} THEN ${sql} ELSE (- ${sql}) END)`;
    }
    default: {
      const never: never = op;
      throw new Error(`unknown unary operator ${String(never)}`);
    }
  }
}
