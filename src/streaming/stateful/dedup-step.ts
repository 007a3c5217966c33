/**
 * Streaming deduplication (Spark's StreamingDeduplicateExec and StreamingDeduplicateWithinWatermarkExec).
 * The state holds the keys already emitted. Each batch, in DuckDB: late rows are dropped (event time at
 * or below the batch's watermark, when the watermarked column is a key, or always for WithinWatermark);
 * the first row of each key in the batch is kept unless the state holds its key; the kept rows are
 * emitted and their keys join the state. Eviction: `dropDuplicates` with the event-time column among its
 * keys forgets keys whose event time is at or below the watermark (without one, the state only grows);
 * `dropDuplicatesWithinWatermark` keeps each key until its first event time plus the delay is at or below
 * the watermark.
 */
import { quoteIdentifier } from '../../engine/sql-text.js';
import { StreamingStateFiles } from '../../engine/streaming-state-files.js';
import { LakesqlError } from '../../errors/index.js';
import type { TempView } from '../../exec/relations/temp-view.js';
import { field, struct } from '../../types/data-types.js';
import { refuseStreamingOperation } from '../analysis/streaming-operation-error.js';
import type { OpenContext } from '../sources/streaming-relation.js';
import { dropScratchTables, materialize } from '../state/materialize.js';
import { type StatefulQuery, stateOperatorProgress } from '../state/stateful-query.js';
import { type BatchStep, DerivedStreamingRelation } from './derived-streaming-relation.js';
import { upstreamWatermarks } from './event-time-key.js';
import { inputStream, type StreamInput } from './stream-input.js';

const EXPIRES = '"__expires_ms"';
const ORDINAL = '__ord';

export class DedupStep extends DerivedStreamingRelation {
  readonly step: 'dedupe' | 'dedupeWithinWatermark';

  constructor(
    readonly input: StreamInput,
    private readonly subset: readonly string[] | undefined,
    withinWatermark: boolean,
  ) {
    super(inputStream(input));
    this.step = withinWatermark ? 'dedupeWithinWatermark' : 'dedupe';
  }

  protected async defaultView(): Promise<TempView> {
    return { kind: 'query', query: await this.input.query(), columnNames: null };
  }

  /** The positions of the key columns among the input's (every column when no subset was given). */
  private async keyPositions(names: readonly string[]): Promise<number[]> {
    if (this.subset === undefined || this.subset.length === 0) return names.map((_, i) => i);
    return this.subset.map((s) => {
      const i = names.findIndex((n) => n.toLowerCase() === s.toLowerCase());
      if (i < 0) {
        throw new LakesqlError('UNRESOLVED_COLUMN.WITH_SUGGESTION', {
          objectName: `\`${s}\``,
          proposal: names.map((n) => `\`${n}\``).join(', '),
        });
      }
      return i;
    });
  }

  protected async openStep(_ctx: OpenContext, q: StatefulQuery): Promise<BatchStep> {
    const sql = this.session.sqlSession;
    const engine = sql.engine;
    const plan = await sql.currentPlan(await this.input.query());
    const names = plan.output.map((a) => a.name);
    const columns = names.map((_, i) => `__c${i}`);
    const keys = await this.keyPositions(names);
    const watermarks = upstreamWatermarks(this.upstream);
    const within = this.step === 'dedupeWithinWatermark';
    if (within && watermarks.length === 0) {
      refuseStreamingOperation(
        'dropDuplicatesWithinWatermark is not supported on streaming DataFrames/DataSets without watermark',
      );
    }
    // The event-time column: for dropDuplicates a key that is watermarked, for WithinWatermark the
    // watermarked column itself.
    const timed = watermarks
      .map((w) => names.findIndex((n) => n.toLowerCase() === w.eventTime.toLowerCase()))
      .find((i) => i >= 0 && (within || keys.includes(i)));
    const delayMs = within
      ? (watermarks.find((w) => names[timed ?? -1]?.toLowerCase() === w.eventTime.toLowerCase())?.delayMs ??
        0)
      : 0;
    const timeMs = timed === undefined ? undefined : `epoch_ms(${quoteIdentifier(columns[timed]!)})`;
    const keyColumns = keys.map((i) => quoteIdentifier(columns[i]!));
    const stateColumns = within ? [...keyColumns, EXPIRES] : keyColumns;
    const schema = struct(plan.output.map((a) => field(a.name, a.type, a.nullable)));
    const files = new StreamingStateFiles(engine, q.stateStore, q.operatorId(this));
    const operatorId = q.operatorId(this);
    const tables = { batch: '', fresh: '', out: '' };
    return {
      before: async (batchId) => {
        const started = Date.now();
        const w = q.batchWatermarkMs;
        tables.batch = engine.uniqueName('lakesql_stream_dedup_batch');
        tables.fresh = engine.uniqueName('lakesql_stream_dedup_new');
        tables.out = engine.uniqueName('lakesql_stream_dedup_out');
        await materialize(
          engine,
          await sql.currentPlan(await this.input.query()),
          sql.semantics,
          tables.batch,
          columns,
          ORDINAL,
        );
        const batch = quoteIdentifier(tables.batch);
        const late = timeMs ? `${timeMs} <= ${w}` : 'false';
        const previous = await files.relation(batchId);
        const firstOfKey = `SELECT * FROM ${batch} WHERE NOT (${late}) QUALIFY row_number() OVER (PARTITION BY ${keyColumns.join(', ')} ORDER BY "${ORDINAL}") = 1`;
        const unseen = previous
          ? ` WHERE NOT EXISTS (SELECT 1 FROM ${previous} AS "s" WHERE ${keyColumns.map((k) => `"s".${k} IS NOT DISTINCT FROM "f".${k}`).join(' AND ')})`
          : '';
        const expires = within ? `, ${timeMs} + ${delayMs} AS ${EXPIRES}` : '';
        await engine.run(
          `CREATE TABLE ${quoteIdentifier(tables.fresh)} AS SELECT *${expires} FROM (${firstOfKey}) AS "f"${unseen}`,
        );
        const outItems = names.map((n, i) => `${quoteIdentifier(columns[i]!)} AS ${quoteIdentifier(n)}`);
        await engine.run(
          `CREATE TABLE ${quoteIdentifier(tables.out)} AS SELECT ${outItems.join(', ')} FROM ${quoteIdentifier(tables.fresh)} ORDER BY "${ORDINAL}"`,
        );
        const evict = within ? `${EXPIRES} <= ${w}` : late;
        const kept = stateColumns.join(', ');
        const before = previous ? `SELECT ${kept} FROM ${previous} UNION ALL ` : '';
        const [counts] = await engine.all(
          `SELECT (SELECT count(*) FROM ${batch} WHERE ${late})::BIGINT AS dropped, (SELECT count(*) FROM ${quoteIdentifier(tables.fresh)})::BIGINT AS fresh${previous ? `, (SELECT count(*) FROM ${previous} WHERE ${evict})::BIGINT AS removed` : ', 0::BIGINT AS removed'}`,
        );
        const committing = Date.now();
        const written = await files.write(
          batchId + 1,
          `SELECT * FROM (${before}SELECT ${kept} FROM ${quoteIdentifier(tables.fresh)}) AS "state" WHERE NOT (${evict})`,
        );
        this.bindView({ kind: 'engineSql', sql: `SELECT * FROM ${quoteIdentifier(tables.out)}`, schema });
        q.reportOperator(
          operatorId,
          stateOperatorProgress(this.step, {
            numRowsTotal: written.rows,
            numRowsUpdated: Number(counts!.fresh),
            numRowsRemoved: Number(counts!.removed),
            numRowsDroppedByWatermark: Number(counts!.dropped),
            allUpdatesTimeMs: committing - started,
            commitTimeMs: Date.now() - committing,
            memoryUsedBytes: written.bytes,
          }),
        );
      },
      after: () => dropScratchTables(engine, [tables.batch, tables.fresh, tables.out]),
    };
  }
}
