/**
 * withWatermark(eventTime, delay) on a stream (Spark's EventTimeWatermark): the rows pass unchanged; each
 * batch, the step measures the event times it saw (min, max, average) for the query's watermark, which
 * stateful operators downstream use to drop late rows and evict old state. On a batch DataFrame Spark
 * ignores the call, and so does lakesql.
 */
import { parseIntervalMs } from '../../delta/calendar-interval.js';
import { LakesqlError } from '../../errors/index.js';
import type { TempView } from '../../exec/relations/temp-view.js';
import { parseStatement } from '../../sql/index.js';
import { quoteIdentifier as sparkIdentifier } from '../../sql/printer/quoting.js';
import { sqlTypeName } from '../../types/data-types.js';
import type { Value } from '../../types/value.js';
import type { OpenContext } from '../sources/streaming-relation.js';
import type { StatefulQuery } from '../state/stateful-query.js';
import { type BatchStep, DerivedStreamingRelation } from './derived-streaming-relation.js';
import { inputStream, type StreamInput } from './stream-input.js';

const TIMESTAMP_TYPES = new Set(['timestamp', 'timestamp_ntz']);

export class WatermarkStep extends DerivedStreamingRelation {
  readonly step = 'watermark' as const;
  readonly delayMs: number;

  constructor(
    readonly input: StreamInput,
    readonly eventTime: string,
    readonly delayThreshold: string,
  ) {
    super(inputStream(input));
    this.delayMs = parseIntervalMs(delayThreshold);
    if (this.delayMs < 0) throw new LakesqlError('STREAMING_WATERMARK_DELAY_NEGATIVE', { delayThreshold });
  }

  protected async defaultView(): Promise<TempView> {
    return { kind: 'query', query: await this.input.query(), columnNames: null };
  }

  protected async openStep(_ctx: OpenContext, query: StatefulQuery): Promise<BatchStep> {
    await this.checkEventTimeType();
    const node = query.watermarkNode(this);
    const c = `unix_millis(${sparkIdentifier(this.eventTime)})`;
    const stats = parseStatement(
      `SELECT count(${c}) AS n, min(${c}) AS lo, max(${c}) AS hi, avg(${c}) AS mean FROM ${sparkIdentifier(this.viewName)}`,
    );
    if (stats.kind !== 'queryStatement')
      throw new Error('withWatermark: the event-time statistics are a query');
    const statsQuery = stats.query;
    return {
      before: async () => {
        const [[n, lo, hi, mean]] = (await this.session.sqlSession.runQuery(statsQuery)).rows as [Value[]];
        const count = Number(n);
        if (count === 0) return;
        query.observeEventTimes(node, {
          count,
          minMs: Number(lo),
          maxMs: Number(hi),
          sumMs: Number(mean) * count,
        });
      },
      after: async () => {},
    };
  }

  private async checkEventTimeType(): Promise<void> {
    const columns = (await this.session.sqlSession.currentPlan(await this.input.query())).output;
    const wanted = this.eventTime.toLowerCase();
    const field = columns.find((f) => f.name.toLowerCase() === wanted);
    if (field === undefined) {
      throw new LakesqlError('UNRESOLVED_COLUMN.WITH_SUGGESTION', {
        objectName: `\`${this.eventTime}\``,
        proposal: columns.map((f) => `\`${f.name}\``).join(', '),
      });
    }
    const t = field.type;
    if (!(t.kind === 'primitive' && TIMESTAMP_TYPES.has(t.name))) {
      throw new LakesqlError('EVENT_TIME_IS_NOT_ON_TIMESTAMP_TYPE', {
        eventName: `\`${this.eventTime}\``,
        eventType: `"${sqlTypeName(t).toUpperCase()}"`,
      });
    }
  }
}
