/**
 * Liquid clustering's record in the log (PROTOCOL.md, "Clustered Table"): the `clustering` writer feature and
 * the `delta.clustering` domain, whose configuration names the clustering columns by physical name paths
 * (`{"clusteringColumns":[["a"],["b","c"]]}`). A table is clustered while that domain is present and not
 * removed; `CLUSTER BY NONE` keeps the domain with an empty list.
 */
import type { DomainMetadata } from './actions.js';
import type { Snapshot } from './snapshot.js';

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
