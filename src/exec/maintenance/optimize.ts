/**
 * `OPTIMIZE t [FULL] [WHERE partition_predicate] [ZORDER BY (cols)]`, as delta-spark's OptimizeTableCommand
 * and OptimizeExecutor run it:
 * - compaction: per partition, the files smaller than `spark.databricks.delta.optimize.minFileSize` (and
 *   those whose deletion vector deletes too many rows) are packed into bins of up to
 *   `spark.databricks.delta.optimize.maxFileSize` bytes (optimize-bins.ts), each bin rewritten as one file;
 * - Z-order: every file of each partition is rewritten in Z-order of the columns (z-order.ts), in files of
 *   about maxFileSize;
 * - liquid clustering: a table with clustering columns (delta.clustering domain) is Z-ordered by them; the
 *   files already clustered by those columns are left alone unless FULL asks to recluster every file.
 * The rows do not change: deleted rows (deletion vectors) are dropped from the new files, and every add and
 * remove of the one commit is `dataChange: false`, so streaming readers of the table skip it. The commit
 * is operation OPTIMIZE with Delta's parameters and operationMetrics; the result is Delta's
 * `(path, metrics)` row.
 */
import type { AddFile } from '../../delta/actions.js';
import { byteStringAsBytes } from '../../delta/byte-string.js';
import { CLUSTERING_FEATURE, clusteringColumnsOf } from '../../delta/clustering.js';
import { physicalName } from '../../delta/column-mapping.js';
import { statsColumnPaths } from '../../delta/stats.js';
import { writerFeaturesOf } from '../../delta/table-features.js';
import type { Operation } from '../../delta/transaction.js';
import { LakesqlError } from '../../errors/index.js';
import type { BoundExpr } from '../../plan/logical/bound-expression.js';
import { transformExpr } from '../../plan/logical/expression-walk.js';
import type { ObjectName } from '../../sql/ast/common.js';
import type { Expression } from '../../sql/ast/expressions.js';
import type { CommandContext } from '../command-context.js';
import { checkConfValue } from '../conf/check-conf.js';
import {
  analyzeCondition,
  type DmlTarget,
  isPartitionOnly,
  predicateParameter,
  pushedPredicate,
  resolveDmlTarget,
} from '../dml/dml-target.js';
import { filesMatchingPartitions } from '../dml/rewrite-files.js';
import { userMetadataOf } from '../dml/user-metadata.js';
import type { StatementResult } from '../statement-result.js';
import { rewriteBin } from '../write/bin-rewrite.js';
import { CommitBuilder } from '../write/commit-builder.js';
import { type Bin, type BinPacking, binsOf, candidateFiles } from '../write/optimize-bins.js';
import { optimizeResult, rewriteOperationMetrics, zOrderStats } from '../write/optimize-metrics.js';
import { zOrderedSql } from './z-order.js';

export const OPTIMIZE_MIN_FILE_SIZE = 'spark.databricks.delta.optimize.minFileSize';
export const OPTIMIZE_MAX_FILE_SIZE = 'spark.databricks.delta.optimize.maxFileSize';
const OPTIMIZE_MAX_DELETED_ROWS_RATIO = 'spark.databricks.delta.optimize.maxDeletedRowsRatio';
const ZORDER_CHECK_STATS = 'spark.databricks.delta.optimize.zorder.checkStatsCollection.enabled';

/** Delta's AddFile.Tags of a file written clustered: which columns it was clustered by. */
const ZCUBE_ID_TAG = 'ZCUBE_ID';
const ZCUBE_ZORDER_BY_TAG = 'ZCUBE_ZORDER_BY';
const ZCUBE_ZORDER_CURVE_TAG = 'ZCUBE_ZORDER_CURVE';

export interface OptimizeRequest {
  readonly table: ObjectName;
  readonly where: Expression | null;
  /** The ZORDER BY columns as written (each a multipart name). */
  readonly zOrderBy: readonly (readonly string[])[];
  readonly full: boolean;
  /** Told after each bin is written: bins done and bins in all (the CLI draws its progress from it). */
  readonly onProgress?: (done: number, total: number) => void;
}

type Mode =
  | { readonly kind: 'compaction' }
  | { readonly kind: 'zorder'; readonly columns: readonly string[] }
  | { readonly kind: 'clustering'; readonly columns: readonly string[] };

export async function optimizeTable(ctx: CommandContext, request: OptimizeRequest): Promise<StatementResult> {
  const startTimeMs = Date.now();
  const target = await resolveDmlTarget(ctx, request.table, null, 'OPTIMIZE');
  const snapshot = target.snapshot;
  const mode = optimizeMode(ctx, target, request);

  const cond = request.where ? await analyzeCondition(target, request.where) : undefined;
  if (cond && !isPartitionOnly(cond, target)) {
    throw new LakesqlError('DELTA_NON_PARTITION_COLUMN_REFERENCE', {
      columnName: firstDataColumn(cond, target) ?? predicateParameter(request.where),
      columnList: snapshot.partitionColumns.join(', '),
    });
  }
  const predicate = cond ? pushedPredicate(target, cond) : undefined;
  const planned = snapshot.scanPlan(predicate).files;
  const considered = cond ? await filesMatchingPartitions(ctx, target, planned, cond) : planned;

  const maxFileSize = bytesConf(ctx, OPTIMIZE_MAX_FILE_SIZE);
  const packing: BinPacking = {
    minFileSize: bytesConf(ctx, OPTIMIZE_MIN_FILE_SIZE),
    maxBinSize: mode.kind === 'compaction' ? maxFileSize : Number.POSITIVE_INFINITY,
    maxDeletedRowsRatio: Number(ctx.confValue(OPTIMIZE_MAX_DELETED_ROWS_RATIO) ?? '0.05'),
    multiDimClustering: mode.kind !== 'compaction',
  };
  const toRewrite =
    mode.kind === 'clustering' && !request.full
      ? considered.filter((f) => !clusteredBy(f.add, mode.columns))
      : considered;
  const bins = binsOf(candidateFiles(toRewrite, packing), packing);

  const added: AddFile[] = [];
  for (const [i, bin] of bins.entries()) {
    added.push(...(await rewriteModeBin(ctx, target, bin, mode, maxFileSize)));
    request.onProgress?.(i + 1, bins.length);
  }
  const removed = bins.flatMap((b) => b.files.map((f) => f.add));
  if (added.length > 0 || removed.length > 0) {
    const txn = CommitBuilder.onSnapshot(snapshot, ctx.parquet);
    txn.readTable(predicate);
    txn.readFiles(removed);
    txn.removeFiles(removed, Date.now(), false);
    txn.addFiles(added);
    await txn.commit({ ...optimizeOperation(request, mode, added, removed), ...userMetadataOf(ctx) });
  }

  const partitionsOptimized = new Set(bins.map((b) => b.partition)).size;
  return optimizeResult({
    snapshot,
    added,
    removed,
    considered,
    partitionsOptimized,
    numBins: bins.length,
    numBatches: 1,
    totalScheduledTasks: 0,
    zOrderStats: mode.kind === 'zorder' ? zOrderStats(removed, partitionsOptimized) : null,
    startTimeMs,
  });
}

/**
 * What kind of OPTIMIZE this is, with Delta's checks in Delta's order: a clustered table takes neither a
 * WHERE nor a ZORDER BY, FULL needs clustering columns, and Z-order columns must be data columns with
 * statistics.
 */
function optimizeMode(ctx: CommandContext, target: DmlTarget, request: OptimizeRequest): Mode {
  const snapshot = target.snapshot;
  const isClustered = writerFeaturesOf(snapshot.protocol).includes(CLUSTERING_FEATURE);
  if (isClustered && request.where) {
    throw new LakesqlError('DELTA_CLUSTERING_WITH_PARTITION_PREDICATE', {
      predicates: predicateParameter(request.where),
    });
  }
  if (isClustered && request.zOrderBy.length > 0) {
    throw new LakesqlError('DELTA_CLUSTERING_WITH_ZORDER_BY', {
      zOrderBy: request.zOrderBy.map((c) => c.join('.')).join(', '),
    });
  }
  const clustering = isClustered ? logicalClusteringColumns(target) : [];
  if (request.full && clustering.length === 0)
    throw new LakesqlError('DELTA_OPTIMIZE_FULL_NOT_SUPPORTED', {});
  if (clustering.length > 0) return { kind: 'clustering', columns: clustering };
  if (request.zOrderBy.length === 0) return { kind: 'compaction' };
  return { kind: 'zorder', columns: zOrderColumns(ctx, target, request.zOrderBy) };
}

/** Delta's validateZorderByColumns: each column exists, is no partition column and has statistics. */
function zOrderColumns(
  ctx: CommandContext,
  target: DmlTarget,
  zOrderBy: readonly (readonly string[])[],
): string[] {
  const snapshot = target.snapshot;
  const statsColumns = statsColumnPaths(target.schema, snapshot.partitionColumns, snapshot.configuration).map(
    (p) => p.join('.').toLowerCase(),
  );
  const partitions = new Set(snapshot.partitionColumns.map((p) => p.toLowerCase()));
  const withoutStats: string[] = [];
  const columns: string[] = [];
  for (const parts of zOrderBy) {
    const name = parts.join('.');
    if (!statsColumns.includes(name.toLowerCase())) withoutStats.push(name);
    if (parts.length === 1 && partitions.has(name.toLowerCase())) {
      throw new LakesqlError('DELTA_ZORDERING_ON_PARTITION_COLUMN', { colName: name });
    }
    const found =
      parts.length === 1
        ? target.schema.fields.find((f) => f.name.toLowerCase() === name.toLowerCase())
        : undefined;
    if (!found) {
      if (parts.length > 1 && leafExists(target, parts)) {
        throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: 'ZORDER BY a nested field' });
      }
      throw new LakesqlError('DELTA_ZORDERING_COLUMN_DOES_NOT_EXIST', { columnName: name });
    }
    columns.push(found.name);
  }
  if (withoutStats.length > 0 && ctx.confValue(ZORDER_CHECK_STATS)?.trim().toLowerCase() !== 'false') {
    throw new LakesqlError('DELTA_ZORDERING_ON_COLUMN_WITHOUT_STATS', {
      cols: `[${withoutStats.join(', ')}]`,
      zorderColStatKey: ZORDER_CHECK_STATS,
    });
  }
  return columns;
}

function leafExists(target: DmlTarget, parts: readonly string[]): boolean {
  return statsColumnPaths(target.schema, [], { 'delta.dataSkippingNumIndexedCols': '-1' }).some(
    (p) => p.join('.').toLowerCase() === parts.join('.').toLowerCase(),
  );
}

/** The clustering columns by logical name (the domain records physical name paths). */
function logicalClusteringColumns(target: DmlTarget): string[] {
  const snapshot = target.snapshot;
  return (clusteringColumnsOf(snapshot) ?? []).map((path) => {
    const f =
      path.length === 1
        ? target.schema.fields.find((x) => physicalName(x, snapshot.columnMappingMode) === path[0])
        : undefined;
    if (!f)
      throw new LakesqlError('UNSUPPORTED_FEATURE', {
        feature: `clustering by the nested column ${path.join('.')}`,
      });
    return f.name;
  });
}

/** A file an earlier clustering OPTIMIZE wrote, clustered by exactly `columns`. */
function clusteredBy(add: AddFile, columns: readonly string[]): boolean {
  const tag = add.tags?.[ZCUBE_ZORDER_BY_TAG];
  return add.tags?.[ZCUBE_ID_TAG] !== undefined && tag === JSON.stringify(columns);
}

/**
 * One bin's rows (without the rows their deletion vectors delete) written as new files: a compaction bin as
 * one file (up to maxFileSize), a Z-order or clustering bin in Z-order in files of about maxFileSize.
 */
function rewriteModeBin(
  ctx: CommandContext,
  target: DmlTarget,
  bin: Bin,
  mode: Mode,
  maxFileSize: number,
): Promise<AddFile[]> {
  return rewriteBin(ctx, target.snapshot, bin, {
    schema: target.schema,
    maxFileSize,
    ...(mode.kind === 'compaction'
      ? {}
      : { ordered: (sql: string, names: readonly string[]) => zOrderedSql(sql, names, mode.columns) }),
    ...(mode.kind === 'clustering'
      ? {
          tags: {
            [ZCUBE_ID_TAG]: crypto.randomUUID(),
            [ZCUBE_ZORDER_BY_TAG]: JSON.stringify(mode.columns),
            [ZCUBE_ZORDER_CURVE_TAG]: 'zorder',
          },
        }
      : {}),
  });
}

/** DeltaOperations.Optimize: predicate, zOrderBy, clusterBy, auto (and isFull on a clustered table). */
function optimizeOperation(
  request: OptimizeRequest,
  mode: Mode,
  added: readonly AddFile[],
  removed: readonly AddFile[],
): Operation {
  const clusterBy = mode.kind === 'clustering' ? mode.columns : [];
  return {
    name: 'OPTIMIZE',
    parameters: {
      predicate: predicateParameter(request.where),
      zOrderBy: JSON.stringify(mode.kind === 'zorder' ? mode.columns : []),
      clusterBy: JSON.stringify(clusterBy),
      auto: false,
      ...(mode.kind === 'clustering' ? { isFull: request.full } : {}),
    },
    metrics: rewriteOperationMetrics(added, removed),
  };
}

function firstDataColumn(cond: BoundExpr, target: DmlTarget): string | undefined {
  const partitions = new Set(target.snapshot.partitionColumns.map((p) => p.toLowerCase()));
  let column: string | undefined;
  transformExpr(cond, (x) => {
    if (x.kind === 'attributeRef' && !partitions.has(x.attr.name.toLowerCase())) column ??= x.attr.name;
    return undefined;
  });
  return column;
}

function bytesConf(ctx: CommandContext, key: string): number {
  const text = ctx.confValue(key) ?? '1073741824';
  checkConfValue(key, text);
  return byteStringAsBytes(text) ?? 1073741824;
}
