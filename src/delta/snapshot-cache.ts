/**
 * The latest snapshot of each table a session has read, refreshed by reading only the commits written
 * since (in the manner of Spark's DeltaLog.update): a refresh lists `_delta_log/` from the cached version
 * on (log-segment.ts listLogFilesFrom) and applies the new JSON commits over the cached state, whoever
 * wrote them, this session or another process. A newer checkpoint is not read while every commit after the
 * cached version is listed: replaying those commits gives the same state. While the table has no newer
 * commit, a refresh costs two metadata lookups (`isLatest`), not a listing. A commit this session writes
 * is handed over with its text (`committed`), so the session's next statement on the table applies it
 * from memory after the same two lookups, instead of listing the log and reading back its own commit.
 *
 * Time travel does not come here (snapshot.ts). Memory is bounded: at most `capacity` tables are kept,
 * the least recently read dropped first.
 */
import { type ObjectMeta, ObjectNotFoundError, type ObjectStore } from '../storage/object-store.js';
import { commitKey, type LogFile } from './log-files.js';
import { buildLogSegment, type CommitFile, fromItsCheckpoint, listLogFilesFrom } from './log-segment.js';
import { extendSnapshot, type Snapshot, snapshotAfterCommit } from './snapshot.js';

/** Tables kept per session: enough for a star schema's joins, small beside one table's file list. */
export const DEFAULT_SNAPSHOT_CACHE_TABLES = 32;

export class SnapshotCache {
  /** Most recently read last (a Map iterates in insertion order). */
  readonly #entries = new Map<string, Snapshot>();
  /** Per table, the commit this session wrote last over a snapshot it read, not applied yet. */
  readonly #ownCommits = new Map<string, OwnCommit>();

  constructor(readonly capacity: number = DEFAULT_SNAPSHOT_CACHE_TABLES) {}

  get size(): number {
    return this.#entries.size;
  }

  /**
   * The latest snapshot of the table rooted at `snapshotStore.rootUrl`: the cached one brought up to date,
   * or `loadFresh()` when none is cached or the log no longer continues the cached one (the table was
   * replaced, its commits cleaned up, a gap only a checkpoint covers).
   */
  async latest(rootUrl: string, loadFresh: () => Promise<Snapshot>): Promise<Snapshot> {
    const own = this.#ownCommits.get(rootUrl);
    this.#ownCommits.delete(rootUrl);
    const cached = (own && (await ownCommitApplied(own))) ?? this.#entries.get(rootUrl);
    const next = cached ? ((await refreshed(cached)) ?? (await loadFresh())) : await loadFresh();
    this.#remember(rootUrl, next);
    return next;
  }

  /**
   * `commit` (holding `text`) was just written as the version after `base`. Kept until the table is next
   * read: applied to `base` then, unless its file changed (the table was replaced), and refreshed as a
   * cached snapshot is, so only commits written after it are read from the log.
   */
  committed(base: Snapshot, commit: CommitFile, text: string, checkpoint?: LogFile): void {
    if (this.capacity <= 0 || commit.version !== base.version + 1) return;
    const rootUrl = base.store.rootUrl;
    const cached = this.#entries.get(rootUrl);
    if (cached && cached.version >= commit.version) return;
    this.#ownCommits.set(rootUrl, { base, commit, text, ...(checkpoint ? { checkpoint } : {}) });
  }

  /** Forgets a table (its folder was deleted or replaced by this session). */
  forget(rootUrl: string): void {
    this.#entries.delete(rootUrl);
    this.#ownCommits.delete(rootUrl);
  }

  #remember(rootUrl: string, snapshot: Snapshot): void {
    const current = this.#entries.get(rootUrl);
    this.#entries.delete(rootUrl);
    // Of two refreshes racing in one session, the older result must not replace the newer.
    const keep = current && current.version > snapshot.version ? current : snapshot;
    if (this.capacity <= 0) return;
    this.#entries.set(rootUrl, keep);
    while (this.#entries.size > this.capacity) {
      this.#entries.delete(this.#entries.keys().next().value!);
    }
  }
}

interface OwnCommit {
  readonly base: Snapshot;
  readonly commit: CommitFile;
  readonly text: string;
  /** The checkpoint of the commit's version, when the committer wrote one after it. */
  readonly checkpoint?: LogFile;
}

/**
 * The snapshot after a commit of this session, from its text: undefined when the commit file, or the file
 * `base` was anchored on (as refreshed() checks it), is no longer the one known (the table was replaced).
 */
async function ownCommitApplied({
  base,
  commit,
  text,
  checkpoint,
}: OwnCommit): Promise<Snapshot | undefined> {
  const anchor = anchorOf(base);
  if (!anchor) return undefined;
  const unchanged = async (known: ObjectMeta) => {
    const now = await metaOf(base.store, known.path);
    return now?.size === known.size && now.lastModified === known.lastModified;
  };
  const [same, written] = await Promise.all([unchanged(anchor.meta), unchanged(commit.meta)]);
  if (!same || !written) return undefined;
  return snapshotAfterCommit(base, commit, text, checkpoint);
}

/** `cached` extended by the commits after it; undefined when only a full load can tell the state. */
async function refreshed(cached: Snapshot): Promise<Snapshot | undefined> {
  // The file of the cached version must still be there, unchanged: else the table was recreated.
  const anchor = anchorOf(cached);
  if (anchor && (await isLatest(cached.store, cached.version, anchor.meta))) return cached;
  const listed = await listLogFilesFrom(cached.store, cached.version);
  const same = listed.some(
    (f) =>
      anchor !== undefined &&
      f.meta.path === anchor.meta.path &&
      f.meta.size === anchor.meta.size &&
      f.meta.lastModified === anchor.meta.lastModified,
  );
  if (!same) return undefined;
  const commits = listed
    .filter((f): f is CommitFile => f.kind === 'commit' && f.version > cached.version)
    .sort((a, b) => a.version - b.version);
  let expected = cached.version + 1;
  for (const c of commits) {
    if (c.version !== expected) return undefined; // a gap: a checkpoint may stand for the missing commits
    expected++;
  }
  const newest = listed.reduce((m, f) => Math.max(m, f.version), cached.version);
  if (newest > expected - 1) return undefined;
  if (commits.length === 0) return cached;
  // The segment a fresh load would build, from what is known without listing the whole log.
  const known = new Map<string, LogFile>();
  for (const f of [...cached.segment.checkpoint, ...cached.segment.commits, ...listed]) {
    known.set(f.meta.path, f);
  }
  const segment = fromItsCheckpoint(
    buildLogSegment([...known.values()], cached.store.rootUrl, { listedFrom: cached.segment.listedFrom }),
  );
  return extendSnapshot(cached, commits, segment);
}

/** The log file of the snapshot's own version: its commit, else its checkpoint. */
function anchorOf(snapshot: Snapshot): LogFile | undefined {
  const last = snapshot.segment.commits.at(-1);
  return last?.version === snapshot.version ? last : snapshot.segment.checkpoint[0];
}

/**
 * Whether `version` is still the table's latest, its file `anchor` unchanged: then no commit
 * `version + 1` exists, since every version has its commit file and later versions never come without
 * it (PROTOCOL.md "Delta Log Entries"; cleanup deletes the oldest commits first, the anchor among them).
 * Two metadata lookups, at once, instead of listing the log: every table reference of every query asks.
 */
async function isLatest(store: ObjectStore, version: number, anchor: ObjectMeta): Promise<boolean> {
  const [now, next] = await Promise.all([metaOf(store, anchor.path), metaOf(store, commitKey(version + 1))]);
  return (
    next === undefined &&
    now !== undefined &&
    now.size === anchor.size &&
    now.lastModified === anchor.lastModified
  );
}

/** The object's metadata; undefined when there is none. */
function metaOf(store: ObjectStore, key: string): Promise<ObjectMeta | undefined> {
  if (store.headIfExists) return store.headIfExists(key);
  return store.head(key).then(
    (m): ObjectMeta | undefined => m,
    (e: unknown) => {
      if (e instanceof ObjectNotFoundError) return undefined;
      throw e;
    },
  );
}
