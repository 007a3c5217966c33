/**
 * Warnings of the Delta layer: conditions a reader or writer recovers from on its own, which the user should
 * still hear about (delta-spark logs them with logWarning). A checkpoint that cannot be read is skipped for
 * an older one or for the JSON commits; a checkpoint that cannot be written after a successful commit
 * leaves the commit standing. Neither is an error: the table is whole without the checkpoint.
 */
import type { ParquetHandler } from './parquet-handler.js';

export type DeltaWarningCode =
  /** A checkpoint (or its `_last_checkpoint` hint) failed to read and was passed over. */
  | 'DELTA_CHECKPOINT_UNREADABLE'
  /** The post-commit checkpoint failed; the commit itself succeeded. */
  | 'DELTA_CHECKPOINT_WRITE_FAILED';

export interface DeltaWarning {
  readonly code: DeltaWarningCode;
  readonly message: string;
  /** The log file the warning is about, as a key of the table's store. */
  readonly path: string;
  readonly cause?: unknown;
}

/**
 * Hands `warning` to the ParquetHandler's `onWarning` (a session's sink), else to Node's process warnings,
 * which print on stderr as Spark's log warnings do.
 */
export function emitDeltaWarning(parquet: ParquetHandler, warning: DeltaWarning): void {
  if (parquet.onWarning) {
    parquet.onWarning(warning);
    return;
  }
  const detail = warning.cause instanceof Error ? `: ${warning.cause.message}` : '';
  process.emitWarning(`${warning.message}${detail}`, { type: 'DeltaWarning', code: warning.code });
}
