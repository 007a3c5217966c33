/**
 * Binds a SQL function call's arguments to the function's parameters (Spark's NamedParametersSupport and
 * SQLFunction input handling): positional arguments first, then `name => value` ones, then each remaining
 * parameter's DEFAULT. The result is the argument expression (still unanalyzed) of every parameter in order.
 */
import { LakesqlError } from '../../errors/index.js';
import type { Expression } from '../../sql/ast/expressions.js';
import type { FunctionParameter } from '../../sql/ast/statements-functions.js';

export function bindArguments(
  routineName: string,
  parameters: readonly FunctionParameter[],
  args: readonly Expression[],
): Expression[] {
  const positional: Expression[] = [];
  const named = new Map<string, Expression>();
  for (const a of args) {
    if (a.kind === 'namedArgument') {
      const key = a.name.toLowerCase();
      if (named.has(key)) {
        throw new LakesqlError('DUPLICATE_ROUTINE_PARAMETER_ASSIGNMENT.DOUBLE_NAMED_ARGUMENT_REFERENCE', {
          routineName,
          parameterName: `\`${a.name}\``,
        });
      }
      named.set(key, a.value);
    } else {
      if (named.size > 0) {
        throw new LakesqlError('UNEXPECTED_POSITIONAL_ARGUMENT', {
          routineName,
          parameterName: `\`${[...named.keys()].at(-1)}\``,
        });
      }
      positional.push(a);
    }
  }
  if (
    positional.length > parameters.length ||
    (named.size === 0 && positional.length < requiredCount(parameters))
  ) {
    throw new LakesqlError('WRONG_NUM_ARGS.WITHOUT_SUGGESTION', {
      functionName: routineName,
      expectedNum: parameters.length,
      actualNum: args.length,
      docroot: 'https://spark.apache.org/docs/latest',
    });
  }
  const names = new Set(parameters.map((p) => p.name.toLowerCase()));
  for (const key of named.keys()) {
    if (!names.has(key)) {
      throw new LakesqlError('UNRECOGNIZED_PARAMETER_NAME', {
        routineName,
        argumentName: `\`${key}\``,
        proposal: parameters.map((p) => `\`${p.name}\``).join(' '),
      });
    }
  }
  return parameters.map((p, i) => {
    const byName = named.get(p.name.toLowerCase());
    if (i < positional.length) {
      if (byName) {
        throw new LakesqlError('DUPLICATE_ROUTINE_PARAMETER_ASSIGNMENT.BOTH_POSITIONAL_AND_NAMED', {
          routineName,
          parameterName: `\`${p.name}\``,
        });
      }
      return positional[i]!;
    }
    if (byName) return byName;
    if (p.defaultExpr) return p.defaultExpr;
    throw new LakesqlError('REQUIRED_PARAMETER_NOT_FOUND', {
      routineName,
      parameterName: `\`${p.name}\``,
      index: i,
    });
  });
}

function requiredCount(parameters: readonly FunctionParameter[]): number {
  return parameters.filter((p) => !p.defaultExpr).length;
}
