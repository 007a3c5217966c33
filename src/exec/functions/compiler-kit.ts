/** Builders for FunctionCompiler entries: each family maps Spark names to a function of the argument SQL. */

import { toDuckDBType } from '../../engine/duckdb-types.js';
import { quoteString } from '../../engine/sql-text.js';
import type { ErrorClass } from '../../errors/index.js';
import type { ResolvedCall, SessionSemantics } from '../../plan/functions/function-signature.js';
import type { DataType } from '../../types/data-types.js';
import { raiseSql } from '../operators/sql-helpers.js';
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
 * Raises Spark's error from SQL (sql-helpers.ts raiseSql, which the engine turns into a LakesqlError); every
 * parameter is a SQL expression here.
 */
export function raise(errorClass: ErrorClass, params: Readonly<Record<string, string>> = {}): string {
  return raiseSql(errorClass, Object.fromEntries(Object.entries(params).map(([k, sql]) => [k, { sql }])));
}

/** The argument's literal value as a JS string, when it is one. */
export function literalString(arg: CompiledArg | undefined): string | undefined {
  return typeof arg?.value === 'string' ? arg.value : undefined;
}
