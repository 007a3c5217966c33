/**
 * Binds a routine call's arguments to the routine's parameters, in the order of Spark's
 * `SupportsNamedArguments.defaultRearrange` (NamedParametersSupport): positional arguments first, then
 * `name => value` ones, then each remaining parameter's DEFAULT. SQL functions and the built-ins that declare a
 * signature (named-parameters.ts) share it. The result is the argument expression (still unanalyzed) of every
 * parameter in order. Names match case-insensitively; errors name the parameter as the call wrote it.
 */
import { LakesqlError } from '../../errors/index.js';
import type { Expression } from '../../sql/ast/expressions.js';
import { levenshtein } from './scope.js';

/** A parameter as the binding sees it: its name, and its DEFAULT (null when the argument is required). */
export interface RoutineParameter {
  readonly name: string;
  readonly defaultExpr: Expression | null;
}

export function bindArguments(
  routineName: string,
  parameters: readonly RoutineParameter[],
  args: readonly Expression[],
): Expression[] {
  const firstNamed = args.findIndex((a) => a.kind === 'namedArgument');
  const positional = firstNamed < 0 ? args : args.slice(0, firstNamed);
  const named = checkNamedArguments(routineName, firstNamed < 0 ? [] : args.slice(firstNamed));
  const byKey = new Map(parameters.map((p) => [p.name.toLowerCase(), p]));
  const positionalKeys = new Set(parameters.slice(0, positional.length).map((p) => p.name.toLowerCase()));
  for (const [key, a] of named) {
    if (!byKey.has(key)) {
      throw new LakesqlError('UNRECOGNIZED_PARAMETER_NAME', {
        routineName,
        argumentName: `\`${a.name}\``,
        proposal: similarNames(
          a.name,
          parameters.map((p) => p.name),
        ),
      });
    }
    if (positionalKeys.has(key)) {
      throw new LakesqlError('DUPLICATE_ROUTINE_PARAMETER_ASSIGNMENT.BOTH_POSITIONAL_AND_NAMED', {
        routineName,
        parameterName: `\`${a.name}\``,
      });
    }
  }
  if (
    positional.length > parameters.length ||
    args.length > parameters.length ||
    (named.size === 0 && positional.length < requiredCount(parameters))
  ) {
    throw new LakesqlError('WRONG_NUM_ARGS.WITHOUT_SUGGESTION', {
      functionName: routineName,
      expectedNum: parameters.length,
      actualNum: args.length,
      docroot: 'https://spark.apache.org/docs/latest',
    });
  }
  const rest = parameters.slice(positional.length).map((p, index) => {
    const byName = named.get(p.name.toLowerCase());
    if (byName) return byName.value;
    if (p.defaultExpr) return p.defaultExpr;
    // Spark counts the index among the parameters left after the positional arguments.
    throw new LakesqlError('REQUIRED_PARAMETER_NOT_FOUND', {
      routineName,
      parameterName: `\`${p.name}\``,
      index,
    });
  });
  return [...positional, ...rest];
}

type NamedArgument = Extract<Expression, { kind: 'namedArgument' }>;

/** Spark's `splitAndCheckNamedArguments`: after the first named argument every argument is named, once. */
function checkNamedArguments(routineName: string, args: readonly Expression[]): Map<string, NamedArgument> {
  const named = new Map<string, NamedArgument>();
  args.forEach((a, i) => {
    if (a.kind !== 'namedArgument') {
      const preceding = args[i - 1] as NamedArgument;
      throw new LakesqlError('UNEXPECTED_POSITIONAL_ARGUMENT', {
        routineName,
        parameterName: `\`${preceding.name}\``,
      });
    }
    const key = a.name.toLowerCase();
    if (named.has(key)) {
      throw new LakesqlError('DUPLICATE_ROUTINE_PARAMETER_ASSIGNMENT.DOUBLE_NAMED_ARGUMENT_REFERENCE', {
        routineName,
        parameterName: `\`${a.name}\``,
      });
    }
    named.set(key, a);
  });
  return named;
}

/** The three parameter names closest to `name` by edit distance, quoted (Spark's suggestion list). */
function similarNames(name: string, candidates: readonly string[]): string {
  return candidates
    .map((c, i) => ({ c, i, d: levenshtein(name.toLowerCase(), c.toLowerCase()) }))
    .sort((x, y) => x.d - y.d || x.i - y.i)
    .slice(0, 3)
    .map((x) => `\`${x.c}\``)
    .join(' ');
}

function requiredCount(parameters: readonly RoutineParameter[]): number {
  return parameters.filter((p) => !p.defaultExpr).length;
}
