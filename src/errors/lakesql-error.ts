import { ERROR_CLASSES, type ErrorClass } from './error-classes.js';

export type MessageParameters = Readonly<Record<string, string | number | bigint | boolean>>;

/**
 * Every error a user sees: Spark's error class, its SQLSTATE, and the parameters that filled the message.
 * Bugs stay plain `Error`s; this class is for conditions we expect and name.
 */
export class LakesqlError extends Error {
  readonly errorClass: ErrorClass;
  readonly sqlState: string;
  readonly messageParameters: MessageParameters;

  constructor(
    errorClass: ErrorClass,
    messageParameters: MessageParameters = {},
    options?: { cause?: unknown },
  ) {
    const def = ERROR_CLASSES[errorClass];
    super(
      `[${errorClass}] ${formatMessage(def.message, messageParameters)} SQLSTATE: ${def.sqlState}`,
      options,
    );
    this.name = 'LakesqlError';
    this.errorClass = errorClass;
    this.sqlState = def.sqlState;
    this.messageParameters = messageParameters;
  }
}

function formatMessage(template: string, params: MessageParameters): string {
  return template.replace(/<([A-Za-z_]+)>/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

export function isLakesqlError(e: unknown, errorClass?: ErrorClass): e is LakesqlError {
  return e instanceof LakesqlError && (errorClass === undefined || e.errorClass === errorClass);
}

/** Where an INTERNAL_ERROR's message shows the DuckDB SQL that failed, and the user's statement. */
export const GENERATED_SQL_HEADING = '\n== Generated SQL ==\n';
const STATEMENT_HEADING = '\n== Statement ==\n';

/**
 * An INTERNAL_ERROR (a lakesql bug) with the user's statement added to its message, ahead of the generated
 * SQL, for the bug report; any other error is returned as it is.
 */
export function withStatement(e: unknown, statement: string): unknown {
  if (!isLakesqlError(e, 'INTERNAL_ERROR')) return e;
  const message = String(e.messageParameters.message ?? '');
  if (message.includes(STATEMENT_HEADING)) return e;
  const at = message.indexOf(GENERATED_SQL_HEADING);
  const [head, tail] = at < 0 ? [message, ''] : [message.slice(0, at), message.slice(at)];
  return new LakesqlError(
    'INTERNAL_ERROR',
    { ...e.messageParameters, message: `${head}${STATEMENT_HEADING}${statement.trim()}${tail}` },
    { cause: e.cause ?? e },
  );
}
