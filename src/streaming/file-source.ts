/**
 * The file source (Spark's FileStreamSource) as a StreamingSource: its offset is `{"logOffset":N}`, N the
 * batch whose files `sources/0/N` lists. Planning a batch takes the folder's files not yet in that log
 * (for availableNow, only those present when the run started), at most maxFilesPerTrigger unless every
 * available file is asked for (trigger once), and logs them before the batch's offsets are written.
 */
import { fileURLToPath } from 'node:url';
import type { ObjectStore } from '../storage/object-store.js';
import type { CheckpointLog, FileLogEntry } from './checkpoint-log.js';
import { listSourceFiles, type SourceFile } from './file-listing.js';
import type { StreamingSource } from './streaming-source.js';

export interface FileSourceOffset {
  readonly logOffset: number;
}

export class FileStreamingSource implements StreamingSource<FileSourceOffset, readonly SourceFile[]> {
  #seen: Set<string> | undefined;
  /** availableNow: the files listed when the run started; later files wait for another run. */
  #availableNow: SourceFile[] | undefined;

  constructor(
    private readonly checkpoint: CheckpointLog,
    private readonly store: ObjectStore,
    private readonly maxFilesPerTrigger: number | undefined,
    /** Which of the folder's files the source takes (Auto Loader's pathGlobFilter, includeExistingFiles). */
    private readonly accept: (f: SourceFile) => boolean = () => true,
  ) {}

  parseOffset(json: unknown): FileSourceOffset {
    return { logOffset: Number((json as FileSourceOffset).logOffset) };
  }

  offsetJson(offset: FileSourceOffset): unknown {
    return { logOffset: offset.logOffset };
  }

  async prepareForTriggerAvailableNow(): Promise<void> {
    this.#availableNow = await this.fresh();
  }

  async latestOffset(
    start: FileSourceOffset | undefined,
    batchId: number,
    readAll: boolean,
  ): Promise<FileSourceOffset | undefined> {
    // Files logged for this batch id by a run that stopped before writing the batch's offsets.
    if ((await this.checkpoint.fileLogOf(batchId)).length > 0) return { logOffset: batchId };
    const seen = await this.seen();
    const fresh = (this.#availableNow ?? (await this.fresh())).filter((f) => !seen.has(f.url));
    if (fresh.length === 0) return start;
    const files = readAll ? fresh : fresh.slice(0, this.maxFilesPerTrigger ?? fresh.length);
    for (const f of files) seen.add(f.url);
    const entries: FileLogEntry[] = files.map((f) => ({ path: f.url, timestamp: f.timestamp, batchId }));
    await this.checkpoint.writeFileLog(batchId, entries);
    return { logOffset: batchId };
  }

  async getBatch(start: FileSourceOffset | undefined, end: FileSourceOffset): Promise<readonly SourceFile[]> {
    const files: SourceFile[] = [];
    for (let n = (start?.logOffset ?? -1) + 1; n <= end.logOffset; n++) {
      files.push(...(await this.checkpoint.fileLogOf(n)).map(fromLog));
    }
    return files;
  }

  private async seen(): Promise<Set<string>> {
    this.#seen ??= new Set((await this.checkpoint.fileLog()).map((e) => e.path));
    return this.#seen;
  }

  private async fresh(): Promise<SourceFile[]> {
    const seen = await this.seen();
    return (await listSourceFiles(this.store)).filter((f) => !seen.has(f.url) && this.accept(f));
  }
}

function fromLog(e: FileLogEntry): SourceFile {
  const localPath = e.path.startsWith('file:') ? fileURLToPath(e.path) : e.path;
  return { url: e.path, localPath, timestamp: e.timestamp };
}
