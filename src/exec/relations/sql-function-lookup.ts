/**
 * Where a SQL function's name points (Spark's SessionCatalog.lookupFunction for SQL UDFs): a temporary
 * function first, then a persistent one of the current or named database. Name resolution reads it while
 * analyzing; CREATE and DROP FUNCTION (exec/ddl/sql-functions.ts) use the same naming rules.
 */
import { normalizeName } from '../../catalog/identifiers.js';
import type { SessionCatalog } from '../../catalog/session-catalog.js';
import type { SqlFunctions } from '../../catalog/sql-functions.js';
import type { ResolvedSqlFunction } from '../../plan/analyzer/analyzer-context.js';
import type { SessionSemantics } from '../../plan/functions/function-signature.js';
import type { CreateFunction } from '../../sql/ast/statements-functions.js';

const SPARK_CATALOG = 'spark_catalog';

/** A SQL function as the catalog keeps it: its CREATE FUNCTION and the semantics it was created under. */
export interface StoredSqlFunction {
  readonly definition: CreateFunction;
  readonly semantics: SessionSemantics;
}

export function functionsOf(catalog: SessionCatalog<unknown>): SqlFunctions<StoredSqlFunction> {
  return catalog.functions as SqlFunctions<StoredSqlFunction>;
}

/** Where a written name points: a temporary function, or a persistent one of a database. */
export type FunctionName =
  | { readonly kind: 'temporary'; readonly name: string }
  | { readonly kind: 'persistent'; readonly database: string; readonly name: string };

export function functionName(parts: readonly string[], currentDatabase: string): FunctionName | undefined {
  const lower = parts.map(normalizeName);
  const name = lower[lower.length - 1]!;
  if (lower.length === 1) return { kind: 'persistent', database: currentDatabase, name };
  if (lower.length === 2) {
    return lower[0] === 'session'
      ? { kind: 'temporary', name }
      : { kind: 'persistent', database: lower[0]!, name };
  }
  if (lower.length === 3 && lower[0] === 'system' && lower[1] === 'session')
    return { kind: 'temporary', name };
  if (lower.length === 3 && lower[0] === SPARK_CATALOG)
    return { kind: 'persistent', database: lower[1]!, name };
  return undefined;
}

export function resolvedFunction(target: FunctionName, stored: StoredSqlFunction): ResolvedSqlFunction {
  return {
    nameParts: target.kind === 'temporary' ? [target.name] : [SPARK_CATALOG, target.database, target.name],
    definition: stored.definition,
    semantics: stored.semantics,
  };
}

export function lookupSqlFunction(
  catalog: SessionCatalog<unknown>,
  parts: readonly string[],
): ResolvedSqlFunction | undefined {
  const functions = functionsOf(catalog);
  if (parts.length === 1) {
    const temporary = functions.temporary(parts[0]!);
    if (temporary) return resolvedFunction({ kind: 'temporary', name: normalizeName(parts[0]!) }, temporary);
  }
  const target = functionName(parts, catalog.currentDatabase);
  if (!target) return undefined;
  const def =
    target.kind === 'temporary'
      ? functions.temporary(target.name)
      : functions.persistent(target.database, target.name);
  return def ? resolvedFunction(target, def) : undefined;
}
