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
import type { ObjectStore } from '../../storage/object-store.js';
import type { CheckpointLog } from '../checkpoint/checkpoint-log.js';
import type { SourceFile } from '../sources/file-listing.js';
import { FileStreamingSource } from '../sources/file-source.js';
import type { StreamingSource } from '../sources/streaming-source.js';
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
  /**
   * Spark's phases: `latestOffset` (asking the source what is new), `walCommit` (writing the batch's
   * offsets), `getBatch` (the source's batch), `addBatch` (reading the batch and the sink's write, which
   * in lakesql includes planning the batch's query: Spark's `queryPlanning` has no phase of its own here),
   * `commitOffsets` (the checkpoint's commit) and `triggerExecution`, the whole trigger. A batch re-run
   * after a restart asks the source for nothing new and writes no offsets: those two are 0.
   */
  readonly durationMs: {
    readonly latestOffset: number;
    readonly walCommit: number;
    readonly getBatch: number;
    readonly addBatch: number;
    readonly commitOffsets: number;
    readonly triggerExecution: number;
  };
  /** Spark's SourceProgress of the query's one source. */
  readonly sources: readonly SourceProgress[];
  /** One report per stateful operator (Spark's StateOperatorProgress), in plan order. */
  readonly stateOperators: readonly StateOperatorProgress[];
  /**
   * With a watermark: the batch's event times (`min`, `max`, `avg`, when it had rows) and the `watermark`
   * it ran with, as ISO 8601 UTC texts (Spark's `eventTime`).
   */
  readonly eventTime?: Readonly<Record<string, string>>;
}

/**
 * Spark's SourceProgress: the source (its `description`, as Spark's sources print themselves, e.g.
 * `FileStreamSource[file:/in]`), the offsets the batch read between (JSON, as in `offsets/<batchId>`;
 * `startOffset` null for the first batch) and its rows. `latestOffset` is null: like Spark's file and
 * Delta sources, lakesql's do not report the latest offset apart from the batch's end. `inputRowsPerSecond`
 * is filled by the query, which knows when the previous batch started.
 */
export interface SourceProgress {
  readonly description: string;
  readonly startOffset: unknown;
  readonly endOffset: unknown;
  readonly latestOffset: unknown;
  readonly numInputRows: number;
  readonly inputRowsPerSecond: number;
  readonly processedRowsPerSecond: number;
  readonly metrics: Readonly<Record<string, string>>;
}

/** Spark's StateOperatorProgress: what one stateful operator's state store did in a batch. */
export interface StateOperatorProgress {
  readonly operatorName: string;
  readonly numRowsTotal: number;
  readonly numRowsUpdated: number;
  readonly allUpdatesTimeMs: number;
  readonly numRowsRemoved: number;
  readonly allRemovalsTimeMs: number;
  readonly commitTimeMs: number;
  readonly memoryUsedBytes: number;
  readonly numRowsDroppedByWatermark: number;
  readonly numShufflePartitions: number;
  readonly numStateStoreInstances: number;
  readonly customMetrics: Readonly<Record<string, number>>;
}

/**
 * What a query with a watermark or stateful operators adds to the loop (streaming/stateful/): the
 * watermark each batch runs with (written in its offsets file, handed on in its commit file), batches
 * without new data when the watermark moved (Spark's spark.sql.streaming.noDataMicroBatches.enabled,
 * so windows close and state is evicted without waiting for more data), and the batch's reports.
 */
export interface StatefulBatchHooks {
  /** A restart: the last committed batch ran with `batchWatermarkMs` and handed on `nextWatermarkMs`. */
  restore(batchWatermarkMs: number, nextWatermarkMs: number): void;
  /** The watermark a batch planned now runs with. */
  plannedWatermarkMs(): number;
  /** A batch starts with this watermark (its offsets file's, also when it is re-run). */
  beginBatch(batchWatermarkMs: number): void;
  /** The batch ran: returns the watermark of the next batch. */
  endBatch(): number;
  /** True when a batch with no new data should run now (Spark's shouldRunAnotherBatch). */
  wantsNoDataBatch(): boolean;
  /** The running batch's state operator reports and event-time figures. */
  report(): Pick<BatchProgress, 'stateOperators' | 'eventTime'>;
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
  /** Set when the query has a watermark or stateful operators. */
  readonly stateful?: StatefulBatchHooks;
  /**
   * The sink already holds this batch (a re-run after a crash between its commit and `commits/<id>`, for a
   * sink that can tell, as FileStreamSink's log can): the batch is not read and counts no input rows, as
   * Spark, whose skipping sink never runs the batch's plan, reports it.
   */
  readonly sinkHolds?: (batchId: number) => Promise<boolean>;
  /**
   * A sink that reads the batch's input itself, once, and returns the rows it read (lakesql ingest's
   * upsert reads the batch's files with each row's file order): the source then does not read the batch,
   * so its files are read once, and numInputRows is the sink's count.
   */
  readonly sinkReadsInput?: (batchId: number) => Promise<number>;
}

export interface LoopOptions extends LoopControl {
  readonly sourceStore: ObjectStore;
  readonly maxFilesPerTrigger: number | undefined;
  /** Runs one batch over `files`; returns its number of input rows. */
  readonly runBatch: (files: readonly SourceFile[], batchId: number) => Promise<number>;
}

export interface StreamingLoopOptions<Offset, Batch> extends LoopControl {
  readonly source: StreamingSource<Offset, Batch>;
  /** The source as Spark's progress describes it (`FileStreamSource[<folder>]`, `DeltaSource[<table>]`). */
  readonly sourceDescription?: string;
  /** Runs one batch; returns its number of input rows. */
  readonly runBatch: (batch: Batch, batchId: number) => Promise<number>;
}

/** spark.sql.streaming.pollingDelay: how long an idle processingTime-0 query waits before looking again. */
const POLLING_DELAY_MS = 10;

/** The loop of a file-source query over the folder `sourceStore`. */
export async function runMicroBatches(o: LoopOptions): Promise<void> {
  const source = new FileStreamingSource(o.checkpoint, o.sourceStore, {
    ...(o.maxFilesPerTrigger !== undefined ? { maxFilesPerTrigger: o.maxFilesPerTrigger } : {}),
  });
  await runStreamingLoop({
    ...o,
    source,
    runBatch: o.runBatch,
    sourceDescription: `FileStreamSource[${o.sourceStore.rootUrl}]`,
  });
}

export async function runStreamingLoop<Offset, Batch>(o: StreamingLoopOptions<Offset, Batch>): Promise<void> {
  const { checkpoint, source } = o;
  const offsetOf = async (batchId: number): Promise<Offset | undefined> => {
    if (batchId < 0) return undefined;
    const json = await checkpoint.sourceOffset(batchId);
    return json === undefined ? undefined : source.parseOffset(json);
  };
  const [offsets, committed] = await Promise.all([
    checkpoint.offsetBatchIds(),
    checkpoint.committedBatchIds(),
  ]);
  const commits = new Set(committed);
  let lastBatch = offsets.length > 0 ? offsets[offsets.length - 1]! : -1;
  let current = await offsetOf(lastBatch);
  const stateful = o.stateful;
  const lastCommitted = [...commits].sort((a, b) => a - b).at(-1);
  if (stateful && lastCommitted !== undefined) {
    stateful.restore(
      await checkpoint.batchWatermarkMs(lastCommitted),
      await checkpoint.nextBatchWatermarkMs(lastCommitted),
    );
  }
  if (lastBatch >= 0 && !commits.has(lastBatch) && current !== undefined) {
    // The re-run sees the watermark its offsets fixed, and so computes what the first run would have.
    const started = Date.now();
    stateful?.beginBatch(await checkpoint.batchWatermarkMs(lastBatch));
    const start = await offsetOf(lastBatch - 1);
    const batch = await source.getBatch(start, current, lastBatch);
    const planned = { started, latestOffset: 0, walCommit: 0, getBatch: Date.now() - started };
    await runOne(o, batch, lastBatch, { start, end: current }, planned);
    await source.commit?.(current);
  } else if (current !== undefined) {
    // The last batch committed; its source cleanup may have been cut short by a crash.
    await source.commit?.(current);
  }
  /** Plans and runs the next batch; false when the source has nothing new and no state waits on time. */
  const runNext = async (readAll: boolean): Promise<boolean> => {
    const batchId = lastBatch + 1;
    const started = Date.now();
    const latest = await source.latestOffset(current, batchId, readAll);
    const offsetAsked = Date.now();
    const hasData = latest !== undefined && !sameOffset(source, latest, current);
    const end = hasData ? latest : current;
    if (end === undefined || (!hasData && !stateful?.wantsNoDataBatch())) return false;
    const watermarkMs = stateful?.plannedWatermarkMs() ?? 0;
    await checkpoint.writeOffsets(batchId, source.offsetJson(end), o.conf, watermarkMs);
    const logged = Date.now();
    stateful?.beginBatch(watermarkMs);
    const batch = await source.getBatch(current, end, batchId);
    const planned = {
      started,
      latestOffset: offsetAsked - started,
      walCommit: logged - offsetAsked,
      getBatch: Date.now() - logged,
    };
    const start = current;
    lastBatch = batchId;
    current = end;
    await runOne(o, batch, batchId, { start, end }, planned);
    if (hasData) await source.commit?.(end);
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

/** When a trigger started (ms), and how long its phases before the batch's run took. */
interface PlannedBatch {
  readonly started: number;
  readonly latestOffset: number;
  readonly walCommit: number;
  readonly getBatch: number;
}

async function runOne<Offset, Batch>(
  o: StreamingLoopOptions<Offset, Batch>,
  batch: Batch,
  batchId: number,
  offsets: { readonly start: Offset | undefined; readonly end: Offset },
  planned: PlannedBatch,
): Promise<void> {
  const { started } = planned;
  const running = Date.now();
  o.onBatchStart?.(batchId);
  const numInputRows = await o.runBatch(batch, batchId);
  const written = Date.now();
  const report = o.stateful?.report();
  await o.checkpoint.writeCommit(batchId, o.stateful?.endBatch() ?? 0, o.source.commitRemovesData === true);
  const ended = Date.now();
  const perSecond = (ms: number) => (ms > 0 ? (numInputRows * 1000) / ms : 0);
  o.onProgress({
    batchId,
    numInputRows,
    timestamp: new Date(started).toISOString(),
    batchDuration: ended - started,
    processedRowsPerSecond: perSecond(ended - started),
    durationMs: {
      latestOffset: planned.latestOffset,
      walCommit: planned.walCommit,
      getBatch: planned.getBatch,
      addBatch: written - running,
      commitOffsets: ended - written,
      triggerExecution: ended - started,
    },
    sources: [
      {
        description: o.sourceDescription ?? 'unknown',
        startOffset: offsets.start === undefined ? null : o.source.offsetJson(offsets.start),
        endOffset: o.source.offsetJson(offsets.end),
        latestOffset: null,
        numInputRows,
        inputRowsPerSecond: 0,
        processedRowsPerSecond: perSecond(ended - started),
        metrics: {},
      },
    ],
    stateOperators: report?.stateOperators ?? [],
    ...(report?.eventTime ? { eventTime: report.eventTime } : {}),
  });
}
