/**
 * A streaming query's checkpoint folder in Spark's layout, so a query resumes where it stopped:
 * - `metadata`: `{"id":"<query id>"}`;
 * - `offsets/<batchId>`: `v1`, the batch's metadata JSON, then one line per source: its offset at the end
 *   of the batch (`{"logOffset":N}` for a file source, Delta's DeltaSourceOffset for a Delta table);
 * - `commits/<batchId>`: `v1` and `{"nextBatchWatermarkMs":N}`, written once the batch reached its sink;
 * - `state/<operatorId>/0/<version>.parquet`: stateful operators' state (streaming/stateful/);
 * - `sources/0/<batchId>`: the file source's log, `v1` then one JSON line per file of that batch, compacted
 *   every ten batches into `<batchId>.compact` (file-source-log.ts).
 * All reads and writes go through an ObjectStore rooted at the checkpoint location.
 */
import { randomUUID } from 'node:crypto';
import type { ObjectStore, PutOptions } from '../../storage/object-store.js';
import { type FileLogEntry, FileSourceLog } from '../sources/file-source-log.js';

export type { FileLogEntry } from '../sources/file-source-log.js';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

export class CheckpointLog {
  readonly #sourceLog: FileSourceLog;

  constructor(private readonly store: ObjectStore) {
    this.#sourceLog = new FileSourceLog(store);
  }

  /** The checkpoint folder's storage URL. */
  get location(): string {
    return this.store.rootUrl;
  }

  /** The query id kept in `metadata`, written on first use. */
  async queryId(): Promise<string> {
    const existing = await this.read('metadata');
    if (existing !== undefined) return (JSON.parse(existing) as { id: string }).id;
    const id = randomUUID();
    await this.store.put('metadata', `${JSON.stringify({ id })}\n`);
    return id;
  }

  /** Batch ids with an offsets file, ascending. */
  async offsetBatchIds(): Promise<number[]> {
    return this.batchIds('offsets/');
  }

  async committedBatchIds(): Promise<number[]> {
    return this.batchIds('commits/');
  }

  /**
   * Writes `offsets/<batchId>`: the batch's metadata, then the source's end offset of the batch as JSON
   * (the file source's `{"logOffset":N}`, a Delta source's DeltaSourceOffset).
   */
  async writeOffsets(
    batchId: number,
    sourceOffset: unknown,
    conf: Readonly<Record<string, string>>,
    batchWatermarkMs = 0,
  ): Promise<void> {
    const metadata = { batchWatermarkMs, batchTimestampMs: Date.now(), conf };
    const body = ['v1', JSON.stringify(metadata), JSON.stringify(sourceOffset)].join('\n');
    await this.store.put(`offsets/${batchId}`, body);
  }

  /** The source offset `offsets/<batchId>` holds (parsed JSON), or undefined when there is no such file. */
  async sourceOffset(batchId: number): Promise<unknown> {
    const body = await this.read(`offsets/${batchId}`);
    if (body === undefined) return undefined;
    const line = body.split('\n')[2];
    return line === undefined || line.trim() === '' ? undefined : (JSON.parse(line) as unknown);
  }

  /** The event-time watermark `offsets/<batchId>` fixed for that batch (0 without one). */
  async batchWatermarkMs(batchId: number): Promise<number> {
    const line = (await this.read(`offsets/${batchId}`))?.split('\n')[1];
    return metadataNumber(line, 'batchWatermarkMs');
  }

  /**
   * Writes `commits/<batchId>` atomically but without an fsync, as Spark's HDFSMetadataLog writes it through
   * CheckpointFileManager.createAtomic (a temp file renamed into place). Losing it in a power failure only
   * makes the batch run again with the offsets its durable `offsets/<batchId>` fixed, and the sinks take a
   * re-run batch once (the Delta sink's txn action, a file sink's log); a process crash never loses it.
   * `durable` when the source removes the batch's data once it has committed (cleanSource).
   */
  async writeCommit(batchId: number, nextBatchWatermarkMs = 0, durable = false): Promise<void> {
    await this.store.put(`commits/${batchId}`, `v1\n${JSON.stringify({ nextBatchWatermarkMs })}`, {
      durable,
    });
  }

  /** The watermark `commits/<batchId>` hands to the next batch (Spark restores it when restarting). */
  async nextBatchWatermarkMs(batchId: number): Promise<number> {
    const line = (await this.read(`commits/${batchId}`))?.split('\n')[1];
    return metadataNumber(line, 'nextBatchWatermarkMs');
  }

  /**
   * Logs batch `batchId`'s files in `sources/0/` (file-source-log.ts); `earlier` gives every file logged
   * before, which a compaction batch's file repeats.
   */
  async writeFileLog(
    batchId: number,
    entries: readonly FileLogEntry[],
    earlier: () => readonly FileLogEntry[] = () => [],
  ): Promise<void> {
    await this.#sourceLog.write(batchId, entries, earlier);
  }

  /** Every file the source has logged, by batch id in ascending order. */
  fileLogByBatch(): Promise<Map<number, FileLogEntry[]>> {
    return this.#sourceLog.byBatch();
  }

  /** Every file the source has logged, in batch order. */
  async fileLog(): Promise<FileLogEntry[]> {
    return [...(await this.fileLogByBatch()).values()].flat();
  }

  fileLogOf(batchId: number): Promise<FileLogEntry[]> {
    return this.#sourceLog.of(batchId);
  }

  private async batchIds(prefix: string): Promise<number[]> {
    const metas = await this.store.list(prefix);
    return metas
      .map((m) => m.path.slice(prefix.length))
      .filter((n) => /^\d+$/.test(n))
      .map(Number)
      .sort((a, b) => a - b);
  }

  /** A source's own state file in the checkpoint (e.g. Auto Loader's `sources/0/existing-files`). */
  async readState(key: string): Promise<string | undefined> {
    return this.read(key);
  }

  /** `durable: false` for advisory files a power failure may lose (the query status file). */
  async writeState(key: string, body: string, options?: PutOptions): Promise<void> {
    await this.store.put(key, body, options);
  }

  private async read(key: string): Promise<string | undefined> {
    try {
      return text(await this.store.get(key));
    } catch (e) {
      if ((e as Error).name === 'ObjectNotFoundError') return undefined;
      throw e;
    }
  }
}

function metadataNumber(line: string | undefined, key: string): number {
  if (line === undefined || line.trim() === '') return 0;
  const value = (JSON.parse(line) as Record<string, unknown>)[key];
  return typeof value === 'number' ? value : 0;
}

export function newRunId(): string {
  return randomUUID();
}
