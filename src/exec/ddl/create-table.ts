/**
 * CREATE [OR REPLACE] TABLE … [USING DELTA] with columns, AS SELECT, or LOCATION over an existing Delta table.
 * The catalog entry is claimed first (put-if-absent: of two concurrent creators exactly one wins; the claim
 * keeps it invisible), then the Delta log's first commit is written and the claim lifted (publishTable); if
 * that fails the claim is abandoned, so nothing is half-created,
 * with only the files this statement wrote (never what the folder held before: a user's files, an external
 * table's log). A managed table's default folder must be empty or missing (LOCATION_ALREADY_EXISTS, checked
 * by the catalog) unless a CTAS runs with spark.sql.legacy.allowNonEmptyLocationInCTAS.
 */

import type { CatalogDataTable } from '../../catalog/catalog-types.js';
import { deleteFilesWrittenSince, folderContents } from '../../catalog/table-folder.js';
import { fileRowsSql } from '../../engine/file-readers/file-rows-sql.js';
import { LakesqlError } from '../../errors/index.js';
import { writeFileFormat } from '../../formats/writers/output-layout.js';
import { analyzerContext } from '../../plan/analyzer/analyzer-context.js';
import { columnsToSchema } from '../../plan/types/sql-schema.js';
import type { CreateTable } from '../../sql/ast/statements-ddl.js';
import { printExpression } from '../../sql/index.js';
import { storeForUrl } from '../../storage/store-for-url.js';
import { resolveUserPath } from '../../storage/user-path.js';
import { type StructType, sqlTypeName } from '../../types/data-types.js';
import type { CommandContext } from '../command-context.js';
import { allowNonEmptyLocationInCtas } from '../conf/non-empty-ctas-location.js';
import { withTablePropertyDefaults } from '../conf/table-property-defaults.js';
import { assertColumnDefaultsAllowed, hasDefault } from '../dml/column-defaults.js';
import { CONSTRAINT_PREFIX } from '../dml/column-metadata.js';
import { insertedRowsResult } from '../dml/dml-metrics.js';
import { prepareTableRows } from '../dml/table-invariants.js';
import { userMetadataOf } from '../dml/user-metadata.js';
import { createFileTable } from '../file-tables/create-file-table.js';
import { isFileTableProvider } from '../file-tables/file-table.js';
import type { CompiledQuery } from '../query/run-query.js';
import { deltaPathOf } from '../relations/catalog-relation.js';
import type { StatementResult } from '../statement-result.js';
import { assertSameClustering, requestedClustering } from '../write/clustering-definition.js';
import { writeDelta } from '../write/delta-write.js';
import { latestSnapshotOrNone } from '../write/table-target.js';
import { compileWriteRows } from '../write/write-rows.js';
import { createPathTable } from './create-path-table.js';
import { propertyMap } from './properties.js';

export async function createTable(session: CommandContext, stmt: CreateTable): Promise<StatementResult> {
  const provider = (stmt.using ?? 'delta').toLowerCase();
  const clusterBy = requestedClustering(stmt, provider);
  if (isFileTableProvider(provider)) return createFileTableStatement(session, stmt);
  if (provider !== 'delta') {
    throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: `CREATE TABLE … USING ${provider}` });
  }
  // DeltaCatalog.createTable: Delta tables have no Hive buckets.
  if (stmt.bucketSpec) throw new LakesqlError('DELTA_OPERATION_NOT_ALLOWED', { operation: 'Bucketing' });
  const path = deltaPathOf(stmt.name.parts);
  if (path !== undefined) return createPathTable(session, stmt, path);
  const id = session.catalog.qualifyTableName(stmt.name.parts);
  const catalog = session.catalog.catalog;
  const existing = await catalog.lookupTable(id.database, id.name);
  if (existing) {
    if (stmt.ifNotExists) return { kind: 'done' };
    if (stmt.mode === 'create') {
      throw new LakesqlError('TABLE_OR_VIEW_ALREADY_EXISTS', {
        relationName: `\`${id.database}\`.\`${id.name}\``,
      });
    }
  } else if (stmt.mode === 'replace') {
    throw new LakesqlError('CANNOT_REPLACE_MISSING_TABLE', {
      relationName: `\`${id.database}\`.\`${id.name}\``,
    });
  }

  const definition = await createDefinition(session, stmt, `\`${id.database}\`.\`${id.name}\``);
  const { properties, partitionBy, sourceSql, release } = definition;
  const schema = definition.schema;

  const location =
    (stmt.location === null ? undefined : resolveUserPath(stmt.location, session)) ??
    (existing && existing.tableType !== 'VIEW' ? existing.location : undefined);
  const tableLocation = location ?? (await catalog.defaultTableLocation(id.database, id.name));
  const store = storeForUrl(tableLocation);
  try {
    // The log is read once: the snapshot found here is the one the statement registers, checks or replaces.
    const existingSnapshot = await latestSnapshotOrNone(store, session.parquet);
    const logExists = existingSnapshot !== undefined;
    if (!schema) {
      if (!logExists) {
        throw new LakesqlError('DELTA_CANNOT_CREATE_TABLE_WITHOUT_SCHEMA', {
          tableName: `\`${id.database}\`.\`${id.name}\``,
          path: tableLocation,
        });
      }
      // CREATE TABLE t USING DELTA LOCATION '…' over an existing table: register it, its log is the truth.
      const snapshot = existingSnapshot;
      const claimed = await registerEntry(
        session,
        id,
        stmt,
        tableLocation,
        snapshot.partitionColumns,
        properties,
        existing !== undefined,
      );
      // The log is already there: the entry is published at once.
      if (claimed === true) await catalog.publishTable(id.database, id.name);
      return { kind: 'done' };
    }
    if (existingSnapshot && stmt.mode === 'create' && !stmt.query) {
      const snapshot = existingSnapshot;
      assertSameSchema(schema, snapshot.schema, tableLocation);
      assertSameClustering(snapshot, clusterBy, tableLocation);
      const claimed = await registerEntry(
        session,
        id,
        stmt,
        tableLocation,
        snapshot.partitionColumns,
        properties,
        existing !== undefined,
      );
      // The log is already there: the entry is published at once.
      if (claimed === true) await catalog.publishTable(id.database, id.name);
      return { kind: 'done' };
    }
    const created = await registerEntry(
      session,
      id,
      stmt,
      tableLocation,
      partitionBy,
      properties,
      existing !== undefined,
    );
    // Another creator of the name finished first (IF NOT EXISTS racing): nothing to write.
    if (created === 'exists') return { kind: 'done' };
    // What the folder held before this statement wrote (listed under the claim, so no other creator of the
    // name writes there now): a failed write takes back only its own files.
    let before: Awaited<ReturnType<typeof folderContents>> | undefined;
    let written: Awaited<ReturnType<typeof writeDelta>>;
    try {
      if (created) before = await folderContents(tableLocation);
      written = await writeDelta(session.engine, session.parquet, store, {
        sourceSql: sourceSql ?? fileRowsSql({ schema, rows: [] }),
        schema,
        mode: logExists ? 'overwrite' : 'errorIfExists',
        read: { snapshot: existingSnapshot },
        replace: stmt.mode !== 'create',
        partitionBy,
        properties,
        ...(stmt.comment !== null ? { description: stmt.comment } : {}),
        ...userMetadataOf(session),
        createOperation: createOperation(stmt),
        conf: session.conf,
        ...(clusterBy ? { clusterBy } : {}),
      });
      if (created) await catalog.publishTable(id.database, id.name);
    } catch (e) {
      if (created) {
        await catalog.abandonTable(id.database, id.name);
        // Over an existing log, files this write left are unreferenced (VACUUM's); deleting new files
        // there could take a concurrent writer's before its commit.
        if (before !== undefined && !logExists) await deleteFilesWrittenSince(tableLocation, before);
        throw await catalog.createFailure(id.database, e);
      }
      throw e;
    }
    if (existing && existing.tableType !== 'VIEW' && stmt.mode !== 'create') {
      // The replaced table's entry says what its new first commit says.
      const { comment: _oldComment, ...kept } = existing;
      await catalog.alterTable({
        ...kept,
        partitionColumns: partitionBy,
        properties,
        options: propertyMap(stmt.options),
        ...(stmt.comment !== null ? { comment: stmt.comment } : {}),
      });
    }
    // Databricks answers CREATE TABLE … AS SELECT with the rows it wrote, as INSERT does.
    return stmt.query ? insertedRowsResult(written.numOutputRows) : { kind: 'done' };
  } finally {
    await release();
  }
}

/** The operation name the first commit's commitInfo records. */
export function createOperation(stmt: CreateTable): string {
  const verb = {
    create: 'CREATE TABLE',
    replace: 'REPLACE TABLE',
    createOrReplace: 'CREATE OR REPLACE TABLE',
  }[stmt.mode];
  return stmt.query ? `${verb} AS SELECT` : verb;
}

/** What a Delta CREATE TABLE writes, from its column list or its AS SELECT (whose rows are prepared here). */
export interface CreateDefinition {
  readonly schema: StructType | undefined;
  readonly partitionBy: string[];
  readonly properties: Record<string, string>;
  /** The rows of AS SELECT, or undefined. */
  readonly sourceSql: string | undefined;
  readonly release: () => Promise<void>;
}

export async function createDefinition(
  session: CommandContext,
  stmt: CreateTable,
  tableName: string,
): Promise<CreateDefinition> {
  // A new table's first commit takes the session's property defaults, as Delta's does.
  const properties = withTablePropertyDefaults(session, propertyMap(stmt.properties));
  const partitionBy = stmt.partitionedBy.map((p) => (p.kind === 'name' ? p.name : p.column.name));
  let schema: StructType | undefined = stmt.columns
    ? columnsToSchema([
        ...stmt.columns,
        ...stmt.partitionedBy.flatMap((p) => (p.kind === 'column' ? [p.column] : [])),
      ])
    : undefined;
  if (schema) applyColumnFeatures(schema, stmt, properties);

  // The rows to write: the query of CREATE TABLE … AS SELECT, or none.
  let sourceSql: string | undefined;
  let release = async () => {};
  if (stmt.query) {
    const { schema: querySchema, compiled } = await compileWriteRows(session, stmt.query);
    if (schema && schema.fields.length !== querySchema.fields.length) {
      await compiled.release();
      throw new LakesqlError('UNSUPPORTED_FEATURE', {
        feature: 'CREATE TABLE with both a column list and AS SELECT',
      });
    }
    schema = querySchema;
    // CHECK constraints given as TBLPROPERTIES hold for the rows of AS SELECT too (table-invariants.ts).
    const prepared = await prepareTableRows(
      session.engine,
      analyzerContext(session.relations, session.semantics, session.conf),
      session.semantics,
      {
        sql: compiled.sql,
        schema,
        configuration: properties,
        tableName,
        computeGenerated: new Set(),
        assignIdentity: new Set(),
      },
    );
    sourceSql = prepared.sql;
    release = async () => {
      await prepared.release();
      await compiled.release();
    };
  }

  return { schema, partitionBy, properties, sourceSql, release };
}

/**
 * CREATE TABLE … USING csv|json|text|parquet (create-file-table.ts). Spark replaces only v2 tables, so
 * REPLACE and CREATE OR REPLACE are Delta's alone.
 */
async function createFileTableStatement(
  session: CommandContext,
  stmt: CreateTable,
): Promise<StatementResult> {
  const provider = (stmt.using ?? '').toLowerCase();
  if (stmt.mode !== 'create' || stmt.clone || stmt.like) {
    throw new LakesqlError('UNSUPPORTED_FEATURE', {
      feature: `${stmt.clone ? 'CLONE' : stmt.like ? 'CREATE TABLE LIKE' : 'REPLACE TABLE'} of a ${provider} table`,
    });
  }
  const format = writeFileFormat(provider);
  const columns = stmt.columns
    ? [...stmt.columns, ...stmt.partitionedBy.flatMap((p) => (p.kind === 'column' ? [p.column] : []))]
    : null;
  let schema = columns ? columnsToSchema(columns) : undefined;
  let compiled: CompiledQuery | undefined;
  if (stmt.query) ({ schema, compiled } = await compileWriteRows(session, stmt.query));
  let written: number | undefined;
  try {
    written = await createFileTable(
      session,
      {
        id: session.catalog.qualifyTableName(stmt.name.parts),
        format,
        schema,
        partitionColumns: stmt.partitionedBy.map((p) => (p.kind === 'name' ? p.name : p.column.name)),
        options: propertyMap(stmt.options),
        location: stmt.location ?? undefined,
        properties: propertyMap(stmt.properties),
        comment: stmt.comment ?? undefined,
        ...(stmt.bucketSpec ? { bucketSpec: stmt.bucketSpec } : {}),
        ifNotExists: stmt.ifNotExists,
      },
      compiled?.sql,
    );
  } finally {
    await compiled?.release();
  }
  // Databricks answers CREATE TABLE … AS SELECT with the rows it wrote, whatever the table's format.
  return written === undefined ? { kind: 'done' } : insertedRowsResult(written);
}

/**
 * Claims the catalog entry (unless replacing an existing one): true when this call claimed it (the caller
 * writes the first commit, then publishes or abandons the claim), false when replacing, `'exists'` when
 * IF NOT EXISTS found the table created by a racer meanwhile.
 */
async function registerEntry(
  session: CommandContext,
  id: { database: string; name: string },
  stmt: CreateTable,
  location: string,
  partitionColumns: readonly string[],
  properties: Record<string, string>,
  exists: boolean,
): Promise<boolean | 'exists'> {
  if (exists) return false;
  const external = stmt.location !== null || stmt.external;
  const def: Omit<CatalogDataTable, 'identifier' | 'createdTime'> & {
    location: string;
    allowNonEmptyLocation?: boolean;
  } = {
    tableType: external ? 'EXTERNAL' : 'MANAGED',
    provider: 'delta',
    location,
    partitionColumns,
    properties,
    options: propertyMap(stmt.options),
    ...(stmt.comment !== null ? { comment: stmt.comment } : {}),
    ...(stmt.query && allowNonEmptyLocationInCtas(session) ? { allowNonEmptyLocation: true } : {}),
  };
  const claimed = await session.catalog.catalog.claimTable(id.database, id.name, def, stmt.ifNotExists);
  return claimed.created ? true : 'exists';
}

/**
 * Column DEFAULTs need Delta's allowColumnDefaults feature in TBLPROPERTIES; `CONSTRAINT n CHECK (e)`
 * becomes the table property `delta.constraints.n` (how Delta stores CHECK constraints).
 */
function applyColumnFeatures(
  schema: StructType,
  stmt: CreateTable,
  properties: Record<string, string>,
): void {
  if (schema.fields.some((f) => hasDefault(f))) assertColumnDefaultsAllowed(properties, 'CREATE TABLE');
  stmt.constraints.forEach((c, i) => {
    if (c.kind !== 'check') return;
    properties[`${CONSTRAINT_PREFIX}${(c.name ?? `constraint_${i + 1}`).toLowerCase()}`] = printExpression(
      c.condition,
    );
  });
}

function assertSameSchema(specified: StructType, existing: StructType, path: string): void {
  const text = (s: StructType) => s.fields.map((f) => `${f.name} ${sqlTypeName(f.type)}`).join(', ');
  const same =
    specified.fields.length === existing.fields.length &&
    specified.fields.every(
      (f, i) =>
        f.name.toLowerCase() === existing.fields[i]!.name.toLowerCase() &&
        sqlTypeName(f.type) === sqlTypeName(existing.fields[i]!.type),
    );
  if (!same) {
    throw new LakesqlError('DELTA_CREATE_TABLE_SCHEME_MISMATCH', {
      path,
      specifiedSchema: text(specified),
      existingSchema: text(existing),
      schemaDifferences: '',
    });
  }
}
