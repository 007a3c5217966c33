/**
 * `writeStream.format('parquet'|'orc'|'json'|'csv'|'text').option('path', p)`: each batch appended to the
 * folder `p` by the batch writer (Spark's layout, options and partitionBy), then committed in the folder's
 * `_spark_metadata` log by file-stream-sink.ts, so readers of `p` see whole batches only.
 */
import { storeForUrl } from '../../storage/store-for-url.js';
import type { BatchExecutor } from './batch-executor.js';
import { type FileSinkFormat, FileStreamSink } from './file-stream-sink.js';

/** The conf that sets how many batches pass between compactions of the sink log. */
export const SINK_COMPACT_INTERVAL_CONF = 'spark.sql.streaming.fileSink.log.compactInterval';

/** The writer's own options, which are not the file format's. */
const STREAM_OPTIONS = new Set(['path', 'checkpointlocation']);

export interface FileSinkSpec {
  readonly format: FileSinkFormat;
  /** The folder's storage URL. */
  readonly url: string;
  readonly partitionBy: readonly string[];
  readonly options: ReadonlyMap<string, string>;
  /** Batches between compactions of the `_spark_metadata` log. */
  readonly compactInterval: number;
}

/** What a file sink query runs: `write` writes and commits one batch; `holds` tells a batch it already has. */
export interface FileSinkBatchWriter<Row> {
  readonly write: (batch: BatchExecutor<Row>, batchId: number) => Promise<number>;
  readonly holds: (batchId: number) => Promise<boolean>;
}

export function fileSinkBatchWriter<Row>(spec: FileSinkSpec): FileSinkBatchWriter<Row> {
  const sink = new FileStreamSink(storeForUrl(spec.url), spec.compactInterval);
  const options = new Map([...spec.options].filter(([k]) => !STREAM_OPTIONS.has(k.toLowerCase())));
  const write = (batch: BatchExecutor<Row>, batchId: number) =>
    sink.addBatch(batchId, () =>
      batch.appendFiles(spec.url, { format: spec.format, partitionBy: spec.partitionBy, options }),
    );
  return { write, holds: (batchId) => sink.holds(batchId) };
}
