/**
 * One binary operator over typed SQL operands, compiled as the expression compiler does: resolve the operator
 * for the operand types, cast each operand to the side's type, then compile the operator. Tests of operator
 * semantics build their SQL through this one path.
 */

import type { SessionSemantics } from '../../../plan/functions/function-signature.js';
import {
  type BinaryOperator,
  type ResolvedOperator,
  resolveBinaryOperator,
} from '../../../plan/types/binary-operator.js';
import { parseDataTypeString } from '../../../plan/types/parse-data-type.js';
import { compileBinaryOperator } from '../compile-binary-operator.js';
import { compileCast } from '../compile-cast.js';

/** `[sql, spark type text]` of one operand. */
export type TypedOperand = readonly [string, string];

export function binaryOperatorSql(
  o: BinaryOperator,
  l: TypedOperand,
  r: TypedOperand,
  sem: SessionSemantics,
): { readonly sql: string; readonly resolved: ResolvedOperator } {
  const lt = parseDataTypeString(l[1]);
  const rt = parseDataTypeString(r[1]);
  const resolved = resolveBinaryOperator(o, lt, rt, sem);
  const lsql = compileCast(l[0], lt, resolved.leftCast, 'ansi', sem);
  const rsql = compileCast(r[0], rt, resolved.rightCast, 'ansi', sem);
  return { sql: compileBinaryOperator(o, lsql, rsql, resolved, sem), resolved };
}
