/**
 * Liquid clustering's record in the log (PROTOCOL.md, "Clustered Table"): the `clustering` writer feature and
 * the `delta.clustering` domain, whose configuration names the clustering columns by physical name paths
 * (`{"clusteringColumns":[["a"],["b","c"]]}`). A table is clustered while that domain is present and not
 * removed; `CLUSTER BY NONE` keeps the domain with an empty list.
 */
import type { StructField, StructType } from '../types/data-types.js';
import type { DomainMetadata, Protocol } from './actions.js';
import { type ColumnMappingMode, columnMappingMode, physicalName } from './column-mapping.js';
import type { Snapshot } from './snapshot.js';
import { writerFeaturesOf } from './table-features.js';

export const CLUSTERING_DOMAIN = 'delta.clustering';
export const CLUSTERING_FEATURE = 'clustering';

/** A clustering column as the domain records it: the physical name path from the top-level field down. */
export type ClusteringColumn = readonly string[];

/**
 * The clustering columns of a snapshot: undefined when the table has no `delta.clustering` domain (not a
 * clustered table), an empty list after `CLUSTER BY NONE`.
 */
export function clusteringColumnsOf(snapshot: Snapshot): ClusteringColumn[] | undefined {
  const domain = snapshot.domainMetadata().find((d) => d.domain === CLUSTERING_DOMAIN && !d.removed);
  if (!domain) return undefined;
  const parsed = JSON.parse(domain.configuration) as { clusteringColumns?: unknown };
  const columns = parsed.clusteringColumns;
  if (!Array.isArray(columns)) return [];
  return columns.filter(
    (c): c is string[] => Array.isArray(c) && c.every((part) => typeof part === 'string'),
  );
}

/** The domain action that records `columns` as the clustering columns (an empty list for CLUSTER BY NONE). */
export function clusteringDomain(columns: readonly ClusteringColumn[]): DomainMetadata {
  return {
    domain: CLUSTERING_DOMAIN,
    configuration: JSON.stringify({ clusteringColumns: columns }),
    removed: false,
  };
}

/**
 * A clustered table in the protocol's sense: `clustering` among its writer features. Such a table stays
 * clustered after `CLUSTER BY NONE` or a REPLACE without CLUSTER BY (its column list is then empty).
 */
export function isClusteredTable(protocol: Protocol): boolean {
  return writerFeaturesOf(protocol).includes(CLUSTERING_FEATURE);
}

/** What clustering asks of the protocol: writer version 7 with `clustering` and the `domainMetadata` it needs. */
export const CLUSTERING_PROTOCOL: Protocol = {
  minReaderVersion: 1,
  minWriterVersion: 7,
  writerFeatures: [CLUSTERING_FEATURE, 'domainMetadata'],
};

/**
 * The clustering columns of a snapshot as logical name paths (the domain records physical names, which
 * column mapping keeps stable across renames): undefined for a table that is not clustered. A path the
 * schema no longer resolves is kept as recorded.
 */
export function logicalClusteringColumns(snapshot: Snapshot): string[][] | undefined {
  const columns = clusteringColumnsOf(snapshot);
  if (columns === undefined) return isClusteredTable(snapshot.protocol) ? [] : undefined;
  const mode = columnMappingMode(snapshot.configuration);
  return columns.map((c) => logicalPathOf(snapshot.schema, c, mode) ?? [...c]);
}

function logicalPathOf(
  schema: StructType,
  physicalPath: ClusteringColumn,
  mode: ColumnMappingMode,
): string[] | undefined {
  const out: string[] = [];
  let current: StructType | undefined = schema;
  for (const part of physicalPath) {
    const field: StructField | undefined = current?.fields.find(
      (f) => physicalName(f, mode).toLowerCase() === part.toLowerCase(),
    );
    if (!field) return undefined;
    out.push(field.name);
    current = field.type.kind === 'struct' ? field.type : undefined;
  }
  return out;
}
