/**
 * The micro-batch loop of a file-source query (Spark's MicroBatchExecution with a FileStreamSource):
 * first a batch whose offsets were written but whose commit is missing runs again with the same files and
 * batch id; then the files not yet in the source log are taken in new batches (one for trigger once, as
 * many as maxFilesPerTrigger asks for availableNow). Each batch logs its files, then its offsets, runs,
 * then commits, so every file is processed exactly once across runs.
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
}

export async function runMicroBatches(o: LoopOptions): Promise<void> {
  const offsets = await o.checkpoint.offsetBatchIds();
  const commits = new Set(await o.checkpoint.committedBatchIds());
  let lastBatch = offsets.length > 0 ? offsets[offsets.length - 1]! : -1;
  if (lastBatch >= 0 && !commits.has(lastBatch)) {
    const files = (await o.checkpoint.fileLogOf(lastBatch)).map(fromLog);
    await runOne(o, files, lastBatch);
  }
  const seen = new Set((await o.checkpoint.fileLog()).map((e) => e.path));
  const fresh = (await listSourceFiles(o.sourceStore)).filter((f) => !seen.has(f.url));
  const size = o.trigger === 'availableNow' && o.maxFilesPerTrigger ? o.maxFilesPerTrigger : fresh.length;
  for (let i = 0; i < fresh.length && !o.stopped(); i += size) {
    const files = fresh.slice(i, i + size);
    lastBatch += 1;
    const entries: FileLogEntry[] = files.map((f) => ({
      path: f.url,
      timestamp: f.timestamp,
      batchId: lastBatch,
    }));
    await o.checkpoint.writeFileLog(lastBatch, entries);
    await o.checkpoint.writeOffsets(lastBatch, lastBatch, o.conf);
    await runOne(o, files, lastBatch);
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
