/**
 * A streaming aggregation: `groupBy(keys…).agg(…)` on a stream, including `window(time, size[, slide])`
 * keys (Spark's StateStoreRestore/StateStoreSave pair), and `session_window(time, gap)` keys, whose sessions
 * merge across batches (session-windows.ts). Each batch, in DuckDB:
 * 1. the batch's partial aggregates per key are computed by lakesql's own compiler (aggregate-parts.ts);
 * 2. with a watermark on an event-time key (the column, or a window over it) and in append or update
 *    mode, keys at or below the batch's watermark are late and dropped (numRowsDroppedByWatermark counts
 *    them, after partial aggregation, as Spark does);
 * 3. the partials are merged with the previous state version by key (UNION ALL and GROUP BY);
 * 4. the output mode picks the rows emitted: complete all keys, update the keys this batch touched,
 *    append the keys the watermark closes; in append and update mode keys at or below the watermark leave
 *    the state, which is written as the next version (state-files.ts).
 */
import { quoteIdentifier } from '../../engine/sql-text.js';
import { StreamingStateFiles } from '../../engine/streaming-state-files.js';
import type { TempView } from '../../exec/relations/temp-view.js';
import type { Expression } from '../../sql/ast/expressions.js';
import { selectOver } from '../../sql/ast/frame.js';
import { aliased, query } from '../../sql/ast/node-builders.js';
import type { Query } from '../../sql/ast/query.js';
import { field, struct } from '../../types/data-types.js';
import type { OpenContext } from '../sources/streaming-relation.js';
import { dropScratchTables, materialize } from '../state/materialize.js';
import { type StatefulQuery, stateOperatorProgress } from '../state/stateful-query.js';
import { aggregateParts } from './aggregate-parts.js';
import { type AggregateShape, mergeSql, outputSql } from './aggregate-state-sql.js';
import { type BatchStep, DerivedStreamingRelation } from './derived-streaming-relation.js';
import { type EventTimeKey, eventTimeKey, upstreamWatermarkColumns } from './event-time-key.js';
import { rowSessionPartials, sessionKeyIndex, sessionMergeSql } from './session-windows.js';
import { inputStream, type StreamInput } from './stream-input.js';

export class AggregateStep extends DerivedStreamingRelation {
  readonly step = 'aggregate' as const;
  #aggregates: Promise<readonly Expression[]> | undefined;

  constructor(
    readonly input: StreamInput,
    private readonly keys: readonly Expression[],
    private readonly aggregateList: () => Promise<readonly Expression[]>,
  ) {
    super(inputStream(input));
  }

  /** True when a grouping key is a session_window(): Spark runs that in append and complete mode only. */
  hasSessionWindow(): boolean {
    return sessionKeyIndex(this.keys) >= 0;
  }

  private aggregates(): Promise<readonly Expression[]> {
    this.#aggregates ??= this.aggregateList();
    return this.#aggregates;
  }

  /** `SELECT keys…, items… FROM input GROUP BY keys` (GroupedData's query, over the stream's input). */
  private async grouped(items: readonly Expression[]): Promise<Query> {
    const select = selectOver(await this.input.frame(), this.input.qualifier, items);
    const keys = this.keys.map((k) => (k.kind === 'alias' ? k.expr : k));
    return query({
      ...select,
      groupBy:
        keys.length === 0
          ? null
          : { all: false, with: null, elements: keys.map((expr) => ({ kind: 'expression', expr })) },
    });
  }

  protected async defaultView(): Promise<TempView> {
    const q = await this.grouped([...this.keys, ...(await this.aggregates())]);
    return { kind: 'query', query: q, columnNames: null };
  }

  /** The event-time key the watermark applies to, if the keys hold one (Spark's watermark predicate). */
  eventTimeKey(): EventTimeKey | undefined {
    return eventTimeKey(this.keys, upstreamWatermarkColumns(this.upstream));
  }

  protected async openStep(_ctx: OpenContext, q: StatefulQuery): Promise<BatchStep> {
    const sql = this.session.sqlSession;
    const engine = sql.engine;
    const aggregates = await this.aggregates();
    const parts = aggregates.map((a, i) => aggregateParts(a, i));
    const output = (await sql.currentPlan(await this.grouped([...this.keys, ...aggregates]))).output;
    const keyNames = this.keys.map((_, i) => `__k${i}`);
    const partials = parts.flatMap((p) => p.columns.map((c) => c.partial));
    const sessionIndex = sessionKeyIndex(this.keys);
    const partialQuery =
      sessionIndex < 0
        ? await this.grouped([...this.keys.map((k, i) => aliased(k, keyNames[i]!)), ...partials])
        : rowSessionPartials(
            await this.input.frame(),
            this.input.qualifier,
            this.keys,
            sessionIndex,
            keyNames,
            partials,
          );
    const partialNames = [...keyNames, ...parts.flatMap((p) => p.columns.map((c) => c.column))];
    const time = q.outputMode === 'complete' ? undefined : this.eventTimeKey();
    const timeMs = time && `epoch_ms(${quoteIdentifier(keyNames[time.index]!)}${time.field ? '."end"' : ''})`;
    const outputTypes = output.map((a) => a.type);
    const shape: AggregateShape = { keyNames, parts, outputTypes, outputNames: output.map((a) => a.name) };
    const schema = struct(output.map((a) => field(a.name, a.type, a.nullable)));
    const files = new StreamingStateFiles(engine, q.stateStore, q.operatorId(this));
    const operatorId = q.operatorId(this);
    const tables = { batch: '', merged: '', out: '' };
    return {
      before: async (batchId) => {
        const started = Date.now();
        tables.batch = engine.uniqueName('lakesql_stream_agg_batch');
        tables.merged = engine.uniqueName('lakesql_stream_agg_state');
        tables.out = engine.uniqueName('lakesql_stream_agg_out');
        await materialize(
          engine,
          await sql.currentPlan(partialQuery),
          sql.semantics,
          tables.batch,
          partialNames,
        );
        const late = timeMs ? `${timeMs} <= ${q.batchWatermarkMs}` : 'false';
        const [dropped] = await engine.all(
          `SELECT count(*)::BIGINT AS n FROM ${quoteIdentifier(tables.batch)} WHERE ${late}`,
        );
        const previous = await files.relation(batchId);
        await engine.run(
          sessionIndex < 0
            ? mergeSql(shape, tables, previous, late)
            : sessionMergeSql(shape, tables, previous, late, sessionIndex),
        );
        const emit = q.outputMode === 'complete' ? 'true' : q.outputMode === 'update' ? '"__updated"' : late;
        await engine.run(outputSql(shape, tables, emit));
        const [counts] = await engine.all(
          `SELECT count(*) FILTER (WHERE "__updated")::BIGINT AS updated, count(*) FILTER (WHERE ${late})::BIGINT AS removed FROM ${quoteIdentifier(tables.merged)}`,
        );
        const committing = Date.now();
        const written = await files.write(
          batchId + 1,
          `SELECT * EXCLUDE ("__updated") FROM ${quoteIdentifier(tables.merged)} WHERE NOT (${late})`,
        );
        this.bindView({ kind: 'engineSql', sql: `SELECT * FROM ${quoteIdentifier(tables.out)}`, schema });
        q.reportOperator(
          operatorId,
          stateOperatorProgress('stateStoreSave', {
            numRowsTotal: written.rows,
            numRowsUpdated: Number(counts!.updated),
            numRowsRemoved: Number(counts!.removed),
            numRowsDroppedByWatermark: Number(dropped!.n),
            allUpdatesTimeMs: committing - started,
            commitTimeMs: Date.now() - committing,
            memoryUsedBytes: written.bytes,
          }),
        );
      },
      after: () => dropScratchTables(engine, [tables.batch, tables.merged, tables.out]),
    };
  }
}
