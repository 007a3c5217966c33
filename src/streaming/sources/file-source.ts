/**
 * The file source (Spark's FileStreamSource) as a StreamingSource: its offset is `{"logOffset":N}`, N the
 * batch whose files `sources/0/N` lists. Planning a batch takes the folder's files not yet in that log
 * (for availableNow, only those present when the run started), oldest first (newest first under
 * latestFirst), bounded by maxFilesPerTrigger and maxBytesPerTrigger unless every available file is asked
 * for (trigger once), and logs them before the batch's offsets are written. Files older than maxFileAge
 * behind the latest file seen are ignored (SeenFilesMap). Once a batch has committed, its files are
 * archived or deleted when cleanSource asks for it (source-file-cleaner.ts).
 */
import { fileURLToPath } from 'node:url';
import type { ObjectStore } from '../../storage/object-store.js';
import type { CheckpointLog, FileLogEntry } from '../checkpoint/checkpoint-log.js';
import { listSourceFiles, type SourceFile } from './file-listing.js';
import type { FileSourceLimits } from './file-source-options.js';
import { SeenFiles } from './seen-files.js';
import type { StreamingSource } from './streaming-source.js';

export interface FileSourceOffset {
  readonly logOffset: number;
}

/** What happens to a committed batch's files (cleanSource archive / delete); absent for `off`. */
export type SourceFileCleaner = (files: readonly SourceFile[]) => Promise<void>;

export class FileStreamingSource implements StreamingSource<FileSourceOffset, readonly SourceFile[]> {
  #seen: SeenFiles | undefined;
  /**
   * `sources/0/`, read once when the query starts and kept as batches log their files: a query is the only
   * writer of its checkpoint (a second query on it fails to start), so nothing is read back that this
   * source wrote itself.
   */
  #log: Map<number, FileLogEntry[]> | undefined;
  /** The write of the planned batch's `sources/0/<id>`, which overlaps the loop's write of its offsets. */
  #logWrite: Promise<void> = Promise.resolve();
  /** availableNow: the files listed when the run started; later files wait for another run. */
  #availableNow: SourceFile[] | undefined;

  constructor(
    private readonly checkpoint: CheckpointLog,
    private readonly store: ObjectStore,
    private readonly limits: FileSourceLimits,
    /** Which of the folder's files the source takes (Auto Loader's pathGlobFilter, includeExistingFiles). */
    private readonly accept: (f: SourceFile) => boolean = () => true,
    private readonly cleaner?: SourceFileCleaner,
  ) {}

  get commitRemovesData(): boolean {
    return this.cleaner !== undefined;
  }

  parseOffset(json: unknown): FileSourceOffset {
    return { logOffset: Number((json as FileSourceOffset).logOffset) };
  }

  offsetJson(offset: FileSourceOffset): unknown {
    return { logOffset: offset.logOffset };
  }

  async prepareForTriggerAvailableNow(): Promise<void> {
    this.#availableNow = await this.listed();
  }

  async latestOffset(
    start: FileSourceOffset | undefined,
    batchId: number,
    readAll: boolean,
  ): Promise<FileSourceOffset | undefined> {
    // Files logged for this batch id by a run that stopped before writing the batch's offsets.
    const log = await this.log();
    if ((log.get(batchId)?.length ?? 0) > 0) return { logOffset: batchId };
    const seen = await this.seen();
    const fresh = (this.#availableNow ?? (await this.listed())).filter((f) =>
      seen.isNewFile(f, this.limits.allowOverwrites),
    );
    if (fresh.length === 0) return start;
    const files = readAll ? fresh : admit(fresh, this.limits);
    for (const f of files) seen.add(f.url, f.timestamp);
    seen.purge();
    const entries: FileLogEntry[] = files.map((f) => ({ path: f.url, timestamp: f.timestamp, batchId }));
    // Not awaited here: the loop writes `offsets/<id>` meanwhile, and getBatch waits for both before the
    // batch is read. A crash between the two leaves either file alone, and both cases are safe: a log
    // without offsets is taken up again above; offsets without a log make the batch re-run with no files,
    // and those files, never logged, are planned into the next batch.
    const earlier = () => [...log].filter(([id]) => id !== batchId).flatMap(([, logged]) => logged);
    const written = this.checkpoint.writeFileLog(batchId, entries, earlier);
    written.catch(() => {}); // awaited in getBatch; this keeps a failure from being unhandled meanwhile
    this.#logWrite = written;
    log.set(batchId, entries);
    return { logOffset: batchId };
  }

  async getBatch(start: FileSourceOffset | undefined, end: FileSourceOffset): Promise<readonly SourceFile[]> {
    await this.#logWrite;
    const log = await this.log();
    const files: SourceFile[] = [];
    for (let n = (start?.logOffset ?? -1) + 1; n <= end.logOffset; n++) {
      files.push(...(log.get(n) ?? []).map(fromLog));
    }
    return files;
  }

  /**
   * FileStreamSource.commit: the batch ending at `end` reached its sink, so its files (those logged under
   * that batch) are archived or deleted. Files already gone (a cleanup a crash interrupted, re-done) are
   * skipped by the cleaner.
   */
  async commit(end: FileSourceOffset): Promise<void> {
    if (this.cleaner === undefined) return;
    const entries = (await this.log()).get(end.logOffset) ?? [];
    await this.cleaner(entries.filter((e) => e.batchId === end.logOffset).map(fromLog));
  }

  private async log(): Promise<Map<number, FileLogEntry[]>> {
    this.#log ??= await this.checkpoint.fileLogByBatch();
    return this.#log;
  }

  private async seen(): Promise<SeenFiles> {
    if (this.#seen === undefined) {
      const seen = new SeenFiles(this.limits.maxFileAgeMs ?? Number.POSITIVE_INFINITY);
      for (const entries of (await this.log()).values()) {
        for (const e of entries) seen.add(e.path, e.timestamp);
      }
      seen.purge();
      this.#seen = seen;
    }
    return this.#seen;
  }

  /** The folder's files this source takes, in the order batches take them. */
  private async listed(): Promise<SourceFile[]> {
    const files = (await listSourceFiles(this.store, this.limits.recursive)).filter((f) => this.accept(f));
    if (this.limits.latestFirst) {
      files.sort((a, b) => b.timestamp - a.timestamp || a.url.localeCompare(b.url));
    }
    return files;
  }
}

/**
 * The files of one batch out of the new ones, in order: at most maxFilesPerTrigger, and by
 * maxBytesPerTrigger's rule (file-source-options.ts); the first file is always taken so the stream moves.
 */
export function admit(files: readonly SourceFile[], limits: FileSourceLimits): SourceFile[] {
  const maxFiles = limits.maxFilesPerTrigger ?? Number.POSITIVE_INFINITY;
  const maxBytes = limits.maxBytesPerTrigger;
  const taken: SourceFile[] = [];
  let bytes = 0;
  for (const f of files) {
    if (taken.length >= maxFiles) break;
    if (maxBytes !== undefined && taken.length > 0) {
      const full = limits.byteLimitRule === 'soft' ? bytes >= maxBytes : bytes + f.size > maxBytes;
      if (full) break;
    }
    taken.push(f);
    bytes += f.size;
  }
  return taken;
}

function fromLog(e: FileLogEntry): SourceFile {
  const localPath = e.path.startsWith('file:') ? fileURLToPath(e.path) : e.path;
  return { url: e.path, localPath, timestamp: e.timestamp, size: 0 };
}
