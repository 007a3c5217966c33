/**
 * What OPTIMIZE (and REORG, which Delta runs as an OPTIMIZE) reports: the result row's `metrics` struct,
 * Delta's OptimizeMetrics field for field (commands/optimize/OptimizeStats.scala), and the commit's
 * operationMetrics (DeltaOperationMetrics.OPTIMIZE: counts, bytes, the added files' size percentiles and
 * the deletion vectors the rewrite dropped).
 */
import type { AddFile } from '../../delta/actions.js';
import type { Snapshot } from '../../delta/snapshot.js';
import { dataSkippingNumIndexedCols } from '../../delta/table-properties.js';
import {
  BooleanType,
  DoubleType,
  field,
  LongType,
  StringType,
  type StructType,
  struct,
} from '../../types/data-types.js';
import type { StructValue, Value } from '../../types/value.js';
import type { StatementResult } from '../statement-result.js';
import { sparkLocation } from '../value-format/spark-display.js';

export function totalSize(files: readonly AddFile[]): number {
  return files.reduce((n, f) => n + f.size, 0);
}

/** DeltaOperationMetrics.OPTIMIZE's size percentiles of the added files (FileSizeStatsWithHistogram). */
export function sizeHistogram(added: readonly AddFile[]): Record<string, number> {
  const sizes = added.map((a) => a.size).sort((a, b) => a - b);
  if (sizes.length === 0) return {};
  const n = sizes.length;
  return {
    minFileSize: sizes[0]!,
    p25FileSize: sizes[Math.floor(n / 4)]!,
    p50FileSize: sizes[Math.floor(n / 2)]!,
    p75FileSize: sizes[Math.floor((n * 3) / 4)]!,
    maxFileSize: sizes[n - 1]!,
  };
}

/** The commit's operationMetrics of a rewrite that removed `removed` and added `added`. */
export function rewriteOperationMetrics(
  added: readonly AddFile[],
  removed: readonly AddFile[],
): Record<string, number> {
  const dvs = removed.flatMap((f) => (f.deletionVector ? [f.deletionVector] : []));
  return {
    ...sizeHistogram(added),
    numAddedFiles: added.length,
    numRemovedFiles: removed.length,
    numAddedBytes: totalSize(added),
    numRemovedBytes: totalSize(removed),
    numDeletionVectorsRemoved: dvs.length,
    numDeletionVectorRowsRemoved: dvs.reduce((n, dv) => n + dv.cardinality, 0),
    numDeletionVectorBytesRemoved: dvs.reduce((n, dv) => n + dv.sizeInBytes, 0),
  };
}

/** FileSizeStats of Delta's OptimizeMetrics: min, max, avg, totalFiles, totalSize of some files. */
export function fileSizeMetrics(files: readonly AddFile[]): StructValue {
  const sizes = files.map((f) => f.size);
  const total = sizes.reduce((n, s) => n + s, 0);
  const fields: Record<string, Value> =
    sizes.length === 0
      ? { min: null, max: null, avg: 0, totalFiles: 0n, totalSize: 0n }
      : {
          min: BigInt(Math.min(...sizes)),
          max: BigInt(Math.max(...sizes)),
          avg: total / sizes.length,
          totalFiles: BigInt(sizes.length),
          totalSize: BigInt(total),
        };
  return { kind: 'struct', fields };
}

/** DeletionVectorStats of the removed files' vectors; null when none had one (as Delta leaves it None). */
export function deletionVectorStats(removed: readonly AddFile[]): StructValue | null {
  const dvs = removed.flatMap((f) => (f.deletionVector ? [f.deletionVector] : []));
  if (dvs.length === 0) return null;
  return {
    kind: 'struct',
    fields: {
      numDeletionVectorsRemoved: BigInt(dvs.length),
      numDeletionVectorRowsRemoved: BigInt(dvs.reduce((n, dv) => n + dv.cardinality, 0)),
    },
  };
}

/** ZOrderStats of a Z-order run (Delta's ZOrderStrategy: every file of a partition is one input). */
export function zOrderStats(removed: readonly AddFile[], partitionsOptimized: number): StructValue {
  const input: StructValue = {
    kind: 'struct',
    fields: { num: BigInt(removed.length), size: BigInt(totalSize(removed)) },
  };
  return {
    kind: 'struct',
    fields: {
      strategyName: 'all',
      inputCubeFiles: { kind: 'struct', fields: { num: 0n, size: 0n } },
      inputOtherFiles: input,
      inputNumCubes: 0n,
      mergedFiles: input,
      numOutputCubes: BigInt(partitionsOptimized),
      mergedNumCubes: null,
    },
  };
}

const FILE_SIZE_METRICS = struct([
  field('min', LongType),
  field('max', LongType),
  field('avg', DoubleType, false),
  field('totalFiles', LongType, false),
  field('totalSize', LongType, false),
]);
const ZORDER_FILE_STATS = struct([field('num', LongType, false), field('size', LongType, false)]);
const CLUSTERING_FILE_STATS = struct([field('numFiles', LongType, false), field('size', LongType, false)]);

/** Delta's OptimizeMetrics, field for field (commands/optimize/OptimizeStats.scala). */
export const OPTIMIZE_METRICS: StructType = struct([
  field('numFilesAdded', LongType, false),
  field('numFilesRemoved', LongType, false),
  field('filesAdded', FILE_SIZE_METRICS),
  field('filesRemoved', FILE_SIZE_METRICS),
  field('partitionsOptimized', LongType, false),
  field(
    'zOrderStats',
    struct([
      field('strategyName', StringType),
      field('inputCubeFiles', ZORDER_FILE_STATS),
      field('inputOtherFiles', ZORDER_FILE_STATS),
      field('inputNumCubes', LongType, false),
      field('mergedFiles', ZORDER_FILE_STATS),
      field('numOutputCubes', LongType, false),
      field('mergedNumCubes', LongType),
    ]),
  ),
  field(
    'clusteringStats',
    struct([
      field('inputZCubeFiles', CLUSTERING_FILE_STATS),
      field('inputOtherFiles', CLUSTERING_FILE_STATS),
      field('inputNumZCubes', LongType, false),
      field('mergedFiles', CLUSTERING_FILE_STATS),
      field('numOutputZCubes', LongType, false),
    ]),
  ),
  field('numBins', LongType, false),
  field('numBatches', LongType, false),
  field('totalConsideredFiles', LongType, false),
  field('totalFilesSkipped', LongType, false),
  field('preserveInsertionOrder', BooleanType, false),
  field('numFilesSkippedToReduceWriteAmplification', LongType, false),
  field('numBytesSkippedToReduceWriteAmplification', LongType, false),
  field('startTimeMs', LongType, false),
  field('endTimeMs', LongType, false),
  field('totalClusterParallelism', LongType, false),
  field('totalScheduledTasks', LongType, false),
  field(
    'autoCompactParallelismStats',
    struct([
      field('maxClusterActiveParallelism', LongType),
      field('minClusterActiveParallelism', LongType),
      field('maxSessionActiveParallelism', LongType),
      field('minSessionActiveParallelism', LongType),
    ]),
  ),
  field(
    'deletionVectorStats',
    struct([
      field('numDeletionVectorsRemoved', LongType, false),
      field('numDeletionVectorRowsRemoved', LongType, false),
    ]),
  ),
  field('numTableColumns', LongType, false),
  field('numTableColumnsWithStats', LongType, false),
]);

/** The columns of OPTIMIZE's (and REORG's) result: the table's path and its OptimizeMetrics. */
export const OPTIMIZE_RESULT_COLUMNS = [
  { name: 'path', type: StringType, nullable: true },
  { name: 'metrics', type: OPTIMIZE_METRICS, nullable: true },
] as const;

/** What a rewrite of files did, for OPTIMIZE's result row; the rest of OptimizeMetrics follows from it. */
export interface RewriteSummary {
  readonly snapshot: Snapshot;
  readonly added: readonly AddFile[];
  readonly removed: readonly AddFile[];
  /** The files the command looked at (of which `removed` were rewritten). */
  readonly considered: readonly unknown[];
  readonly partitionsOptimized: number;
  readonly numBins: number;
  readonly numBatches: number;
  readonly totalScheduledTasks: number;
  readonly zOrderStats: StructValue | null;
  readonly startTimeMs: number;
}

/** OPTIMIZE's (and REORG's) one result row: the table's path and its OptimizeMetrics struct. */
export function optimizeResult(s: RewriteSummary): StatementResult {
  const numTableColumns = s.snapshot.schema.fields.length;
  const metrics: StructValue = {
    kind: 'struct',
    fields: {
      numFilesAdded: BigInt(s.added.length),
      numFilesRemoved: BigInt(s.removed.length),
      filesAdded: fileSizeMetrics(s.added),
      filesRemoved: fileSizeMetrics(s.removed),
      partitionsOptimized: BigInt(s.partitionsOptimized),
      zOrderStats: s.zOrderStats,
      clusteringStats: null,
      numBins: BigInt(s.numBins),
      numBatches: BigInt(s.numBatches),
      totalConsideredFiles: BigInt(s.considered.length),
      totalFilesSkipped: BigInt(s.considered.length - s.removed.length),
      preserveInsertionOrder: false,
      numFilesSkippedToReduceWriteAmplification: 0n,
      numBytesSkippedToReduceWriteAmplification: 0n,
      startTimeMs: BigInt(s.startTimeMs),
      endTimeMs: BigInt(Date.now()),
      totalClusterParallelism: 1n,
      totalScheduledTasks: BigInt(s.totalScheduledTasks),
      autoCompactParallelismStats: null,
      deletionVectorStats: deletionVectorStats(s.removed),
      numTableColumns: BigInt(numTableColumns),
      numTableColumnsWithStats: BigInt(
        Math.min(dataSkippingNumIndexedCols(s.snapshot.configuration), numTableColumns),
      ),
    },
  };
  return {
    kind: 'rows',
    columns: OPTIMIZE_RESULT_COLUMNS,
    rows: [[sparkLocation(s.snapshot.store.rootUrl), metrics]],
  };
}
