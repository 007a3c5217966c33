/**
 * `VACUUM t [RETAIN n HOURS] [DRY RUN] [LITE | FULL]` and `DeltaTable.vacuum(retentionHours)`, as Delta's
 * VacuumCommand runs it (what is deleted: vacuum-files.ts, vacuum-lite.ts):
 * - the cutoff is now less RETAIN, else less the table's `delta.deletedFileRetentionDuration` (default
 *   one week); a RETAIN below that retention fails with DELTA_VACUUM_RETENTION_PERIOD_TOO_SHORT unless
 *   `spark.databricks.delta.retentionDurationCheck.enabled` is false (a writer in flight has written files
 *   its commit does not reference yet, and a reader of an older version still needs the removed ones);
 * - DRY RUN deletes nothing and returns the paths it would delete, at most 1000 as Databricks documents;
 * - otherwise an empty `VACUUM START` commit records what is to be deleted (numFilesToDelete,
 *   sizeOfDataToDelete), the files and then the empty folders, deepest first, are deleted, and an empty
 *   `VACUUM END` commit records the outcome (status COMPLETED with numDeletedFiles and
 *   numVacuumedDirectories, or FAILED when a delete failed). Delta writes these two commits when
 *   `spark.databricks.delta.vacuum.logging.enabled` says so, or, unset, for the file systems it knows:
 *   here tables on a local disk (`file:`), not in-memory ones. The result is the table's path.
 * Both commits go through the commit builder, so a concurrent writer conflicts with neither (they carry
 * no actions and read nothing).
 */
import { writeLastVacuumInfo } from '../../delta/last-vacuum-info.js';
import type { Snapshot } from '../../delta/snapshot.js';
import { assertWriteSupported } from '../../delta/table-features.js';
import { deletedFileRetentionMs } from '../../delta/table-properties.js';
import { LakesqlError } from '../../errors/index.js';
import type { MiscStatement } from '../../sql/ast/statements-misc.js';
import { StringType } from '../../types/data-types.js';
import type { CommandContext } from '../command-context.js';
import { USER_METADATA_KEY } from '../dml/user-metadata.js';
import type { StatementResult } from '../statement-result.js';
import { sparkLocation } from '../value-format/spark-display.js';
import { CommitBuilder } from '../write/commit-builder.js';
import { listedCandidates, type VacuumCandidate, validKeys } from './vacuum-files.js';
import { liteCandidates } from './vacuum-lite.js';
import { latestDeltaSnapshot } from './vacuum-target.js';

export type Vacuum = Extract<MiscStatement, { kind: 'vacuum' }>;

export const RETENTION_CHECK_KEY = 'spark.databricks.delta.retentionDurationCheck.enabled';
export const VACUUM_LOGGING_KEY = 'spark.databricks.delta.vacuum.logging.enabled';
/** Databricks: "DRY RUN … returns a list of up to 1000 files to be deleted". */
export const DRY_RUN_LIST_LIMIT = 1000;
const HOUR_MS = 60 * 60 * 1000;

export interface VacuumOptions {
  readonly retainHours?: number;
  readonly dryRun?: boolean;
  readonly mode?: 'LITE' | 'FULL';
  /** The clock, for tests that place files and commits in time. */
  readonly now?: number;
  /** Called as files are deleted (the CLI's progress line). */
  readonly onProgress?: (progress: VacuumProgress) => void;
}

export interface VacuumProgress {
  readonly phase: 'listing' | 'deleting' | 'done';
  readonly deleted: number;
  readonly total: number;
}

/** What a VACUUM found and did: the command's result and the commits' metrics, for callers and tests. */
export interface VacuumOutcome {
  /** The table's path as Spark shows it (`file:/…`). */
  readonly tablePath: string;
  /** The paths deleted (or, with DRY RUN, to delete), as Spark shows them. */
  readonly paths: readonly string[];
  readonly sizeOfDataToDelete: number;
  readonly numDeletedFiles: number;
  readonly numVacuumedDirectories: number;
}

export async function vacuumTable(ctx: CommandContext, stmt: Vacuum): Promise<StatementResult> {
  const outcome = await vacuum(ctx, stmt.table.parts, {
    ...(stmt.retainHours !== null ? { retainHours: stmt.retainHours } : {}),
    dryRun: stmt.dryRun,
    ...(stmt.mode !== null ? { mode: stmt.mode } : {}),
  });
  const rows = stmt.dryRun
    ? outcome.paths.slice(0, DRY_RUN_LIST_LIMIT).map((p) => [p])
    : [[outcome.tablePath]];
  return { kind: 'rows', columns: [{ name: 'path', type: StringType, nullable: true }], rows };
}

export async function vacuum(
  ctx: CommandContext,
  tableParts: readonly string[],
  options: VacuumOptions = {},
): Promise<VacuumOutcome> {
  const snapshot = await latestDeltaSnapshot(ctx, tableParts);
  // As Delta's protocolWrite: a writer that does not know all of the table's features must not delete its
  // files (a `vacuumProtocolCheck` table demands exactly this of every VACUUM, dry run included).
  assertWriteSupported(snapshot.protocol, snapshot.metadata, snapshot.store.rootUrl);
  const now = options.now ?? Date.now();
  const defaultRetentionMillis = deletedFileRetentionMs(snapshot.configuration);
  const specifiedRetentionMillis =
    options.retainHours === undefined ? undefined : Math.round(options.retainHours) * HOUR_MS;
  const retentionCheckEnabled = ctx.confValue(RETENTION_CHECK_KEY)?.toLowerCase() !== 'false';
  checkRetentionPeriodSafety(specifiedRetentionMillis, defaultRetentionMillis, retentionCheckEnabled);
  const cutoffMs = now - (specifiedRetentionMillis ?? defaultRetentionMillis);

  options.onProgress?.({ phase: 'listing', deleted: 0, total: 0 });
  const valid = validKeys(snapshot, cutoffMs);
  const lite = options.mode === 'LITE';
  const found = lite
    ? { ...(await liteCandidates(snapshot, valid, cutoffMs)), directories: 1 }
    : { ...(await listedCandidates(snapshot, valid, cutoffMs)), latestCommitOutsideRetention: undefined };
  const directories = found.directories;
  // Files first, then folders deepest first: a folder emptied of its folders can then go too.
  const candidates = [...found.candidates].sort(deletionOrder);
  const sizeOfDataToDelete = candidates.reduce((n, c) => n + c.size, 0);
  const tablePath = sparkLocation(snapshot.store.rootUrl);
  const shown = (c: VacuumCandidate) => `${tablePath}/${c.key.endsWith('/') ? c.key.slice(0, -1) : c.key}`;
  if (options.dryRun) {
    return {
      tablePath,
      paths: candidates.map(shown),
      sizeOfDataToDelete,
      numDeletedFiles: 0,
      numVacuumedDirectories: directories,
    };
  }

  const logged = shouldLogVacuum(ctx, snapshot);
  const metadataText = ctx.conf.get(USER_METADATA_KEY);
  const userMetadata = metadataText === undefined ? {} : { userMetadata: metadataText };
  if (logged) {
    await CommitBuilder.onLatest(snapshot.store, ctx.parquet).then((b) =>
      b.commit({
        name: 'VACUUM START',
        parameters: {
          retentionCheckEnabled,
          defaultRetentionMillis,
          ...(specifiedRetentionMillis !== undefined ? { specifiedRetentionMillis } : {}),
        },
        metrics: { numFilesToDelete: candidates.length, sizeOfDataToDelete },
        ...userMetadata,
      }),
    );
  }
  let deleted = 0;
  try {
    for (const c of candidates) {
      if (c.key.endsWith('/')) {
        if (await snapshot.store.deleteEmptyFolder?.(c.key)) deleted++;
      } else {
        await snapshot.store.delete(c.key);
        deleted++;
      }
      options.onProgress?.({ phase: 'deleting', deleted, total: candidates.length });
    }
  } catch (e) {
    if (logged) await commitVacuumEnd(ctx, snapshot, { status: 'FAILED' }, userMetadata);
    throw e;
  }
  if (logged) {
    await commitVacuumEnd(
      ctx,
      snapshot,
      { status: 'COMPLETED', numDeletedFiles: deleted, numVacuumedDirectories: directories },
      userMetadata,
    );
  }
  await writeLastVacuumInfo(
    snapshot.store,
    found.latestCommitOutsideRetention !== undefined
      ? { latestCommitVersionOutsideOfRetentionWindow: found.latestCommitOutsideRetention }
      : {},
  );
  options.onProgress?.({ phase: 'done', deleted, total: candidates.length });
  return {
    tablePath,
    paths: candidates.map(shown),
    sizeOfDataToDelete,
    numDeletedFiles: deleted,
    numVacuumedDirectories: directories,
  };
}

/** Delta's checkRetentionPeriodSafety; the hours in the message are the table's retention, rounded up. */
export function checkRetentionPeriodSafety(
  specifiedMs: number | undefined,
  configuredMs: number,
  checkEnabled: boolean,
): void {
  if (specifiedMs !== undefined && specifiedMs < 0) {
    throw new LakesqlError('DELTA_VACUUM_RETENTION_PERIOD_NEGATIVE', {});
  }
  if (checkEnabled && specifiedMs !== undefined && specifiedMs < configuredMs) {
    throw new LakesqlError('DELTA_VACUUM_RETENTION_PERIOD_TOO_SHORT', {
      configuredRetentionHours: Math.ceil(configuredMs / HOUR_MS),
    });
  }
}

function shouldLogVacuum(ctx: CommandContext, snapshot: Snapshot): boolean {
  const conf = ctx.confValue(VACUUM_LOGGING_KEY);
  if (conf !== undefined) return conf.toLowerCase() === 'true';
  return snapshot.store.rootUrl.startsWith('file:');
}

async function commitVacuumEnd(
  ctx: CommandContext,
  snapshot: Snapshot,
  outcome:
    | { readonly status: 'FAILED' }
    | { readonly status: 'COMPLETED'; numDeletedFiles: number; numVacuumedDirectories: number },
  userMetadata: { userMetadata?: string },
): Promise<void> {
  const builder = await CommitBuilder.onLatest(snapshot.store, ctx.parquet);
  await builder.commit({
    name: 'VACUUM END',
    parameters: { status: outcome.status },
    ...(outcome.status === 'COMPLETED'
      ? {
          metrics: {
            numDeletedFiles: outcome.numDeletedFiles,
            numVacuumedDirectories: outcome.numVacuumedDirectories,
          },
        }
      : {}),
    ...userMetadata,
  });
}

function deletionOrder(a: VacuumCandidate, b: VacuumCandidate): number {
  const aFolder = a.key.endsWith('/');
  const bFolder = b.key.endsWith('/');
  if (aFolder !== bFolder) return aFolder ? 1 : -1;
  if (aFolder) return b.key.length - a.key.length || (a.key < b.key ? -1 : 1);
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}
