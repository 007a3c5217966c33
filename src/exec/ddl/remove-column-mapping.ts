/**
 * The trace removal of `DROP FEATURE columnMapping` (delta-spark's ColumnMappingPreDowngradeCommand, which
 * runs RemoveColumnMappingCommand): in one commit, every live data file is rewritten so that its columns
 * carry the logical names (the rows their deletion vectors delete are dropped), the schema loses its column
 * mapping metadata, `delta.columnMapping.mode` and `delta.columnMapping.maxColumnId` are removed, and a
 * clustered table's clustering domain names its columns logically. Adds and removes are
 * `dataChange: false` (no row changes); the operation is Delta's `REMOVE COLUMN MAPPING`.
 */
import type { AddFile } from '../../delta/actions.js';
import { clusteringColumnsOf, clusteringDomain, logicalClusteringColumns } from '../../delta/clustering.js';
import { COLUMN_MAPPING_MAX_ID_KEY, COLUMN_MAPPING_MODE_KEY } from '../../delta/column-mapping.js';
import {
  invalidColumnNamesWithoutMapping,
  withoutColumnMappingMetadata,
} from '../../delta/column-mapping-removal.js';
import { materializedColumnsForRewrite } from '../../delta/row-tracking.js';
import { serializeSchema } from '../../delta/schema.js';
import type { Snapshot } from '../../delta/snapshot.js';
import { dataSkippingNumIndexedCols } from '../../delta/table-properties.js';
import { writeDataFiles } from '../../engine/data-file-writer.js';
import { preservingRead, scanRelation } from '../../engine/snapshot-scan.js';
import { LakesqlError } from '../../errors/index.js';
import type { CommandContext } from '../command-context.js';
import { userMetadataOf } from '../dml/user-metadata.js';
import { CommitBuilder } from '../write/commit-builder.js';
import { writeFileSizing } from '../write/file-sizing.js';

/**
 * `keepModeNone`: `ALTER TABLE … SET TBLPROPERTIES ('delta.columnMapping.mode' = 'none')` leaves the mode
 * set to `none` (Delta's removeColumnMappingTableProperty = false); DROP FEATURE removes the key.
 */
export async function removeColumnMapping(
  ctx: CommandContext,
  snapshot: Snapshot,
  options: { readonly keepModeNone?: boolean } = {},
): Promise<void> {
  const invalid = invalidColumnNamesWithoutMapping(snapshot.schema);
  if (invalid.length > 0) {
    throw new LakesqlError('DELTA_INVALID_COLUMN_NAMES_WHEN_REMOVING_COLUMN_MAPPING', {
      invalidColumnNames: invalid.join(', '),
    });
  }
  const schema = withoutColumnMappingMetadata(snapshot.schema);
  const configuration: Record<string, string> = Object.fromEntries(
    Object.entries(snapshot.configuration).filter(
      ([k]) => k !== COLUMN_MAPPING_MODE_KEY && k !== COLUMN_MAPPING_MAX_ID_KEY,
    ),
  );
  if (options.keepModeNone) configuration[COLUMN_MAPPING_MODE_KEY] = 'none';
  const live = snapshot.scanPlan().files;
  // Rows keep their row ids and commit versions through the materialized columns (PROTOCOL.md "Row
  // Tracking"), as OPTIMIZE's rewrite keeps them (exec/write/bin-rewrite.ts).
  const materialized = materializedColumnsForRewrite(snapshot);
  const scan = await scanRelation(
    ctx.engine,
    snapshot.store,
    snapshot.scanPlan(),
    materialized ? { rowTracking: preservingRead(materialized) } : {},
  );
  let added: AddFile[];
  try {
    added = await writeDataFiles(ctx.engine, snapshot.store, {
      sourceSql: scan.sql,
      schema,
      partitionColumns: snapshot.partitionColumns,
      columnMappingMode: 'none',
      numIndexedCols: dataSkippingNumIndexedCols(configuration),
      ...writeFileSizing(ctx.conf, configuration),
      ...(materialized ? { materializedColumns: [materialized.rowId, materialized.rowCommitVersion] } : {}),
    });
  } finally {
    await scan.release();
  }
  const removed = live.map((f) => f.add);
  const txn = CommitBuilder.onSnapshot(snapshot, ctx.parquet)
    .updateMetadata({ ...snapshot.metadata, schemaString: serializeSchema(schema), configuration })
    .readTable()
    .readFiles(removed)
    .removeFiles(removed, Date.now(), false)
    .addFiles(added.map((a) => ({ ...a, dataChange: false })));
  // The clustering domain records physical names, which are about to be the logical ones.
  const clustering =
    clusteringColumnsOf(snapshot) === undefined ? undefined : logicalClusteringColumns(snapshot);
  if (clustering !== undefined) txn.setDomainMetadata(clusteringDomain(clustering));
  await txn.commit({
    name: 'REMOVE COLUMN MAPPING',
    parameters: {},
    metrics: {
      numRemovedFiles: removed.length,
      numRemovedBytes: removed.reduce((n, f) => n + f.size, 0),
      numAddedFiles: added.length,
      numAddedBytes: added.reduce((n, f) => n + f.size, 0),
    },
    ...userMetadataOf(ctx),
  });
}
