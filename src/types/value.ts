/**
 * A value of any Spark type in JS form: the ScalarValue representation for primitives (see scalar.ts),
 * extended to nested and SQL-only types. Query results travel through lakesql in this form and are
 * converted only at the edge (collect(), the CLI's table/json/csv output, Spark's string form).
 *   array -> Value[]; struct -> StructValue; map -> MapValue (entries in
 *   order, keys may be any Value); yearMonthInterval -> number of months; dayTimeInterval -> bigint
 *   microseconds; calendarInterval -> CalendarIntervalValue; char/varchar -> string.
 */
import type { ScalarValue } from './scalar.js';

export interface StructValue {
  readonly kind: 'struct';
  /** Field values by field name, in schema order. */
  readonly fields: Readonly<Record<string, Value>>;
}

export interface MapValue {
  readonly kind: 'map';
  readonly entries: readonly (readonly [Value, Value])[];
}

export interface CalendarIntervalValue {
  readonly kind: 'calendarInterval';
  readonly months: number;
  readonly days: number;
  readonly microseconds: bigint;
}

export type Value = ScalarValue | readonly Value[] | StructValue | MapValue | CalendarIntervalValue;

type TaggedValue = MapValue | StructValue | CalendarIntervalValue;

/** The tagged (object) values, told apart by `kind`; undefined for primitives and arrays. */
export function taggedValue(v: Value): TaggedValue | undefined {
  if (typeof v !== 'object' || v === null || Array.isArray(v) || v instanceof Uint8Array) return undefined;
  return v as TaggedValue;
}
