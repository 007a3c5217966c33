/**
 * `TRUNCATE TABLE t [PARTITION (…)]`. On a Delta table, as delta-spark's TruncateDeltaTableCommand: every live
 * file removed in one `TRUNCATE` commit (metrics numRemovedFiles, executionTimeMs), no commit when the
 * table has no files, an append-only table refused (the
 * transaction's DeltaLog.assertRemovable), and a PARTITION clause refused
 * with DELTA_TRUNCATE_TABLE_PARTITION_NOT_SUPPORTED (DELETE removes a partition). On a file table, as
 * Spark's TruncateTableCommand: the data files under its location are deleted. Views cannot be truncated.
 */
import { LakesqlError } from '../../errors/index.js';
import type { DdlStatement } from '../../sql/ast/statements-ddl.js';
import type { ObjectStore } from '../../storage/object-store.js';
import { storeForUrl } from '../../storage/store-for-url.js';
import type { CommandContext } from '../command-context.js';
import { userMetadataOf } from '../dml/user-metadata.js';
import type { StatementResult } from '../statement-result.js';
import { CommitBuilder } from '../write/commit-builder.js';
import { latestSnapshotOrNone, locateTable, targetDisplayName } from '../write/table-target.js';

export type TruncateTable = Extract<DdlStatement, { kind: 'truncateTable' }>;

export async function truncateTable(ctx: CommandContext, stmt: TruncateTable): Promise<StatementResult> {
  const started = Date.now();
  const parts = stmt.name.parts;
  const target = ctx.catalog.relationTarget(parts);
  if (target.kind !== 'persistent' && (await ctx.catalog.lookupRelation(parts)) !== undefined) {
    throw viewError(parts.map((p) => `\`${p}\``).join('.'));
  }
  const location = await locateTable(ctx, parts);
  let store: ObjectStore;
  if (location.kind === 'path') store = location.store;
  else {
    const entry = location.entry!;
    if (entry.tableType === 'VIEW') {
      throw viewError(`\`spark_catalog\`.\`${location.id.database}\`.\`${location.id.name}\``);
    }
    if (entry.provider !== 'delta') return truncateFileTable(entry.location, stmt);
    store = storeForUrl(entry.location);
  }
  if (stmt.partition.length > 0) throw new LakesqlError('DELTA_TRUNCATE_TABLE_PARTITION_NOT_SUPPORTED', {});
  const snapshot = await latestSnapshotOrNone(store, ctx.parquet);
  if (snapshot === undefined) {
    throw new LakesqlError('DELTA_MISSING_DELTA_TABLE', { path: targetDisplayName(location) });
  }
  const files = snapshot.activeFiles();
  if (files.length === 0) return { kind: 'done' };
  await CommitBuilder.onSnapshot(snapshot, ctx.parquet)
    .readTable()
    .removeFiles(files)
    .commit({
      name: 'TRUNCATE',
      parameters: {},
      metrics: { numRemovedFiles: files.length, executionTimeMs: Date.now() - started },
      ...userMetadataOf(ctx),
    });
  return { kind: 'done' };
}

function viewError(viewName: string): LakesqlError {
  return new LakesqlError('EXPECT_TABLE_NOT_VIEW.NO_ALTERNATIVE', { viewName, operation: 'TRUNCATE TABLE' });
}

/** Spark deletes what lies under a file table's location (its hidden `_`/`.` entries stay). */
async function truncateFileTable(location: string, stmt: TruncateTable): Promise<StatementResult> {
  if (stmt.partition.length > 0) {
    throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: 'TRUNCATE TABLE … PARTITION of a file table' });
  }
  const store = storeForUrl(location);
  const hidden = (key: string) => key.split('/').some((s) => s.startsWith('_') || s.startsWith('.'));
  for (const meta of await store.list('')) if (!hidden(meta.path)) await store.delete(meta.path);
  return { kind: 'done' };
}
