/**
 * Time-zone conversions for a zone that is not a constant (from_utc_timestamp(ts, zone_column) & co), with
 * java.time's rules as Spark's DateTimeUtils.convertTz applies them (zone-rules.ts). A constant zone compiles
 * to DuckDB's own timezone() instead (exec/functions/zone-sql.ts).
 *
 *   spark_local_of_instant(micros BIGINT, zone VARCHAR) -> BIGINT: the local date-time in the zone, as micros
 *   spark_instant_of_local(localMicros BIGINT, zone VARCHAR) -> BIGINT: ZonedDateTime.of(local, zone)'s instant
 *
 * An invalid zone raises INVALID_TIMEZONE.
 */
import { BIGINT, type DuckDBConnection, VARCHAR } from '@duckdb/node-api';
import { LakesqlError } from '../../errors/index.js';
import { rowFunction } from './register-datetime-udfs.js';
import { instantOfLocal, offsetAt, type ZoneRules, zoneRulesOf } from './zone-rules.js';

const MICROS = 1_000_000n;

function rules(zone: string): ZoneRules {
  try {
    return zoneRulesOf(zone);
  } catch {
    throw new LakesqlError('INVALID_TIMEZONE', { timeZone: zone });
  }
}

const floorDiv = (a: bigint, b: bigint): bigint => {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
};

export function localOfInstant(micros: bigint, zone: string): bigint {
  const seconds = Number(floorDiv(micros, MICROS));
  return micros + BigInt(offsetAt(rules(zone), seconds)) * MICROS;
}

export function instantOfLocalMicros(localMicros: bigint, zone: string): bigint {
  const seconds = floorDiv(localMicros, MICROS);
  const fraction = localMicros - seconds * MICROS;
  return BigInt(instantOfLocal(rules(zone), Number(seconds))) * MICROS + fraction;
}

export function registerZoneUdfs(connection: DuckDBConnection): void {
  connection.registerScalarFunction(
    rowFunction('spark_local_of_instant', [BIGINT, VARCHAR], BIGINT, ([m, z]) =>
      m == null || z == null ? null : localOfInstant(m as bigint, z as string),
    ),
  );
  connection.registerScalarFunction(
    rowFunction('spark_instant_of_local', [BIGINT, VARCHAR], BIGINT, ([m, z]) =>
      m == null || z == null ? null : instantOfLocalMicros(m as bigint, z as string),
    ),
  );
}
