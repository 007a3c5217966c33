/** A streaming query's output mode (Spark's OutputMode): which rows of the result each batch emits. */
import { LakesqlError } from '../../errors/index.js';

export type OutputMode = 'append' | 'update' | 'complete';

/** Spark's OutputMode names (InternalOutputModes.apply), case-insensitive; anything else is refused. */
export function outputModeOf(mode: string): OutputMode {
  const m = mode.toLowerCase();
  if (m === 'append' || m === 'update' || m === 'complete') return m;
  throw new LakesqlError('STREAMING_OUTPUT_MODE.INVALID', { outputMode: mode });
}
