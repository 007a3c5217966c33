/**
 * `DELETE FROM t [AS a] [WHERE cond]` on a Delta table, as Delta's DeleteCommand runs it:
 * - no condition, or one over partition columns only: a metadata-only commit removing whole files, whose
 *   rows are counted from their statistics; no data file is opened;
 * - otherwise, on a table that writes deletion vectors (deletion-vector-write.ts), merge-on-read: the matched
 *   rows are marked deleted in the touched files' DVs and no data file is written;
 * - otherwise copy-on-write: only the candidate files that hold a matching row are rewritten with the rows
 *   for which the condition is not true (a NULL condition keeps the row: `NOT (cond <=> true)`).
 * Nothing matches: no commit (Delta commits only when there are actions). Returns `num_affected_rows`.
 */
import type { ScanFile } from '../../delta/scan-plan.js';
import type { LogicalPlan } from '../../plan/logical/logical-plan.js';
import type { DmlStatement } from '../../sql/ast/statements-dml.js';
import type { CommandContext } from '../command-context.js';
import type { StatementResult } from '../statement-result.js';
import { writesDeletionVectors } from './deletion-vector-write.js';
import { affectedRowsResult, deleteOperationMetrics, type RewriteStats } from './dml-metrics.js';
import {
  analyzeCondition,
  isPartitionOnly,
  isTrue,
  not,
  predicateParameter,
  pushedPredicate,
  resolveDmlTarget,
} from './dml-target.js';
import { mergeOnRead } from './merge-on-read.js';
import {
  commitRewrite,
  copyOnWrite,
  countRows,
  type DmlHooks,
  filesMatchingPartitions,
  logicalRecords,
} from './rewrite-files.js';

export type Delete = Extract<DmlStatement, { kind: 'delete' }>;

export async function deleteFrom(
  session: CommandContext,
  stmt: Delete,
  hooks: DmlHooks = {},
): Promise<StatementResult> {
  const start = performance.now();
  const target = await resolveDmlTarget(session, stmt.table, stmt.alias, 'DELETE');
  const cond = stmt.where ? await analyzeCondition(target, stmt.where) : undefined;
  const predicate = cond ? pushedPredicate(target, cond) : undefined;
  const candidates = target.snapshot.scanPlan(predicate).files;
  const operation = (stats: RewriteStats) => ({
    name: 'DELETE',
    parameters: { predicate: predicateParameter(stmt.where) },
    metrics: deleteOperationMetrics(stats),
  });

  if (!cond || isPartitionOnly(cond, target)) {
    const removed = cond ? await filesMatchingPartitions(session, target, candidates, cond) : candidates;
    if (removed.length === 0) return affectedRowsResult(0);
    const deletedRows = await rowsOf(session, target, removed);
    const scanTimeMs = performance.now() - start;
    const removedAdds = removed.map((f) => f.add);
    const stats: RewriteStats = {
      removed: removedAdds,
      added: [],
      affectedRows: deletedRows,
      copiedRows: 0,
      executionTimeMs: performance.now() - start,
      scanTimeMs,
      rewriteTimeMs: 0,
    };
    await commitRewrite(
      session,
      target,
      {
        readPredicate: predicate,
        readFiles: removedAdds,
        removed: removedAdds,
        added: [],
        operation: operation(stats),
      },
      hooks,
    );
    return affectedRowsResult(deletedRows);
  }

  if (writesDeletionVectors(target.snapshot)) {
    const deletedRows = await mergeOnRead(
      session,
      target,
      { candidates, predicate, condition: cond, startedAt: start, operation },
      hooks,
    );
    return affectedRowsResult(deletedRows);
  }

  const survivors = (relation: LogicalPlan): LogicalPlan => ({
    kind: 'filter',
    child: relation,
    condition: not(isTrue(cond)),
    output: relation.output,
  });
  const deletedRows = await copyOnWrite(
    session,
    target,
    {
      candidates,
      predicate,
      condition: cond,
      startedAt: start,
      rowsOf: survivors,
      changeData: { kind: 'delete' },
      operation,
    },
    hooks,
  );
  return affectedRowsResult(deletedRows);
}

/** Live rows of whole files removed by metadata: from statistics, else counted by a scan. */
async function rowsOf(
  session: CommandContext,
  target: Parameters<typeof countRows>[1],
  files: readonly ScanFile[],
): Promise<number> {
  let n = 0;
  const unknown: ScanFile[] = [];
  for (const f of files) {
    const records = logicalRecords(f.add);
    if (records === undefined) unknown.push(f);
    else n += records;
  }
  return n + (await countRows(session, target, unknown));
}
