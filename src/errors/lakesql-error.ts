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
