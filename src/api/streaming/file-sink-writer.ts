/**
 * `writeStream.format('parquet'|'orc'|'json'|'csv'|'text').option('path', p)`: each batch appended to the
 * folder `p` by the batch writer (Spark's layout, options and partitionBy), then committed in the folder's
 * `_spark_metadata` log by streaming/sinks/file-stream-sink.ts, so readers of `p` see whole batches only.
 */
import type { SqlSession } from '../../exec/session/sql-session.js';
import { DEFAULT_SINK_COMPACT_INTERVAL } from '../../formats/paths/file-sink-log.js';
import type { Query } from '../../sql/ast/query.js';
import { storeForUrl } from '../../storage/store-for-url.js';
import { resolveUserPath } from '../../storage/user-path.js';
import { type FileSinkFormat, FileStreamSink } from '../../streaming/sinks/file-stream-sink.js';
import { saveFiles } from '../dataframe/write-files.js';

/** The conf that sets how many batches pass between compactions of the sink log. */
export const SINK_COMPACT_INTERVAL_CONF = 'spark.sql.streaming.fileSink.log.compactInterval';

/** The writer's own options, which are not the file format's. */
const STREAM_OPTIONS = new Set(['path', 'checkpointlocation']);

export interface FileSinkSpec {
  readonly format: FileSinkFormat;
  readonly path: string;
  readonly partitionBy: readonly string[];
  readonly options: ReadonlyMap<string, string>;
}

/** What a file sink query runs: `write` writes and commits one batch; `holds` tells a batch it already has. */
export interface FileSinkBatchWriter {
  readonly write: (batchId: number) => Promise<number>;
  readonly holds: (batchId: number) => Promise<boolean>;
}

export function fileSinkBatchWriter(
  session: SqlSession,
  query: () => Promise<Query>,
  spec: FileSinkSpec,
): FileSinkBatchWriter {
  const path = resolveUserPath(spec.path, session);
  const interval = Number(session.conf.get(SINK_COMPACT_INTERVAL_CONF) ?? DEFAULT_SINK_COMPACT_INTERVAL);
  const sink = new FileStreamSink(storeForUrl(path), interval);
  const options = new Map([...spec.options].filter(([k]) => !STREAM_OPTIONS.has(k.toLowerCase())));
  const write = (batchId: number) =>
    sink.addBatch(batchId, async () => {
      const result = await saveFiles(session, path, {
        format: spec.format,
        query: await query(),
        mode: 'append',
        partitionBy: spec.partitionBy,
        options,
        successMarker: false,
      });
      return result.files;
    });
  return { write, holds: (batchId) => sink.holds(batchId) };
}
