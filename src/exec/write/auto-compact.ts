/**
 * Auto compaction (Delta's AutoCompact post-commit hook, AutoCompactUtils): after a write commits, each
 * partition the write added files to that now holds at least `autoCompact.minNumFiles` files smaller than
 * `autoCompact.minFileSize` is bin-packed as OPTIMIZE packs it (optimize-bins.ts, bin-rewrite.ts), into files of up to
 * `autoCompact.maxFileSize`, in a commit of its own: operation OPTIMIZE with `auto: true`, every add and
 * remove `dataChange: false`. The user's commit already stands, so a compaction that loses a race with a
 * concurrent writer (a conflict on its retry) gives up quietly; the files it wrote stay unreferenced until
 * VACUUM, as Delta leaves them.
 *
 * Delta's modified-partitions-only mode is the one run here (its default): a write never compacts a
 * partition it did not touch, so it cannot add conflicts with writers of other partitions. Its partition
 * reservations (between concurrent auto compactions of one process) are left out: a second compaction of the
 * same files loses the race and gives up.
 */
import type { AddFile } from '../../delta/actions.js';
import { physicalName } from '../../delta/column-mapping.js';
import type { ParquetHandler } from '../../delta/parquet-handler.js';
import type { ScanFile } from '../../delta/scan-plan.js';
import { loadSnapshot, type Snapshot } from '../../delta/snapshot.js';
import type { CommitResult } from '../../delta/transaction.js';
import type { EngineSession } from '../../engine/engine-session.js';
import { quoteString } from '../../engine/sql-text.js';
import { LakesqlError } from '../../errors/index.js';
import { sqlTypeName } from '../../types/data-types.js';
import { type AutoCompactSettings, autoCompactSettings } from './auto-optimize.js';
import { rewriteBin } from './bin-rewrite.js';
import { CommitBuilder } from './commit-builder.js';
import { type Bin, binsOf, partitionKey } from './optimize-bins.js';
import { rewriteOperationMetrics } from './optimize-metrics.js';

/** What auto compaction uses of the writer's session. */
export interface AutoCompactContext {
  readonly engine: EngineSession;
  readonly parquet: ParquetHandler;
  readonly conf: ReadonlyMap<string, string>;
}

/** The conflicts a compaction commit can lose with: it then gives up, the user's write stands. */
const LOST_RACE = new Set([
  'DELTA_CONCURRENT_APPEND',
  'DELTA_CONCURRENT_DELETE_READ',
  'DELTA_CONCURRENT_DELETE_DELETE',
  'DELTA_CONCURRENT_TRANSACTION',
  'DELTA_METADATA_CHANGED',
  'DELTA_PROTOCOL_CHANGED',
  'DELTA_MAX_COMMIT_RETRIES_EXCEEDED',
]);

/**
 * Runs after `txn` committed as `committed`: compacts the partitions it touched when auto compaction is on
 * and they hold enough small files. Returns the compaction's version, or undefined when none was committed.
 */
export async function autoCompactAfterCommit(
  ctx: AutoCompactContext,
  txn: CommitBuilder,
  committed: CommitResult,
): Promise<number | undefined> {
  // Delta skips commits that added no file ("skipEmptyIngestion").
  if (txn.addedFiles.length === 0) return undefined;
  const settings = autoCompactSettings(ctx.conf, txn.metadata?.configuration ?? {});
  if (settings === undefined) return undefined;
  const touched = new Set(txn.addedFiles.map(partitionKey));
  const snapshot = await loadSnapshot(txn.store, ctx.parquet, { version: committed.version });
  const bins = compactionBins(snapshot.scanPlan().files, touched, settings);
  if (bins.length === 0) return undefined;

  const added: AddFile[] = [];
  for (const bin of bins) {
    added.push(
      ...(await rewriteBin(ctx, snapshot, bin, {
        schema: snapshot.schema,
        maxFileSize: settings.maxFileSize,
      })),
    );
  }
  const removed = bins.flatMap((b) => b.files.map((f) => f.add));
  try {
    // Delta's OPTIMIZE commits under snapshot isolation: it conflicts with a concurrent delete of the files
    // it read, not with concurrent appends.
    const commit = await CommitBuilder.onSnapshot(snapshot, ctx.parquet)
      .readFiles(removed)
      .removeFiles(removed, Date.now(), false)
      .addFiles(added)
      .commit({
        name: 'OPTIMIZE',
        parameters: {
          predicate: JSON.stringify(partitionPredicates(snapshot, bins)),
          zOrderBy: '[]',
          clusterBy: '[]',
          auto: true,
        },
        metrics: rewriteOperationMetrics(added, removed),
      });
    return commit.version;
  } catch (e) {
    if (e instanceof LakesqlError && LOST_RACE.has(e.errorClass)) return undefined;
    throw e;
  }
}

/**
 * The bins of the touched partitions that hold at least minNumFiles small files: their small files packed
 * in size order into bins of up to maxFileSize (a bin of one file is left alone, as OPTIMIZE leaves it).
 */
export function compactionBins(
  files: readonly ScanFile[],
  touched: ReadonlySet<string>,
  settings: AutoCompactSettings,
): Bin[] {
  const small = new Map<string, ScanFile[]>();
  for (const f of files) {
    const key = partitionKey(f.add);
    if (!touched.has(key) || f.add.size >= settings.minFileSize) continue;
    const list = small.get(key);
    if (list) list.push(f);
    else small.set(key, [f]);
  }
  const candidates = [...small.values()].filter((list) => list.length >= settings.minNumFiles).flat();
  return binsOf(candidates, {
    minFileSize: settings.minFileSize,
    maxBinSize: settings.maxFileSize,
    maxDeletedRowsRatio: Number.POSITIVE_INFINITY,
    multiDimClustering: false,
  });
}

/**
 * The compacted partitions as Delta's AutoCompactUtils writes their predicate: one
 * `(col <=> CAST('value' AS TYPE))` conjunction per partition, the partitions joined by OR.
 */
function partitionPredicates(snapshot: Snapshot, bins: readonly Bin[]): string[] {
  const partitions = new Map<string, Readonly<Record<string, string | null>>>();
  for (const b of bins) {
    const first = b.files[0];
    if (first && Object.keys(first.add.partitionValues).length > 0)
      partitions.set(b.partition, first.add.partitionValues);
  }
  if (partitions.size === 0) return [];
  const typeOf = (physical: string): string => {
    const field = snapshot.schema.fields.find(
      (f) => physicalName(f, snapshot.columnMappingMode) === physical,
    );
    return field ? sqlTypeName(field.type).toUpperCase() : 'STRING';
  };
  const branches = [...partitions.values()].map((values) => {
    const terms = Object.entries(values).map(
      ([col, v]) => `(${col} <=> CAST(${v === null ? 'NULL' : quoteString(v)} AS ${typeOf(col)}))`,
    );
    return terms.length > 1 ? `(${terms.join(' AND ')})` : terms[0]!;
  });
  return [branches.length > 1 ? `(${branches.join(' OR ')})` : branches[0]!];
}
