/**
 * `REORG TABLE t [WHERE partition_predicate] APPLY (PURGE)`, as Delta's DeltaReorgTableCommand runs it: an
 * OPTIMIZE that rewrites every file carrying a deletion vector that deletes rows (or one without the
 * `numRecords` needed to tell), so the deleted rows are physically gone and no DV is left to apply. Files of
 * a partition are packed into bins of at most 1 GiB (Delta's `spark.databricks.delta.optimize.maxFileSize`
 * default), each bin written as new files, and even a single-file bin is rewritten (a REORG always is).
 * The commit is operation `REORG` with removes and adds of dataChange = false: the table's rows do not
 * change. Returns Delta's OPTIMIZE result row: the table path and its OptimizeMetrics struct.
 */
import type { AddFile } from '../../delta/actions.js';
import type { ScanFile } from '../../delta/scan-plan.js';
import { LakesqlError } from '../../errors/index.js';
import { transformExpr } from '../../plan/logical/expression-walk.js';
import type { MiscStatement } from '../../sql/ast/statements-misc.js';
import type { CommandContext } from '../command-context.js';
import type { StatementResult } from '../statement-result.js';
import { optimizeResult, rewriteOperationMetrics } from '../write/optimize-metrics.js';
import {
  analyzeCondition,
  isPartitionOnly,
  predicateParameter,
  pushedPredicate,
  resolveDmlTarget,
} from './dml-target.js';
import { commitRewrite, filesMatchingPartitions, rewriteFiles } from './rewrite-files.js';

export type Reorg = Extract<MiscStatement, { kind: 'reorg' }>;

/** Delta's default `spark.databricks.delta.optimize.maxFileSize`: the most bytes one bin reads. */
const MAX_BIN_BYTES = 1024 * 1024 * 1024;

export async function reorgTable(session: CommandContext, stmt: Reorg): Promise<StatementResult> {
  const startTimeMs = Date.now();
  const target = await resolveDmlTarget(session, stmt.table, null, 'REORG');
  const cond = stmt.where ? await analyzeCondition(target, stmt.where) : undefined;
  if (cond && !isPartitionOnly(cond, target)) {
    const partitions = new Set(target.snapshot.partitionColumns.map((p) => p.toLowerCase()));
    let column: string | undefined;
    transformExpr(cond, (x) => {
      if (x.kind === 'attributeRef' && !partitions.has(x.attr.name.toLowerCase())) column ??= x.attr.name;
      return undefined;
    });
    throw new LakesqlError('DELTA_NON_PARTITION_COLUMN_REFERENCE', {
      columnName: column ?? predicateParameter(stmt.where),
      columnList: target.snapshot.partitionColumns.join(', '),
    });
  }
  const predicate = cond ? pushedPredicate(target, cond) : undefined;
  const planned = target.snapshot.scanPlan(predicate).files;
  const considered = cond ? await filesMatchingPartitions(session, target, planned, cond) : planned;
  const toPurge = considered.filter((f) => needsPurge(f.add));
  const bins = binsOf(toPurge, target.snapshot.partitionColumns);

  const added: AddFile[] = [];
  for (const bin of bins) {
    // The rows are the files' own, copied: they keep their row ids and versions (row-identity.ts).
    const written = await rewriteFiles(session, target, bin, (relation) => relation);
    for (const a of written) added.push({ ...a, dataChange: false });
  }
  const removed = toPurge.map((f) => f.add);
  if (removed.length > 0) {
    await commitRewrite(session, target, {
      readPredicate: predicate,
      readFiles: considered.map((f) => f.add),
      removed,
      added,
      dataChange: false,
      operation: {
        name: 'REORG',
        parameters: { predicate: predicateParameter(stmt.where), applyPurge: true },
        metrics: rewriteOperationMetrics(added, removed),
      },
    });
  }

  return optimizeResult({
    snapshot: target.snapshot,
    added,
    removed,
    considered,
    partitionsOptimized: new Set(bins.map((b) => partitionKey(b[0]!))).size,
    numBins: bins.length,
    numBatches: bins.length,
    totalScheduledTasks: bins.length,
    zOrderStats: null,
    startTimeMs,
  });
}

/**
 * Delta's purge filter (OptimizeExecutor.filterCandidateFileList with a deleted-rows ratio of 0): a file
 * whose DV deletes rows, or one with a DV but no `numRecords` (its ratio cannot be told).
 */
function needsPurge(add: AddFile): boolean {
  const dv = add.deletionVector;
  if (!dv) return false;
  if (!add.stats || !/"numRecords"\s*:/.test(add.stats)) return true;
  return dv.cardinality > 0;
}

/** Files grouped by partition, then packed in order into bins of at most MAX_BIN_BYTES. */
function binsOf(files: readonly ScanFile[], partitionColumns: readonly string[]): ScanFile[][] {
  const byPartition = new Map<string, ScanFile[]>();
  for (const f of files) {
    const key = partitionColumns.length === 0 ? '' : partitionKey(f);
    const list = byPartition.get(key) ?? [];
    list.push(f);
    byPartition.set(key, list);
  }
  const bins: ScanFile[][] = [];
  for (const list of byPartition.values()) {
    let bin: ScanFile[] = [];
    let size = 0;
    for (const f of list) {
      if (bin.length > 0 && size + f.add.size > MAX_BIN_BYTES) {
        bins.push(bin);
        bin = [];
        size = 0;
      }
      bin.push(f);
      size += f.add.size;
    }
    if (bin.length > 0) bins.push(bin);
  }
  return bins;
}

function partitionKey(f: ScanFile): string {
  return JSON.stringify(Object.entries(f.add.partitionValues).sort(([a], [b]) => (a < b ? -1 : 1)));
}
