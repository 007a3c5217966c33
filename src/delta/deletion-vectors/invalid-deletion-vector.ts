import { LakesqlError } from '../../errors/index.js';

/** The one error every malformed deletion vector becomes: DELTA_INVALID_DELETION_VECTOR with what was wrong. */
export function invalidDeletionVector(reason: string, cause?: unknown): LakesqlError {
  return new LakesqlError(
    'DELTA_INVALID_DELETION_VECTOR',
    { reason },
    cause === undefined ? undefined : { cause },
  );
}
