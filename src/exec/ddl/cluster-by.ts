/**
 * CLUSTER BY in DDL: Delta's liquid clustering (PROTOCOL.md "Clustered Table"), as delta-spark's
 * ClusteredTableUtils and AlterTableClusterByDeltaCommand define it. ALTER TABLE … CLUSTER BY (cols) | NONE
 * only changes the `delta.clustering` domain (adding the feature to an unclustered, unpartitioned table), the
 * column changes a clustered table refuses, and how DESCRIBE / SHOW CREATE TABLE show the columns. What a
 * CREATE / REPLACE commits of clustering is the write path's (write/clustering-definition.ts); laying the
 * files out by the columns is OPTIMIZE's (maintenance/optimize.ts).
 */
import {
  CLUSTERING_PROTOCOL,
  clusteringDomain,
  isClusteredTable,
  logicalClusteringColumns,
} from '../../delta/clustering.js';
import { upgradedProtocol } from '../../delta/protocol-upgrade.js';
import type { Snapshot } from '../../delta/snapshot.js';
import { LakesqlError } from '../../errors/index.js';
import { sqlTypeOfField } from '../../plan/types/sql-schema.js';
import type { DataType, StructField, StructType } from '../../types/data-types.js';
import type { Value } from '../../types/value.js';
import type { CommandContext } from '../command-context.js';
import {
  assertClusteringColumnsHaveStats,
  type ClusterByColumns,
  clusteringColumnName,
  resolveClusteringColumns,
} from '../write/clustering-definition.js';
import { CommitBuilder } from '../write/commit-builder.js';
import type { DeltaAlterTarget } from './delta-alter-target.js';

/**
 * ALTER TABLE t CLUSTER BY (cols) | NONE (AlterTableClusterByDeltaCommand): one commit of the new
 * `delta.clustering` domain, named `CLUSTER BY` with the old and new logical column lists. An unclustered
 * table gains the feature in the same commit (a protocol upgrade, never of a partitioned table); NONE on a
 * table that is not clustered changes nothing. Files keep their layout until OPTIMIZE clusters them.
 */
export async function alterClusterBy(
  ctx: Pick<CommandContext, 'parquet'>,
  target: DeltaAlterTarget,
  columns: ClusterByColumns,
): Promise<void> {
  const snapshot = target.snapshot;
  const resolved =
    columns.length > 0 ? resolveClusteringColumns(columns, snapshot.schema, snapshot.configuration) : [];
  if (snapshot.partitionColumns.length > 0) {
    throw new LakesqlError('DELTA_ALTER_TABLE_CLUSTER_BY_ON_PARTITIONED_TABLE_NOT_ALLOWED', {});
  }
  const clustered = isClusteredTable(snapshot.protocol);
  if (columns.length === 0 && !clustered) return;
  assertClusteringColumnsHaveStats(resolved, snapshot.schema, snapshot.configuration);
  const txn = CommitBuilder.on(target, ctx.parquet);
  if (!clustered) {
    const protocol = upgradedProtocol(snapshot.protocol, CLUSTERING_PROTOCOL);
    if (protocol) txn.updateProtocol(protocol);
  }
  txn.setDomainMetadata(clusteringDomain(resolved.map((c) => c.physicalPath)));
  await txn.commit({
    name: 'CLUSTER BY',
    parameters: {
      oldClusteringColumns: clusteringColumnNames(snapshot).join(','),
      newClusteringColumns: resolved.map((c) => clusteringColumnName(c.logicalPath)).join(','),
    },
  });
}

/**
 * ALTER TABLE … DROP COLUMN(S) may not drop a clustering column (nor the struct holding one): the domain
 * would name a column the table no longer has (DELTA_UNSUPPORTED_DROP_CLUSTERING_COLUMN). Renames are
 * allowed, as in Delta: they need column mapping, whose physical names the domain records.
 */
export function assertNotDroppingClusteringColumns(
  snapshot: Snapshot,
  dropped: readonly (readonly string[])[],
): void {
  const columns = logicalClusteringColumns(snapshot) ?? [];
  const hit = columns.filter((c) =>
    dropped.some(
      (d) => d.length <= c.length && d.every((part, i) => part.toLowerCase() === c[i]!.toLowerCase()),
    ),
  );
  if (hit.length > 0) {
    throw new LakesqlError('DELTA_UNSUPPORTED_DROP_CLUSTERING_COLUMN', {
      columnList: hit.map(clusteringColumnName).join(','),
    });
  }
}

/** The logical clustering column names (DESCRIBE DETAIL's `clusteringColumns`): none for an unclustered table. */
export function clusteringColumnNames(snapshot: Snapshot): string[] {
  return (logicalClusteringColumns(snapshot) ?? []).map(clusteringColumnName);
}

/**
 * DESCRIBE TABLE's `# Clustering Information` block, as Databricks prints it after the partition block: a
 * header row and one row per clustering column (name path, type, comment). None for a table without
 * clustering columns.
 */
export function clusteringInformationRows(snapshot: Snapshot): Value[][] {
  const columns = logicalClusteringColumns(snapshot) ?? [];
  if (columns.length === 0) return [];
  const rows: Value[][] = [
    ['# Clustering Information', '', ''],
    ['# col_name', 'data_type', 'comment'],
  ];
  for (const path of columns) {
    const field = fieldAt(snapshot.schema, path);
    const comment = field?.metadata.comment;
    rows.push([
      clusteringColumnName(path),
      field ? sqlTypeOfField(field) : '',
      typeof comment === 'string' ? comment : null,
    ]);
  }
  return rows;
}

function fieldAt(schema: StructType, path: readonly string[]): StructField | undefined {
  let current: DataType = schema;
  let found: StructField | undefined;
  for (const part of path) {
    found = current.kind === 'struct' ? current.fields.find((f) => f.name === part) : undefined;
    if (!found) return undefined;
    current = found.type;
  }
  return found;
}
