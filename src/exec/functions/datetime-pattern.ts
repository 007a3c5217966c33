/**
 * DuckDB SQL around the datetime-pattern UDFs (engine/udfs/register-datetime-udfs.ts), which implement Spark's
 * patterns (sql-ref-datetime-pattern.html) in full. The session time zone (spark.sql.session.timeZone) is
 * compiled in as a string argument, so the UDFs never depend on DuckDB's own TimeZone setting.
 */
import type { SessionSemantics } from '../../plan/functions/function-signature.js';
import { raise, str } from './compiler-kit.js';

/** Spark's default pattern for from_unixtime and unix_timestamp (TimestampFormatter.defaultPattern). */
export const DEFAULT_TIMESTAMP_PATTERN = 'yyyy-MM-dd HH:mm:ss';

export type ParseTarget = 'timestamp' | 'timestamp_ntz' | 'date' | 'unix_seconds';

/** `micros` (epoch microseconds, BIGINT SQL) formatted with `pattern` in the session zone. */
export function formatSql(micros: string, pattern: string, semantics: SessionSemantics): string {
  return `spark_date_format(${micros}, ${pattern}, ${str(semantics.timeZone)})`;
}

/**
 * `text` parsed with `pattern` into the target's value: TIMESTAMPTZ, TIMESTAMP, DATE or BIGINT seconds.
 * Unparsable text raises CANNOT_PARSE_TIMESTAMP naming `tryFunction` when `failOnError` (ANSI), else NULL.
 */
export function parseSql(
  text: string,
  pattern: string,
  target: ParseTarget,
  semantics: SessionSemantics,
  failOnError: boolean,
  tryFunction: string,
): string {
  const args = `${text}, ${pattern}, ${str(semantics.timeZone)}, ${str(target)}`;
  const parsed = `spark_parse_datetime(${args})`;
  const value = failOnError
    ? `CASE WHEN ${text} IS NULL OR ${pattern} IS NULL THEN NULL ELSE coalesce(${parsed}, ${raise('CANNOT_PARSE_TIMESTAMP', { message: `spark_parse_datetime_error(${args})`, func: str(`"${tryFunction}"`) })}) END`
    : parsed;
  switch (target) {
    case 'timestamp':
      return `make_timestamptz(${value})`;
    case 'timestamp_ntz':
      return `make_timestamp(${value})`;
    case 'date':
      return `CAST(DATE '1970-01-01' + CAST(${value} AS INTEGER) AS DATE)`;
    case 'unix_seconds':
      return value;
  }
}
