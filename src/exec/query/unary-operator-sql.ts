/**
 * Spark's unary operators on DuckDB: NOT, `~` (bitwise not), `+`, and `-`, which under ANSI fails on the one
 * value whose negation does not fit (the minimum of an integral type) and in legacy mode wraps to itself.
 * Spark's UnaryMinus words that ARITHMETIC_OVERFLOW as Java's Math.negateExact does for INT and BIGINT
 * ("integer overflow", "long overflow") and as `- <value> caused overflow` for TINYINT and SMALLINT
 * (QueryExecutionErrors.unaryMinusCauseOverflowError).
 */

import type { SessionSemantics } from '../../plan/functions/function-signature.js';
import type { UnaryOperator } from '../../plan/logical/bound-expression.js';
import type { DataType } from '../../types/data-types.js';
import { ANSI_CONFIG, integralRange, raiseSql } from '../operators/sql-helpers.js';

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
      const range = integralRange(operandType);
      if (!range) return `(- ${sql})`;
      const min = `${range.min}`;
      if (semantics.ansi) {
        const message =
          range.bits === 64
            ? 'long overflow'
            : range.bits === 32
              ? 'integer overflow'
              : `- ${min} caused overflow`;
        const overflow = raiseSql('ARITHMETIC_OVERFLOW', {
          message: { text: message },
          alternative: { text: '' },
          config: ANSI_CONFIG,
        });
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
