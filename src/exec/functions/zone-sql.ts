/**
 * DuckDB SQL that moves between instants (TIMESTAMPTZ) and local date-times (TIMESTAMP) in a Spark time zone,
 * as java.time does for Spark (DateTimeUtils.getZoneId, convertTz): zone ids and offsets as ZoneId.of accepts
 * them (`+08:00`, `GMT+1`, `PST`), a local date-time in a DST gap moved forward by the gap, and in an overlap
 * the earlier offset. A constant zone compiles to DuckDB's timezone() or to plain arithmetic for an offset;
 * a zone computed per row goes through the spark_*_of_* UDFs (engine/udfs/zone-udfs.ts).
 */
import { zoneRulesOf } from '../../engine/udfs/zone-rules.js';
import type { SessionSemantics } from '../../plan/functions/function-signature.js';
import { raise, str } from './compiler-kit.js';
import type { CompiledArg } from './function-compiler.js';

export type ZoneRef =
  | { readonly kind: 'fixed'; readonly offsetSeconds: number }
  | { readonly kind: 'region'; readonly id: string }
  | { readonly kind: 'dynamic'; readonly sql: string }
  | { readonly kind: 'invalid'; readonly text: string };

/** The zone of a constant id (Spark's getZoneId), `invalid` when java.time would refuse it. */
export function constantZone(id: string): ZoneRef {
  try {
    const rules = zoneRulesOf(id);
    return rules.kind === 'fixed'
      ? { kind: 'fixed', offsetSeconds: rules.offsetSeconds }
      : { kind: 'region', id: rules.id };
  } catch {
    return { kind: 'invalid', text: id };
  }
}

/** The zone a string argument names: constant when it is a literal, else computed per row. */
export function argZone(arg: CompiledArg | undefined, sql: string): ZoneRef {
  return typeof arg?.value === 'string' ? constantZone(arg.value) : { kind: 'dynamic', sql };
}

export const sessionZone = (semantics: SessionSemantics): ZoneRef => constantZone(semantics.timeZone);

/** INVALID_TIMEZONE for the rows whose value is not NULL (Spark only resolves the zone of non-NULL input). */
export const invalidZone = (z: { readonly text: string }, value: string, duckType: string): string =>
  `CASE WHEN ${value} IS NULL THEN NULL ELSE CAST(${raise('INVALID_TIMEZONE', { timeZone: str(z.text) })} AS ${duckType}) END`;

/** The local date-time (TIMESTAMP) of an instant (TIMESTAMPTZ) in the zone. */
export function localOf(instant: string, z: ZoneRef): string {
  switch (z.kind) {
    case 'fixed':
      return z.offsetSeconds === 0
        ? `timezone('UTC', ${instant})`
        : `(timezone('UTC', ${instant}) + to_seconds(${z.offsetSeconds}))`;
    case 'region':
      return `timezone(${str(z.id)}, ${instant})`;
    case 'dynamic':
      return `make_timestamp(spark_local_of_instant(epoch_us(${instant}), ${z.sql}))`;
    case 'invalid':
      return invalidZone(z, instant, 'TIMESTAMP');
  }
}

/**
 * The instant (TIMESTAMPTZ) of a local date-time (TIMESTAMP) in the zone, as ZonedDateTime.of resolves it.
 * DuckDB's timezone() moves a gap forward as java.time does but takes the later offset in an overlap, so the
 * offset of the day before is tried first: it is the earlier one of an overlap, and is wrong in a gap.
 */
export function instantOf(local: string, z: ZoneRef): string {
  switch (z.kind) {
    case 'fixed':
      return z.offsetSeconds === 0
        ? `timezone('UTC', ${local})`
        : `timezone('UTC', ${local} - to_seconds(${z.offsetSeconds}))`;
    case 'region': {
      const id = str(z.id);
      const asUtc = `timezone('UTC', ${local})`;
      const dayBefore = `(${asUtc} - INTERVAL 1 DAY)`;
      const offsetBefore = `(epoch_us(timezone(${id}, ${dayBefore})) - epoch_us(${dayBefore}))`;
      const earlier = `(${asUtc} - to_microseconds(${offsetBefore}))`;
      return `(CASE WHEN timezone(${id}, ${earlier}) = ${local} THEN ${earlier} ELSE timezone(${id}, ${local}) END)`;
    }
    case 'dynamic':
      return `make_timestamptz(spark_instant_of_local(epoch_us(${local}), ${z.sql}))`;
    case 'invalid':
      return invalidZone(z, local, 'TIMESTAMPTZ');
  }
}
