/**
 * The Delta sink (Delta's DeltaSink.addBatch): each batch written as one commit, appended, or overwriting
 * the table in complete mode. The commit carries the transaction identifier txnAppId = the query's id,
 * txnVersion = the batch id, as Delta's sink writes it, so that a batch re-run after a crash between the
 * table commit and the checkpoint's commits/N is not written twice. Update mode cannot be kept in a Delta
 * table: Delta refuses it when the query starts (DeltaDataSource.createSink).
 */
import { LakesqlError } from '../../errors/index.js';
import type { OutputMode } from '../execution/output-mode.js';
import type { BatchExecutor, DeltaSinkTarget } from './batch-executor.js';

export function refuseUpdateOnDelta(mode: OutputMode): void {
  if (mode === 'update')
    throw new LakesqlError('DELTA_UNSUPPORTED_OUTPUT_MODE', { dataSource: 'delta', mode: 'Update' });
}

export interface DeltaSink {
  readonly target: DeltaSinkTarget;
  readonly partitionBy: readonly string[];
  readonly mode: OutputMode;
}

export function writeDeltaBatch<Row>(
  sink: DeltaSink,
  batch: BatchExecutor<Row>,
  batchId: number,
  queryId: string,
): Promise<void> {
  refuseUpdateOnDelta(sink.mode);
  return batch.writeDelta(sink.target, {
    mode: sink.mode === 'complete' ? 'overwrite' : 'append',
    partitionBy: sink.partitionBy,
    txnAppId: queryId,
    txnVersion: batchId,
  });
}
