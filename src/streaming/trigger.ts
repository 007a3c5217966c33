/** Triggers of DataStreamWriter.trigger(): once, availableNow, or processingTime (not run yet). */
import { LakesqlError } from '../errors/index.js';

export type Trigger =
  | { readonly once: true }
  | { readonly availableNow: true }
  | { readonly processingTime: string | number };

export type RunnableTrigger = 'once' | 'availableNow';

export function runnableTrigger(trigger: Trigger): RunnableTrigger {
  if ('once' in trigger && trigger.once) return 'once';
  if ('availableNow' in trigger && trigger.availableNow) return 'availableNow';
  throw new LakesqlError('UNSUPPORTED_FEATURE', {
    feature: `trigger(${JSON.stringify(trigger)}): lakesql runs trigger({ once: true }) and trigger({ availableNow: true }) so far`,
  });
}
