/**
 * DEFAULT in SET VAR (Spark's ResolveSetVariable with ResolveDefaultColumns): in `SET VAR (a, b) = (query)`
 * an output item of the query's top SELECT or VALUES row that is just DEFAULT takes the default of the
 * variable it is assigned to, unless a column named `default` is in reach (columns resolve first). DEFAULT
 * anywhere else (inside an expression, `SET VAR v = 'x' || DEFAULT`) is DEFAULT_PLACEMENT_INVALID.
 */
import { isLakesqlError, LakesqlError } from '../../errors/index.js';
import type { LogicalPlan } from '../../plan/logical/logical-plan.js';
import type { Expression } from '../../sql/ast/expressions.js';
import type { Query, QueryBody } from '../../sql/ast/query.js';

/** `query` with its top-level DEFAULT items resolved: to a column `default` if one is in reach, else to `defaults`. */
export async function resolveQueryDefaults(
  query: Query,
  defaults: (index: number) => Expression,
  analyze: (q: Query) => Promise<LogicalPlan>,
): Promise<Query> {
  if (!containsDefault(query)) return query;
  const asColumn = replaceTopDefaults(query, (_, at) => ({
    kind: 'column',
    nameParts: ['default'],
    span: at.span,
  }));
  refuseMisplacedDefault(asColumn);
  let resolved = asColumn;
  try {
    await analyze(asColumn);
  } catch (e) {
    if (!(isLakesqlError(e) && e.errorClass.startsWith('UNRESOLVED_COLUMN'))) throw e;
    resolved = replaceTopDefaults(query, defaults);
  }
  return resolved;
}

/** DEFAULT_PLACEMENT_INVALID for a DEFAULT left anywhere in `node` (an expression, a query). */
export function refuseMisplacedDefault(node: unknown): void {
  if (containsDefault(node)) throw new LakesqlError('DEFAULT_PLACEMENT_INVALID', {});
}

function containsDefault(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(containsDefault);
  if (node === null || typeof node !== 'object' || ArrayBuffer.isView(node)) return false;
  if ((node as { kind?: unknown }).kind === 'default') return true;
  return Object.values(node).some(containsDefault);
}

type Replace = (index: number, at: Expression) => Expression;

function replaceTopDefaults(query: Query, replace: Replace): Query {
  return { ...query, body: replaceInBody(query.body, replace) };
}

function replaceInBody(body: QueryBody, replace: Replace): QueryBody {
  const item = (e: Expression, i: number): Expression => (e.kind === 'default' ? replace(i, e) : e);
  switch (body.kind) {
    case 'select':
      return { ...body, items: body.items.map(item) };
    case 'values':
      return { ...body, rows: body.rows.map((row) => row.map(item)) };
    case 'query':
      return replaceTopDefaults(body, replace);
    default:
      return body;
  }
}
