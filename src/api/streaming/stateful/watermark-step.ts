/**
 * withWatermark(eventTime, delay) on a stream (Spark's EventTimeWatermark): the rows pass unchanged; each
 * batch, the step measures the event times it saw (min, max, average) for the query's watermark, which
 * stateful operators downstream use to drop late rows and evict old state. On a batch DataFrame Spark
 * ignores the call, and so does lakesql.
 */
import { parseIntervalMs } from '../../../delta/calendar-interval.js';
import { LakesqlError } from '../../../errors/index.js';
import type { TempView } from '../../../exec/relations/temp-view.js';
import { quoteIdentifier as sparkIdentifier } from '../../../sql/printer/quoting.js';
import type { StatefulQuery } from '../../../streaming/state/stateful-query.js';
import type { DataFrame } from '../../dataframe/dataframe.js';
import type { OpenContext } from '../streaming-relation.js';
import { type BatchStep, DerivedStreamingRelation } from './derived-streaming-relation.js';

const TIMESTAMP_TYPES = new Set(['timestamp', 'timestamp_ntz']);

export class WatermarkStep extends DerivedStreamingRelation {
  readonly step = 'watermark' as const;
  readonly delayMs: number;

  constructor(
    private readonly input: DataFrame,
    readonly eventTime: string,
    readonly delayThreshold: string,
  ) {
    super(input.sparkSession, input.streamSource!);
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
    const statsSql = `SELECT count(${c}) AS n, min(${c}) AS lo, max(${c}) AS hi, avg(${c}) AS mean FROM ${sparkIdentifier(this.viewName)}`;
    return {
      before: async () => {
        const [row] = await (await this.session.sql(statsSql)).collect();
        const count = Number(row!.n);
        if (count === 0) return;
        query.observeEventTimes(node, {
          count,
          minMs: Number(row!.lo),
          maxMs: Number(row!.hi),
          sumMs: Number(row!.mean) * count,
        });
      },
      after: async () => {},
    };
  }

  private async checkEventTimeType(): Promise<void> {
    const schema = await this.input.schema();
    const wanted = this.eventTime.toLowerCase();
    const field = schema.fields.find((f) => f.name.toLowerCase() === wanted);
    if (field === undefined) {
      throw new LakesqlError('UNRESOLVED_COLUMN.WITH_SUGGESTION', {
        objectName: `\`${this.eventTime}\``,
        proposal: schema.fields.map((f) => `\`${f.name}\``).join(', '),
      });
    }
    const t = field.dataType.type;
    if (!(t.kind === 'primitive' && TIMESTAMP_TYPES.has(t.name))) {
      throw new LakesqlError('EVENT_TIME_IS_NOT_ON_TIMESTAMP_TYPE', {
        eventName: `\`${this.eventTime}\``,
        eventType: `"${field.dataType.simpleString().toUpperCase()}"`,
      });
    }
  }
}
