/**
 * The foreach sink (Spark's ForeachWriter, PySpark's `foreach(f)`): a function called with each row, or an
 * object with `process(row)` and the optional `open(partitionId, epochId)` and `close(error)`. One batch is
 * one partition here (partitionId 0, epochId the batch id); `open` returning false skips the batch's rows,
 * and `close` is called with the error that ended the batch (then rethrown) or null.
 */

import type { BatchExecutor } from './batch-executor.js';

export interface ForeachWriter<Row> {
  open?(partitionId: number, epochId: number): boolean | Promise<boolean>;
  process(row: Row): unknown | Promise<unknown>;
  close?(error: unknown): unknown | Promise<unknown>;
}

export type ForeachTarget<Row> = ForeachWriter<Row> | ((row: Row) => unknown | Promise<unknown>);

/** Runs the writer over one batch, read once; returns the number of rows the batch had. */
export async function writeForeachBatch<Row>(
  target: ForeachTarget<Row>,
  batch: BatchExecutor<Row>,
  batchId: number,
): Promise<number> {
  const writer: ForeachWriter<Row> = typeof target === 'function' ? { process: target } : target;
  const rows = await batch.collect();
  const opened = writer.open ? await writer.open(0, batchId) : true;
  try {
    if (opened) for (const row of rows) await writer.process(row);
  } catch (error) {
    await writer.close?.(error);
    throw error;
  }
  await writer.close?.(null);
  return rows.length;
}
