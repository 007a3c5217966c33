/**
 * Writing a batch of rows into a Delta table through one commit: the first end-to-end path.
 * Data files are written by the engine first; then one transaction commits their add actions (and, for an
 * overwrite, the removes of every live file). A failure before the commit leaves only unreferenced files,
 * which readers never see.
 */

import type { AddFile, Metadata } from '../../delta/actions.js';
import { assignColumnMapping, columnMappingMode } from '../../delta/column-mapping.js';
import { protocolForNewTable } from '../../delta/new-table-protocol.js';
import type { ParquetHandler } from '../../delta/parquet-handler.js';
import { upgradedProtocol } from '../../delta/protocol-upgrade.js';
import { parseSchemaString, serializeSchema } from '../../delta/schema.js';
import type { Snapshot } from '../../delta/snapshot.js';
import { dataSkippingNumIndexedCols } from '../../delta/table-properties.js';
import type { CommitResult } from '../../delta/transaction.js';
import { writeDataFiles } from '../../engine/data-file-writer.js';
import { toDuckDBType } from '../../engine/duckdb-types.js';
import type { EngineSession } from '../../engine/engine-session.js';
import { quoteIdentifier } from '../../engine/sql-text.js';
import { LakesqlError } from '../../errors/index.js';
import type { ObjectStore } from '../../storage/object-store.js';
import { type DataType, type StructType, sqlTypeName } from '../../types/data-types.js';
import { propertyDefaultsOf, withTablePropertyDefaults } from '../conf/table-property-defaults.js';
import { autoCompactAfterCommit } from './auto-compact.js';
import {
  assertSameClustering,
  type ClusterByColumns,
  clusteringOfDefinition,
  withClusteringProtocol,
} from './clustering-definition.js';
import { CommitBuilder } from './commit-builder.js';
import { writeFileSizing } from './file-sizing.js';
import { alreadyWritten, type IdempotentWrite } from './idempotent-write.js';

/** Spark's SaveMode names. */
export type SaveMode = 'append' | 'overwrite' | 'errorIfExists' | 'ignore';

export interface DeltaWriteRequest {
  /** A DuckDB SELECT whose columns are the table's logical columns, by name. */
  readonly sourceSql: string;
  /** The logical schema of the rows (required to create a table; checked against an existing one). */
  readonly schema: StructType;
  readonly mode: SaveMode;
  readonly partitionBy?: readonly string[];
  /** Table properties for a new table (`delta.*` keys and user keys). */
  readonly properties?: Readonly<Record<string, string>>;
  readonly name?: string;
  readonly description?: string;
  /** The commitInfo operation of a new table (default `CREATE TABLE AS SELECT`). */
  readonly createOperation?: string;
  /** operationParameters of a new table's commit, when not the CREATE TABLE ones (a DataFrame save is WRITE). */
  readonly createParameters?: Readonly<Record<string, unknown>>;
  /** commitInfo.userMetadata. */
  readonly userMetadata?: string;
  /** Delta's idempotent write: committed as a SetTransaction action (exec/write/idempotent-write.ts). */
  readonly idempotentWrite?: IdempotentWrite;
  /**
   * REPLACE TABLE (and CREATE OR REPLACE over an existing table): the table's metadata (schema, partitioning,
   * properties, description) becomes the request's and every live file is removed, in one commit named by
   * `createOperation`, as Delta's CreateDeltaTableCommand replaces a table. The table id is kept and the
   * protocol only grows (a protocol is never downgraded).
   */
  readonly replace?: boolean;
  /** The table as the statement already read it (snapshot undefined: no table yet); omitted, it is read here. */
  readonly read?: { readonly snapshot: Snapshot | undefined };
  /**
   * CREATE / REPLACE … CLUSTER BY: the clustering columns as the statement names them (undefined: none
   * named). A new or replaced table commits its clustering (ddl/cluster-by.ts); replacing a clustered table
   * without CLUSTER BY leaves it clustered by no columns, as Delta does.
   */
  readonly clusterBy?: ClusterByColumns;
  /** The session configuration the write reads: its file sizing (write/file-sizing.ts). */
  readonly conf?: ReadonlyMap<string, string>;
}

export interface DeltaWriteResult {
  readonly version: number | undefined;
  readonly numFiles: number;
  readonly numOutputRows: number;
  readonly numOutputBytes: number;
  readonly commit?: CommitResult;
}

export async function writeDelta(
  engine: EngineSession,
  parquet: ParquetHandler,
  store: ObjectStore,
  request: DeltaWriteRequest,
): Promise<DeltaWriteResult> {
  const txn = request.read
    ? CommitBuilder.on({ store, snapshot: request.read.snapshot }, parquet)
    : await CommitBuilder.onLatest(store, parquet);
  const existing = txn.readSnapshot;
  if (existing && request.mode === 'errorIfExists') {
    throw new LakesqlError('DELTA_TABLE_ALREADY_EXISTS', { tableName: request.name ?? store.rootUrl });
  }
  if (
    (existing && request.mode === 'ignore') ||
    (existing && alreadyWritten(existing, request.idempotentWrite))
  ) {
    return { version: undefined, numFiles: 0, numOutputRows: 0, numOutputBytes: 0 };
  }

  let metadata: Metadata;
  let clusterBy: string[] = [];
  const replacing = existing !== undefined && request.replace === true;
  if (existing && replacing) {
    metadata = { ...newTableMetadata(request), id: existing.metadata.id };
    const clustering = clusteringOfDefinition(metadata, existing, request.clusterBy);
    const required = withClusteringProtocol(
      protocolForNewTable(metadata.configuration, parseSchemaString(metadata.schemaString)),
      clustering,
    );
    const protocol = upgradedProtocol(existing.protocol, required);
    if (protocol) txn.updateProtocol(protocol);
    txn.updateMetadata(metadata);
    if (clustering.domain) txn.setDomainMetadata(clustering.domain);
    clusterBy = clustering.clusterBy;
  } else if (existing) {
    metadata = existing.metadata;
    assertSameSchema(existing.schema, request.schema);
    if (request.clusterBy !== undefined) assertSameClustering(existing, request.clusterBy, store.rootUrl);
  } else {
    metadata = newTableMetadata(request);
    const clustering = clusteringOfDefinition(metadata, undefined, request.clusterBy);
    txn
      .updateProtocol(
        withClusteringProtocol(
          protocolForNewTable(metadata.configuration, parseSchemaString(metadata.schemaString)),
          clustering,
        ),
      )
      .updateMetadata(metadata);
    if (clustering.domain) txn.setDomainMetadata(clustering.domain);
    clusterBy = clustering.clusterBy;
  }

  const schema = existing && !replacing ? existing.schema : parseSchemaOf(metadata);
  const adds: AddFile[] = await writeDataFiles(engine, store, {
    sourceSql:
      existing && !replacing
        ? withMissingColumnsAsNull(request.sourceSql, schema, request.schema)
        : request.sourceSql,
    schema,
    partitionColumns: metadata.partitionColumns,
    columnMappingMode: columnMappingMode(metadata.configuration),
    numIndexedCols: dataSkippingNumIndexedCols(metadata.configuration),
    ...writeFileSizing(request.conf, metadata.configuration),
  });
  if (existing && (request.mode === 'overwrite' || replacing)) {
    txn.readTable();
    const live = existing.activeFiles();
    txn.readFiles(live);
    txn.removeFiles(live);
  }
  txn.addFiles(adds);
  txn.idempotentWrite(request.idempotentWrite);
  const numOutputRows = adds.reduce((n, a) => n + recordsOf(a), 0);
  const numOutputBytes = adds.reduce((n, a) => n + a.size, 0);
  const commit = await txn.commit({
    name: existing && !replacing ? 'WRITE' : (request.createOperation ?? 'CREATE TABLE AS SELECT'),
    parameters:
      existing && !replacing
        ? { mode: spelledMode(request.mode), partitionBy: metadata.partitionColumns }
        : (request.createParameters ?? {
            partitionBy: metadata.partitionColumns,
            description: request.description ?? null,
            isManaged: false,
            clusterBy,
            properties: request.properties ?? {},
          }),
    metrics: { numFiles: adds.length, numOutputRows, numOutputBytes },
    ...(request.userMetadata !== undefined ? { userMetadata: request.userMetadata } : {}),
  });
  await autoCompactAfterCommit({ engine, parquet, conf: request.conf ?? new Map() }, txn, commit);
  return { version: commit.version, numFiles: adds.length, numOutputRows, numOutputBytes, commit };
}

/**
 * The metadata of a new (or replacing) table, the one place every writer builds it: the session's
 * `spark.databricks.delta.properties.defaults.*` apply to it as they do to SQL CREATE (a request without a
 * session configuration, a bare protocol write, takes none), the request's own properties winning.
 */
function newTableMetadata(request: DeltaWriteRequest): Metadata {
  const configuration: Record<string, string> = request.conf
    ? withTablePropertyDefaults(propertyDefaultsOf(request.conf), request.properties ?? {})
    : { ...(request.properties ?? {}) };
  let schema = request.schema;
  if (columnMappingMode(configuration) !== 'none') {
    const assigned = assignColumnMapping(schema, 0);
    schema = assigned.schema;
    configuration['delta.columnMapping.maxColumnId'] = String(assigned.maxColumnId);
  }
  for (const p of request.partitionBy ?? []) {
    if (!schema.fields.some((f) => f.name === p)) {
      throw new LakesqlError('DELTA_INVALID_SCHEMA', {
        reason: `partition column ${p} is not a column of the table`,
      });
    }
  }
  return {
    id: globalThis.crypto.randomUUID(),
    ...(request.name ? { name: request.name } : {}),
    ...(request.description ? { description: request.description } : {}),
    format: { provider: 'parquet', options: {} },
    schemaString: serializeSchema(schema),
    partitionColumns: [...(request.partitionBy ?? [])],
    configuration,
    createdTime: Date.now(),
  };
}

function parseSchemaOf(metadata: Metadata): StructType {
  return parseSchemaString(metadata.schemaString);
}

/** Until schema evolution lands (mergeSchema), a write must match the table's columns by name. */
function assertSameSchema(table: StructType, incoming: StructType): void {
  const tableNames = table.fields.map((f) => f.name.toLowerCase());
  const incomingNames = incoming.fields.map((f) => f.name.toLowerCase());
  const missing = incomingNames.filter((n) => !tableNames.includes(n));
  if (missing.length > 0) {
    throw new LakesqlError('DELTA_SCHEMA_MISMATCH', {
      detail: `Columns not in the table: ${missing.join(', ')}. Table columns: ${tableNames.join(', ')}.`,
    });
  }
  // A column of another type is refused rather than cast: the data writer casts to the table's type, which
  // silently turned '7' into 7 and failed on 'x' with a bare DuckDB conversion error (found by
  // delta-write-read.test.ts). Delta's schema merge (SchemaMergingUtils) allows only a narrower integer into
  // a wider integer column without schema evolution.
  for (const f of incoming.fields) {
    const t = table.fields.find((x) => x.name.toLowerCase() === f.name.toLowerCase());
    if (t && !writableAs(f.type, t.type)) {
      throw new LakesqlError('DELTA_SCHEMA_MISMATCH', {
        detail: `Column ${t.name} is ${sqlTypeName(t.type)} in the table but ${sqlTypeName(f.type)} in the data.`,
      });
    }
  }
  // Columns the data lacks are written as null (as Delta does for an append), so they must be nullable.
  for (const t of table.fields) {
    if (!t.nullable && !incomingNames.includes(t.name.toLowerCase())) {
      throw new LakesqlError('DELTA_NOT_NULL_CONSTRAINT_VIOLATED', { columnName: t.name });
    }
  }
}

const INTEGRAL_RANK: Readonly<Record<string, number>> = { tinyint: 1, smallint: 2, int: 3, bigint: 4 };

function writableAs(incoming: DataType, table: DataType): boolean {
  const from = sqlTypeName(incoming);
  const to = sqlTypeName(table);
  if (from === to) return true;
  const fromRank = INTEGRAL_RANK[from];
  const toRank = INTEGRAL_RANK[to];
  return fromRank !== undefined && toRank !== undefined && fromRank <= toRank;
}

/**
 * The source with a typed NULL column for each table column it lacks: the data writer selects every table
 * column by name, so a narrower append failed with a DuckDB binder error (found by delta-write-read.test.ts).
 */
function withMissingColumnsAsNull(sourceSql: string, table: StructType, incoming: StructType): string {
  const present = new Set(incoming.fields.map((f) => f.name.toLowerCase()));
  const missing = table.fields.filter((f) => !present.has(f.name.toLowerCase()));
  if (missing.length === 0) return sourceSql;
  const nulls = missing.map((f) => `CAST(NULL AS ${toDuckDBType(f.type)}) AS ${quoteIdentifier(f.name)}`);
  return `SELECT "with_nulls".*, ${nulls.join(', ')} FROM (${sourceSql}) AS "with_nulls"`;
}

function recordsOf(add: AddFile): number {
  if (!add.stats) return 0;
  try {
    return Number((JSON.parse(add.stats) as { numRecords?: number }).numRecords ?? 0);
  } catch {
    return 0;
  }
}

function spelledMode(mode: SaveMode): string {
  return { append: 'Append', overwrite: 'Overwrite', errorIfExists: 'ErrorIfExists', ignore: 'Ignore' }[mode];
}
