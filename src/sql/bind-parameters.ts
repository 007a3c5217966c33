/**
 * Parameter markers bound to values (Spark's `spark.sql(sqlText, args)`, sql-ref-syntax-aux-param-markers):
 * `:name` markers take the named arguments, `?` markers the positional ones in order. The parser puts each
 * argument in place of its marker (so that IDENTIFIER(:name) sees a constant); a marker left without one
 * fails with UNBOUND_SQL_PARAMETER (42P02), and named and positional markers may not be mixed
 * (INVALID_QUERY_MIXED_QUERY_PARAMETERS). Arguments the statement does not use are allowed, as in Spark.
 */
import { LakesqlError } from '../errors/index.js';
import type { Expression } from './ast/expressions.js';
import type { Statement } from './ast/statements.js';
import { tokenize } from './lexer.js';
import { type ParseOptions, parseStatement } from './parse.js';

/** The arguments, already expressions (literals or collection constructors). */
export type ParameterArguments = ReadonlyMap<string, Expression> | readonly Expression[];

/** The statement `text` with its markers bound to `args`. */
export function parseStatementWithArguments(
  text: string,
  args: ParameterArguments | undefined,
  options?: ParseOptions,
): Statement {
  const markers = new Set(
    tokenize(text).flatMap((t) => (t.type === 'param' ? [t.value === '' ? '?' : ':'] : [])),
  );
  if (markers.size > 1) throw new LakesqlError('INVALID_QUERY_MIXED_QUERY_PARAMETERS', {});
  const stmt = parseStatement(text, args, options);
  refuseUnboundParameters(stmt);
  return stmt;
}

/** Fails with UNBOUND_SQL_PARAMETER on the first marker of `stmt` (a script's markers have no argument). */
export function refuseUnboundParameters(node: unknown): void {
  if (Array.isArray(node)) {
    for (const x of node) refuseUnboundParameters(x);
    return;
  }
  if (node === null || typeof node !== 'object' || ArrayBuffer.isView(node)) return;
  const marker = node as { kind?: unknown; name?: string; span?: { start: number } };
  if (marker.kind === 'namedParameter') throw unbound(marker.name!);
  if (marker.kind === 'positionalParameter') throw unbound(`_${marker.span!.start}`);
  for (const v of Object.values(node)) refuseUnboundParameters(v);
}

function unbound(name: string): LakesqlError {
  return new LakesqlError('UNBOUND_SQL_PARAMETER', { name });
}
