/**
 * Triggers of DataStreamWriter.trigger(): once, availableNow, or processingTime (Spark's default is
 * processingTime 0: a batch as soon as the previous one ends and there is new data).
 */
import { parseIntervalMs } from '../../delta/calendar-interval.js';
import { LakesqlError } from '../../errors/index.js';

export type Trigger =
  | { readonly once: true }
  | { readonly availableNow: true }
  | { readonly processingTime: string | number };

export type RunnableTrigger =
  | { readonly kind: 'once' }
  | { readonly kind: 'availableNow' }
  /** A batch every `intervalMs` (at most one per interval), until the query is stopped. */
  | { readonly kind: 'processingTime'; readonly intervalMs: number };

export function runnableTrigger(trigger: Trigger): RunnableTrigger {
  if ('once' in trigger && trigger.once) return { kind: 'once' };
  if ('availableNow' in trigger && trigger.availableNow) return { kind: 'availableNow' };
  if ('processingTime' in trigger)
    return { kind: 'processingTime', intervalMs: intervalMs(trigger.processingTime) };
  throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: `trigger(${JSON.stringify(trigger)})` });
}

/** Trigger.ProcessingTime: milliseconds as a number, or an interval string (`'10 seconds'`). */
function intervalMs(spec: string | number): number {
  const ms = typeof spec === 'string' ? Math.floor(parseIntervalMs(spec)) : spec;
  if (!Number.isInteger(ms) || ms < 0) {
    throw new LakesqlError('INVALID_INTERVAL_FORMAT.UNRECOGNIZED_NUMBER', {
      input: String(spec),
      number: String(spec),
    });
  }
  return ms;
}
