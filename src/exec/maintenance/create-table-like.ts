/**
 * `CREATE TABLE [IF NOT EXISTS] t2 LIKE source [USING delta] [LOCATION …] [TBLPROPERTIES …]`: an empty Delta
 * table with the source's definition and none of its data, as Delta's DeltaAnalysis rewrites Spark's
 * CreateTableLikeCommand. From a Delta source: its schema (column comments, defaults, generation expressions,
 * constraints' field metadata), partition columns, description and table properties (less
 * `delta.columnMapping.maxColumnId`, which the new table assigns afresh), TBLPROPERTIES overriding; from a
 * file table: its schema, partitioning, properties and comment; from a view: its columns. The new table's
 * first commit is Delta's CREATE TABLE. The entry is claimed before that commit and published after it, as
 * CREATE TABLE's is (exec/ddl/create-table.ts).
 */
import type { TableIdentifier } from '../../catalog/catalog-types.js';
import { deleteFilesWrittenSince, folderContents } from '../../catalog/table-folder.js';
import { columnMappingMode } from '../../delta/column-mapping.js';
import { loadSnapshot } from '../../delta/snapshot.js';
import { fileRowsSql } from '../../engine/file-readers/file-rows-sql.js';
import { LakesqlError } from '../../errors/index.js';
import { toDeltaField } from '../../plan/types/sql-schema.js';
import type { CreateTable } from '../../sql/ast/statements-ddl.js';
import { parseStatement } from '../../sql/index.js';
import { storeForUrl } from '../../storage/store-for-url.js';
import { resolveUserPath } from '../../storage/user-path.js';
import { type StructField, type StructType, struct } from '../../types/data-types.js';
import type { CommandContext } from '../command-context.js';
import { propertyMap } from '../ddl/properties.js';
import { userMetadataOf } from '../dml/user-metadata.js';
import { deltaPathOf } from '../relations/catalog-relation.js';
import type { StatementResult } from '../statement-result.js';
import { writeDelta } from '../write/delta-write.js';
import { latestSnapshotOrNone } from '../write/table-target.js';

/** What the new table takes from its source. */
interface LikeDefinition {
  readonly provider: string;
  readonly schema: StructType;
  readonly partitionColumns: readonly string[];
  readonly properties: Readonly<Record<string, string>>;
  readonly comment: string | undefined;
}

const COLUMN_MAPPING_KEYS = ['delta.columnMapping.id', 'delta.columnMapping.physicalName'];

export async function createTableLike(ctx: CommandContext, stmt: CreateTable): Promise<StatementResult> {
  const extra = [
    stmt.mode !== 'create' && 'REPLACE',
    stmt.columns && 'a column list',
    stmt.partitionedBy.length > 0 && 'PARTITIONED BY',
    stmt.clusterBy && 'CLUSTER BY',
    stmt.bucketSpec && 'CLUSTERED BY … INTO BUCKETS',
    stmt.query && 'AS SELECT',
    stmt.options.length > 0 && 'OPTIONS',
    stmt.comment !== null && 'COMMENT',
  ].filter((x): x is string => typeof x === 'string');
  if (extra.length > 0) {
    throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: `CREATE TABLE LIKE with ${extra.join(', ')}` });
  }
  if (deltaPathOf(stmt.name.parts) !== undefined) {
    throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: 'CREATE TABLE delta.`path` LIKE' });
  }
  const id = ctx.catalog.qualifyTableName(stmt.name.parts);
  const catalog = ctx.catalog.catalog;
  if (await catalog.lookupTable(id.database, id.name)) {
    if (stmt.ifNotExists) return { kind: 'done' };
    throw new LakesqlError('TABLE_OR_VIEW_ALREADY_EXISTS', {
      relationName: `\`spark_catalog\`.\`${id.database}\`.\`${id.name}\``,
    });
  }
  const source = await likeDefinition(ctx, stmt.like!.parts);
  const provider = (stmt.using ?? source.provider).toLowerCase();
  if (provider !== 'delta') {
    throw new LakesqlError('UNSUPPORTED_FEATURE', {
      feature: `CREATE TABLE LIKE creating a ${provider} table (add USING DELTA)`,
    });
  }
  const properties = { ...source.properties, ...propertyMap(stmt.properties) };
  await createEmptyDeltaTable(ctx, id, stmt, { ...source, properties });
  return { kind: 'done' };
}

async function likeDefinition(ctx: CommandContext, parts: readonly string[]): Promise<LikeDefinition> {
  const path = deltaPathOf(parts);
  const relation = path === undefined ? await ctx.catalog.resolveRelation(parts) : undefined;
  if (
    path !== undefined ||
    (relation?.kind === 'table' && relation.table.tableType !== 'VIEW' && relation.table.provider === 'delta')
  ) {
    const location =
      path !== undefined
        ? resolveUserPath(path, ctx)
        : relation?.kind === 'table' && relation.table.tableType !== 'VIEW'
          ? relation.table.location
          : '';
    const snapshot = await loadSnapshot(storeForUrl(location), ctx.parquet);
    const { 'delta.columnMapping.maxColumnId': _max, ...configuration } = snapshot.configuration;
    const mapped = columnMappingMode(snapshot.configuration) !== 'none';
    return {
      provider: 'delta',
      schema: mapped ? withoutColumnMapping(snapshot.schema) : snapshot.schema,
      partitionColumns: snapshot.partitionColumns,
      properties: configuration,
      comment: snapshot.metadata.description ?? undefined,
    };
  }
  if (relation?.kind === 'table' && relation.table.tableType !== 'VIEW') {
    const t = relation.table;
    if (t.schema === undefined) {
      throw new LakesqlError('UNSUPPORTED_FEATURE', {
        feature: `CREATE TABLE LIKE ${parts.join('.')} (no schema)`,
      });
    }
    return {
      provider: t.provider,
      schema: t.schema,
      partitionColumns: t.partitionColumns,
      properties: t.properties,
      comment: t.comment,
    };
  }
  // A view (temporary or persistent): the columns of its query.
  const quoted = parts.map((p) => `\`${p.replaceAll('`', '``')}\``).join('.');
  const stmt = parseStatement(`SELECT * FROM ${quoted}`);
  if (stmt.kind !== 'queryStatement') throw new Error('unreachable: SELECT parsed as a statement');
  const plan = await ctx.analyze(stmt.query);
  return {
    provider: 'delta',
    schema: struct(plan.output.map((a) => toDeltaField(a.name, a.type, a.nullable))),
    partitionColumns: [],
    properties: {},
    comment: undefined,
  };
}

/** A column-mapped source's field ids and physical names are its own: the new table assigns new ones. */
function withoutColumnMapping(schema: StructType): StructType {
  const field = (f: StructField): StructField => {
    const metadata = Object.fromEntries(
      Object.entries(f.metadata).filter(([k]) => !COLUMN_MAPPING_KEYS.includes(k)),
    );
    return { ...f, metadata, type: f.type.kind === 'struct' ? withoutColumnMapping(f.type) : f.type };
  };
  return struct(schema.fields.map(field));
}

async function createEmptyDeltaTable(
  ctx: CommandContext,
  id: TableIdentifier,
  stmt: CreateTable,
  def: LikeDefinition,
): Promise<void> {
  const catalog = ctx.catalog.catalog;
  const location =
    (stmt.location === null ? undefined : resolveUserPath(stmt.location, ctx)) ??
    (await catalog.defaultTableLocation(id.database, id.name));
  const store = storeForUrl(location);
  const existing = await latestSnapshotOrNone(store, ctx.parquet);
  if (existing) {
    throw new LakesqlError('DELTA_TABLE_ALREADY_EXISTS', { tableName: `\`${id.database}\`.\`${id.name}\`` });
  }
  // The entry is claimed (table-claim.ts): invisible until the first commit lifts the claim, so a kill
  // between leaves no entry over a missing log; a racer's table under IF NOT EXISTS is left as it is.
  const claimed = await catalog.claimTable(
    id.database,
    id.name,
    {
      tableType: stmt.location !== null ? 'EXTERNAL' : 'MANAGED',
      provider: 'delta',
      location,
      partitionColumns: def.partitionColumns,
      properties: def.properties,
      options: {},
      ...(def.comment !== undefined ? { comment: def.comment } : {}),
    },
    stmt.ifNotExists,
  );
  if (!claimed.created) return;
  const before = await folderContents(location);
  try {
    await writeDelta(ctx.engine, ctx.parquet, store, {
      sourceSql: fileRowsSql({ schema: def.schema, rows: [] }),
      schema: def.schema,
      mode: 'errorIfExists',
      read: { snapshot: undefined },
      partitionBy: def.partitionColumns,
      properties: def.properties,
      ...(def.comment !== undefined ? { description: def.comment } : {}),
      ...userMetadataOf(ctx),
      createOperation: 'CREATE TABLE',
      conf: ctx.conf,
    });
    await catalog.publishTable(id.database, id.name);
  } catch (e) {
    await catalog.abandonTable(id.database, id.name);
    await deleteFilesWrittenSince(location, before);
    throw await catalog.createFailure(id.database, e);
  }
}
