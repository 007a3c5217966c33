/**
 * A stream source that is a step over another one: withWatermark, a streaming deduplication or a
 * streaming aggregation. Like a source it owns a temp view that DataFrames over it read. Between batches
 * the view holds its default query (the step's batch form over the upstream view, so analysis sees the
 * right schema); while a batch runs, the step first does its work on that batch (observing event times,
 * merging state) and then points the view at its result, so everything downstream reads that.
 */
import type { TempView } from '../../exec/relations/temp-view.js';
import { type OpenContext, StreamingRelation, type StreamRunner } from '../sources/streaming-relation.js';
import type { StatefulQuery } from '../state/stateful-query.js';
import type { StreamInput } from './stream-input.js';

/** What a step does around each batch, once its query has started. */
export interface BatchStep {
  /** Runs after the upstream view holds the batch, before anything downstream reads this view. */
  before(batchId: number): Promise<void>;
  /** The batch is over: scratch tables are dropped and the view gets its default query back. */
  after(): Promise<void>;
}

/** The kinds of step, as Spark's progress names stateful operators where it does. */
export type StepKind = 'watermark' | 'aggregate' | 'dedupe' | 'dedupeWithinWatermark';

export abstract class DerivedStreamingRelation extends StreamingRelation {
  #defaultView: TempView | undefined;
  abstract readonly step: StepKind;
  /** The streaming DataFrame the step was called on (its query is checked at start like the final one). */
  abstract readonly input: StreamInput;

  /** A step runs in the session of the stream it is over. */
  constructor(readonly upstream: StreamingRelation) {
    super(upstream.session);
  }

  /** The view's query between batches (the step's batch form over the upstream). */
  protected abstract defaultView(): Promise<TempView>;

  /** Prepares the step for a query that starts now. */
  protected abstract openStep(ctx: OpenContext, query: StatefulQuery): Promise<BatchStep>;

  async ready(): Promise<void> {
    if (this.#defaultView !== undefined) return;
    await this.upstream.ready();
    this.#defaultView = await this.defaultView();
    this.bindView(this.#defaultView);
  }

  async open(ctx: OpenContext): Promise<StreamRunner> {
    const query = ctx.stateful;
    if (query === undefined) throw new Error('stateful stream step opened without its query state');
    await this.ready();
    const upstream = await this.upstream.open(ctx);
    const step = await this.openStep(ctx, query);
    return (control, body) =>
      upstream(control, async (batchId) => {
        try {
          await step.before(batchId);
          return await body(batchId);
        } finally {
          await step.after();
          if (this.#defaultView) this.bindView(this.#defaultView);
        }
      });
  }

  protected bindView(view: TempView): void {
    this.session.sqlSession.catalog.createTempView([this.viewName], view, true);
  }
}
