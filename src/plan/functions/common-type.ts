/**
 * Spark's wider common type (TypeCoercion.findWiderTypeForTwo / AnsiTypeCoercion), used by functions whose
 * arguments must share one type: coalesce, greatest, array(…), map(…), if. Integral and decimal types widen to a
 * decimal that holds both (DecimalPrecision.widerDecimalType), anything with a float or double widens to double,
 * NULL widens to the other side, and STRING absorbs other atomic types.
 */
import {
  arrayOf,
  type DataType,
  DoubleType,
  decimal,
  mapOf,
  StringType,
  sqlTypeName,
} from '../../types/data-types.js';
import { isAtomic, isFractional, isIntegral, isNumeric, isStringLike, isVoid } from './type-classes.js';

const INTEGRAL_ORDER = ['byte', 'short', 'integer', 'long'];
const INTEGRAL_DECIMAL: Readonly<Record<string, [number, number]>> = {
  byte: [3, 0],
  short: [5, 0],
  integer: [10, 0],
  long: [20, 0],
};

function asDecimal(t: DataType): [number, number] | undefined {
  if (t.kind === 'decimal') return [t.precision, t.scale];
  if (t.kind === 'primitive') return INTEGRAL_DECIMAL[t.name];
  return undefined;
}

export function widerType(a: DataType, b: DataType): DataType | undefined {
  if (sqlTypeName(a) === sqlTypeName(b)) return a;
  if (isVoid(a)) return b;
  if (isVoid(b)) return a;
  // findTightestCommonType: ANSI intervals of one family widen to the union of their fields.
  if (a.kind === 'dayTimeInterval' && b.kind === 'dayTimeInterval') {
    return {
      kind: 'dayTimeInterval',
      startField: Math.min(a.startField, b.startField) as 0 | 1 | 2 | 3,
      endField: Math.max(a.endField, b.endField) as 0 | 1 | 2 | 3,
    };
  }
  if (a.kind === 'yearMonthInterval' && b.kind === 'yearMonthInterval') {
    return {
      kind: 'yearMonthInterval',
      startField: Math.min(a.startField, b.startField) as 0 | 1,
      endField: Math.max(a.endField, b.endField) as 0 | 1,
    };
  }
  if (isNumeric(a) && isNumeric(b)) {
    if (isFractional(a) || isFractional(b)) {
      return a.kind === 'primitive' && b.kind === 'primitive' && a.name === 'float' && b.name === 'float'
        ? a
        : DoubleType;
    }
    if (isIntegral(a) && isIntegral(b)) {
      const ra = INTEGRAL_ORDER.indexOf((a as { name: string }).name);
      const rb = INTEGRAL_ORDER.indexOf((b as { name: string }).name);
      return ra >= rb ? a : b;
    }
    const da = asDecimal(a);
    const db = asDecimal(b);
    if (!da || !db) return undefined;
    const scale = Math.max(da[1], db[1]);
    const range = Math.max(da[0] - da[1], db[0] - db[1]);
    return decimal(Math.min(38, range + scale), scale);
  }
  if (isStringLike(a) && isStringLike(b)) return StringType;
  if ((isStringLike(a) && isAtomic(b)) || (isStringLike(b) && isAtomic(a))) return StringType;
  if (a.kind === 'primitive' && b.kind === 'primitive') {
    const names = new Set([a.name, b.name]);
    if (names.has('date') && names.has('timestamp'))
      return b.kind === 'primitive' && b.name === 'timestamp' ? b : a;
    if (names.has('date') && names.has('timestamp_ntz')) return a.name === 'date' ? b : a;
    if (names.has('timestamp') && names.has('timestamp_ntz')) return a.name === 'timestamp' ? a : b;
  }
  if (a.kind === 'array' && b.kind === 'array') {
    const e = widerType(a.elementType, b.elementType);
    return e ? arrayOf(e, a.containsNull || b.containsNull) : undefined;
  }
  if (a.kind === 'map' && b.kind === 'map') {
    const k = widerType(a.keyType, b.keyType);
    const v = widerType(a.valueType, b.valueType);
    return k && v ? mapOf(k, v, a.valueContainsNull || b.valueContainsNull) : undefined;
  }
  return undefined;
}

/** The common type of all `types`, or undefined when two of them do not meet. */
export function commonType(types: readonly DataType[]): DataType | undefined {
  let acc: DataType | undefined = types[0];
  for (const t of types.slice(1)) {
    if (!acc) return undefined;
    acc = widerType(acc, t);
  }
  return acc;
}
