/**
 * The micro-batch loop (Spark's MicroBatchExecution), for any StreamingSource: first a batch whose offsets
 * were written but whose commit is missing runs again, with the same data (the source's getBatch between
 * the previous batch's offset and its own) and batch id; then new batches are planned from the source's
 * latest offset: for trigger once, one batch of all available data; for availableNow, the data available
 * at the start in batches of the source's per-trigger limit; for a processingTime trigger, at most one
 * batch per interval until the query stops (ProcessingTimeExecutor: a batch longer than the interval
 * starts the next at once). Each batch writes its offsets, runs, then commits, so its data is processed
 * exactly once across runs (a file source also logs its files in `sources/0/` before the offsets).
 *
 * `runMicroBatches` is the file-source entry point (a folder of files); `runStreamingLoop` takes any source.
 */
import type { ObjectStore } from '../storage/object-store.js';
import type { CheckpointLog } from './checkpoint-log.js';
import type { SourceFile } from './file-listing.js';
import { FileStreamingSource } from './file-source.js';
import type { StreamingSource } from './streaming-source.js';
import type { RunnableTrigger } from './trigger.js';

/** Spark's StreamingQueryProgress fields of one batch (ProgressReporter), the query's own ids aside. */
export interface BatchProgress {
  readonly batchId: number;
  readonly numInputRows: number;
  /** When the trigger started (ISO 8601), as Spark's `timestamp`. */
  readonly timestamp: string;
  /** Wall time of the batch in ms (`batchDuration`). */
  readonly batchDuration: number;
  /** Rows per second of this batch's own processing time. */
  readonly processedRowsPerSecond: number;
  /** `addBatch` (the sink's write), `commitOffsets` (the checkpoint's commit) and `triggerExecution`. */
  readonly durationMs: {
    readonly addBatch: number;
    readonly commitOffsets: number;
    readonly triggerExecution: number;
  };
  /** No stateful operator runs yet, so no state store reports. */
  readonly stateOperators: readonly never[];
}

/** What every loop needs besides its source. */
export interface LoopControl {
  readonly checkpoint: CheckpointLog;
  readonly trigger: RunnableTrigger;
  readonly conf: Readonly<Record<string, string>>;
  readonly onProgress: (p: BatchProgress) => void;
  /** A batch starts running (before its rows are read). */
  readonly onBatchStart?: (batchId: number) => void;
  readonly stopped: () => boolean;
  /** Waits `ms` or until the query is stopped, whichever comes first (processingTime triggers). */
  readonly pause?: (ms: number) => Promise<void>;
  /** A trigger whose look at the source, started at `listedAt` (ms), found no new data. */
  readonly onIdle?: (listedAt: number) => void;
}

export interface LoopOptions extends LoopControl {
  readonly sourceStore: ObjectStore;
  readonly maxFilesPerTrigger: number | undefined;
  /** Runs one batch over `files`; returns its number of input rows. */
  readonly runBatch: (files: readonly SourceFile[], batchId: number) => Promise<number>;
}

export interface StreamingLoopOptions<Offset, Batch> extends LoopControl {
  readonly source: StreamingSource<Offset, Batch>;
  /** Runs one batch; returns its number of input rows. */
  readonly runBatch: (batch: Batch, batchId: number) => Promise<number>;
}

/** spark.sql.streaming.pollingDelay: how long an idle processingTime-0 query waits before looking again. */
const POLLING_DELAY_MS = 10;

/** The loop of a file-source query over the folder `sourceStore`. */
export async function runMicroBatches(o: LoopOptions): Promise<void> {
  const source = new FileStreamingSource(o.checkpoint, o.sourceStore, o.maxFilesPerTrigger);
  await runStreamingLoop({ ...o, source, runBatch: o.runBatch });
}

export async function runStreamingLoop<Offset, Batch>(o: StreamingLoopOptions<Offset, Batch>): Promise<void> {
  const { checkpoint, source } = o;
  const offsetOf = async (batchId: number): Promise<Offset | undefined> => {
    if (batchId < 0) return undefined;
    const json = await checkpoint.sourceOffset(batchId);
    return json === undefined ? undefined : source.parseOffset(json);
  };
  const offsets = await checkpoint.offsetBatchIds();
  const commits = new Set(await checkpoint.committedBatchIds());
  let lastBatch = offsets.length > 0 ? offsets[offsets.length - 1]! : -1;
  let current = await offsetOf(lastBatch);
  if (lastBatch >= 0 && !commits.has(lastBatch) && current !== undefined) {
    const batch = await source.getBatch(await offsetOf(lastBatch - 1), current, lastBatch);
    await runOne(o, batch, lastBatch);
  }
  /** Plans and runs the next batch; false when the source has nothing new. */
  const runNext = async (readAll: boolean): Promise<boolean> => {
    const batchId = lastBatch + 1;
    const end = await source.latestOffset(current, batchId, readAll);
    if (end === undefined || sameOffset(source, end, current)) return false;
    await checkpoint.writeOffsets(batchId, source.offsetJson(end), o.conf);
    const batch = await source.getBatch(current, end, batchId);
    lastBatch = batchId;
    current = end;
    await runOne(o, batch, batchId);
    return true;
  };
  const trigger = o.trigger;
  switch (trigger.kind) {
    case 'once':
      if (!o.stopped()) await runNext(true);
      return;
    case 'availableNow':
      await source.prepareForTriggerAvailableNow(current);
      while (!o.stopped() && (await runNext(false))) {}
      return;
    case 'processingTime': {
      const pause = o.pause ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
      while (!o.stopped()) {
        const started = Date.now();
        const ran = await runNext(false);
        if (!ran) o.onIdle?.(started);
        if (o.stopped()) return;
        const wait = started + trigger.intervalMs - Date.now();
        await pause(wait > 0 ? wait : ran ? 0 : POLLING_DELAY_MS);
      }
      return;
    }
    default:
      return trigger satisfies never;
  }
}

function sameOffset<O>(source: StreamingSource<O, unknown>, a: O, b: O | undefined): boolean {
  return b !== undefined && JSON.stringify(source.offsetJson(a)) === JSON.stringify(source.offsetJson(b));
}

async function runOne<Batch>(
  o: StreamingLoopOptions<unknown, Batch>,
  batch: Batch,
  batchId: number,
): Promise<void> {
  const started = Date.now();
  o.onBatchStart?.(batchId);
  const numInputRows = await o.runBatch(batch, batchId);
  const written = Date.now();
  await o.checkpoint.writeCommit(batchId);
  const ended = Date.now();
  const perSecond = (ms: number) => (ms > 0 ? (numInputRows * 1000) / ms : 0);
  o.onProgress({
    batchId,
    numInputRows,
    timestamp: new Date(started).toISOString(),
    batchDuration: ended - started,
    processedRowsPerSecond: perSecond(ended - started),
    durationMs: {
      addBatch: written - started,
      commitOffsets: ended - written,
      triggerExecution: ended - started,
    },
    stateOperators: [],
  });
}
