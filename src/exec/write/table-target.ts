/**
 * The table a statement writes, resolved once: its name or path (`delta.\`/p\``, `dbfs:` and relative paths
 * resolved as the user wrote them), its catalog entry, and one latest snapshot that every step of the
 * statement shares — the analysis of its text (through `statementRelations`), the files it reads, and the
 * commit it makes (commit-builder.ts). Reading the log once per statement is both cheaper and right: a
 * statement whose parts saw two versions could decide on one and commit on the other.
 */
import type { CatalogTable, TableIdentifier } from '../../catalog/catalog-types.js';
import type { ParquetHandler } from '../../delta/parquet-handler.js';
import { loadSnapshot, type Snapshot } from '../../delta/snapshot.js';
import { LakesqlError } from '../../errors/index.js';
import type { ObjectStore } from '../../storage/object-store.js';
import { storeForUrl } from '../../storage/store-for-url.js';
import { resolveUserPath } from '../../storage/user-path.js';
import type { CommandContext } from '../command-context.js';
import { deltaPathOf } from '../relations/catalog-relation.js';
import type { SessionRelationResolver } from '../relations/relation-resolver.js';

/** What resolving a target needs of the session. */
export type TargetContext = Pick<CommandContext, 'catalog' | 'parquet' | 'dbfsRoot'>;

/** Where a statement's table name points, before any log is read. */
export type TableLocation =
  | {
      readonly kind: 'path';
      /** The path as written inside delta.`…`. */
      readonly path: string;
      readonly store: ObjectStore;
    }
  | {
      readonly kind: 'catalog';
      readonly id: TableIdentifier;
      /** undefined when the catalog has no such table (only with `mustExist: false`). */
      readonly entry: CatalogTable | undefined;
    };

/**
 * Where `parts` names a table: `delta.\`/path\`` (a 2-part name whose second part looks like a path), else a
 * catalog table qualified by the current database. With `mustExist` (the default) a missing catalog table
 * fails as the catalog fails (TABLE_OR_VIEW_NOT_FOUND).
 */
export async function locateTable(
  session: TargetContext,
  parts: readonly string[],
  options: { readonly mustExist?: boolean } = {},
): Promise<TableLocation> {
  const path = deltaPathOf(parts);
  if (path !== undefined) {
    return { kind: 'path', path, store: storeForUrl(resolveUserPath(path, session)) };
  }
  const id = session.catalog.qualifyTableName(parts);
  const catalog = session.catalog.catalog;
  const entry =
    options.mustExist === false
      ? await catalog.lookupTable(id.database, id.name)
      : await catalog.getTable(id.database, id.name);
  return { kind: 'catalog', id, entry };
}

/** The name Spark's messages give a located table: `spark_catalog`.`db`.`t` or delta.`/path`. */
export function targetDisplayName(location: TableLocation): string {
  return location.kind === 'path'
    ? `delta.\`${location.path}\``
    : `\`spark_catalog\`.\`${location.id.database}\`.\`${location.id.name}\``;
}

/** The latest snapshot of the table at `store`, or undefined when there is no Delta table there yet. */
export async function latestSnapshotOrNone(
  store: ObjectStore,
  parquet: ParquetHandler,
): Promise<Snapshot | undefined> {
  try {
    return await loadSnapshot(store, parquet);
  } catch (e) {
    if (e instanceof LakesqlError && e.errorClass === 'DELTA_MISSING_DELTA_TABLE') return undefined;
    throw e;
  }
}

/**
 * The relation resolver a statement analyzes its text with once it holds its target's snapshot: a name of
 * the target anywhere in the statement reads that snapshot instead of the log again.
 */
export function statementRelations(
  session: Pick<CommandContext, 'relations'>,
  snapshot: Snapshot,
): SessionRelationResolver {
  return session.relations.withSnapshots([snapshot]);
}
