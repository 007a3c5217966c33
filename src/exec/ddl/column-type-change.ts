/**
 * Which column type changes ALTER TABLE … ALTER COLUMN … TYPE accepts on a Delta table. Without type
 * widening only a no-op or a longer VARCHAR is allowed (Delta's DELTA_UNSUPPORTED_ALTER_TABLE_CHANGE_COL_OP
 * otherwise); with `delta.enableTypeWidening = true` the widenings Delta's TypeWidening.isTypeChangeSupported
 * lists: byte < short < int < long, float -> double, integers to double, integers to a decimal wide
 * enough, a decimal to a wider one with no fewer integer digits, date -> timestamp_ntz.
 */
import { type DataType, sqlTypeName } from '../../types/data-types.js';

const INTEGRAL_RANK: Readonly<Record<string, number>> = { byte: 1, short: 2, integer: 3, long: 4 };
/** Decimal digits an integral type needs (Spark's DecimalType.forType). */
const INTEGRAL_DIGITS: Readonly<Record<string, number>> = { byte: 3, short: 5, integer: 10, long: 20 };

export function isTypeWidening(from: DataType, to: DataType): boolean {
  if (from.kind === 'primitive' && to.kind === 'primitive') {
    const a = INTEGRAL_RANK[from.name];
    const b = INTEGRAL_RANK[to.name];
    if (a !== undefined && b !== undefined) return a < b;
    if (from.name === 'float' && to.name === 'double') return true;
    if (a !== undefined && a <= 3 && to.name === 'double') return true;
    return from.name === 'date' && to.name === 'timestamp_ntz';
  }
  if (from.kind === 'primitive' && to.kind === 'decimal') {
    const digits = INTEGRAL_DIGITS[from.name];
    return digits !== undefined && to.precision - to.scale >= digits;
  }
  if (from.kind === 'decimal' && to.kind === 'decimal') {
    return (
      to.precision >= from.precision &&
      to.scale >= from.scale &&
      to.precision - to.scale >= from.precision - from.scale &&
      (to.precision > from.precision || to.scale > from.scale)
    );
  }
  return false;
}

export function sameType(a: DataType, b: DataType): boolean {
  return sqlTypeName(a) === sqlTypeName(b);
}
