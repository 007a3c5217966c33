/**
 * What DESCRIBE and SHOW look at when they name a relation: a Delta table (catalog table or
 * delta.`/path`, with its latest snapshot, whose log is the truth about schema and properties), a table
 * of another format (its catalog entry is the truth), a persistent view, or a temp view (its analyzed
 * schema). Name resolution follows Spark's: temp views shadow tables of the same 1-part name.
 */

import type { CatalogDataTable, CatalogView } from '../../catalog/catalog-types.js';
import type { SessionCatalog } from '../../catalog/session-catalog.js';
import type { ParquetHandler } from '../../delta/parquet-handler.js';
import { loadSnapshot, type Snapshot } from '../../delta/snapshot.js';
import type { LogicalPlan } from '../../plan/logical/logical-plan.js';
import type { Query } from '../../sql/ast/query.js';
import { storeForUrl } from '../../storage/store-for-url.js';
import { resolveUserPath, type UserPathContext } from '../../storage/user-path.js';
import { field, type StructType, struct } from '../../types/data-types.js';
import type { TempView } from './temp-view.js';

/** What resolving a relation for DESCRIBE and SHOW uses of its session. */
export interface CatalogRelationContext extends UserPathContext {
  readonly catalog: SessionCatalog<TempView>;
  readonly parquet: ParquetHandler;
  analyze(query: Query): Promise<LogicalPlan>;
}

export type CatalogRelation =
  | {
      readonly kind: 'delta';
      /** undefined for a path table (delta.`/path`). */
      readonly table: CatalogDataTable | undefined;
      readonly snapshot: Snapshot;
      /** Spark's qualified name: `spark_catalog.db.t`, or delta.`/path`. */
      readonly qualifiedName: string;
    }
  | { readonly kind: 'fileTable'; readonly table: CatalogDataTable; readonly qualifiedName: string }
  | { readonly kind: 'view'; readonly view: CatalogView; readonly qualifiedName: string }
  | { readonly kind: 'tempView'; readonly name: string; readonly schema: StructType };

/** `delta.\`/p\``: a 2-part name whose first part is `delta` and whose second looks like a path. */
export function deltaPathOf(parts: readonly string[]): string | undefined {
  if (parts.length !== 2 || parts[0]!.toLowerCase() !== 'delta') return undefined;
  const p = parts[1]!;
  return p.includes('/') || p.includes('\\') || /^[a-z]+:/i.test(p) ? p : undefined;
}

export async function resolveCatalogRelation(
  session: CatalogRelationContext,
  parts: readonly string[],
): Promise<CatalogRelation> {
  const path = deltaPathOf(parts);
  if (path !== undefined) {
    const snapshot = await loadSnapshot(storeForUrl(resolveUserPath(path, session)), session.parquet);
    return { kind: 'delta', table: undefined, snapshot, qualifiedName: `delta.\`${path}\`` };
  }
  const found = await session.catalog.resolveRelation(parts);
  switch (found.kind) {
    case 'tempView':
    case 'globalTempView': {
      const view = found.view;
      if (view.kind === 'engineSql' || view.kind === 'files') {
        return { kind: 'tempView', name: found.name, schema: view.schema };
      }
      const output = view.kind === 'plan' ? view.plan.output : (await session.analyze(view.query)).output;
      const names = view.kind === 'query' ? view.columnNames : null;
      return {
        kind: 'tempView',
        name: found.name,
        schema: struct(output.map((a, i) => field(names?.[i] ?? a.name, a.type, a.nullable))),
      };
    }
    case 'table': {
      const t = found.table;
      const qualifiedName = `spark_catalog.${t.identifier.database}.${t.identifier.name}`;
      if (t.tableType === 'VIEW') return { kind: 'view', view: t, qualifiedName };
      if (t.provider !== 'delta') return { kind: 'fileTable', table: t, qualifiedName };
      const snapshot = await loadSnapshot(storeForUrl(t.location), session.parquet);
      return { kind: 'delta', table: t, snapshot, qualifiedName };
    }
    default: {
      const never: never = found;
      throw new Error(`unknown relation ${JSON.stringify(never)}`);
    }
  }
}

/** The schema DESCRIBE and SHOW COLUMNS list for a relation. */
export function relationSchema(r: CatalogRelation): StructType {
  switch (r.kind) {
    case 'delta':
      return r.snapshot.schema;
    case 'fileTable':
      return r.table.schema ?? struct([]);
    case 'view':
      return r.view.viewSchema;
    case 'tempView':
      return r.schema;
    default: {
      const never: never = r;
      throw new Error(`unknown relation ${JSON.stringify(never)}`);
    }
  }
}

export function relationPartitionColumns(r: CatalogRelation): readonly string[] {
  if (r.kind === 'delta') return r.snapshot.partitionColumns;
  if (r.kind === 'fileTable') return r.table.partitionColumns;
  return [];
}
