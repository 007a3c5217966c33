/**
 * `CREATE [OR REPLACE] TABLE [IF NOT EXISTS] t2 {SHALLOW | DEEP} CLONE t [VERSION AS OF n | TIMESTAMP AS OF ts]
 * [LOCATION …] [TBLPROPERTIES …]`, as delta-spark's CloneTableCommand runs it: one commit on the target that
 * holds the source version's metaData (a new table id, the source's schema, partitioning and properties, with
 * TBLPROPERTIES overriding), a protocol no lower than the source's, and an add for every file of the source
 * (clone-files.ts: referenced by absolute path for SHALLOW, copied for DEEP). The commit is the `CLONE`
 * operation with its source, sourceVersion and isShallow, and Delta's clone metrics, which are also the
 * statement's result row. Replacing an existing target removes its files in the same commit. Afterwards the
 * two tables are independent: a write to the clone adds files to the clone's folder only, and a removal from
 * the clone only stops referencing a source file.
 */
import { randomUUID } from 'node:crypto';
import type { CatalogDataTable, TableIdentifier } from '../../catalog/catalog-types.js';
import { deleteFilesWrittenSince, folderContents } from '../../catalog/table-folder.js';
import type { AddFile, Metadata } from '../../delta/actions.js';
import { columnMappingMode } from '../../delta/column-mapping.js';
import { deletionVectorUniqueId } from '../../delta/deletion-vectors/index.js';
import { protocolForNewTable } from '../../delta/new-table-protocol.js';
import {
  MATERIALIZED_ROW_COMMIT_VERSION_COLUMN,
  MATERIALIZED_ROW_ID_COLUMN,
} from '../../delta/row-tracking.js';
import { loadSnapshot, type Snapshot } from '../../delta/snapshot.js';
import { LakesqlError } from '../../errors/index.js';
import type { CreateTable } from '../../sql/ast/statements-ddl.js';
import type { ObjectStore } from '../../storage/object-store.js';
import { storeForUrl } from '../../storage/store-for-url.js';
import { resolveUserPath } from '../../storage/user-path.js';
import { LongType } from '../../types/data-types.js';
import type { CommandContext } from '../command-context.js';
import { propertyMap } from '../ddl/properties.js';
import { evaluateTimeTravel, mergeProtocols, type RestoreTarget } from '../dml/restore.js';
import { userMetadataOf } from '../dml/user-metadata.js';
import { deltaPathOf } from '../relations/catalog-relation.js';
import type { StatementResult } from '../statement-result.js';
import { CommitBuilder } from '../write/commit-builder.js';
import { totalSize } from '../write/optimize-metrics.js';
import { latestSnapshotOrNone } from '../write/table-target.js';
import { deepCloneFiles, shallowCloneFiles } from './clone-files.js';

/** A clone as the SQL statement and DeltaTable.clone* describe it. */
export interface CloneRequest {
  readonly source: readonly string[];
  readonly at: RestoreTarget | undefined;
  readonly target: readonly string[];
  readonly shallow: boolean;
  readonly mode: CreateTable['mode'];
  readonly ifNotExists: boolean;
  /** LOCATION, as the user wrote it. */
  readonly location: string | undefined;
  readonly properties: Readonly<Record<string, string>>;
}

/** Delta's CLONE result columns (CloneTableCommand.output), in order. */
export const CLONE_COLUMNS = [
  'source_table_size',
  'source_num_of_files',
  'num_removed_files',
  'num_copied_files',
  'removed_files_size',
  'copied_files_size',
] as const;

export async function cloneStatement(ctx: CommandContext, stmt: CreateTable): Promise<StatementResult> {
  const clone = stmt.clone!;
  const extra = [
    stmt.columns && 'a column list',
    stmt.partitionedBy.length > 0 && 'PARTITIONED BY',
    stmt.clusterBy && 'CLUSTER BY',
    stmt.bucketSpec && 'CLUSTERED BY … INTO BUCKETS',
    stmt.query && 'AS SELECT',
    stmt.options.length > 0 && 'OPTIONS',
    stmt.comment !== null && 'COMMENT',
    stmt.using !== null && stmt.using.toLowerCase() !== 'delta' && `USING ${stmt.using}`,
  ].filter((x): x is string => typeof x === 'string');
  if (extra.length > 0) {
    throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: `CLONE with ${extra.join(', ')}` });
  }
  return cloneTable(ctx, {
    source: clone.source.parts,
    at: clone.timeTravel ? await evaluateTimeTravel(ctx, clone.timeTravel) : undefined,
    target: stmt.name.parts,
    shallow: clone.shallow,
    mode: stmt.mode,
    ifNotExists: stmt.ifNotExists,
    location: stmt.location ?? undefined,
    properties: propertyMap(stmt.properties),
  });
}

export async function cloneTable(ctx: CommandContext, req: CloneRequest): Promise<StatementResult> {
  const source = await cloneSource(ctx, req);
  const target = await cloneTarget(ctx, req);
  if (target.kind === 'skip') return { kind: 'done' };
  const { store, snapshot: existing } = target;
  if (existing && store.rootUrl === source.snapshot.store.rootUrl) {
    throw new LakesqlError('DELTA_UNSUPPORTED_CLONE_REPLACE_SAME_TABLE', { tableName: target.displayName });
  }
  const metadata = targetMetadata(source.snapshot, existing, req.properties);
  let protocol = mergeProtocols(
    source.snapshot.protocol,
    protocolForNewTable(metadata.configuration, source.snapshot.schema),
  );
  if (existing) protocol = mergeProtocols(existing.protocol, protocol);

  const created = target.kind === 'catalog' && target.entry === undefined;
  if (created && !(await claimClone(ctx, target.id, target.location, req, source.snapshot))) {
    return { kind: 'done' };
  }
  // What the folder held before a new clone wrote (listed under the claim): a failed deep clone takes back
  // only the files it copied.
  const before = created ? await folderContents(target.location) : undefined;
  try {
    const sourceFiles = source.snapshot.activeFiles();
    const files = req.shallow
      ? shallowCloneFiles(source.snapshot.store, sourceFiles)
      : await deepCloneFiles(source.snapshot.store, store, sourceFiles);
    // Replacing a clone by a newer clone of the same source: a file both tables hold stays (one commit may
    // not remove and add the same path); the others are removed, and only new files are added.
    const key = (f: AddFile) =>
      `${f.path}\u0000${f.deletionVector ? deletionVectorUniqueId(f.deletionVector) : ''}`;
    const live = new Set((existing?.activeFiles() ?? []).map(key));
    const kept = new Set(files.adds.map(key).filter((k) => live.has(k)));
    const removed = (existing?.activeFiles() ?? []).filter((f) => !kept.has(key(f)));
    const txn = CommitBuilder.on({ store, snapshot: existing }, ctx.parquet);
    if (existing) txn.readTable().removeFiles(removed);
    txn
      .updateMetadata(metadata)
      .updateProtocol(protocol)
      .addFiles(files.adds.filter((f) => !kept.has(key(f))));
    const metrics = {
      sourceTableSize: totalSize(sourceFiles),
      sourceNumOfFiles: sourceFiles.length,
      numRemovedFiles: removed.length,
      numCopiedFiles: files.copiedFiles,
      removedFilesSize: totalSize(removed),
      copiedFilesSize: files.copiedBytes,
    };
    await txn.commit({
      name: 'CLONE',
      parameters: { source: source.name, sourceVersion: source.snapshot.version, isShallow: req.shallow },
      metrics,
      ...userMetadataOf(ctx),
    });
    if (created) await ctx.catalog.catalog.publishTable(target.id.database, target.id.name);
    if (target.kind === 'catalog' && target.entry !== undefined) {
      await ctx.catalog.catalog.alterTable({
        ...target.entry,
        partitionColumns: source.snapshot.partitionColumns,
        properties: { ...req.properties },
      });
    }
    return {
      kind: 'rows',
      columns: CLONE_COLUMNS.map((name) => ({ name, type: LongType, nullable: true })),
      rows: [Object.values(metrics).map((v) => BigInt(v))],
    };
  } catch (e) {
    if (!created) throw e;
    await ctx.catalog.catalog.abandonTable(target.id.database, target.id.name);
    if (before !== undefined) await deleteFilesWrittenSince(target.location, before);
    throw await ctx.catalog.catalog.createFailure(target.id.database, e);
  }
}

/** The source version's snapshot, and the name Delta records for it (`spark_catalog.db.t`, delta.`/p`). */
async function cloneSource(
  ctx: CommandContext,
  req: CloneRequest,
): Promise<{ readonly snapshot: Snapshot; readonly name: string }> {
  const at =
    req.at === undefined
      ? {}
      : req.at.kind === 'version'
        ? { version: req.at.version }
        : { timestamp: req.at.timestamp };
  const path = deltaPathOf(req.source);
  if (path !== undefined) {
    const store = storeForUrl(resolveUserPath(path, ctx));
    return { snapshot: await loadSnapshot(store, ctx.parquet, at), name: `delta.\`${path}\`` };
  }
  const relation = await ctx.catalog.resolveRelation(req.source);
  const shown = req.source.join('.');
  if (relation.kind !== 'table') {
    throw new LakesqlError('DELTA_CLONE_UNSUPPORTED_SOURCE', { name: shown, format: 'view' });
  }
  const table = relation.table;
  if (table.tableType === 'VIEW') {
    throw new LakesqlError('DELTA_CLONE_UNSUPPORTED_SOURCE', { name: shown, format: 'view' });
  }
  if (table.provider !== 'delta') {
    if (table.provider === 'parquet') {
      throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: `CLONE of the parquet table ${shown}` });
    }
    throw new LakesqlError('DELTA_CLONE_UNSUPPORTED_SOURCE', { name: shown, format: table.provider });
  }
  const { database, name } = table.identifier;
  return {
    snapshot: await loadSnapshot(storeForUrl(table.location), ctx.parquet, at),
    name: `spark_catalog.${database}.${name}`,
  };
}

type CloneTarget =
  | { readonly kind: 'skip' }
  | {
      readonly kind: 'path';
      readonly store: ObjectStore;
      readonly snapshot: Snapshot | undefined;
      readonly displayName: string;
    }
  | {
      readonly kind: 'catalog';
      readonly id: TableIdentifier;
      readonly entry: CatalogDataTable | undefined;
      readonly location: string;
      readonly store: ObjectStore;
      readonly snapshot: Snapshot | undefined;
      readonly displayName: string;
    };

/**
 * Where the clone goes, and what is there: IF NOT EXISTS over an existing table does nothing, CREATE over one
 * fails, REPLACE of a missing one fails, and a CREATE into a location whose Delta table has files fails as
 * Delta's cloneReplaceNonEmptyTable does.
 */
async function cloneTarget(ctx: CommandContext, req: CloneRequest): Promise<CloneTarget> {
  const path = deltaPathOf(req.target);
  if (path !== undefined) {
    if (req.location !== undefined) {
      throw new LakesqlError('DELTA_CLONE_AMBIGUOUS_TARGET', {
        externalLocation: req.location,
        targetIdentifier: path,
      });
    }
    const resolved = resolveUserPath(path, ctx);
    if (!/^[a-z][a-z0-9+.-]*:|^\//i.test(resolved)) {
      throw new LakesqlError('DELTA_INVALID_CLONE_PATH', { path });
    }
    const store = storeForUrl(resolved);
    const snapshot = await latestSnapshotOrNone(store, ctx.parquet);
    const displayName = `delta.\`${path}\``;
    if (snapshot && req.ifNotExists) return { kind: 'skip' };
    if (!snapshot && req.mode === 'replace') {
      throw new LakesqlError('CANNOT_REPLACE_MISSING_TABLE', { relationName: displayName });
    }
    assertEmptyUnlessReplacing(snapshot, req);
    return { kind: 'path', store, snapshot, displayName };
  }
  const id = ctx.catalog.qualifyTableName(req.target);
  const displayName = `\`${id.database}\`.\`${id.name}\``;
  const entry = await ctx.catalog.catalog.lookupTable(id.database, id.name);
  if (entry) {
    if (req.ifNotExists) return { kind: 'skip' };
    if (req.mode === 'create' || entry.tableType === 'VIEW') {
      throw new LakesqlError('TABLE_OR_VIEW_ALREADY_EXISTS', { relationName: displayName });
    }
    if (entry.provider !== 'delta') {
      throw new LakesqlError('UNSUPPORTED_FEATURE', {
        feature: `replacing the ${entry.provider} table ${displayName} with a CLONE`,
      });
    }
  } else if (req.mode === 'replace') {
    throw new LakesqlError('CANNOT_REPLACE_MISSING_TABLE', { relationName: displayName });
  }
  const location =
    (req.location === undefined ? undefined : resolveUserPath(req.location, ctx)) ??
    entry?.location ??
    (await ctx.catalog.catalog.defaultTableLocation(id.database, id.name));
  const store = storeForUrl(location);
  const snapshot = await latestSnapshotOrNone(store, ctx.parquet);
  if (!entry) assertEmptyUnlessReplacing(snapshot, { ...req, mode: 'create' });
  return {
    kind: 'catalog',
    id,
    entry,
    location,
    store,
    snapshot,
    displayName,
  };
}

function assertEmptyUnlessReplacing(snapshot: Snapshot | undefined, req: CloneRequest): void {
  if (snapshot && req.mode === 'create' && snapshot.activeFiles().length > 0) {
    throw new LakesqlError('DELTA_UNSUPPORTED_NON_EMPTY_CLONE', {});
  }
}

/**
 * The clone's metaData (CloneTableBase.determineTargetMetadata): the source's, with a fresh id (the
 * replaced table's id when there is one), the target's own name and description, and the configuration
 * overridden by TBLPROPERTIES; the column mapping mode may not change (its ids are in the files).
 */
function targetMetadata(
  source: Snapshot,
  existing: Snapshot | undefined,
  overrides: Readonly<Record<string, string>>,
): Metadata {
  const configuration = { ...source.metadata.configuration, ...overrides };
  // Row tracking's materialized columns are named per table (MaterializedRowTrackingColumn
  // .updateMaterializedColumnName): the clone keeps the names of the table it replaces, or gets new ones
  // when it commits. The source's names would make its files' preserved ids, which the clone does not
  // keep ("CLONE does not preserve Row IDs"), collide with the fresh ids the clone hands out.
  for (const key of [MATERIALIZED_ROW_ID_COLUMN, MATERIALIZED_ROW_COMMIT_VERSION_COLUMN]) {
    const own = existing?.metadata.configuration[key];
    if (own === undefined) delete configuration[key];
    else configuration[key] = own;
  }
  for (const before of [source.metadata.configuration, existing?.metadata.configuration]) {
    if (before === undefined) continue;
    const [oldMode, newMode] = [columnMappingMode(before), columnMappingMode(configuration)];
    if (oldMode !== newMode) {
      throw new LakesqlError('DELTA_UNSUPPORTED_COLUMN_MAPPING_MODE_CHANGE', { oldMode, newMode });
    }
  }
  return {
    ...source.metadata,
    id: existing?.metadata.id ?? randomUUID(),
    name: existing?.metadata.name ?? null,
    description: existing?.metadata.description ?? null,
    configuration,
  };
}

/**
 * Claims the new clone's entry (table-claim.ts: invisible until its first commit, so a kill leaves no entry
 * over a missing log); `false` when IF NOT EXISTS found a racer's table.
 */
async function claimClone(
  ctx: CommandContext,
  id: TableIdentifier,
  location: string,
  req: CloneRequest,
  source: Snapshot,
): Promise<boolean> {
  const claimed = await ctx.catalog.catalog.claimTable(
    id.database,
    id.name,
    {
      tableType: req.location !== undefined ? 'EXTERNAL' : 'MANAGED',
      provider: 'delta',
      location,
      partitionColumns: source.partitionColumns,
      properties: { ...req.properties },
      options: {},
    },
    req.ifNotExists,
  );
  return claimed.created;
}
