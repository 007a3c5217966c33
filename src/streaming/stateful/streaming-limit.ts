/**
 * A limit on a streaming query in append mode (Spark's StreamingGlobalLimitExec): the query emits at most
 * `limit` rows over its whole life. The rows let through so far are the operator's state, one count per
 * version in the checkpoint's `state/<operatorId>/0/` (the state files the other stateful operators keep),
 * so a batch re-run after a crash reads the count its first run read and lets through the same rows. In
 * complete mode each result is whole and the limit applies to it as in a batch query; update mode is
 * refused at start (analysis/unsupported-operations.ts).
 */
import type { EngineSession } from '../../engine/engine-session.js';
import { StreamingStateFiles } from '../../engine/streaming-state-files.js';
import type { Query } from '../../sql/ast/query.js';
import type { ObjectStore } from '../../storage/object-store.js';

/** The query's own LIMIT n when it is a non-negative integer literal (the limit a stream can keep). */
export function topLevelLimit(q: Query): number | undefined {
  const e = q.limit;
  if (e === null || e.kind !== 'literal' || q.offset !== null) return undefined;
  const v = e.value;
  if (v.type !== 'int' && v.type !== 'bigint' && v.type !== 'smallint' && v.type !== 'tinyint')
    return undefined;
  const n = Number(v.value);
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

export class StreamingGlobalLimit {
  readonly #files: StreamingStateFiles;

  constructor(
    private readonly engine: EngineSession,
    /** The checkpoint's `state/` folder. */
    stateStore: ObjectStore,
    /** The limit's folder under `state/`: after the plan's other stateful operators. */
    operatorId: number,
    readonly limit: number,
  ) {
    this.#files = new StreamingStateFiles(engine, stateStore, operatorId);
  }

  /** The rows let through before batch `batchId` (state version `batchId`). */
  async emittedBefore(batchId: number): Promise<number> {
    const state = await this.#files.relation(batchId);
    if (state === undefined) return 0;
    const [row] = await this.engine.all(`SELECT "rowCount" FROM ${state}`);
    return Number(row?.rowCount ?? 0);
  }

  /** How many rows batch `batchId` may let through. */
  async remaining(batchId: number): Promise<number> {
    return Math.max(0, this.limit - (await this.emittedBefore(batchId)));
  }

  /** Batch `batchId` let `rows` through: state version `batchId + 1` holds the new total. */
  async commit(batchId: number, rows: number): Promise<void> {
    const total = (await this.emittedBefore(batchId)) + rows;
    await this.#files.write(batchId + 1, `SELECT ${total}::BIGINT AS "rowCount"`);
  }
}
