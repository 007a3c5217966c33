/**
 * What a DataFrameWriter's save / saveAsTable / insertInto runs on a Delta table, reusing the SQL paths:
 * - into an existing table: an INSERT statement AST (by name for save/saveAsTable, as Delta's
 *   WriteIntoDelta matches a DataFrame's columns by name; by position for insertInto, as Spark's
 *   insertInto does), run by the SQL layer's INSERT with its casts, defaults, constraints and commit;
 * - a new table: writeDelta's first commit (and, for saveAsTable, a managed catalog entry);
 * - overwrite with overwriteSchema: one commit replacing every file and the schema / partitioning.
 * Write options become session configuration for the duration of the write (Delta gives a writer option
 * precedence over the session key): partitionOverwriteMode, mergeSchema, userMetadata.
 */

import { qualifyLocation } from '../../catalog/index.js';
import { deleteFilesWrittenSince, folderContents } from '../../catalog/table-folder.js';
import type { Metadata } from '../../delta/actions.js';
import { assignColumnMapping, columnMappingMode } from '../../delta/column-mapping.js';
import { serializeSchema } from '../../delta/schema.js';
import { loadSnapshot, type Snapshot } from '../../delta/snapshot.js';
import { dataSkippingNumIndexedCols } from '../../delta/table-properties.js';
import { writeDataFiles } from '../../engine/data-file-writer.js';
import { LakesqlError } from '../../errors/index.js';
import { allowNonEmptyLocationInCtas } from '../../exec/conf/non-empty-ctas-location.js';
import { withTablePropertyDefaults } from '../../exec/conf/table-property-defaults.js';
import { insertInto } from '../../exec/dml/insert.js';
import { prepareTableRows } from '../../exec/dml/table-invariants.js';
import { userMetadataOf } from '../../exec/dml/user-metadata.js';
import type { WriteTarget } from '../../exec/dml/write-target.js';
import { PROVIDER_CLASS } from '../../exec/file-tables/file-table.js';
import type { SqlSession } from '../../exec/session/sql-session.js';
import { sparkLocation } from '../../exec/value-format/spark-display.js';
import { autoCompactAfterCommit } from '../../exec/write/auto-compact.js';
import { clusteringOfDefinition } from '../../exec/write/clustering-definition.js';
import { CommitBuilder } from '../../exec/write/commit-builder.js';
import { writeDelta } from '../../exec/write/delta-write.js';
import { writeFileSizing } from '../../exec/write/file-sizing.js';
import {
  alreadyWritten,
  idempotentWriteOf,
  recordIdempotentWrite,
} from '../../exec/write/idempotent-write.js';
import { latestSnapshotOrNone, locateTable, targetDisplayName } from '../../exec/write/table-target.js';
import { compileWriteRows } from '../../exec/write/write-rows.js';
import { analyzerContext } from '../../plan/analyzer/analyzer-context.js';
import { NO_SPAN } from '../../sql/ast/common.js';
import type { Expression } from '../../sql/ast/expressions.js';
import type { Query } from '../../sql/ast/query.js';
import type { Insert } from '../../sql/ast/statements-dml.js';
import { storeForUrl } from '../../storage/store-for-url.js';
import { resolveUserPath } from '../../storage/user-path.js';

/** Spark's SaveMode, as DataFrameWriter.mode() names it (lower case; 'error' is errorIfExists). */
export type WriteMode = 'append' | 'overwrite' | 'errorifexists' | 'ignore';

export interface DeltaWriteSpec {
  readonly query: Query;
  readonly mode: WriteMode;
  readonly partitionBy: readonly string[] | null;
  readonly replaceWhere: Expression | null;
  readonly replaceWhereText: string | null;
  readonly mergeSchema: boolean;
  readonly overwriteSchema: boolean;
  /** Session keys the options set for this write. */
  readonly conf: ReadonlyMap<string, string>;
}

/** A Delta table a write goes to, at the snapshot the write reads. */
type DeltaWriteTarget = Extract<WriteTarget, { kind: 'delta' }>;

/** Where the rows go: a path (save) or a catalog table (saveAsTable, external at its `path` option). */
export type WriteDestination =
  | { readonly kind: 'path'; readonly path: string }
  | { readonly kind: 'table'; readonly parts: readonly string[]; readonly path?: string };

/** The session with the write's option keys layered over its configuration (the catalog etc. are shared). */
export function withConf(session: SqlSession, conf: ReadonlyMap<string, string>): SqlSession {
  if (conf.size === 0) return session;
  const overlay = Object.create(session) as SqlSession;
  Object.defineProperty(overlay, 'conf', { value: new Map([...session.conf, ...conf]) });
  return overlay;
}

export async function saveDelta(
  base: SqlSession,
  dest: WriteDestination,
  spec: DeltaWriteSpec,
): Promise<void> {
  const session = withConf(base, spec.conf);
  const existing = await existingTable(session, dest);
  if (!existing) return createDeltaTable(session, dest, spec);
  if (spec.mode === 'ignore') return;
  if (spec.mode === 'errorifexists') {
    if (dest.kind === 'path') throw new LakesqlError('DELTA_PATH_EXISTS', { path: dest.path });
    throw new LakesqlError('TABLE_OR_VIEW_ALREADY_EXISTS', { relationName: existing.displayName });
  }
  if (spec.mode === 'overwrite' && spec.overwriteSchema && !spec.replaceWhere) {
    if (alreadyWritten(existing.snapshot, idempotentWriteOf(session))) return;
    return overwriteWithSchema(session, existing.snapshot, spec);
  }
  const parts = dest.kind === 'path' ? ['delta', dest.path] : dest.parts;
  await insertInto(session, insertStatement(parts, spec, true), {
    filterReplacedRows: false,
    target: existing,
  });
}

/** insertInto(name[, overwrite]): the table must exist; columns match by position. */
export async function insertIntoTable(
  base: SqlSession,
  parts: readonly string[],
  spec: DeltaWriteSpec,
): Promise<void> {
  await insertInto(withConf(base, spec.conf), insertStatement(parts, spec, false));
}

/** The INSERT a DataFrame write runs: by name for save/saveAsTable, by position for insertInto. */
export function insertStatement(
  parts: readonly string[],
  spec: Pick<DeltaWriteSpec, 'query' | 'mode' | 'replaceWhere' | 'mergeSchema'>,
  byName: boolean,
): Insert {
  const overwrite = spec.mode === 'overwrite';
  return {
    kind: 'insert',
    overwrite: overwrite && !spec.replaceWhere,
    schemaEvolution: spec.mergeSchema,
    table: { kind: 'objectName', parts, span: NO_SPAN },
    partition: [],
    ifNotExists: false,
    columns: null,
    byName,
    replace: overwrite && spec.replaceWhere ? { kind: 'where', condition: spec.replaceWhere } : null,
    query: spec.query,
    span: NO_SPAN,
  };
}

/** The destination table with the snapshot the whole write uses (its log is read once), if it exists. */
async function existingTable(
  session: SqlSession,
  dest: WriteDestination,
): Promise<DeltaWriteTarget | undefined> {
  if (dest.kind === 'path') {
    const store = storeForUrl(resolveUserPath(dest.path, session));
    const snapshot = await latestSnapshotOrNone(store, session.parquet);
    if (!snapshot) return undefined;
    return { kind: 'delta', store, snapshot, schema: snapshot.schema, displayName: `delta.\`${dest.path}\`` };
  }
  const location = await locateTable(session, dest.parts, { mustExist: false });
  if (location.kind !== 'catalog' || !location.entry) return undefined;
  const { entry: table } = location;
  const displayName = targetDisplayName(location);
  if (table.tableType === 'VIEW') {
    throw new LakesqlError('UNSUPPORTED_FEATURE', {
      feature: `DataFrameWriter.saveAsTable into ${displayName}, which is not a Delta table`,
    });
  }
  if (table.provider !== 'delta') {
    throw new LakesqlError('_LEGACY_ERROR_TEMP_1159', {
      tableName: displayName,
      existingProvider: PROVIDER_CLASS[table.provider] ?? table.provider,
      specifiedProvider: PROVIDER_CLASS.delta!,
    });
  }
  const given = dest.path === undefined ? undefined : qualifyLocation(resolveUserPath(dest.path, session));
  if (given !== undefined && given !== table.location) {
    throw new LakesqlError('DELTA_TABLE_LOCATION_MISMATCH', {
      tableName: displayName,
      existingTableLocation: `\`${sparkLocation(table.location)}\``,
      tableLocation: `\`${sparkLocation(given)}\``,
    });
  }
  const store = storeForUrl(table.location);
  const snapshot = await loadSnapshot(store, session.parquet);
  return { kind: 'delta', store, snapshot, schema: snapshot.schema, displayName };
}

/** The DataFrame's rows as engine SQL with its column names, and their Delta schema (all nullable). */
async function compileRows(session: SqlSession, query: Query) {
  return compileWriteRows(session, query);
}

/** A new table: Delta's first commit is a WRITE for save(path), CREATE TABLE AS SELECT for saveAsTable. */
async function createDeltaTable(
  session: SqlSession,
  dest: WriteDestination,
  spec: DeltaWriteSpec,
): Promise<void> {
  const { schema, compiled } = await compileRows(session, spec.query);
  const partitionBy = spec.partitionBy ?? [];
  try {
    if (dest.kind === 'path') {
      await writeDelta(session.engine, session.parquet, storeForUrl(resolveUserPath(dest.path, session)), {
        sourceSql: compiled.sql,
        schema,
        // saveDelta found no table at the path: the commit builds on that reading instead of listing the
        // log again (a table created meanwhile still fails the commit, which writes version 0 only if absent).
        read: { snapshot: undefined },
        mode: 'errorIfExists',
        partitionBy,
        properties: withTablePropertyDefaults(session, {}),
        createOperation: 'WRITE',
        createParameters: { mode: spelledMode(spec.mode), partitionBy },
        ...userMetadataOf(session),
        ...idempotentWriteField(session),
        conf: session.conf,
      });
      return;
    }
    const id = session.catalog.qualifyTableName(dest.parts);
    const catalog = session.catalog.catalog;
    const location =
      dest.path === undefined
        ? await catalog.defaultTableLocation(id.database, id.name)
        : resolveUserPath(dest.path, session);
    // saveAsTable of a new table is a CTAS: claimed, invisible until its first commit (catalog.claimTable).
    await catalog.claimTable(id.database, id.name, {
      tableType: dest.path === undefined ? 'MANAGED' : 'EXTERNAL',
      provider: 'delta',
      location,
      partitionColumns: partitionBy,
      properties: {},
      options: {},
      ...(allowNonEmptyLocationInCtas(session) ? { allowNonEmptyLocation: true } : {}),
    });
    // Its folder's earlier files stay, whatever the write does.
    let before: Awaited<ReturnType<typeof folderContents>> | undefined;
    try {
      before = await folderContents(location);
      await writeDelta(session.engine, session.parquet, storeForUrl(location), {
        sourceSql: compiled.sql,
        schema,
        mode: 'errorIfExists',
        partitionBy,
        properties: withTablePropertyDefaults(session, {}),
        name: id.name,
        createOperation: 'CREATE TABLE AS SELECT',
        ...userMetadataOf(session),
        ...idempotentWriteField(session),
        conf: session.conf,
      });
      await catalog.publishTable(id.database, id.name);
    } catch (e) {
      await catalog.abandonTable(id.database, id.name);
      // mode errorIfExists: a failure over an existing log wrote nothing there (create-table.ts).
      if (before !== undefined && ![...before.keys].some((k) => k.startsWith('_delta_log/'))) {
        await deleteFilesWrittenSince(location, before);
      }
      throw await catalog.createFailure(id.database, e);
    }
  } finally {
    await compiled.release();
  }
}

/**
 * overwrite + overwriteSchema: every live file removed and the rows written with the DataFrame's schema
 * (and partitionBy, or the old partitioning when its columns remain) as the new metaData, in one commit.
 */
async function overwriteWithSchema(
  session: SqlSession,
  snapshot: Snapshot,
  spec: DeltaWriteSpec,
): Promise<void> {
  const { schema: written, compiled } = await compileRows(session, spec.query);
  try {
    const names = new Set(written.fields.map((f) => f.name.toLowerCase()));
    const partitionColumns = [
      ...(spec.partitionBy ??
        (snapshot.partitionColumns.every((p) => names.has(p.toLowerCase()))
          ? snapshot.partitionColumns
          : [])),
    ];
    for (const p of partitionColumns) {
      if (!names.has(p.toLowerCase())) {
        throw new LakesqlError('DELTA_INVALID_SCHEMA', {
          reason: `partition column ${p} is not a column of the data`,
        });
      }
    }
    const configuration = { ...snapshot.configuration };
    let schema = written;
    if (columnMappingMode(configuration) !== 'none') {
      const maxId = Number(configuration['delta.columnMapping.maxColumnId'] ?? '0');
      const assigned = assignColumnMapping(schema, maxId);
      schema = assigned.schema;
      configuration['delta.columnMapping.maxColumnId'] = String(assigned.maxColumnId);
    }
    const metadata: Metadata = {
      ...snapshot.metadata,
      schemaString: serializeSchema(schema),
      partitionColumns,
      configuration,
    };
    const txn = CommitBuilder.onSnapshot(snapshot, session.parquet);
    txn.updateMetadata(metadata);
    // A new schema redefines the table as REPLACE does: a clustered table stays clustered, by no columns.
    const clustering = clusteringOfDefinition(metadata, snapshot, undefined);
    if (clustering.domain) txn.setDomainMetadata(clustering.domain);
    // The table's CHECK constraints survive the new schema and hold for its rows (table-invariants.ts).
    const prepared = await prepareTableRows(
      session.engine,
      analyzerContext(session.relations, session.semantics, session.conf),
      session.semantics,
      {
        sql: compiled.sql,
        schema,
        configuration,
        tableName: `delta.\`${snapshot.store.rootUrl}\``,
        computeGenerated: new Set(),
        assignIdentity: new Set(),
      },
    );
    const adds = await writeDataFiles(session.engine, snapshot.store, {
      sourceSql: prepared.sql,
      schema,
      partitionColumns,
      columnMappingMode: columnMappingMode(configuration),
      numIndexedCols: dataSkippingNumIndexedCols(configuration),
      ...writeFileSizing(session.conf, configuration),
    }).finally(() => prepared.release());
    const live = snapshot.activeFiles();
    txn.readTable();
    txn.readFiles(live);
    txn.removeFiles(live);
    txn.addFiles(adds);
    const rows = adds.reduce((n, a) => n + numRecords(a.stats), 0);
    recordIdempotentWrite(session, txn);
    const commit = await txn.commit({
      name: 'WRITE',
      parameters: { mode: 'Overwrite', partitionBy: partitionColumns },
      metrics: {
        numFiles: adds.length,
        numOutputRows: rows,
        numOutputBytes: adds.reduce((n, a) => n + a.size, 0),
        numRemovedFiles: live.length,
        numRemovedBytes: live.reduce((n, f) => n + f.size, 0),
      },
      ...userMetadataOf(session),
    });
    await autoCompactAfterCommit(session, txn, commit);
  } finally {
    await compiled.release();
  }
}

/** writeDelta's field for the session's idempotent write, if any (a new table has no earlier version). */
function idempotentWriteField(session: SqlSession) {
  const w = idempotentWriteOf(session);
  return w === undefined ? {} : { idempotentWrite: w };
}

function numRecords(stats: string | undefined | null): number {
  if (!stats) return 0;
  try {
    return Number((JSON.parse(stats) as { numRecords?: number }).numRecords ?? 0);
  } catch {
    return 0;
  }
}

function spelledMode(mode: WriteMode): string {
  return { append: 'Append', overwrite: 'Overwrite', errorifexists: 'ErrorIfExists', ignore: 'Ignore' }[mode];
}
