/**
 * df.writeStream: PySpark's DataStreamWriter. `trigger({ once: true } | { availableNow: true })`,
 * `option('checkpointLocation', dir)`, `outputMode('append')`, then either `foreachBatch(fn).start()` or a
 * Delta sink: `format('delta').start(path)` / `toTable(name)`, each batch appended as one Delta commit; or the
 * memory sink (`format('memory').queryName(n)`), the console sink (`format('console')`) or a file sink
 * (`format('parquet'|'orc'|'json'|'csv'|'text').option('path', p)`, committed in `p/_spark_metadata`).
 * The sinks, the micro-batch loop and the checkpoint live in streaming/; the writer hands the sinks the
 * streaming DataFrame as their BatchExecutor.
 */

import { LakesqlError } from '../../errors/index.js';
import { optionText } from '../../formats/data-source-options.js';
import { DEFAULT_SINK_COMPACT_INTERVAL } from '../../formats/paths/file-sink-log.js';
import { storeForUrl } from '../../storage/store-for-url.js';
import { resolveUserPath } from '../../storage/user-path.js';
import { streamNameKey } from '../../streaming/analysis/streaming-views.js';
import { checkStreamingQuery } from '../../streaming/analysis/unsupported-operations.js';
import { type OutputMode, outputModeOf } from '../../streaming/execution/output-mode.js';
import {
  CheckpointLog,
  type LoopControl,
  newRunId,
  QueryStatusFile,
  registerStream,
  runnableTrigger,
  type Trigger,
} from '../../streaming/index.js';
import type { BatchExecutor } from '../../streaming/sinks/batch-executor.js';
import { consoleSinkOptions, printConsoleBatch } from '../../streaming/sinks/console-sink.js';
import { type DeltaSink, refuseUpdateOnDelta, writeDeltaBatch } from '../../streaming/sinks/delta-sink.js';
import { fileSinkBatchWriter, SINK_COMPACT_INTERVAL_CONF } from '../../streaming/sinks/file-sink-writer.js';
import { type FileSinkFormat, isFileSinkFormat } from '../../streaming/sinks/file-stream-sink.js';
import { type ForeachTarget, writeForeachBatch } from '../../streaming/sinks/foreach-sink.js';
import { MemorySink } from '../../streaming/sinks/memory-sink.js';
import { sinkDescriptions } from '../../streaming/sinks/sink-descriptions.js';
import type { StreamingRelation } from '../../streaming/sources/streaming-relation.js';
import { limitedBatchWriter } from '../../streaming/stateful/limited-batch-writer.js';
import { openStream, planSteps, statefulAggregations } from '../../streaming/stateful/open-stream.js';
import type { DataFrame } from '../dataframe/dataframe.js';
import type { Row } from '../dataframe/row.js';
import { saveFiles } from '../dataframe/write-files.js';
import { StreamingQuery } from './streaming-query.js';

export type BatchFunction = (df: DataFrame, batchId: number) => unknown | Promise<unknown>;

/** What a query runs per batch: a user's foreachBatch, or a sink, which also gets the query's id. */
type BatchWriter = (df: DataFrame, batchId: number, queryId: string) => unknown | Promise<unknown>;

/**
 * The batch executor the sinks of streaming/ run a batch through (streaming/sinks/batch-executor.ts): the
 * streaming DataFrame, whose view names the batch's rows, read once, while the batch runs.
 */
function dataFrameBatchExecutor(df: DataFrame): BatchExecutor<Row> {
  const session = df.sparkSession;
  return {
    collect: () => df.collect(),
    show: async (numRows, truncate) => {
      await df.show(numRows, truncate);
    },
    print: (text) => session.write(text),
    replaceTempView: async (name, rows) =>
      session.createDataFrame([...rows], await df.schema()).createOrReplaceTempView(name),
    appendFiles: async (url, write) => {
      const result = await saveFiles(session.sqlSession, url, {
        format: write.format,
        query: await df.query(),
        mode: 'append',
        partitionBy: write.partitionBy,
        options: write.options,
        successMarker: false,
      });
      return result.files;
    },
    writeDelta: async (target, write) => {
      const writer = df.write
        .format('delta')
        .partitionBy(...write.partitionBy)
        .mode(write.mode)
        .option('txnAppId', write.txnAppId)
        .option('txnVersion', String(write.txnVersion));
      await ('path' in target ? writer.save(target.path) : writer.saveAsTable(target.table));
    },
  };
}

export class DataStreamWriter {
  private formatName = 'delta';
  private readonly optionMap = new Map<string, string>();
  private triggerSpec: Trigger = { processingTime: 0 };
  private batchFn: BatchFunction | undefined;
  private foreachTarget: ForeachTarget<Row> | undefined;
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
  foreach(target: ForeachTarget<Row>): this {
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
      return this.run(sinkDescriptions.foreachBatch, async () => {}, { sinkReadsInput: inputReader });
    }
    if (this.batchFn) {
      this.assertNotPartitioned('foreachBatch');
      return this.run(sinkDescriptions.foreachBatch, this.batchFn);
    }
    const foreachTarget = this.foreachTarget;
    if (foreachTarget) {
      this.assertNotPartitioned('foreach');
      return this.run(sinkDescriptions.foreach, (batch, batchId) =>
        writeForeachBatch(foreachTarget, dataFrameBatchExecutor(batch), batchId),
      );
    }
    if (this.formatName === 'memory') {
      this.assertNotPartitioned('memory');
      return this.startMemorySink();
    }
    if (this.formatName === 'console') {
      this.assertNotPartitioned('console');
      const options = consoleSinkOptions(this.optionMap);
      return this.run(sinkDescriptions.console, (batch, batchId) =>
        printConsoleBatch(dataFrameBatchExecutor(batch), batchId, options),
      );
    }
    if (isFileSinkFormat(this.formatName)) return this.startFileSink(this.formatName, target);
    if (this.formatName !== 'delta') {
      throw new LakesqlError('UNSUPPORTED_FEATURE', {
        feature: `writeStream.format("${this.formatName}") (lakesql writes streams to delta or foreachBatch)`,
      });
    }
    if (target === undefined)
      throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: 'writeStream.start() without a path' });
    return this.startDeltaSink({ path: target });
  }

  /** Starts the query appending to a Delta table by name. */
  async toTable(name: string): Promise<StreamingQuery> {
    return this.startDeltaSink({ table: name });
  }

  /** The Delta sink (streaming/sinks/delta-sink.ts): each batch one idempotent commit. */
  private startDeltaSink(target: DeltaSink['target']): Promise<StreamingQuery> {
    refuseUpdateOnDelta(this.mode);
    const sink: DeltaSink = { target, partitionBy: this.partitionColumns, mode: this.mode };
    const where = 'path' in target ? target.path : target.table;
    return this.run(
      () => sinkDescriptions.delta(where),
      (batch, batchId, queryId) => writeDeltaBatch(sink, dataFrameBatchExecutor(batch), batchId, queryId),
    );
  }

  /** Spark's DataStreamWriter.assertNotPartitioned: sinks without a folder layout take no partitionBy. */
  private assertNotPartitioned(operation: string): void {
    if (this.partitionColumns.length > 0) throw new LakesqlError('_LEGACY_ERROR_TEMP_1197', { operation });
  }

  /** A file sink: the batch's files in the folder, committed in its `_spark_metadata` log (streaming/sinks/). */
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
    const compactInterval = Number(
      session.conf.get(SINK_COMPACT_INTERVAL_CONF) ?? DEFAULT_SINK_COMPACT_INTERVAL,
    );
    const url = resolveUserPath(target, session);
    const sink = fileSinkBatchWriter<Row>({
      format,
      url,
      partitionBy: this.partitionColumns,
      options: this.optionMap,
      compactInterval,
    });
    return this.run(
      () => sinkDescriptions.file(target),
      (batch, batchId) => sink.write(dataFrameBatchExecutor(batch), batchId),
      {
        sinkHolds: sink.holds,
      },
    );
  }

  /** The memory sink (streaming/sinks/memory-sink.ts): the rows so far as the temp view `queryName`. */
  private startMemorySink(): Promise<StreamingQuery> {
    const name = this.name;
    if (name === null)
      throw new LakesqlError('UNSUPPORTED_FEATURE', {
        feature: 'format("memory") without queryName(…) (the name of the table the rows go to)',
      });
    const sink = new MemorySink<Row>(name, this.mode);
    return this.run(sinkDescriptions.memory, (batch) => sink.addBatch(dataFrameBatchExecutor(batch)));
  }

  /**
   * `sinkHolds`: the sink tells a batch it already committed, which is then neither read nor written;
   * `sinkReadsInput`: the sink reads the batch's input itself (sinkReadingInput).
   */
  private async run(
    /** The sink as Spark's progress describes it (sinks/sink-descriptions.ts), given the query id. */
    sinkDescription: (queryId: string) => string,
    fn: BatchWriter,
    sink: Pick<LoopControl, 'sinkHolds' | 'sinkReadsInput'> = {},
  ): Promise<StreamingQuery> {
    const views = await this.df.sparkSession.streamingViews.current();
    const isStream = (parts: readonly string[]) => views.has(streamNameKey(parts));
    checkStreamingQuery(await this.df.query(), this.mode, statefulAggregations(this.source), isStream);
    // The queries under the plan's stateful steps (a join under groupBy().agg()) are checked as Spark checks
    // its whole plan.
    for (const step of planSteps(this.source))
      checkStreamingQuery(await step.input.query(), this.mode, 0, isStream);
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
    const write =
      this.mode === 'append'
        ? limitedBatchWriter(
            await df.query(),
            sql.engine,
            this.source,
            checkpointDir,
            fn,
            sink.sinkReadsInput !== undefined,
          )
        : fn;
    const streams = session.streams;
    streams.admit(id, this.name);
    // Listed in the warehouse, so that a watcher in another process (`lakesql ui`) finds the checkpoint; the
    // two files are independent, so they are written at once.
    await Promise.all([
      registerStream(storeForUrl(sql.warehouse), { id, name: this.name, checkpoint: checkpointDir }),
      status.started(),
    ]);
    const query = new StreamingQuery(
      id,
      runId,
      this.name,
      (query) =>
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
          // The source reads each batch once and counts its rows (exec/read-batch-once.ts); the sink reads that.
          async (batchId) => {
            await write(df, batchId, id);
          },
        ),
      {
        sinkDescription: sinkDescription(id),
        explain: (extended) => df.explain(extended),
        print: (text) => session.write(text),
      },
    );
    streams.started(query);
    return query;
  }
}
