/**
 * DuckDB SQL for Spark's time-zone conversions (DateTimeUtils.convertTz and convertTimestampNtzToAnotherTz):
 * each is a local date-time read in one zone and shown in another (zone-sql.ts).
 */
import { compilers } from './compiler-kit.js';
import type { FunctionCompiler } from './function-compiler.js';
import { argZone, instantOf, localOf, sessionZone } from './zone-sql.js';

const UTC = { kind: 'fixed', offsetSeconds: 0 } as const;

export const TIMEZONE_COMPILERS: readonly FunctionCompiler[] = compilers({
  // The instant's local date-time in the zone, read as UTC.
  from_utc_timestamp: ([t, z], args) => instantOf(localOf(t as string, argZone(args[1], z as string)), UTC),
  // The instant's local date-time in UTC, read in the zone.
  to_utc_timestamp: ([t, z], args) => instantOf(localOf(t as string, UTC), argZone(args[1], z as string)),
  convert_timezone: (sql, args, _resolved, semantics) => {
    const [source, target] =
      sql.length === 3
        ? [argZone(args[0], sql[0] as string), argZone(args[1], sql[1] as string)]
        : [sessionZone(semantics), argZone(args[0], sql[0] as string)];
    return localOf(instantOf(sql[sql.length - 1] as string, source), target);
  },
});
