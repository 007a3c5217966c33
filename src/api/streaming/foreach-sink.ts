/**
 * The foreach sink (Spark's ForeachWriter, PySpark's `foreach(f)`): a function called with each row, or an
 * object with `process(row)` and the optional `open(partitionId, epochId)` and `close(error)`. One batch is
 * one partition here (partitionId 0, epochId the batch id); `open` returning false skips the batch's rows,
 * and `close` is called with the error that ended the batch (then rethrown) or null.
 */

import type { DataFrame, Row } from '../dataframe/dataframe.js';

export interface ForeachWriter {
  open?(partitionId: number, epochId: number): boolean | Promise<boolean>;
  process(row: Row): unknown | Promise<unknown>;
  close?(error: unknown): unknown | Promise<unknown>;
}

export type ForeachTarget = ForeachWriter | ((row: Row) => unknown | Promise<unknown>);

/** Runs the writer over one batch, read once; returns the number of rows the batch had. */
export async function writeForeachBatch(
  target: ForeachTarget,
  batch: DataFrame,
  batchId: number,
): Promise<number> {
  const writer: ForeachWriter = typeof target === 'function' ? { process: target } : target;
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
