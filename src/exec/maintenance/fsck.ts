/**
 * Databricks' `FSCK REPAIR TABLE t [DRY RUN]`: finds the live files of the latest snapshot whose data file
 * or deletion-vector file storage no longer holds (deleted by hand, or by a VACUUM run with too short a
 * retention) and, unless DRY RUN, commits a remove for each so the table can be read again (the rows of
 * those files are gone with them). Both forms return Databricks' report, one row per such file:
 * dataFilePath (as the log names it), dataFileMissing, deletionVectorPath (null without a DV file) and
 * deletionVectorFileMissing, at most `spark.databricks.delta.fsck.maxNumEntriesInResult` (1000) rows.
 * The commit is operation FSCK with metrics numMissingFiles, numRemovedFiles and numRemovedBytes; nothing
 * missing commits nothing.
 */
import type { AddFile } from '../../delta/actions.js';
import type { Snapshot } from '../../delta/snapshot.js';
import { resolveFileLocation } from '../../delta/table-paths.js';
import type { MiscStatement } from '../../sql/ast/statements-misc.js';
import { ObjectNotFoundError } from '../../storage/object-store.js';
import { storeForUrl } from '../../storage/store-for-url.js';
import { BooleanType, StringType } from '../../types/data-types.js';
import type { CommandContext } from '../command-context.js';
import { USER_METADATA_KEY } from '../dml/user-metadata.js';
import type { StatementResult } from '../statement-result.js';
import { CommitBuilder } from '../write/commit-builder.js';
import { deletionVectorKeyOf } from './vacuum-files.js';
import { latestDeltaSnapshot } from './vacuum-target.js';

export type FsckRepair = Extract<MiscStatement, { kind: 'fsckRepair' }>;

export const FSCK_MAX_ENTRIES_KEY = 'spark.databricks.delta.fsck.maxNumEntriesInResult';

/** One live file with a missing data or deletion-vector file. */
export interface MissingFileEntry {
  readonly add: AddFile;
  readonly dataFileMissing: boolean;
  readonly deletionVectorPath: string | null;
  readonly deletionVectorFileMissing: boolean;
}

const REPORT_COLUMNS = [
  { name: 'dataFilePath', type: StringType, nullable: false },
  { name: 'dataFileMissing', type: BooleanType, nullable: false },
  { name: 'deletionVectorPath', type: StringType, nullable: true },
  { name: 'deletionVectorFileMissing', type: BooleanType, nullable: false },
];

export async function fsckRepairTable(ctx: CommandContext, stmt: FsckRepair): Promise<StatementResult> {
  const snapshot = await latestDeltaSnapshot(ctx, stmt.table.parts);
  const missing = await missingFiles(snapshot);
  if (!stmt.dryRun && missing.length > 0) {
    const removed = missing.map((m) => m.add);
    const userMetadata = ctx.conf.get(USER_METADATA_KEY);
    await CommitBuilder.onSnapshot(snapshot, ctx.parquet)
      .readFiles(removed)
      .removeFiles(removed)
      .commit({
        name: 'FSCK',
        metrics: {
          numMissingFiles: missing.length,
          numRemovedFiles: removed.length,
          numRemovedBytes: removed.reduce((n, f) => n + f.size, 0),
        },
        ...(userMetadata === undefined ? {} : { userMetadata }),
      });
  }
  const limit = Number(ctx.confValue(FSCK_MAX_ENTRIES_KEY) ?? '1000');
  return {
    kind: 'rows',
    columns: REPORT_COLUMNS,
    rows: missing
      .slice(0, limit)
      .map((m) => [m.add.path, m.dataFileMissing, m.deletionVectorPath, m.deletionVectorFileMissing]),
  };
}

/** The live files of `snapshot` whose data file or deletion-vector file storage lacks, in log path order. */
export async function missingFiles(snapshot: Snapshot): Promise<MissingFileEntry[]> {
  const out: MissingFileEntry[] = [];
  const files = [...snapshot.activeFiles()].sort((a, b) => (a.path < b.path ? -1 : 1));
  for (const add of files) {
    const dataFileMissing = !(await exists(snapshot, add.path));
    const dv = add.deletionVector;
    const dvKey = deletionVectorKeyOf(snapshot, dv);
    const deletionVectorPath = dvKey ?? (dv?.storageType === 'p' ? dv.pathOrInlineDv : null);
    const deletionVectorFileMissing =
      deletionVectorPath !== null &&
      !(await (dvKey !== undefined ? existsAt(snapshot, dvKey) : exists(snapshot, deletionVectorPath)));
    if (dataFileMissing || deletionVectorFileMissing) {
      out.push({ add, dataFileMissing, deletionVectorPath, deletionVectorFileMissing });
    }
  }
  return out;
}

/** Whether the file a log path names exists (relative, or an absolute URI inside or outside the table). */
async function exists(snapshot: Snapshot, path: string): Promise<boolean> {
  const { location, isAbsolute } = resolveFileLocation(snapshot.store.rootUrl, path);
  return existsAt(isAbsolute ? undefined : snapshot, location);
}

/** Whether the table's key `location` (with `snapshot`) or the absolute URI `location` exists. */
async function existsAt(snapshot: Snapshot | undefined, location: string): Promise<boolean> {
  const cut = location.lastIndexOf('/') + 1;
  const store = snapshot ? snapshot.store : storeForUrl(location.slice(0, cut));
  try {
    await store.head(snapshot ? location : decodeURIComponent(location.slice(cut)));
    return true;
  } catch (e) {
    if (e instanceof ObjectNotFoundError) return false;
    throw e;
  }
}
