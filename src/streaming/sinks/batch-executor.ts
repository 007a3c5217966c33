/**
 * What a sink of streaming/ asks of the engine for one micro-batch. The batch is the query's plan over the
 * batch's rows, which the source read once into a scratch table (sources/streaming-relation.ts and
 * exec/read-batch-once.ts); the side that owns sessions and DataFrames (the DataStreamWriter at
 * api/, the composition root) implements this over the streaming DataFrame and hands it to the sink, so
 * that streaming/ neither runs SQL nor imports the session. `Row` is the API's row type.
 */
import type { BatchFile } from './file-stream-sink.js';

export interface BatchExecutor<Row> {
  /** The batch's rows as JavaScript values (foreach and memory sinks). */
  collect(): Promise<readonly Row[]>;
  /** Prints the batch where the session prints, as `show(numRows, truncate)` shows it (console sink). */
  show(numRows: number, truncate: boolean): Promise<void>;
  /** Prints text where the session prints (console sink). */
  print(text: string): void;
  /** Points the temp view `name` at `rows`, which have the batch's schema (memory sink). */
  replaceTempView(name: string, rows: readonly Row[]): Promise<void>;
  /** Appends the batch as files to the folder at `url`, without a `_SUCCESS` marker (file sink). */
  appendFiles(url: string, write: BatchFileWrite): Promise<readonly BatchFile[]>;
  /** Writes the batch into a Delta table as one commit (Delta sink). */
  writeDelta(target: DeltaSinkTarget, write: DeltaBatchWrite): Promise<void>;
}

/** A file sink's write of one batch: the format, partition columns and the format's options. */
export interface BatchFileWrite {
  readonly format: string;
  readonly partitionBy: readonly string[];
  readonly options: ReadonlyMap<string, string>;
}

/** The Delta table a sink writes: a path (`start(path)`) or a table name (`toTable(name)`). */
export type DeltaSinkTarget = { readonly path: string } | { readonly table: string };

/**
 * One batch's Delta write: appended, or overwriting the table (complete mode), with the transaction
 * identifier (`txnAppId`, `txnVersion`) that makes a re-run of the batch a no-op.
 */
export interface DeltaBatchWrite {
  readonly mode: 'append' | 'overwrite';
  readonly partitionBy: readonly string[];
  readonly txnAppId: string;
  readonly txnVersion: number;
}
