/**
 * df.writeStream: PySpark's DataStreamWriter. `trigger({ once: true } | { availableNow: true })`,
 * `option('checkpointLocation', dir)`, `outputMode('append')`, then either `foreachBatch(fn).start()` or a
 * Delta sink: `format('delta').start(path)` / `toTable(name)`, each batch appended as one Delta commit; or the
 * memory sink (`format('memory').queryName(n)`), the console sink (`format('console')`) or a file sink
 * (`format('parquet'|'orc'|'json'|'csv'|'text').option('path', p)`, committed in `p/_spark_metadata`).
 * The micro-batch loop and the checkpoint live in streaming/.
 */

import { LakesqlError } from '../../errors/index.js';
import { optionText } from '../../formats/data-source-options.js';
import { storeForUrl } from '../../storage/store-for-url.js';
import { resolveUserPath } from '../../storage/user-path.js';
import {
  CheckpointLog,
  type LoopControl,
  newRunId,
  QueryStatusFile,
  registerStream,
  runnableTrigger,
  type Trigger,
} from '../../streaming/index.js';
import { type FileSinkFormat, isFileSinkFormat } from '../../streaming/sinks/file-stream-sink.js';
import type { DataFrame, Row } from '../dataframe/dataframe.js';
import { consoleSinkOptions, printConsoleBatch } from './console-sink.js';
import { fileSinkBatchWriter } from './file-sink-writer.js';
import { type ForeachTarget, writeForeachBatch } from './foreach-sink.js';
import { openStream, statefulAggregations } from './stateful/open-stream.js';
import { StreamingQuery } from './streaming-query.js';
import type { StreamingRelation } from './streaming-relation.js';
import { streamNameKey } from './streaming-views.js';
import { checkStreamingQuery, type OutputMode, outputModeOf } from './unsupported-operations.js';

export type BatchFunction = (df: DataFrame, batchId: number) => unknown | Promise<unknown>;

/** What a query runs per batch: a user's foreachBatch, or a sink, which also gets the query's id. */
type BatchWriter = (df: DataFrame, batchId: number, queryId: string) => unknown | Promise<unknown>;

/**
 * The Delta sink's write of one batch: an idempotent append (txnAppId = the query's id, txnVersion = the
 * batch id), as Delta's sink writes, so that a batch re-run after a crash between the table commit and
 * the checkpoint's commits/N is not appended twice.
 */
function deltaSinkWrite(
  df: DataFrame,
  batchId: number,
  queryId: string,
  partitionBy: readonly string[],
  mode: OutputMode,
) {
  // Complete mode rewrites the whole result each batch (Delta's sink overwrites); update cannot be kept.
  if (mode === 'update')
    throw new LakesqlError('DELTA_UNSUPPORTED_OUTPUT_MODE', { dataSource: 'delta', mode: 'Update' });
  return df.write
    .format('delta')
    .partitionBy(...partitionBy)
    .mode(mode === 'complete' ? 'overwrite' : 'append')
    .option('txnAppId', queryId)
    .option('txnVersion', String(batchId));
}

export class DataStreamWriter {
  private formatName = 'delta';
  private readonly optionMap = new Map<string, string>();
  private triggerSpec: Trigger = { processingTime: 0 };
  private batchFn: BatchFunction | undefined;
  private foreachTarget: ForeachTarget | undefined;
  private name: string | null = null;
  private mode: OutputMode = 'append';
  private partitionColumns: readonly string[] = [];
  private inputReader: ((batchId: number) => Promise<number>) | undefined;

  constructor(
    private readonly df: DataFrame,
    private readonly source: StreamingRelation,
  ) {}

  format(source: string): this {
    this.formatName = source.toLowerCase();
    return this;
  }

  option(key: string, value: string | number | boolean | bigint): this {
    this.optionMap.set(key, optionText(value));
    return this;
  }

  options(opts: Readonly<Record<string, string | number | boolean | bigint>>): this {
    for (const [k, v] of Object.entries(opts)) this.option(k, v);
    return this;
  }

  outputMode(mode: string): this {
    this.mode = outputModeOf(mode);
    return this;
  }

  /** Partition columns of a file or Delta sink's output, as DataFrameWriter.partitionBy. */
  partitionBy(...cols: (string | readonly string[])[]): this {
    this.partitionColumns = cols.flat();
    return this;
  }

  trigger(trigger: Trigger): this {
    this.triggerSpec = trigger;
    return this;
  }

  queryName(name: string): this {
    this.name = name;
    return this;
  }

  foreachBatch(fn: BatchFunction): this {
    this.batchFn = fn;
    this.foreachTarget = undefined;
    return this;
  }

  /**
   * lakesql's own sink for `lakesql ingest --merge-on`, not Spark's: `fn` reads the batch's input itself
   * (the batch's files, with the order of the file of each row) and returns how many rows it read; the
   * source does not read the batch, so each file is read once (LoopControl.sinkReadsInput). The streaming
   * DataFrame's transformations are not applied: it is for a plain stream of a folder.
   */
  sinkReadingInput(fn: (batchId: number) => Promise<number>): this {
    this.inputReader = fn;
    return this;
  }

  /** The foreach sink: a function of each row, or a writer with open/process/close (foreach-sink.ts). */
  foreach(target: ForeachTarget): this {
    this.foreachTarget = target;
    this.batchFn = undefined;
    return this;
  }

  /** Starts the query; a path names a Delta sink (unless foreachBatch was given). */
  async start(path?: string): Promise<StreamingQuery> {
    const target = path ?? this.optionMap.get('path');
    const inputReader = this.inputReader;
    if (inputReader) {
      this.assertNotPartitioned('foreachBatch');
      return this.run(async () => {}, { sinkReadsInput: inputReader });
    }
    if (this.batchFn) {
      this.assertNotPartitioned('foreachBatch');
      return this.run(this.batchFn);
    }
    const foreachTarget = this.foreachTarget;
    if (foreachTarget) {
      this.assertNotPartitioned('foreach');
      return this.run((batch, batchId) => writeForeachBatch(foreachTarget, batch, batchId));
    }
    if (this.formatName === 'memory') {
      this.assertNotPartitioned('memory');
      return this.startMemorySink();
    }
    if (this.formatName === 'console') {
      this.assertNotPartitioned('console');
      const options = consoleSinkOptions(this.optionMap);
      return this.run((batch, batchId) => printConsoleBatch(batch, batchId, options));
    }
    if (isFileSinkFormat(this.formatName)) return this.startFileSink(this.formatName, target);
    if (this.formatName !== 'delta') {
      throw new LakesqlError('UNSUPPORTED_FEATURE', {
        feature: `writeStream.format("${this.formatName}") (lakesql writes streams to delta or foreachBatch)`,
      });
    }
    if (target === undefined)
      throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: 'writeStream.start() without a path' });
    this.refuseUpdateOnDelta();
    const cols = this.partitionColumns;
    return this.run((batch, batchId, queryId) =>
      deltaSinkWrite(batch, batchId, queryId, cols, this.mode).save(target),
    );
  }

  /** Starts the query appending to a Delta table by name. */
  async toTable(name: string): Promise<StreamingQuery> {
    this.refuseUpdateOnDelta();
    const cols = this.partitionColumns;
    return this.run((batch, batchId, queryId) =>
      deltaSinkWrite(batch, batchId, queryId, cols, this.mode).saveAsTable(name),
    );
  }

  /** Spark's DataStreamWriter.assertNotPartitioned: sinks without a folder layout take no partitionBy. */
  private assertNotPartitioned(operation: string): void {
    if (this.partitionColumns.length > 0) throw new LakesqlError('_LEGACY_ERROR_TEMP_1197', { operation });
  }

  /** A file sink: the batch's files in the folder, committed in its `_spark_metadata` log (file-sink-writer.ts). */
  private startFileSink(format: FileSinkFormat, target: string | undefined): Promise<StreamingQuery> {
    if (target === undefined)
      throw new LakesqlError('UNSUPPORTED_FEATURE', {
        feature: `writeStream.format("${format}") without a path (give option("path", …) or start(path))`,
      });
    // FileStreamSink takes appended rows only (Spark: "Data source … does not support Update output mode").
    if (this.mode !== 'append')
      throw new LakesqlError('UNSUPPORTED_FEATURE', {
        feature: `outputMode("${this.mode}") with the ${format} file sink (file sinks only append)`,
      });
    const session = this.df.sparkSession.sqlSession;
    const sink = fileSinkBatchWriter(session, () => this.df.query(), {
      format,
      path: target,
      partitionBy: this.partitionColumns,
      options: this.optionMap,
    });
    return this.run((_batch, batchId) => sink.write(batchId), { sinkHolds: sink.holds });
  }

  /** Delta's sink refuses update mode when the query starts (DeltaDataSource.createSink). */
  private refuseUpdateOnDelta(): void {
    if (this.mode === 'update')
      throw new LakesqlError('DELTA_UNSUPPORTED_OUTPUT_MODE', { dataSource: 'delta', mode: 'Update' });
  }

  /**
   * The memory sink (Spark's MemorySink): every batch's rows are appended to an in-memory table that is
   * a temporary view named by queryName, so `spark.table(name)` and SQL see all rows written so far.
   */
  private startMemorySink(): Promise<StreamingQuery> {
    const name = this.name;
    if (name === null)
      throw new LakesqlError('UNSUPPORTED_FEATURE', {
        feature: 'format("memory") without queryName(…) (the name of the table the rows go to)',
      });
    const session = this.df.sparkSession;
    const rows: Row[] = [];
    return this.run(async (batch) => {
      const schema = await batch.schema();
      const collected = await batch.collect();
      // Complete mode: each batch is the whole result, which replaces the table (Spark's MemorySink).
      if (this.mode === 'complete') rows.length = 0;
      rows.push(...collected);
      await session.createDataFrame(rows, schema).createOrReplaceTempView(name);
    });
  }

  /**
   * `sinkHolds`: the sink tells a batch it already committed, which is then neither read nor written;
   * `sinkReadsInput`: the sink reads the batch's input itself (sinkReadingInput).
   */
  private async run(
    fn: BatchWriter,
    sink: Pick<LoopControl, 'sinkHolds' | 'sinkReadsInput'> = {},
  ): Promise<StreamingQuery> {
    const views = await this.df.sparkSession.streamingViews.current();
    checkStreamingQuery(await this.df.query(), this.mode, statefulAggregations(this.source), (parts) =>
      views.has(streamNameKey(parts)),
    );
    const trigger = runnableTrigger(this.triggerSpec);
    const session = this.df.sparkSession;
    const sql = session.sqlSession;
    const location = this.optionMap.get('checkpointLocation');
    if (location === undefined) {
      throw new LakesqlError('UNSUPPORTED_FEATURE', {
        feature:
          'a streaming query without option("checkpointLocation", …) (lakesql keeps every query\'s progress there)',
      });
    }
    const checkpointDir = resolveUserPath(location, sql);
    const checkpoint = new CheckpointLog(storeForUrl(checkpointDir));
    const id = await checkpoint.queryId();
    const runId = newRunId();
    const status = new QueryStatusFile(checkpoint, { id, runId, name: this.name });
    const runLoop = status.tracking(
      await openStream(
        this.source,
        { checkpoint, resolvePath: (p) => resolveUserPath(p, sql) },
        this.mode,
        checkpointDir,
        sql.conf,
      ),
    );
    const df = this.df;
    const streams = session.streams;
    streams.admit(id, this.name);
    // Listed in the warehouse, so that a watcher in another process (`lakesql ui`) finds the checkpoint; the
    // two files are independent, so they are written at once.
    await Promise.all([
      registerStream(storeForUrl(sql.warehouse), { id, name: this.name, checkpoint: checkpointDir }),
      status.started(),
    ]);
    const query = new StreamingQuery(id, runId, this.name, (query) =>
      runLoop(
        {
          checkpoint,
          trigger,
          conf: {},
          stopped: () => query.stopRequested,
          onProgress: (p) => streams.progressed(status.progressed(query.recordProgress(p))),
          onBatchStart: () => query.recordBatchStart(),
          pause: (ms) => query.pause(ms),
          ...sink,
          onIdle: (listedAt) => {
            query.recordIdle(listedAt);
            streams.idled(query);
          },
        },
        // The source reads each batch once and counts its rows (batch-input.ts); the sink reads that.
        async (batchId) => {
          await fn(df, batchId, id);
        },
      ),
    );
    streams.started(query);
    return query;
  }
}
