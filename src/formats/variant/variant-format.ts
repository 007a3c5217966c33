/**
 * Constants of Spark's binary variant encoding (parquet-format VariantEncoding.md, Spark's
 * common/variant VariantUtil). A variant is two byte strings: `metadata` (version, a dictionary of the object
 * keys, sorted) and `value` (a header byte whose low 2 bits are the basic type, then the content).
 */
import { LakesqlError } from '../../errors/index.js';

export const BASIC_PRIMITIVE = 0;
export const BASIC_SHORT_STR = 1;
export const BASIC_OBJECT = 2;
export const BASIC_ARRAY = 3;

/** Primitive type ids (the header's upper 6 bits when the basic type is PRIMITIVE). */
export const PRIM = {
  NULL: 0,
  TRUE: 1,
  FALSE: 2,
  INT1: 3,
  INT2: 4,
  INT4: 5,
  INT8: 6,
  DOUBLE: 7,
  DECIMAL4: 8,
  DECIMAL8: 9,
  DECIMAL16: 10,
  DATE: 11,
  TIMESTAMP: 12,
  TIMESTAMP_NTZ: 13,
  FLOAT: 14,
  BINARY: 15,
  LONG_STR: 16,
  UUID: 20,
} as const;

export const VERSION = 1;
export const MAX_SHORT_STR_SIZE = 0x3f;
/** Spark refuses a value or metadata of 16 MiB or more (VariantUtil.SIZE_LIMIT). */
export const SIZE_LIMIT = 0xffffff + 1;
export const MAX_DECIMAL4_PRECISION = 9;
export const MAX_DECIMAL8_PRECISION = 18;
export const MAX_DECIMAL16_PRECISION = 38;

/** Spark's MALFORMED_VARIANT: bytes that do not follow the encoding. */
export function malformedVariant(): LakesqlError {
  return new LakesqlError('MALFORMED_VARIANT', {});
}
