/**
 * The file source's log in a checkpoint, `sources/0/` (Spark's FileStreamSourceLog, a
 * CompactibleFileStreamLog): `sources/0/<batchId>` holds `v1` then one FileEntry JSON line per file the
 * batch took; every `compactInterval` batches (ids where `(id + 1) % interval == 0`, 10 by default as
 * spark.sql.streaming.fileSource.log.compactInterval) the batch is written as `<batchId>.compact` holding
 * every file logged so far, so a query that starts reads the latest compact file and the few batches after
 * it, not one file per batch ever run. Spark looks for a compaction batch under its `.compact` name, so
 * writing it so also keeps the checkpoint readable by Spark past ten batches.
 */
import { derivedInterval } from '../../formats/paths/file-sink-log.js';
import type { ObjectStore } from '../../storage/object-store.js';

export interface FileLogEntry {
  readonly path: string;
  readonly timestamp: number;
  readonly batchId: number;
}

/** spark.sql.streaming.fileSource.log.compactInterval's default. */
export const SOURCE_LOG_COMPACT_INTERVAL = 10;

const PREFIX = 'sources/0/';
const COMPACT_SUFFIX = '.compact';

interface LogFile {
  readonly batchId: number;
  readonly compact: boolean;
}

export class FileSourceLog {
  #interval: number | undefined;

  constructor(
    /** Rooted at the checkpoint folder. */
    private readonly store: ObjectStore,
  ) {}

  /**
   * Logs batch `batchId`'s files; a compaction batch's file also holds `earlier`'s entries (every file
   * logged before it, in batch order).
   */
  async write(
    batchId: number,
    entries: readonly FileLogEntry[],
    earlier: () => readonly FileLogEntry[],
  ): Promise<void> {
    const compact = (batchId + 1) % (await this.compactInterval()) === 0;
    const all = compact ? [...earlier(), ...entries] : entries;
    const body = ['v1', ...all.map((e) => JSON.stringify(e))].join('\n');
    await this.store.put(keyOf({ batchId, compact }), body);
  }

  /** Every file logged, by batch id ascending: the latest compact file's, then the later batches'. */
  async byBatch(): Promise<Map<number, FileLogEntry[]>> {
    const files = await this.logFiles();
    const from = Math.max(
      files.findLastIndex((f) => f.compact),
      0,
    );
    const read = files.slice(from);
    const bodies = await Promise.all(read.map((f) => this.read(f)));
    const out = new Map<number, FileLogEntry[]>();
    read.forEach((f, i) => {
      for (const e of bodies[i]!) {
        // A compact file's entries name their own batches; a batch file's are its own.
        const id = f.compact ? e.batchId : f.batchId;
        const list = out.get(id);
        if (list) list.push(e);
        else out.set(id, [e]);
      }
    });
    return new Map([...out].sort((a, b) => a[0] - b[0]));
  }

  /** Batch `batchId`'s files: its own file, or the first compact file at or after it that holds them. */
  async of(batchId: number): Promise<FileLogEntry[]> {
    const files = await this.logFiles();
    const own = files.find((f) => f.batchId === batchId);
    if (own && !own.compact) return this.read(own);
    const compact = files.find((f) => f.compact && f.batchId >= batchId);
    return compact ? (await this.read(compact)).filter((e) => e.batchId === batchId) : [];
  }

  /** The interval in force: the default unless existing compact files imply another (deriveCompactInterval). */
  private async compactInterval(): Promise<number> {
    if (this.#interval !== undefined) return this.#interval;
    const latestCompact = (await this.logFiles()).findLast((f) => f.compact)?.batchId;
    this.#interval =
      latestCompact === undefined || (latestCompact + 1) % SOURCE_LOG_COMPACT_INTERVAL === 0
        ? SOURCE_LOG_COMPACT_INTERVAL
        : derivedInterval(SOURCE_LOG_COMPACT_INTERVAL, latestCompact);
    return this.#interval;
  }

  private async logFiles(): Promise<LogFile[]> {
    const out: LogFile[] = [];
    for (const meta of await this.store.list(PREFIX)) {
      const m = /^(\d+)(\.compact)?$/.exec(meta.path.slice(PREFIX.length));
      if (m) out.push({ batchId: Number(m[1]), compact: m[2] !== undefined });
    }
    return out.sort((a, b) => a.batchId - b.batchId);
  }

  private async read(file: LogFile): Promise<FileLogEntry[]> {
    let body: string;
    try {
      body = new TextDecoder().decode(await this.store.get(keyOf(file)));
    } catch (e) {
      if ((e as Error).name === 'ObjectNotFoundError') return [];
      throw e;
    }
    return body
      .split('\n')
      .slice(1)
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as FileLogEntry);
  }
}

function keyOf(file: LogFile): string {
  return `${PREFIX}${file.batchId}${file.compact ? COMPACT_SUFFIX : ''}`;
}
