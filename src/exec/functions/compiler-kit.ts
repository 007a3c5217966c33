/** Builders for FunctionCompiler entries: each family maps Spark names to a function of the argument SQL. */

import { toDuckDBType } from '../../engine/duckdb-types.js';
import { quoteString } from '../../engine/sql-text.js';
import type { ResolvedCall, SessionSemantics } from '../../plan/functions/function-signature.js';
import type { DataType } from '../../types/data-types.js';
import type { CompiledArg, FunctionCompiler } from './function-compiler.js';

export type CompileFn = (
  sql: readonly string[],
  args: readonly CompiledArg[],
  resolved: ResolvedCall,
  semantics: SessionSemantics,
) => string;

export function compilers(table: Readonly<Record<string, CompileFn>>): readonly FunctionCompiler[] {
  return Object.entries(table).map(([name, fn]) => ({
    name,
    compile: (args, resolved, semantics) =>
      fn(
        args.map((a) => a.sql),
        args,
        resolved,
        semantics,
      ),
  }));
}

/** `name(a, b, …)` in DuckDB. */
export const call =
  (duckName: string): CompileFn =>
  (sql) =>
    `${duckName}(${sql.join(', ')})`;

export const duckType = (t: DataType): string => toDuckDBType(t);
export const cast = (sql: string, t: DataType): string => `CAST(${sql} AS ${toDuckDBType(t)})`;
export const str = quoteString;

/**
 * Raises Spark's error from SQL: `error('[CLASS] {json params}')`, which EngineSession turns into a
 * LakesqlError. `params` values are SQL expressions (cast to VARCHAR).
 */
export function raise(errorClass: string, params: Readonly<Record<string, string>> = {}): string {
  const entries = Object.entries(params);
  if (entries.length === 0) return `error(${str(`[${errorClass}] {}`)})`;
  const json = `json_object(${entries.map(([k, v]) => `${str(k)}, CAST(${v} AS VARCHAR)`).join(', ')})`;
  return `error(${str(`[${errorClass}] `)} || CAST(${json} AS VARCHAR))`;
}

/** The argument's literal value as a JS string, when it is one. */
export function literalString(arg: CompiledArg | undefined): string | undefined {
  return typeof arg?.value === 'string' ? arg.value : undefined;
}
