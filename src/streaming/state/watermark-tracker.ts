/**
 * The event-time watermark of a query (Spark's WatermarkTracker): each withWatermark node reports the
 * largest event time of each batch; after the batch the watermark becomes, per node, that maximum minus
 * the node's delay, combined across nodes by spark.sql.streaming.multipleWatermarkPolicy (`min`, the
 * default, or `max`), and it never moves back. A batch runs with the watermark fixed when it was planned
 * (its offsets file's batchWatermarkMs), so a re-run after a crash sees the same one.
 */
import { LakesqlError } from '../../errors/index.js';

export type WatermarkPolicy = 'min' | 'max';

/** The conf key and its accepted values, as Spark's MultipleWatermarkPolicy. */
export const MULTIPLE_WATERMARK_POLICY = 'spark.sql.streaming.multipleWatermarkPolicy';

export function watermarkPolicyOf(value: string | undefined): WatermarkPolicy {
  const v = (value ?? 'min').toLowerCase();
  if (v === 'min' || v === 'max') return v;
  throw new LakesqlError('INVALID_CONF_VALUE.REQUIREMENT', {
    confValue: value ?? '',
    confName: `"${MULTIPLE_WATERMARK_POLICY}"`,
    requirement: "Could not recognize watermark policy; use 'min' or 'max'.",
  });
}

export class WatermarkTracker {
  #watermarkMs = 0;
  /** Per withWatermark node: its own watermark so far (max event time seen minus delay). */
  readonly #nodeWatermarks = new Map<number, number>();

  constructor(
    /** Each node's delay in ms, indexed by node. */
    private readonly delaysMs: readonly number[],
    private readonly policy: WatermarkPolicy = 'min',
  ) {}

  get watermarkMs(): number {
    return this.#watermarkMs;
  }

  /** After a restart: the last committed batch's nextBatchWatermarkMs. */
  restore(watermarkMs: number): void {
    this.#watermarkMs = Math.max(this.#watermarkMs, watermarkMs);
  }

  /** Node `node` saw event times up to `maxEventTimeMs` in the batch that just ran. */
  observe(node: number, maxEventTimeMs: number): void {
    const candidate = maxEventTimeMs - (this.delaysMs[node] ?? 0);
    const previous = this.#nodeWatermarks.get(node);
    if (previous === undefined || candidate > previous) this.#nodeWatermarks.set(node, candidate);
  }

  /**
   * Moves the watermark after a batch and returns it. Nodes that have seen no data yet take no part, as
   * in Spark (operatorToWatermarkMap keeps None for them, and the policy chooses among the others).
   */
  advance(): number {
    const values = [...this.#nodeWatermarks.values()];
    if (values.length === 0) return this.#watermarkMs;
    const chosen = this.policy === 'min' ? Math.min(...values) : Math.max(...values);
    if (chosen > this.#watermarkMs) this.#watermarkMs = chosen;
    return this.#watermarkMs;
  }
}
