/**
 * The sink side of a streaming limit in append mode (streaming/stateful/streaming-limit.ts): each batch's
 * DataFrame is cut to the rows the query may still emit. The new total is written to the state before
 * the sink runs, so a batch the sink already holds after a crash (and then skips) still leaves its
 * state version, and a re-run batch reads the same count as its first run.
 */
import type { EngineSession } from '../../engine/engine-session.js';
import { LakesqlError } from '../../errors/index.js';
import type { Query } from '../../sql/ast/query.js';
import { storeForUrl } from '../../storage/store-for-url.js';
import type { StreamingRelation } from '../sources/streaming-relation.js';
import { planSteps } from './open-stream.js';
import { StreamingGlobalLimit, topLevelLimit } from './streaming-limit.js';

/** The batch's DataFrame as far as a limit needs it (api's DataFrame is one). */
export interface LimitableBatch<B> {
  limit(n: number): B;
  count(): Promise<number>;
}

type BatchWriter<B> = (batch: B, batchId: number, queryId: string) => unknown | Promise<unknown>;

/** `fn` with the query's limit kept across batches, or `fn` itself when the query has no limit to keep. */
export function limitedBatchWriter<B extends LimitableBatch<B>>(
  query: Query,
  engine: EngineSession,
  source: StreamingRelation,
  checkpointDir: string,
  fn: BatchWriter<B>,
  sinkReadsInput: boolean,
): BatchWriter<B> {
  const n = topLevelLimit(query);
  if (n === undefined) return fn;
  if (sinkReadsInput)
    throw new LakesqlError('UNSUPPORTED_FEATURE', {
      feature: 'a limit on a streaming query whose sink reads the source files itself',
    });
  // The limit's state folder comes after the plan's stateful operators' (their ids count from 0).
  const operatorId = planSteps(source).filter((s) => s.step !== 'watermark').length;
  const limit = new StreamingGlobalLimit(
    engine,
    storeForUrl(`${checkpointDir.replace(/\/+$/, '')}/state`),
    operatorId,
    n,
  );
  return async (batch, batchId, queryId) => {
    const remaining = await limit.remaining(batchId);
    const cut = batch.limit(remaining);
    const rows = remaining === 0 ? 0 : await cut.count();
    await limit.commit(batchId, rows);
    await fn(cut, batchId, queryId);
  };
}
