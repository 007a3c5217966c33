/**
 * A persistent view outlives the session, so its query may not name a temporary view (Spark's
 * CheckViewReferences, INVALID_TEMP_OBJ_REFERENCE). The query's table names are read from its syntax tree,
 * in subqueries too; a name that a CTE of the query defines is the CTE, not a view.
 */
import { LakesqlError } from '../../errors/index.js';
import type { Query } from '../../sql/ast/query.js';
import type { CommandContext } from '../command-context.js';

export function refuseTempViewReferences(
  session: CommandContext,
  query: Query,
  viewParts: readonly string[],
): void {
  const tables: (readonly string[])[] = [];
  const ctes = new Set<string>();
  collect(query, tables, ctes);
  for (const parts of tables) {
    if (parts.length === 1 && ctes.has(parts[0]!.toLowerCase())) continue;
    const target = session.catalog.relationTarget(parts);
    const temp =
      (target.kind === 'tempView' && session.catalog.tempViews.has(target.name)) ||
      target.kind === 'globalTempView';
    if (temp) {
      throw new LakesqlError('INVALID_TEMP_OBJ_REFERENCE', {
        obj: 'VIEW',
        objName: quoted(viewParts),
        tempObj: 'VIEW',
        tempObjName: quoted(parts),
      });
    }
  }
}

/** Every `table` relation's name and every CTE's name, anywhere in the tree. */
function collect(node: unknown, tables: (readonly string[])[], ctes: Set<string>): void {
  if (Array.isArray(node)) {
    for (const x of node) collect(x, tables, ctes);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const n = node as { kind?: unknown; name?: { parts?: readonly string[] }; ctes?: unknown };
  if (n.kind === 'table' && Array.isArray(n.name?.parts)) tables.push(n.name.parts);
  if (Array.isArray(n.ctes)) for (const c of n.ctes as { name: string }[]) ctes.add(c.name.toLowerCase());
  for (const v of Object.values(node)) collect(v, tables, ctes);
}

function quoted(parts: readonly string[]): string {
  return parts.map((p) => `\`${p.replaceAll('`', '``')}\``).join('.');
}
