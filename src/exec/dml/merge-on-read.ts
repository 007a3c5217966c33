/**
 * One DELETE or UPDATE on a table that writes deletion vectors, as Delta's DeleteCommand / UpdateCommand
 * run with `shouldWritePersistentDeletionVectors`: find the matched rows of the candidate files, write the
 * new values of the matched rows (UPDATE only, from the same scan: the touched files are read once) as new
 * files while the matched rows are marked deleted in DVs (deletion-vector-write.ts,
 * write-beside-deletion-vectors.ts), and commit it all in one transaction. No unchanged row is written again
 * (`numCopiedRows` is 0).
 */
import type { AddFile } from '../../delta/actions.js';
import type { Operation } from '../../delta/transaction.js';
import type { CommandContext } from '../command-context.js';
import {
  type DeletionVectorChange,
  findMatchedRows,
  markRowsDeleted,
  materializeMatchedRows,
} from './deletion-vector-write.js';
import type { RewriteStats } from './dml-metrics.js';
import type { DmlTarget } from './dml-target.js';
import { type CopyOnWrite, commitRewrite, type DmlHooks, type RowsOf, writeRows } from './rewrite-files.js';
import { writeBesideDeletionVectors } from './write-beside-deletion-vectors.js';

export interface MergeOnRead extends Omit<CopyOnWrite, 'rowsOf' | 'changeData'> {
  /**
   * UPDATE: the new rows for the matched rows of a relation (the relation holds only the matched rows).
   * Absent for DELETE, which writes no data file.
   */
  readonly rowsOf?: RowsOf;
}

/** Returns the number of matched rows (0, and no commit, when nothing matched). */
export async function mergeOnRead(
  session: CommandContext,
  target: DmlTarget,
  spec: MergeOnRead,
  hooks: DmlHooks = {},
): Promise<number> {
  // UPDATE keeps the matched rows from its one scan and writes their new values from there; DELETE needs
  // only their positions.
  const kept = spec.rowsOf
    ? await materializeMatchedRows(session, target, spec.candidates, spec.condition)
    : undefined;
  let released: Promise<void> | undefined;
  try {
    const rowsOf = spec.rowsOf;
    if (kept && rowsOf) {
      if (kept.matchedRows === 0) return 0;
      const scanTimeMs = performance.now() - spec.startedAt;
      // The positions are read from the scratch table while the new values are written from it.
      const { written, change } = await writeBesideDeletionVectors(target.snapshot, kept.readMatches, () =>
        writeRows(
          session,
          target,
          rowsOf(kept.relation, kept.identity),
          spec.computeGenerated,
          kept.identity,
        ),
      );
      // Nothing reads the scratch tables any more: they are dropped while the commit is written.
      // (Its failure is awaited, and thrown, at the end; until then it must not count as unhandled.)
      released = kept.release();
      released.catch(() => {});
      return await commitMarked(session, target, spec, hooks, change, written, scanTimeMs);
    }
    const matches = await findMatchedRows(session, target, spec.candidates, spec.condition);
    if (matches.length === 0) return 0;
    const scanTimeMs = performance.now() - spec.startedAt;
    const change = await markRowsDeleted(target.snapshot, matches);
    return await commitMarked(session, target, spec, hooks, change, [], scanTimeMs);
  } finally {
    await (released ?? kept?.release());
  }
}

async function commitMarked(
  session: CommandContext,
  target: DmlTarget,
  spec: MergeOnRead,
  hooks: DmlHooks,
  change: DeletionVectorChange,
  written: readonly AddFile[],
  scanTimeMs: number,
): Promise<number> {
  const rewriteTimeMs = performance.now() - spec.startedAt - scanTimeMs;
  const stats: RewriteStats = {
    removed: change.fullyRemoved,
    added: written,
    affectedRows: change.modifiedRows,
    copiedRows: 0,
    executionTimeMs: performance.now() - spec.startedAt,
    scanTimeMs,
    rewriteTimeMs,
    deletionVectors: {
      added: change.numDeletionVectorsAdded,
      removed: change.numDeletionVectorsRemoved,
      updated: change.numDeletionVectorsUpdated,
    },
  };
  const operation: Operation = spec.operation(stats);
  await commitRewrite(
    session,
    target,
    {
      readPredicate: spec.predicate,
      readFiles: spec.candidates.map((f) => f.add),
      removed: [...change.fullyRemoved, ...change.replaced],
      added: [...change.withNewDvs, ...written],
      operation,
    },
    hooks,
  );
  return change.modifiedRows;
}
