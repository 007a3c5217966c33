/**
 * Opens a streaming query's source with its stateful steps: finds the plan's withWatermark steps and
 * stateful operators (from the source up), refuses at start() what Spark's UnsupportedOperationChecker
 * refuses for them in the chosen output mode, and hands the loop the query's StatefulQuery.
 */
import { LakesqlError } from '../../errors/index.js';
import { storeForUrl } from '../../storage/store-for-url.js';
import { refuseStreamingOperation, sparkOutputModeName } from '../analysis/streaming-operation-error.js';
import { refuseAppendAggregation } from '../analysis/unsupported-operations.js';
import type { OutputMode } from '../execution/output-mode.js';
import type { OpenContext, StreamingRelation, StreamRunner } from '../sources/streaming-relation.js';
import { StatefulQuery } from '../state/stateful-query.js';
import { MULTIPLE_WATERMARK_POLICY, watermarkPolicyOf } from '../state/watermark-tracker.js';
import type { AggregateStep } from './aggregate-step.js';
import { DerivedStreamingRelation } from './derived-streaming-relation.js';
import type { WatermarkStep } from './watermark-step.js';

function refuse(feature: string): never {
  throw new LakesqlError('UNSUPPORTED_FEATURE', { feature });
}

/** The derived steps of a source's plan, from the source up. */
export function planSteps(source: StreamingRelation): DerivedStreamingRelation[] {
  const steps: DerivedStreamingRelation[] = [];
  for (let s: StreamingRelation = source; s instanceof DerivedStreamingRelation; s = s.upstream)
    steps.unshift(s);
  return steps;
}

/** How many streaming aggregations the plan keeps state for (unsupported-operations.ts counts them). */
export function statefulAggregations(source: StreamingRelation): number {
  return planSteps(source).filter((s) => s.step === 'aggregate').length;
}

/** Spark's checks of stateful operators against the output mode, run when the query starts. */
export function checkStatefulPlan(source: StreamingRelation, mode: OutputMode): void {
  const steps = planSteps(source);
  const aggregates = steps.filter((s) => s.step === 'aggregate') as AggregateStep[];
  if (aggregates.length > 1)
    refuseStreamingOperation(
      'Multiple streaming aggregations are not supported with streaming DataFrames/Datasets',
    );
  const last = aggregates[0];
  if (last && steps.indexOf(last) < steps.findLastIndex((s) => s.step !== 'watermark'))
    refuse(
      'a deduplication after a streaming aggregation (lakesql runs stateful operators before the aggregation only)',
    );
  if (mode === 'complete' && aggregates.length === 0)
    refuseStreamingOperation(
      'Complete output mode not supported when there are no streaming aggregations on streaming DataFrames/Datasets',
    );
  if (mode === 'append' && last && last.eventTimeKey() === undefined) refuseAppendAggregation();
  // Spark merges sessions across batches only for append and complete output (a session's row would be
  // updated under a changing key), UnsupportedOperationChecker's session-window rule.
  if (mode === 'update' && last?.hasSessionWindow())
    refuseStreamingOperation(
      `${sparkOutputModeName(mode)} output mode not supported for session window on streaming DataFrames/DataSets`,
    );
}

/**
 * Opens `source` for a query in `mode` whose checkpoint is `location` (a resolved path): the runner
 * drives the micro-batch loop with the query's stateful hooks when its plan has steps.
 */
export async function openStream(
  source: StreamingRelation,
  ctx: OpenContext,
  mode: OutputMode,
  location: string,
  conf: ReadonlyMap<string, string>,
): Promise<StreamRunner> {
  checkStatefulPlan(source, mode);
  const steps = planSteps(source);
  if (steps.length === 0) return source.open(ctx);
  const watermarks = steps.filter((s) => s.step === 'watermark') as WatermarkStep[];
  const operators = steps.filter((s) => s.step !== 'watermark');
  const query = new StatefulQuery(
    watermarks,
    operators,
    watermarkPolicyOf(conf.get(MULTIPLE_WATERMARK_POLICY)),
    mode,
    storeForUrl(`${location.replace(/\/+$/, '')}/state`),
    // Windows close and keys expire as the watermark moves, in every mode but complete.
    watermarks.length > 0 && operators.length > 0 && mode !== 'complete',
  );
  const runner = await source.open({ ...ctx, stateful: query });
  return (control, body) => runner({ ...control, stateful: query }, body);
}
