/**
 * How Spark's UnsupportedOperationChecker refuses a streaming plan at start(): an AnalysisException of
 * class `_LEGACY_ERROR_TEMP_3102` whose `msg` is the checker's sentence, with the output mode printed as
 * InternalOutputModes names it (`Append`, `Update`, `Complete`).
 */
import { LakesqlError } from '../../errors/index.js';
import type { OutputMode } from '../execution/output-mode.js';

/** Spark's UnsupportedOperationChecker.throwError: its sentence, under its legacy error class. */
export function refuseStreamingOperation(msg: string): never {
  throw new LakesqlError('_LEGACY_ERROR_TEMP_3102', { msg });
}

/** The output mode as Spark's InternalOutputModes print it in the checker's sentences. */
export function sparkOutputModeName(mode: OutputMode): string {
  return mode.charAt(0).toUpperCase() + mode.slice(1);
}
