/**
 * The DuckDB TimeZone setting for a Spark session zone id (DateTimeUtils.getZoneId forms: region ids, short
 * ids, `+08:00`, `GMT+1`, `UTC-07:30`). DuckDB's ICU knows region ids but not offset ids, so a whole-hour
 * offset becomes its `Etc/GMT∓h` zone (POSIX sign: Etc/GMT-8 is UTC+08:00). An offset ICU has no zone for
 * (minutes or seconds, or beyond Etc's -12..+14 hours) leaves DuckDB at UTC: lakesql's own datetime SQL
 * takes the session zone from the semantics (exec/functions/zone-sql.ts), not from DuckDB's setting.
 * Throws a RangeError for an id java.time would refuse.
 */
import { zoneRulesOf } from './udfs/zone-rules.js';

export function duckdbTimeZone(sparkZoneId: string): string {
  const rules = zoneRulesOf(sparkZoneId.trim());
  if (rules.kind === 'region') return rules.id;
  const seconds = rules.offsetSeconds;
  if (seconds === 0 || seconds % 3600 !== 0) return 'UTC';
  const hours = seconds / 3600;
  if (hours > 14 || hours < -12) return 'UTC';
  return hours > 0 ? `Etc/GMT-${hours}` : `Etc/GMT+${-hours}`;
}
