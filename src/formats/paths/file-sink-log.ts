/**
 * The `_spark_metadata` log a streaming file sink keeps beside its output (Spark's FileStreamSinkLog, a
 * CompactibleFileStreamLog): `_spark_metadata/<batchId>` holds `v1` then one SinkFileStatus JSON line per
 * file the batch committed; every `compactInterval` batches (batch ids where `(id + 1) % interval == 0`)
 * the batch is written as `<batchId>.compact` instead, holding every file logged so far, so a reader needs
 * only the latest compact file and the batches after it. Readers of a folder that has the log see only
 * the files it lists (MetadataLogFileIndex), never a file of a batch that crashed before its commit.
 *
 * Both sides live here, on an ObjectStore rooted at the sink's output folder: the streaming sink writes
 * through `FileSinkLog.add`, batch reads list through `FileSinkLog.allFiles`.
 */
import { LakesqlError } from '../../errors/index.js';
import {
  ObjectAlreadyExistsError,
  ObjectNotFoundError,
  type ObjectStore,
} from '../../storage/object-store.js';

/** The log's folder under the sink's output path (FileStreamSink.metadataDir). */
export const SINK_METADATA_DIR = '_spark_metadata';

/** spark.sql.streaming.fileSink.log.compactInterval's default. */
export const DEFAULT_SINK_COMPACT_INTERVAL = 10;

/** Spark's HDFS block size default, written as SinkFileStatus.blockSize for local files. */
const BLOCK_SIZE = 33_554_432;

/** One line of the log (Spark's SinkFileStatus). `path` is the file's absolute URI, `file:/…` for local files. */
export interface SinkFileStatus {
  readonly path: string;
  readonly size: number;
  readonly isDir: boolean;
  readonly modificationTime: number;
  readonly blockReplication: number;
  readonly blockSize: number;
  readonly action: 'add' | 'delete';
}

/** A committed file's status as Spark writes it for a plain file. */
export function addedFile(path: string, size: number, modificationTime: number): SinkFileStatus {
  return {
    path,
    size,
    isDir: false,
    modificationTime,
    blockReplication: 1,
    blockSize: BLOCK_SIZE,
    action: 'add',
  };
}

const VERSION_LINE = 'v1';
const COMPACT_SUFFIX = '.compact';

interface LogFile {
  readonly batchId: number;
  readonly compact: boolean;
}

export class FileSinkLog {
  /** The compact interval in force: the configured one unless existing compact files fix another. */
  #interval: number | undefined;

  constructor(
    /** Rooted at the sink's output folder (the log is under `_spark_metadata/`). */
    private readonly store: ObjectStore,
    private readonly configuredInterval = DEFAULT_SINK_COMPACT_INTERVAL,
  ) {
    if (!Number.isInteger(configuredInterval) || configuredInterval <= 0) {
      throw new LakesqlError('INVALID_CONF_VALUE.REQUIREMENT', {
        confName: '"spark.sql.streaming.fileSink.log.compactInterval"',
        confValue: String(configuredInterval),
        requirement: 'The compact interval must be a positive value.',
      });
    }
  }

  /**
   * Whether the folder has a sink log (FileStreamSink.hasMetadata). Spark asks whether the folder exists;
   * lakesql asks for a log file in it, so that listing a big output stays one prefix listing.
   */
  async exists(): Promise<boolean> {
    return (await this.logFiles()).length > 0;
  }

  /** The highest batch id logged, or -1 (getLatestBatchId). */
  async latestBatchId(): Promise<number> {
    return (await this.logFiles()).at(-1)?.batchId ?? -1;
  }

  /**
   * Every file the log holds, in batch order: the latest compact file's, then the later batches' (allFiles);
   * files whose latest action is `delete` are left out.
   */
  async allFiles(): Promise<SinkFileStatus[]> {
    const files = await this.logFiles();
    const lastCompact = files.findLastIndex((f) => f.compact);
    const live = new Map<string, SinkFileStatus>();
    for (const f of files.slice(Math.max(lastCompact, 0))) {
      for (const entry of await this.read(f)) {
        if (entry.action === 'delete') live.delete(entry.path);
        else live.set(entry.path, entry);
      }
    }
    return [...live.values()];
  }

  /**
   * Commits batch `batchId`'s files, as a compact file when the batch is a compaction batch. Fails with
   * CONCURRENT_STREAM_LOG_UPDATE when the batch is already there: another query wrote it meanwhile.
   */
  async add(batchId: number, entries: readonly SinkFileStatus[]): Promise<void> {
    const interval = await this.compactInterval();
    const compact = (batchId + 1) % interval === 0;
    const all = compact ? [...(await this.allFiles()), ...entries] : entries;
    const body = [VERSION_LINE, ...all.map((e) => JSON.stringify(e))].join('\n');
    try {
      await this.store.putIfAbsent(logKey({ batchId, compact }), body);
    } catch (e) {
      if (e instanceof ObjectAlreadyExistsError) {
        throw new LakesqlError('CONCURRENT_STREAM_LOG_UPDATE', { batchId: String(batchId) });
      }
      throw e;
    }
  }

  /**
   * The interval of an existing log: when compact files were written under another interval, Spark keeps
   * the one they imply (CompactibleFileStreamLog.deriveCompactInterval) so compaction stays aligned.
   */
  private async compactInterval(): Promise<number> {
    if (this.#interval !== undefined) return this.#interval;
    const latestCompact = (await this.logFiles()).findLast((f) => f.compact)?.batchId;
    this.#interval =
      latestCompact === undefined || (latestCompact + 1) % this.configuredInterval === 0
        ? this.configuredInterval
        : derivedInterval(this.configuredInterval, latestCompact);
    return this.#interval;
  }

  private async logFiles(): Promise<LogFile[]> {
    const prefix = `${SINK_METADATA_DIR}/`;
    const out: LogFile[] = [];
    for (const meta of await this.store.list(prefix)) {
      const m = /^(\d+)(\.compact)?$/.exec(meta.path.slice(prefix.length));
      if (m) out.push({ batchId: Number(m[1]), compact: m[2] !== undefined });
    }
    return out.sort((a, b) => a.batchId - b.batchId);
  }

  private async read(file: LogFile): Promise<SinkFileStatus[]> {
    let text: string;
    try {
      text = new TextDecoder().decode(await this.store.get(logKey(file)));
    } catch (e) {
      if (e instanceof ObjectNotFoundError) return [];
      throw e;
    }
    const [version, ...lines] = text.split('\n');
    if (version !== VERSION_LINE) {
      throw new LakesqlError('INVALID_LOG_VERSION.EXACT_MATCH_VERSION', {
        version: String(version).replace(/^v/, ''),
        matchVersion: '1',
      });
    }
    return lines.filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as SinkFileStatus);
  }
}

function logKey(file: LogFile): string {
  return `${SINK_METADATA_DIR}/${file.batchId}${file.compact ? COMPACT_SUFFIX : ''}`;
}

/** CompactibleFileStreamLog.deriveCompactInterval: the interval that made `latestCompact` a compaction batch. */
export function derivedInterval(configured: number, latestCompact: number): number {
  const n = latestCompact + 1;
  if (n <= configured) return n;
  if (configured < n / 2) {
    for (let i = configured; i <= n / 2; i++) if (n % i === 0) return i;
  }
  return n;
}
