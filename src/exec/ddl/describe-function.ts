/**
 * DESCRIBE FUNCTION [EXTENDED] f: Spark's DescribeFunctionCommand rows (`function_desc`): `Function:`,
 * `Class:`, `Usage:` and with EXTENDED `Extended Usage:`. lakesql's registry knows each function's
 * name, aliases and kind but not Spark's expression class or usage text, so Class names lakesql's
 * registry and Usage says `N/A.` as Spark does for a function without usage. An unknown name is Spark
 * 4's UNRESOLVED_ROUTINE on the builtin search path.
 */
import { LakesqlError } from '../../errors/index.js';
import { castAliasType } from '../../plan/analyzer/cast-aliases.js';
import { allFunctions, lookupFunction } from '../../plan/functions/registry.js';
import type { Value } from '../../types/value.js';

export const SEARCH_PATH = '[`system`.`builtin`, `system`.`session`, `spark_catalog`.`default`]';

export function describeFunctionRows(nameParts: readonly string[], extended: boolean): Value[][] {
  const name = nameParts.at(-1)!.toLowerCase();
  if (nameParts.length === 1 && castAliasType(name)) return castAliasRows(name, extended);
  const fn = nameParts.length === 1 ? lookupFunction(name) : undefined;
  if (!fn) {
    throw new LakesqlError('UNRESOLVED_ROUTINE', {
      routineName: nameParts.map((p) => `\`${p}\``).join('.'),
      searchPath: SEARCH_PATH,
    });
  }
  const rows: Value[][] = [[`Function: ${name}`], [`Class: lakesql.${fn.kind}.${fn.name}`], ['Usage: N/A.']];
  if (extended) {
    const aliases = [fn.name, ...(fn.aliases ?? [])].filter((a) => a !== name);
    rows.push([
      `Extended Usage:\n    ${aliases.length ? `Also known as: ${aliases.join(', ')}.` : 'No example/argument.'}\n`,
    ]);
  }
  return rows;
}

/**
 * A cast alias (`int(x)`, `boolean(x)`) is Spark's Cast under the type's name, with the ExpressionInfo that
 * FunctionRegistry.castAlias gives it: a usage sentence, no example, since 2.0.1.
 */
function castAliasRows(name: string, extended: boolean): Value[][] {
  const rows: Value[][] = [
    [`Function: ${name}`],
    ['Class: org.apache.spark.sql.catalyst.expressions.Cast'],
    [`Usage: ${name}(expr) - Casts the value \`expr\` to the target data type \`${name}\`.`],
  ];
  if (extended) rows.push([`Extended Usage:\n    No example/argument for ${name}.\n\n    Since: 2.0.1\n`]);
  return rows;
}

/** Every built-in function name and alias, lower-case and sorted (SHOW FUNCTIONS). */
export function builtinFunctionNames(): string[] {
  const names = new Set<string>();
  for (const fn of allFunctions()) {
    names.add(fn.name.toLowerCase());
    for (const a of fn.aliases ?? []) names.add(a.toLowerCase());
  }
  return [...names];
}
