/**
 * CLUSTER BY: Delta's liquid clustering (the `clustering` writer feature, clustering columns kept in the
 * `delta.clustering` domain metadata). lakesql does not lay files out by clustering columns yet, so a
 * statement asking for clustering is refused before anything is created or committed, rather than creating
 * an unclustered table that DESCRIBE DETAIL would show without clustering columns. Only what asks for no
 * clustering passes: `CLUSTER BY NONE` on a new table, or on an existing table that is not clustered.
 */
import type { Protocol } from '../../delta/actions.js';
import { writerFeaturesOf } from '../../delta/table-features.js';
import { LakesqlError } from '../../errors/index.js';
import type { CreateTable } from '../../sql/ast/statements-ddl.js';

const CLUSTERING_FEATURE = 'clustering';

function clusteringUnsupported(): LakesqlError {
  return new LakesqlError('DELTA_UNSUPPORTED_FEATURES_FOR_WRITE', { unsupported: CLUSTERING_FEATURE });
}

/** CREATE [OR REPLACE] TABLE … CLUSTER BY (cols) | AUTO: refused for every provider. */
export function assertCreateWithoutClustering(stmt: CreateTable, provider: string): void {
  const asksClustering = stmt.clusterByAuto || (stmt.clusterBy !== null && stmt.clusterBy.length > 0);
  if (!asksClustering) return;
  if (provider === 'delta') throw clusteringUnsupported();
  throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: `CLUSTER BY on a ${provider} table` });
}

/**
 * ALTER TABLE … CLUSTER BY (cols) is refused; CLUSTER BY NONE is a no-op on a table that is not clustered,
 * and refused on one that is (removing its clustering would be a write lakesql cannot make).
 */
export function assertAlterClusterBy(columns: readonly (readonly string[])[], protocol: Protocol): void {
  if (columns.length > 0 || writerFeaturesOf(protocol).includes(CLUSTERING_FEATURE)) {
    throw clusteringUnsupported();
  }
}
