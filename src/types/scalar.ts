/**
 * A single typed value in JS form, as partition values, statistics and pushed-down literals carry them.
 * The JS representation is fixed per Delta type so that every layer agrees:
 *   string -> string; boolean -> boolean; byte/short/integer/float/double -> number; long -> bigint;
 *   decimal(p,s) -> bigint holding the unscaled value (123.45 in decimal(5,2) is 12345n);
 *   date -> number of days since 1970-01-01; timestamp / timestamp_ntz -> bigint microseconds since the
 *   epoch (UTC for timestamp, wall clock for timestamp_ntz); binary -> Uint8Array; NULL -> null.
 */
export type ScalarValue = null | boolean | number | bigint | string | Uint8Array;
