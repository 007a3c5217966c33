/**
 * Parameter markers bound to values (Spark's `spark.sql(sqlText, args)`, sql-ref-syntax-aux-param-markers):
 * `:name` markers take the named arguments, `?` markers the positional ones in order. A marker with no
 * argument fails with UNBOUND_SQL_PARAMETER (42P02); named and positional markers may not be mixed
 * (INVALID_QUERY_MIXED_QUERY_PARAMETERS). Arguments the statement does not use are allowed, as in Spark.
 */
import { LakesqlError } from '../errors/index.js';
import type { Expression } from './ast/expressions.js';
import type { Statement } from './ast/statements.js';

/** The arguments, already expressions (literals or collection constructors). */
export type ParameterArguments = ReadonlyMap<string, Expression> | readonly Expression[];

/** `stmt` with every parameter marker replaced by its argument; `stmt` itself when it has no marker. */
export function bindParameters(stmt: Statement, args: ParameterArguments | undefined): Statement {
  const kinds = new Set<string>();
  replaceMarkers(stmt, (marker) => {
    kinds.add(marker.kind);
    return marker;
  });
  if (kinds.size === 0) return stmt;
  if (kinds.size > 1) throw new LakesqlError('INVALID_QUERY_MIXED_QUERY_PARAMETERS', {});
  const named =
    args !== undefined && !Array.isArray(args) ? (args as ReadonlyMap<string, Expression>) : undefined;
  const positional = Array.isArray(args) ? (args as readonly Expression[]) : undefined;
  return replaceMarkers(stmt, (marker) => {
    const arg = marker.kind === 'namedParameter' ? named?.get(marker.name) : positional?.[marker.index];
    if (!arg) throw unbound(marker.kind === 'namedParameter' ? marker.name : `_${marker.span.start}`);
    return arg;
  }) as Statement;
}

type Marker = Extract<Expression, { kind: 'namedParameter' | 'positionalParameter' }>;

/**
 * A copy of the AST `node` with each marker replaced, sharing every subtree that holds none. AST nodes are
 * plain data (objects tagged by `kind`, arrays, spans), so one walk covers every statement family.
 */
function replaceMarkers(node: unknown, replace: (m: Marker) => Expression): unknown {
  if (Array.isArray(node)) {
    let changed = false;
    const out = node.map((x) => {
      const y = replaceMarkers(x, replace);
      if (y !== x) changed = true;
      return y;
    });
    return changed ? out : node;
  }
  if (node === null || typeof node !== 'object') return node;
  const kind = (node as { kind?: unknown }).kind;
  if (kind === 'namedParameter' || kind === 'positionalParameter') return replace(node as Marker);
  let out: Record<string, unknown> | undefined;
  for (const [k, v] of Object.entries(node)) {
    const y = replaceMarkers(v, replace);
    if (y !== v) {
      out ??= { ...(node as Record<string, unknown>) };
      out[k] = y;
    }
  }
  return out ?? node;
}

function unbound(name: string): LakesqlError {
  return new LakesqlError('UNBOUND_SQL_PARAMETER', { name });
}
