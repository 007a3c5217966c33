/**
 * The rewrite of one bin of files (optimize-bins.ts) as new data files, shared by OPTIMIZE, Z-order and
 * clustering (exec/maintenance/optimize.ts) and auto compaction (auto-compact.ts): the bin's rows, without
 * those their deletion vectors delete, written in files of up to `maxFileSize`, every add
 * `dataChange: false` since no row changes.
 */
import type { AddFile } from '../../delta/actions.js';
import { materializedColumnsForRewrite } from '../../delta/row-tracking.js';
import type { Snapshot } from '../../delta/snapshot.js';
import { dataSkippingNumIndexedCols } from '../../delta/table-properties.js';
import { writeDataFiles } from '../../engine/data-file-writer.js';
import type { EngineSession } from '../../engine/engine-session.js';
import { preservingRead, scanRelation } from '../../engine/snapshot-scan.js';
import type { StructType } from '../../types/data-types.js';
import { writeFileSizing } from './file-sizing.js';
import type { Bin } from './optimize-bins.js';

export interface BinRewrite {
  /** The table's logical schema: the columns read and written. */
  readonly schema: StructType;
  readonly maxFileSize: number;
  /**
   * The rows in the order they are written (Z-order), from the scan's SELECT of `columns` (the schema's,
   * then any materialized row tracking columns); as read when omitted.
   */
  readonly ordered?: (scanSql: string, columns: readonly string[]) => string;
  /** AddFile.tags of the new files (clustering's ZCUBE tags). */
  readonly tags?: Readonly<Record<string, string>>;
}

export async function rewriteBin(
  ctx: { readonly engine: EngineSession; readonly conf: ReadonlyMap<string, string> },
  snapshot: Snapshot,
  bin: Bin,
  rewrite: BinRewrite,
): Promise<AddFile[]> {
  // Rows keep their row ids and commit versions through the materialized columns (PROTOCOL.md "Row
  // Tracking": a rewrite that moves rows must preserve them).
  const materialized = materializedColumnsForRewrite(snapshot);
  const scan = await scanRelation(
    ctx.engine,
    snapshot.store,
    {
      version: snapshot.version,
      schema: rewrite.schema,
      partitionColumns: snapshot.partitionColumns,
      columnMappingMode: snapshot.columnMappingMode,
      files: bin.files,
      totalFiles: snapshot.numFiles,
    },
    materialized ? { rowTracking: preservingRead(materialized) } : {},
  );
  const columns = [
    ...rewrite.schema.fields.map((f) => f.name),
    ...(materialized ? [materialized.rowId, materialized.rowCommitVersion] : []),
  ];
  try {
    const written = await writeDataFiles(ctx.engine, snapshot.store, {
      sourceSql: rewrite.ordered ? rewrite.ordered(scan.sql, columns) : scan.sql,
      schema: rewrite.schema,
      partitionColumns: snapshot.partitionColumns,
      columnMappingMode: snapshot.columnMappingMode,
      numIndexedCols: dataSkippingNumIndexedCols(snapshot.configuration),
      targetFileSizeBytes: rewrite.maxFileSize,
      maxRecordsPerFile: writeFileSizing(ctx.conf, snapshot.configuration).maxRecordsPerFile,
      ...(materialized ? { materializedColumns: [materialized.rowId, materialized.rowCommitVersion] } : {}),
    });
    return written.map((a) => ({ ...a, dataChange: false, ...(rewrite.tags ? { tags: rewrite.tags } : {}) }));
  } finally {
    await scan.release();
  }
}
