/**
 * The micro-batch loop of a file-source query (Spark's MicroBatchExecution with a FileStreamSource):
 * first a batch whose offsets were written but whose commit is missing runs again with the same files and
 * batch id; then the files not yet in the source log are taken in new batches: for trigger once, one batch
 * of them all; for availableNow, the files present at the start in batches of maxFilesPerTrigger; for a
 * processingTime trigger, at most one batch (of up to maxFilesPerTrigger new files) per interval until
 * the query stops (ProcessingTimeExecutor: a batch longer than the interval starts the next at once).
 * Each batch logs its files, then its offsets, runs, then commits, so every file is processed exactly
 * once across runs.
 */
import { fileURLToPath } from 'node:url';
import type { ObjectStore } from '../storage/object-store.js';
import type { CheckpointLog, FileLogEntry } from './checkpoint-log.js';
import { listSourceFiles, type SourceFile } from './file-listing.js';
import type { RunnableTrigger } from './trigger.js';

export interface BatchProgress {
  readonly batchId: number;
  readonly numInputRows: number;
  readonly timestamp: string;
}

export interface LoopOptions {
  readonly checkpoint: CheckpointLog;
  readonly sourceStore: ObjectStore;
  readonly trigger: RunnableTrigger;
  readonly maxFilesPerTrigger: number | undefined;
  readonly conf: Readonly<Record<string, string>>;
  /** Runs one batch over `files`; returns its number of input rows. */
  readonly runBatch: (files: readonly SourceFile[], batchId: number) => Promise<number>;
  readonly onProgress: (p: BatchProgress) => void;
  readonly stopped: () => boolean;
  /** Waits `ms` or until the query is stopped, whichever comes first (processingTime triggers). */
  readonly pause?: (ms: number) => Promise<void>;
  /** A trigger whose listing, started at `listedAt` (ms), found no new file. */
  readonly onIdle?: (listedAt: number) => void;
}

/** spark.sql.streaming.pollingDelay: how long an idle processingTime-0 query waits before listing again. */
const POLLING_DELAY_MS = 10;

export async function runMicroBatches(o: LoopOptions): Promise<void> {
  const offsets = await o.checkpoint.offsetBatchIds();
  const commits = new Set(await o.checkpoint.committedBatchIds());
  let lastBatch = offsets.length > 0 ? offsets[offsets.length - 1]! : -1;
  if (lastBatch >= 0 && !commits.has(lastBatch)) {
    const files = (await o.checkpoint.fileLogOf(lastBatch)).map(fromLog);
    await runOne(o, files, lastBatch);
  }
  const seen = new Set((await o.checkpoint.fileLog()).map((e) => e.path));
  const listFresh = async () => (await listSourceFiles(o.sourceStore)).filter((f) => !seen.has(f.url));
  const runNew = async (files: readonly SourceFile[]) => {
    lastBatch += 1;
    for (const f of files) seen.add(f.url);
    const entries: FileLogEntry[] = files.map((f) => ({
      path: f.url,
      timestamp: f.timestamp,
      batchId: lastBatch,
    }));
    await o.checkpoint.writeFileLog(lastBatch, entries);
    await o.checkpoint.writeOffsets(lastBatch, lastBatch, o.conf);
    await runOne(o, files, lastBatch);
  };
  const trigger = o.trigger;
  switch (trigger.kind) {
    case 'once': {
      const fresh = await listFresh();
      if (fresh.length > 0 && !o.stopped()) await runNew(fresh);
      return;
    }
    case 'availableNow': {
      const fresh = await listFresh();
      const size = o.maxFilesPerTrigger ?? fresh.length;
      for (let i = 0; i < fresh.length && !o.stopped(); i += size) await runNew(fresh.slice(i, i + size));
      return;
    }
    case 'processingTime': {
      const pause = o.pause ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
      while (!o.stopped()) {
        const started = Date.now();
        const fresh = await listFresh();
        if (fresh.length === 0) o.onIdle?.(started);
        else await runNew(fresh.slice(0, o.maxFilesPerTrigger ?? fresh.length));
        if (o.stopped()) return;
        const wait = started + trigger.intervalMs - Date.now();
        await pause(wait > 0 ? wait : fresh.length === 0 ? POLLING_DELAY_MS : 0);
      }
      return;
    }
    default:
      return trigger satisfies never;
  }
}

async function runOne(o: LoopOptions, files: readonly SourceFile[], batchId: number): Promise<void> {
  const numInputRows = await o.runBatch(files, batchId);
  await o.checkpoint.writeCommit(batchId);
  o.onProgress({ batchId, numInputRows, timestamp: new Date().toISOString() });
}

function fromLog(e: FileLogEntry): SourceFile {
  const localPath = e.path.startsWith('file:') ? fileURLToPath(e.path) : e.path;
  return { url: e.path, localPath, timestamp: e.timestamp };
}
