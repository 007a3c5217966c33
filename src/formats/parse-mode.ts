/**
 * Spark's ParseMode (catalyst/util/ParseMode.scala): what a reader does with a malformed record. An unknown
 * name falls back to PERMISSIVE, as Spark's ParseMode.fromString does (with a warning).
 */
export type ParseMode = 'PERMISSIVE' | 'DROPMALFORMED' | 'FAILFAST';

export function parseMode(name: string | undefined): ParseMode {
  switch (name?.toUpperCase()) {
    case 'DROPMALFORMED':
      return 'DROPMALFORMED';
    case 'FAILFAST':
      return 'FAILFAST';
    default:
      return 'PERMISSIVE';
  }
}
