/** Errors of the ORC writer: a value that does not fit its column's type, or a bad option. */
import { OrcFormatError } from '../orc-error.js';

export function writerError(message: string): OrcFormatError {
  return new OrcFormatError(`ORC writer: ${message}`);
}
