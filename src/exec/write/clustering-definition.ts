/**
 * What a CREATE / REPLACE TABLE asks of liquid clustering (PROTOCOL.md "Clustered Table", delta-spark's
 * ClusteredTableUtils and ClusteringColumn), which the write path commits with the table's first or
 * replacing commit: the columns requested (CLUSTER BY AUTO, PARTITIONED BY, `delta.feature.clustering` as a
 * property and other formats refused), Delta's checks of them (they exist, none twice, at most four, of a
 * type with min/max statistics, among the columns that get statistics), and the protocol and
 * `delta.clustering` domain (physical name paths) a new or replaced table commits. ALTER TABLE … CLUSTER BY
 * and how DESCRIBE shows the columns are DDL's (ddl/cluster-by.ts).
 */
import type { DomainMetadata, Metadata, Protocol } from '../../delta/actions.js';
import {
  CLUSTERING_FEATURE,
  CLUSTERING_PROTOCOL,
  type ClusteringColumn,
  clusteringColumnsOf,
  clusteringDomain,
  isClusteredTable,
  logicalClusteringColumns,
} from '../../delta/clustering.js';
import { columnMappingMode, physicalName } from '../../delta/column-mapping.js';
import { upgradedProtocol } from '../../delta/protocol-upgrade.js';
import { parseSchemaString } from '../../delta/schema.js';
import type { Snapshot } from '../../delta/snapshot.js';
import { STATS_COLUMNS_KEY, statsColumnPaths } from '../../delta/stats.js';
import { LakesqlError } from '../../errors/index.js';
import { quoteIfNeeded, sparkSqlType } from '../../plan/functions/spark-type-text.js';
import type { CreateTable } from '../../sql/ast/statements-ddl.js';
import { type DataType, type StructField, type StructType, struct } from '../../types/data-types.js';
import { treeString } from '../../types/tree-string.js';

/** Clustering columns as a statement names them: name paths, `a.b` being `['a', 'b']`. */
export type ClusterByColumns = readonly (readonly string[])[];

/**
 * Delta's `spark.databricks.delta.clusteredTable.numClusteringColumnsLimit`, a static internal conf that
 * sessions cannot change: its default.
 */
const NUM_CLUSTERING_COLUMNS_LIMIT = 4;
const CLUSTERING_FEATURE_PROPERTY = `delta.feature.${CLUSTERING_FEATURE}`;
/** The catalog property Delta keeps the clustering columns in; never a table property a user sets. */
const CLUSTERING_COLUMNS_PROPERTY = 'clusteringColumns';

/**
 * The clustering columns a CREATE [OR REPLACE] TABLE asks for, or undefined when it asks for none (no
 * CLUSTER BY, or CLUSTER BY NONE). CLUSTER BY AUTO is Databricks' predictive optimization choosing the
 * columns from the workload, which lakesql has no workload history for: refused, as is clustering with
 * partitioning (PROTOCOL.md: "Writers must not define clustered and partitioned table at the same time") or
 * on a table of another format, and turning the feature on through TBLPROPERTIES.
 */
export function requestedClustering(stmt: CreateTable, provider: string): ClusterByColumns | undefined {
  const columns = stmt.clusterBy ?? [];
  if (!stmt.clusterByAuto && columns.length === 0) {
    if (provider === 'delta') assertNoClusteringFeatureProperty(stmt.properties.map((p) => p.key));
    return undefined;
  }
  if (provider !== 'delta') {
    throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: `CLUSTER BY on a ${provider} table` });
  }
  if (stmt.clusterByAuto) {
    throw new LakesqlError('UNSUPPORTED_FEATURE', {
      feature:
        'CLUSTER BY AUTO (automatic liquid clustering chooses the columns from the query workload); name the clustering columns with CLUSTER BY (col, ...)',
    });
  }
  if (stmt.partitionedBy.length > 0) throw new LakesqlError('DELTA_CLUSTER_BY_WITH_PARTITIONED_BY', {});
  assertNoClusteringFeatureProperty(stmt.properties.map((p) => p.key));
  return columns;
}

/** Delta's validateExistingTableFeatureProperties: the feature comes with CLUSTER BY, never as a property. */
function assertNoClusteringFeatureProperty(keys: readonly string[]): void {
  if (keys.some((k) => k.toLowerCase() === CLUSTERING_FEATURE_PROPERTY.toLowerCase())) {
    throw new LakesqlError('DELTA_CREATE_TABLE_SET_CLUSTERING_TABLE_FEATURE_NOT_ALLOWED', {
      tableFeature: CLUSTERING_FEATURE,
    });
  }
}

/** ALTER TABLE SET TBLPROPERTIES may neither turn the feature on nor set the clustering columns. */
export function assertNoClusteringPropertiesSet(keys: readonly string[]): void {
  for (const key of keys) {
    if (key.toLowerCase() === CLUSTERING_FEATURE_PROPERTY.toLowerCase()) {
      throw new LakesqlError('DELTA_ALTER_TABLE_SET_CLUSTERING_TABLE_FEATURE_NOT_ALLOWED', {
        tableFeature: CLUSTERING_FEATURE,
      });
    }
    if (key === CLUSTERING_COLUMNS_PROPERTY) {
      throw new LakesqlError('DELTA_CANNOT_MODIFY_TABLE_PROPERTY', { prop: CLUSTERING_COLUMNS_PROPERTY });
    }
  }
}

/** A clustering column resolved in the table's schema. */
interface ResolvedColumn {
  /** The field names as the schema spells them. */
  readonly logicalPath: readonly string[];
  readonly physicalPath: ClusteringColumn;
  readonly field: StructField;
}

/** `a.b`, with a part quoted when it needs it (Spark's FieldReference.toString, Delta's logicalName). */
export function clusteringColumnName(path: readonly string[]): string {
  return path.map(quoteIfNeeded).join('.');
}

/**
 * DeltaCatalog.validateClusterBySpec: each column exists (DELTA_COLUMN_NOT_FOUND_IN_SCHEMA naming the path
 * up to the missing part), none is named twice, and there are no more than the limit. Variant columns
 * cannot be compared, so they cannot cluster (ClusteringColumn.apply).
 */
export function resolveClusteringColumns(
  columns: ClusterByColumns,
  schema: StructType,
  configuration: Readonly<Record<string, string>>,
): ResolvedColumn[] {
  const mode = columnMappingMode(configuration);
  const resolved = columns.map((path) => {
    const logicalPath: string[] = [];
    const physicalPath: string[] = [];
    let current: DataType = schema;
    let found: StructField | undefined;
    for (const part of path) {
      found =
        current.kind === 'struct'
          ? current.fields.find((f) => f.name.toLowerCase() === part.toLowerCase())
          : undefined;
      if (!found) {
        throw new LakesqlError('DELTA_COLUMN_NOT_FOUND_IN_SCHEMA', {
          columnName: clusteringColumnName([...logicalPath, part]),
          tableSchema: treeString(schema),
        });
      }
      logicalPath.push(found.name);
      physicalPath.push(physicalName(found, mode));
      current = found.type;
    }
    return { logicalPath, physicalPath, field: found! };
  });
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const c of resolved) {
    const key = clusteringColumnName(c.logicalPath).toLowerCase();
    if (seen.has(key)) duplicates.add(c.logicalPath.map((p) => `\`${p.replaceAll('`', '``')}\``).join('.'));
    seen.add(key);
  }
  if (duplicates.size > 0) {
    throw new LakesqlError('DELTA_DUPLICATE_COLUMNS_FOUND.CLUSTER_BY', {
      duplicateCols: [...duplicates].join(', '),
    });
  }
  if (resolved.length > NUM_CLUSTERING_COLUMNS_LIMIT) {
    throw new LakesqlError('DELTA_CLUSTER_BY_INVALID_NUM_COLUMNS', {
      numColumnsLimit: NUM_CLUSTERING_COLUMNS_LIMIT,
      actualNumColumns: resolved.length,
    });
  }
  const variant = resolved.filter((c) => containsVariant(c.field.type));
  if (variant.length > 0) throw unsupportedDataTypes(variant);
  return resolved;
}

function containsVariant(t: DataType): boolean {
  switch (t.kind) {
    case 'primitive':
      return t.name === 'variant';
    case 'array':
      return containsVariant(t.elementType);
    case 'map':
      return containsVariant(t.keyType) || containsVariant(t.valueType);
    case 'struct':
      return t.fields.some((f) => containsVariant(f.type));
    default:
      return false;
  }
}

/** Delta's SkippingEligibleDataType: the types data skipping keeps min/max statistics for. */
function isSkippingEligible(t: DataType): boolean {
  switch (t.kind) {
    case 'primitive':
      return [
        'byte',
        'short',
        'integer',
        'long',
        'float',
        'double',
        'date',
        'timestamp',
        'timestamp_ntz',
        'string',
      ].includes(t.name);
    case 'decimal':
    case 'char':
    case 'varchar':
      return true;
    default:
      return false;
  }
}

function unsupportedDataTypes(columns: readonly ResolvedColumn[]): LakesqlError {
  return new LakesqlError('DELTA_CLUSTERING_COLUMNS_DATATYPE_NOT_SUPPORTED', {
    columnsWithDataTypes: columns
      .map((c) => `${clusteringColumnName(c.logicalPath)} : ${sparkSqlType(c.field.type)}`)
      .join(', '),
  });
}

/**
 * ClusteredTableUtils.validateClusteringColumnsInStatsSchema: every clustering column is a leaf that gets
 * statistics. lakesql's writers collect them for the first `delta.dataSkippingNumIndexedCols` leaves, so
 * with `delta.dataSkippingStatsColumns` set a column must be both listed (Delta's rule) and among those.
 * A column missing for its type fails with DELTA_CLUSTERING_COLUMNS_DATATYPE_NOT_SUPPORTED, any other with
 * DELTA_CLUSTERING_COLUMN_MISSING_STATS and the tree of the columns that do get statistics.
 */
export function assertClusteringColumnsHaveStats(
  columns: readonly ResolvedColumn[],
  schema: StructType,
  configuration: Readonly<Record<string, string>>,
): void {
  const key = (p: readonly string[]) => p.map((n) => n.toLowerCase()).join('\u0000');
  const indexed = new Set(statsColumnPaths(schema, [], configuration).map(key));
  if (configuration[STATS_COLUMNS_KEY] !== undefined) {
    const { [STATS_COLUMNS_KEY]: _listed, ...byCount } = configuration;
    const written = new Set(statsColumnPaths(schema, [], byCount).map(key));
    for (const k of [...indexed]) if (!written.has(k)) indexed.delete(k);
  }
  const missing = columns.filter(
    (c) =>
      c.field.type.kind === 'struct' || !isSkippingEligible(c.field.type) || !indexed.has(key(c.logicalPath)),
  );
  if (missing.length === 0) return;
  const ineligible = missing.filter((c) => !isSkippingEligible(c.field.type));
  if (ineligible.length > 0) throw unsupportedDataTypes(ineligible);
  throw new LakesqlError('DELTA_CLUSTERING_COLUMN_MISSING_STATS', {
    columns: missing.map((c) => clusteringColumnName(c.logicalPath)).join(', '),
    schema: treeString(prunedTo(schema, (path) => indexed.has(key(path)))),
  });
}

/** The schema with only the leaves `keep` accepts (and the structs that still hold some). */
function prunedTo(
  schema: StructType,
  keep: (path: readonly string[]) => boolean,
  prefix: string[] = [],
): StructType {
  const fields: StructField[] = [];
  for (const f of schema.fields) {
    const path = [...prefix, f.name];
    if (f.type.kind === 'struct') {
      const inner = prunedTo(f.type, keep, path);
      if (inner.fields.length > 0) fields.push({ ...f, type: inner });
    } else if (keep(path)) fields.push(f);
  }
  return struct(fields);
}

/** What a new or replaced table commits for clustering. */
export interface DefinitionClustering {
  /** The protocol clustering needs, to merge with the rest (undefined: nothing to add). */
  readonly protocol?: Protocol;
  readonly domain?: DomainMetadata;
  /** The logical clustering column names, for the commit's `clusterBy` operation parameter. */
  readonly clusterBy: string[];
}

/**
 * The clustering a CREATE / REPLACE TABLE commits for `metadata` (ClusteredTableUtils
 * .getDomainMetadataFromTransaction): with CLUSTER BY, the feature and a domain naming the columns by
 * physical name; without it, nothing for a new table, and for a replaced clustered table the domain with an
 * empty list — the table keeps its feature, as Delta's REPLACE keeps every feature. A clustered table cannot
 * be replaced by a partitioned one.
 */
export function clusteringOfDefinition(
  metadata: Metadata,
  existing: Snapshot | undefined,
  requested: ClusterByColumns | undefined,
): DefinitionClustering {
  if (existing && isClusteredTable(existing.protocol) && metadata.partitionColumns.length > 0) {
    throw new LakesqlError('DELTA_CLUSTERING_REPLACE_TABLE_WITH_PARTITIONED_TABLE', {});
  }
  if (requested === undefined) {
    const hadDomain = existing !== undefined && clusteringColumnsOf(existing) !== undefined;
    return hadDomain ? { domain: clusteringDomain([]), clusterBy: [] } : { clusterBy: [] };
  }
  const schema = parseSchemaString(metadata.schemaString);
  const columns = resolveClusteringColumns(requested, schema, metadata.configuration);
  assertClusteringColumnsHaveStats(columns, schema, metadata.configuration);
  return {
    protocol: CLUSTERING_PROTOCOL,
    domain: clusteringDomain(columns.map((c) => c.physicalPath)),
    clusterBy: columns.map((c) => clusteringColumnName(c.logicalPath)),
  };
}

/** `required` with what clustering adds (the protocol a new or replaced table starts from). */
export function withClusteringProtocol(required: Protocol, clustering: DefinitionClustering): Protocol {
  return clustering.protocol ? (upgradedProtocol(required, clustering.protocol) ?? required) : required;
}

/**
 * CREATE TABLE with a schema over an existing Delta table registers it only when the clustering matches
 * too (CreateDeltaTableCommand.verifyTableMetadata): CLUSTER BY given or not, against the table's.
 */
export function assertSameClustering(
  existing: Snapshot,
  requested: ClusterByColumns | undefined,
  path: string,
): void {
  const existingNames = isClusteredTable(existing.protocol)
    ? (logicalClusteringColumns(existing) ?? []).map(clusteringColumnName)
    : undefined;
  const specifiedNames = requested?.map((p) => clusteringColumnName(p));
  const same =
    (existingNames === undefined) === (specifiedNames === undefined) &&
    (existingNames ?? []).length === (specifiedNames ?? []).length &&
    (existingNames ?? []).every((n, i) => n.toLowerCase() === specifiedNames![i]!.toLowerCase());
  if (!same) {
    throw new LakesqlError('DELTA_CREATE_TABLE_WITH_DIFFERENT_CLUSTERING', {
      path,
      specifiedColumns: (specifiedNames ?? []).join(', '),
      existingColumns: (existingNames ?? []).join(', '),
    });
  }
}

/**
 * RESTORE puts back the clustering columns of the version it restores (DomainMetadataUtils
 * .handleDomainMetadataForRestoreTable): the domain that version had, or an empty list when it was not
 * clustered yet — only for a table that has the domain now (the feature itself stays: a protocol is never
 * downgraded). Undefined when the domain would not change.
 */
export function clusteringDomainForRestore(latest: Snapshot, restored: Snapshot): DomainMetadata | undefined {
  const current = clusteringColumnsOf(latest);
  if (current === undefined) return undefined;
  const columns = isClusteredTable(restored.protocol) ? (clusteringColumnsOf(restored) ?? []) : [];
  return JSON.stringify(columns) === JSON.stringify(current) ? undefined : clusteringDomain(columns);
}
