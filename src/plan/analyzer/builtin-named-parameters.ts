/**
 * The built-in functions that accept `name => value` arguments: those Spark gives a `FunctionSignature`
 * (an ExpressionBuilder with `functionSignature`), with their parameter names in declaration order and the
 * defaults Spark fills for optional ones. Any other built-in refuses named arguments
 * (NAMED_PARAMETERS_NOT_SUPPORTED), as Spark's FunctionRegistry does.
 */
import { literal, stringLiteral } from '../../sql/ast/node-builders.js';
import type { RoutineParameter } from './sql-function-arguments.js';

function required(name: string): RoutineParameter {
  return { name, defaultExpr: null };
}

function withDefault(name: string, value: string | null): RoutineParameter {
  return { name, defaultExpr: value === null ? literal({ type: 'null' }) : stringLiteral(value) };
}

const COLLECTION = [required('collection')];

/** Keyed by lower-case function name (Spark's MaskExpressionBuilder, ExplodeExpressionBuilder, …). */
const NAMED_PARAMETERS: Readonly<Record<string, readonly RoutineParameter[]>> = {
  mask: [
    required('str'),
    withDefault('upperChar', 'X'),
    withDefault('lowerChar', 'x'),
    withDefault('digitChar', 'n'),
    withDefault('otherChar', null),
  ],
  explode: COLLECTION,
  explode_outer: COLLECTION,
  posexplode: COLLECTION,
  posexplode_outer: COLLECTION,
  inline: [required('input')],
  inline_outer: [required('input')],
};

export function namedParametersOf(functionName: string): readonly RoutineParameter[] | undefined {
  return NAMED_PARAMETERS[functionName.toLowerCase()];
}
