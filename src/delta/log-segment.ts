/**
 * A LogSegment is the minimal set of `_delta_log` files whose replay yields one version of the table:
 * the newest complete checkpoint at or below the version, then the commits (or log compaction files) after it.
 * PROTOCOL.md "Checkpoints": readers prefer the newest complete checkpoint; a multi-part checkpoint with a
 * missing part is ignored; "Log Compaction Files": a compaction replaces the commits of its range.
 *
 * The latest segment is found as Delta's SnapshotManagement does: `_last_checkpoint` names the newest
 * checkpoint, and only the log from its version on is listed (listLogSegment), so a load costs the
 * checkpoint and the commits after it, not the length of the log. History (DESCRIBE HISTORY, COPY INTO's
 * loaded files) reads the older commits when asked (commitHistory).
 */
import { LakesqlError } from '../errors/index.js';
import type { ObjectMeta, ObjectStore } from '../storage/object-store.js';
import type { Action } from './actions.js';
import { parseActionLines } from './actions-json.js';
import { readLastCheckpoint } from './last-checkpoint.js';
import {
  type CheckpointFile,
  classifyLogFile,
  commitKey,
  commitNamedFolderVersion,
  LOG_DIR,
  type LogFile,
  versionPrefix,
} from './log-files.js';

export type CommitFile = Extract<LogFile, { kind: 'commit' }>;
export type CompactionFile = Extract<LogFile, { kind: 'compaction' }>;

export interface LogSegment {
  readonly version: number;
  /** The parts of the chosen checkpoint (one file, or every part of a multi-part checkpoint). */
  readonly checkpoint: readonly CheckpointFile[];
  readonly checkpointVersion: number | undefined;
  /** Commit and compaction files after the checkpoint, in version order, covering exactly (checkpointVersion, version]. */
  readonly deltas: readonly (CommitFile | CompactionFile)[];
  /**
   * The commit files listed from `listedFrom` up to `version`, ascending: the whole history only when
   * `listedFrom` is 0 (commitHistory gives the whole history either way).
   */
  readonly commits: readonly CommitFile[];
  /** The first version the listing behind this segment looked at: 0 for the whole log, else a checkpoint's. */
  readonly listedFrom: number;
}

/**
 * Every log file name starts with its 20-digit version: listing this prefix leaves out `_last_checkpoint`,
 * `_sidecars/`, `_staged_commits/` and Hadoop's `.crc` files, which no segment is made of.
 */
const VERSIONED_PREFIX = `${LOG_DIR}0`;

/** Lists and classifies `_delta_log/`; a table without a single log file is not a Delta table. */
export async function listLogFiles(store: ObjectStore): Promise<LogFile[]> {
  const listed = await store.list(LOG_DIR);
  const files: LogFile[] = [];
  for (const meta of listed) {
    const f = classifyLogFile(meta);
    if (f) files.push(f);
    else assertNotCommitFolder(meta);
  }
  return files;
}

/** A listed object inside a folder named as a commit fails the listing at once (log-files.ts). */
function assertNotCommitFolder(meta: ObjectMeta): void {
  const version = commitNamedFolderVersion(meta);
  if (version === undefined) return;
  throw new LakesqlError('DELTA_STATE_RECOVER_ERROR', {
    component: `log file ${commitKey(version)} (a folder, not a file)`,
    version,
  });
}

/**
 * The log files of versions `from` and later, without looking up the older ones (delta-kernel's `list_from`):
 * a refresh of a cached snapshot costs the new commits, a cold load the checkpoint and the commits after it.
 * Every file of version `from` sorts after the bare prefix `…<from>`, every file of an older version before.
 */
export async function listLogFilesFrom(store: ObjectStore, from: number): Promise<LogFile[]> {
  const files: LogFile[] = [];
  for (const meta of await store.listFrom(VERSIONED_PREFIX, `${LOG_DIR}${versionPrefix(from)}`)) {
    const f = classifyLogFile(meta);
    if (f && f.version >= from) files.push(f);
    else if (!f) assertNotCommitFolder(meta);
  }
  return files;
}

/**
 * The segment of `version` (the latest when undefined), listing the log only from the checkpoint
 * `_last_checkpoint` names when that checkpoint is at or below the version. The hint is trusted only as far
 * as the listing bears it out, as Delta does: missing, corrupt, or naming a checkpoint that is not there
 * complete (a torn multi-part write, a replaced table), the whole log is listed instead. A stale hint costs
 * nothing extra: a newer checkpoint is listed with the commits and preferred.
 */
export async function listLogSegment(
  store: ObjectStore,
  tablePath: string,
  version?: number,
): Promise<LogSegment> {
  const hint = await readLastCheckpoint(store);
  if (hint !== undefined && (version === undefined || hint.version <= version)) {
    const files = await listLogFilesFrom(store, hint.version);
    try {
      const segment = buildLogSegment(files, tablePath, { listedFrom: hint.version, version });
      if (segment.checkpointVersion !== undefined) return segment;
    } catch (e) {
      // A listing that does not bear the hint out (no file at all, a gap, a version past it): the whole log
      // decides, and names the real error if there is one.
      if (!(e instanceof LakesqlError)) throw e;
    }
  }
  return buildLogSegment(await listLogFiles(store), tablePath, { version });
}

/**
 * `segment` as a listing from its checkpoint would have built it (listLogSegment): the commits before
 * the checkpoint dropped, left to commitHistory. A refreshed cached snapshot keeps this, so what it holds does
 * not grow with the log.
 */
export function fromItsCheckpoint(segment: LogSegment): LogSegment {
  const cp = segment.checkpointVersion;
  if (cp === undefined || cp <= segment.listedFrom) return segment;
  return { ...segment, commits: segment.commits.filter((c) => c.version >= cp), listedFrom: cp };
}

/**
 * Every commit file still in the log up to the segment's version, ascending: the segment's own commits, after
 * a listing of the older ones where the segment was listed from a checkpoint. An explicit read of the whole
 * log, for DESCRIBE HISTORY and COPY INTO's record of loaded files; a snapshot load never needs it.
 */
export async function commitHistory(store: ObjectStore, segment: LogSegment): Promise<CommitFile[]> {
  if (segment.listedFrom === 0) return [...segment.commits];
  const older: CommitFile[] = [];
  for (const meta of await store.list(VERSIONED_PREFIX)) {
    const f = classifyLogFile(meta);
    if (f?.kind === 'commit' && f.version < segment.listedFrom) older.push(f);
  }
  return [...older.sort((a, b) => a.version - b.version), ...segment.commits];
}

export interface LogSegmentOptions {
  /** Build the segment for this version; the latest when undefined. */
  readonly version?: number;
  /** Use log compaction files where they fit (default true). */
  readonly useCompaction?: boolean;
  /** The first version `files` were listed from (listLogFilesFrom); 0, the default, for the whole log. */
  readonly listedFrom?: number;
  /**
   * Only checkpoints below this version are used: a checkpoint at it or above failed to read (delta-spark's
   * getLogSegmentWithMaxExclusiveCheckpointVersion), so the segment goes back to an older one or to version 0.
   */
  readonly checkpointBefore?: number;
}

export function buildLogSegment(
  files: readonly LogFile[],
  tablePath: string,
  options: LogSegmentOptions = {},
): LogSegment {
  const commits = files
    .filter((f): f is CommitFile => f.kind === 'commit')
    .sort((a, b) => a.version - b.version);
  const checkpointsByVersion = groupCompleteCheckpoints(files);
  const before = options.checkpointBefore ?? Number.POSITIVE_INFINITY;
  const cpVersions = [...checkpointsByVersion.keys()].filter((v) => v < before).sort((a, b) => a - b);
  const latest = Math.max(commits.at(-1)?.version ?? -1, cpVersions.at(-1) ?? -1);
  if (latest < 0) {
    throw new LakesqlError('DELTA_MISSING_DELTA_TABLE', { path: tablePath });
  }
  const earliest = Math.min(
    commits[0]?.version ?? Number.POSITIVE_INFINITY,
    cpVersions[0] ?? Number.POSITIVE_INFINITY,
  );
  // The oldest version that can be rebuilt: 0 while commit 0 is listed, else the oldest complete checkpoint
  // (PROTOCOL.md "Metadata Cleanup" deletes commits only behind one). Asking for an older version is a
  // time-travel error naming the available range, as in Delta's DeltaHistoryManager.checkVersionExists; it
  // used to surface as DELTA_LOG_FILE_NOT_FOUND "starting from checkpoint version -1" (log-cleanup.test.ts).
  const reconstructableFrom = commits[0]?.version === 0 ? 0 : (cpVersions[0] ?? earliest);
  const target = options.version ?? latest;
  if (!Number.isInteger(target) || target < reconstructableFrom || target > latest) {
    throw new LakesqlError('DELTA_CANNOT_TIME_TRAVEL_VERSION', {
      version: target,
      earliest: reconstructableFrom,
      latest,
    });
  }

  let checkpointVersion: number | undefined;
  for (let i = cpVersions.length - 1; i >= 0; i--) {
    const v = cpVersions[i]!;
    if (v <= target) {
      checkpointVersion = v;
      break;
    }
  }
  const checkpoint = checkpointVersion === undefined ? [] : checkpointsByVersion.get(checkpointVersion)!;
  const start = checkpointVersion === undefined ? 0 : checkpointVersion + 1;

  const byVersion = new Map(commits.map((c) => [c.version, c]));
  const compactions =
    options.useCompaction === false ? [] : files.filter((f): f is CompactionFile => f.kind === 'compaction');
  const deltas: (CommitFile | CompactionFile)[] = [];
  for (let v = start; v <= target; ) {
    const compaction = compactions
      .filter((c) => c.version === v && c.endVersion <= target && allPresent(byVersion, v, c.endVersion))
      .sort((a, b) => b.endVersion - a.endVersion)[0];
    if (compaction) {
      deltas.push(compaction);
      v = compaction.endVersion + 1;
      continue;
    }
    const commit = byVersion.get(v);
    if (!commit) {
      if (checkpointVersion === undefined && v === 0 && commits.length > 0) {
        // Commits start after 0 and no checkpoint covers the gap (e.g. early JSON cleaned up without one).
        throw new LakesqlError('DELTA_LOG_FILE_NOT_FOUND', {
          version: target,
          checkpointVersion: -1,
          logPath: `${tablePath}/${LOG_DIR}`,
        });
      }
      throw new LakesqlError('DELTA_VERSIONS_NOT_CONTIGUOUS', {
        versionList: commits.map((c) => c.version).join(', '),
      });
    }
    deltas.push(commit);
    v++;
  }
  return {
    version: target,
    checkpoint,
    checkpointVersion,
    deltas,
    commits: commits.filter((c) => c.version <= target),
    listedFrom: options.listedFrom ?? 0,
  };
}

/**
 * A compaction is used only when the commits of its range are listed too: we still need each commit's
 * own file for timestamps, and a compaction whose commits are gone is a sign of a cleaned-up log.
 */
function allPresent(byVersion: ReadonlyMap<number, CommitFile>, from: number, to: number): boolean {
  for (let v = from; v <= to; v++) if (!byVersion.has(v)) return false;
  return true;
}

/** version -> the files of one complete checkpoint at that version (preferring v2, then classic, then multi-part). */
function groupCompleteCheckpoints(files: readonly LogFile[]): Map<number, CheckpointFile[]> {
  const out = new Map<number, CheckpointFile[]>();
  const multi = new Map<string, CheckpointFile[]>();
  for (const f of files) {
    if (f.kind === 'v2Checkpoint') {
      out.set(f.version, [f]);
    } else if (f.kind === 'classicCheckpoint') {
      const existing = out.get(f.version);
      if (!existing || existing[0]?.kind === 'multiPartCheckpoint') out.set(f.version, [f]);
    } else if (f.kind === 'multiPartCheckpoint') {
      const key = `${f.version}/${f.numParts}`;
      const parts = multi.get(key) ?? [];
      parts.push(f);
      multi.set(key, parts);
    }
  }
  for (const parts of multi.values()) {
    const first = parts[0] as Extract<CheckpointFile, { kind: 'multiPartCheckpoint' }>;
    const distinct = new Set(parts.map((p) => (p as typeof first).part));
    if (distinct.size !== first.numParts) continue; // incomplete: readers must ignore it
    if (!out.has(first.version)) {
      out.set(
        first.version,
        [...parts].sort((a, b) => (a as typeof first).part - (b as typeof first).part),
      );
    }
  }
  return out;
}

/**
 * The actions of one commit file, in file order (change data feed, streaming reads of a Delta table: both
 * walk commits version by version).
 */
export async function readCommitActions(store: ObjectStore, commit: CommitFile): Promise<Action[]> {
  return parseActionLines(new TextDecoder().decode(await store.get(commit.meta.path)), commit.meta.path);
}
