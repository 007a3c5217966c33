/**
 * The stateful side of one running query: the event-time watermark (Spark's WatermarkTracker over the
 * plan's withWatermark steps), the watermark the running batch uses, and the reports of its stateful
 * operators. It is the micro-batch loop's StatefulBatchHooks: the loop fixes each batch's watermark in
 * the offsets file, hands the next one on in the commit file, and asks whether a batch without new data
 * should run because the watermark moved (so windows close without waiting for more input).
 */

import type { ObjectStore } from '../../storage/object-store.js';
import type { OutputMode } from '../execution/output-mode.js';
import type { StatefulBatchHooks, StateOperatorProgress, WatermarkPolicy } from '../index.js';
import { WatermarkTracker } from '../index.js';

/** A batch's event times as one withWatermark step saw them (epoch ms). */
export interface EventTimeStats {
  readonly count: number;
  readonly minMs: number;
  readonly maxMs: number;
  readonly sumMs: number;
}

export class StatefulQuery implements StatefulBatchHooks {
  readonly #tracker: WatermarkTracker;
  #batchWatermarkMs = 0;
  /** The watermark the last batch that ran (or the last committed one, after a restart) used. */
  #lastBatchWatermarkMs = 0;
  #eventTimes: EventTimeStats | undefined;
  readonly #reports = new Map<number, StateOperatorProgress>();

  constructor(
    /** The plan's withWatermark steps, from the source up (a step's index is its node number). */
    private readonly watermarks: readonly { readonly delayMs: number }[],
    /** The plan's stateful operators, from the source up (an operator's index is its operator id). */
    private readonly operators: readonly object[],
    policy: WatermarkPolicy,
    readonly outputMode: OutputMode,
    /** The checkpoint's `state/` folder (one sub-folder per operator id). */
    readonly stateStore: ObjectStore,
    /** True when some operator evicts state or emits rows as the watermark moves. */
    private readonly waitsOnWatermark: boolean,
  ) {
    this.#tracker = new WatermarkTracker(
      watermarks.map((w) => w.delayMs),
      policy,
    );
  }

  get hasWatermark(): boolean {
    return this.watermarks.length > 0;
  }

  watermarkNode(step: { readonly delayMs: number }): number {
    return this.watermarks.indexOf(step);
  }

  /** The operator's id: its folder under `state/`, and its place in the progress' stateOperators. */
  operatorId(operator: object): number {
    return this.operators.indexOf(operator);
  }

  /** The watermark of the running batch (epoch ms): late rows are at or below it, state below it goes. */
  get batchWatermarkMs(): number {
    return this.#batchWatermarkMs;
  }

  /** Step `node` of the plan saw these event times in the running batch. */
  observeEventTimes(node: number, stats: EventTimeStats): void {
    if (stats.count === 0) return;
    this.#tracker.observe(node, stats.maxMs);
    const seen = this.#eventTimes;
    this.#eventTimes = seen
      ? {
          count: seen.count + stats.count,
          minMs: Math.min(seen.minMs, stats.minMs),
          maxMs: Math.max(seen.maxMs, stats.maxMs),
          sumMs: seen.sumMs + stats.sumMs,
        }
      : stats;
  }

  /** Operator `operatorId` reports its state store's figures for the running batch. */
  reportOperator(operatorId: number, progress: StateOperatorProgress): void {
    this.#reports.set(operatorId, progress);
  }

  restore(batchWatermarkMs: number, nextWatermarkMs: number): void {
    this.#lastBatchWatermarkMs = batchWatermarkMs;
    this.#tracker.restore(nextWatermarkMs);
  }

  plannedWatermarkMs(): number {
    return this.#tracker.watermarkMs;
  }

  beginBatch(batchWatermarkMs: number): void {
    this.#batchWatermarkMs = batchWatermarkMs;
    this.#eventTimes = undefined;
    this.#reports.clear();
  }

  endBatch(): number {
    this.#lastBatchWatermarkMs = this.#batchWatermarkMs;
    return this.#tracker.advance();
  }

  wantsNoDataBatch(): boolean {
    return this.waitsOnWatermark && this.#tracker.watermarkMs > this.#lastBatchWatermarkMs;
  }

  report(): { stateOperators: StateOperatorProgress[]; eventTime?: Record<string, string> } {
    const stateOperators = [...this.#reports.entries()].sort(([a], [b]) => a - b).map(([, p]) => p);
    if (!this.hasWatermark) return { stateOperators };
    const iso = (ms: number) => new Date(ms).toISOString();
    const e = this.#eventTimes;
    // Spark's eventTime: avg/max/min of the batch's event times (when it had any), then the watermark.
    const eventTime: Record<string, string> = e
      ? { avg: iso(Math.round(e.sumMs / e.count)), max: iso(e.maxMs), min: iso(e.minMs) }
      : {};
    eventTime.watermark = iso(this.#batchWatermarkMs);
    return { stateOperators, eventTime };
  }
}

/** A state store report with Spark's fields; lakesql keeps one state file per version, in one partition. */
export function stateOperatorProgress(
  operatorName: string,
  figures: {
    numRowsTotal: number;
    numRowsUpdated: number;
    numRowsRemoved: number;
    numRowsDroppedByWatermark: number;
    allUpdatesTimeMs: number;
    commitTimeMs: number;
    memoryUsedBytes: number;
  },
): StateOperatorProgress {
  return {
    operatorName,
    numRowsTotal: figures.numRowsTotal,
    numRowsUpdated: figures.numRowsUpdated,
    allUpdatesTimeMs: figures.allUpdatesTimeMs,
    numRowsRemoved: figures.numRowsRemoved,
    allRemovalsTimeMs: 0,
    commitTimeMs: figures.commitTimeMs,
    memoryUsedBytes: figures.memoryUsedBytes,
    numRowsDroppedByWatermark: figures.numRowsDroppedByWatermark,
    numShufflePartitions: 1,
    numStateStoreInstances: 1,
    customMetrics: {},
  };
}
