/**
 * DESCRIBE FUNCTION [EXTENDED] f: Spark's DescribeFunctionCommand rows (`function_desc`): `Function:`,
 * `Class:`, `Usage:` and with EXTENDED `Extended Usage:`. lakesql's registry knows each function's
 * name, aliases and kind but not Spark's expression class or usage text, so Class names lakesql's
 * registry and Usage says `N/A.` as Spark does for a function without usage. An unknown name is Spark
 * 4's UNRESOLVED_ROUTINE on the builtin search path.
 */
import { LakesqlError } from '../../errors/index.js';
import { allFunctions, lookupFunction } from '../../plan/functions/registry.js';
import type { Value } from '../../types/value.js';

export const SEARCH_PATH = '[`system`.`builtin`, `system`.`session`, `spark_catalog`.`default`]';

export function describeFunctionRows(nameParts: readonly string[], extended: boolean): Value[][] {
  const name = nameParts.at(-1)!.toLowerCase();
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

/** Every built-in function name and alias, lower-case and sorted (SHOW FUNCTIONS). */
export function builtinFunctionNames(): string[] {
  const names = new Set<string>();
  for (const fn of allFunctions()) {
    names.add(fn.name.toLowerCase());
    for (const a of fn.aliases ?? []) names.add(a.toLowerCase());
  }
  return [...names];
}
