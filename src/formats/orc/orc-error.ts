/**
 * The error a malformed ORC file raises. Like hyparquet's, messages start with the format name and give the
 * numbers that disagree (`ORC: stream DATA of column 3 ends at 120 beyond the stripe's 96 bytes`), so a
 * corrupt file says what is wrong without a debugger. Callers that know the path add it (see orc-file.ts).
 */
export class OrcFormatError extends Error {
  constructor(message: string) {
    super(message.startsWith('ORC:') ? message : `ORC: ${message}`);
    this.name = 'OrcFormatError';
  }
}

/** Throws an OrcFormatError unless `condition` holds; the message is built only on failure. */
export function orcCheck(condition: boolean, message: () => string): asserts condition {
  if (!condition) throw new OrcFormatError(message());
}

/** Runs `f`, prefixing an OrcFormatError from it with the structure being decoded (`file: footer`). */
export function withContext<T>(what: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof OrcFormatError && !e.message.includes(what)) {
      throw new OrcFormatError(`ORC: ${what}: ${e.message.replace(/^ORC: /, '')}`);
    }
    throw e;
  }
}
