/**
 * Spark's decimal result types (spark.sql.decimalOperations.allowPrecisionLoss, default true), from
 * DecimalPrecision.scala / DecimalPrecisionTypeCoercion.scala and the `resultDecimalType` of Add, Subtract,
 * Multiply, Divide, Remainder and Pmod in arithmetic.scala. Precision is bounded by 38; with precision loss
 * allowed the scale gives way first, down to MINIMUM_ADJUSTED_SCALE (DecimalType.adjustPrecisionScale).
 */
import { type DataType, type DecimalType, decimal } from '../../types/data-types.js';
import {
  decimalForType,
  isIntegral,
  MAX_PRECISION,
  MAX_SCALE,
  MINIMUM_ADJUSTED_SCALE,
} from './type-classes.js';

export type DecimalOperator = '+' | '-' | '*' | '/' | '%' | 'pmod';

/** DecimalType.bounded: clamp precision and scale to 38. */
export function boundedDecimal(precision: number, scale: number): DecimalType {
  return decimal(Math.min(precision, MAX_PRECISION), Math.min(scale, MAX_SCALE));
}

/**
 * DecimalType.adjustPrecisionScale: when a result needs more than 38 digits, keep the integral digits and
 * cut the scale, but never below min(scale, 6).
 */
export function adjustPrecisionScale(precision: number, scale: number): DecimalType {
  if (precision <= MAX_PRECISION) return decimal(precision, scale);
  if (scale < 0) return decimal(MAX_PRECISION, scale);
  const intDigits = precision - scale;
  const minScale = Math.min(scale, MINIMUM_ADJUSTED_SCALE);
  const adjustedScale = Math.max(MAX_PRECISION - intDigits, minScale);
  return decimal(MAX_PRECISION, adjustedScale);
}

/** DecimalPrecision.widerDecimalType: enough integral and fractional digits for both. */
export function widerDecimalType(a: DecimalType, b: DecimalType): DecimalType {
  const scale = Math.max(a.scale, b.scale);
  const range = Math.max(a.precision - a.scale, b.precision - b.scale);
  return boundedDecimal(range + scale, scale);
}

/** DecimalType.isWiderThan: holds every value of `other` (a decimal or an integral type). */
export function isWiderThan(d: DecimalType, other: DataType): boolean {
  const o = other.kind === 'decimal' ? other : isIntegral(other) ? decimalForType(other) : undefined;
  if (o === undefined) return false;
  return d.precision - d.scale >= o.precision - o.scale && d.scale >= o.scale;
}

/** DecimalType.isTighterThan: every value of `d` fits `other` (a decimal or an integral type). */
export function isTighterThan(d: DecimalType, other: DataType): boolean {
  const o = other.kind === 'decimal' ? other : isIntegral(other) ? decimalForType(other) : undefined;
  if (o === undefined) return false;
  return d.precision - d.scale <= o.precision - o.scale && d.scale <= o.scale;
}

/** The result type of `a op b` for two decimals. */
export function decimalResultType(
  op: DecimalOperator,
  a: DecimalType,
  b: DecimalType,
  allowPrecisionLoss = true,
): DecimalType {
  const { precision: p1, scale: s1 } = a;
  const { precision: p2, scale: s2 } = b;
  const fitType = allowPrecisionLoss ? adjustPrecisionScale : boundedDecimal;
  switch (op) {
    case '+':
    case '-': {
      const scale = Math.max(s1, s2);
      return fitType(Math.max(p1 - s1, p2 - s2) + scale + 1, scale);
    }
    case '*':
      return fitType(p1 + p2 + 1, s1 + s2);
    case '/': {
      if (allowPrecisionLoss) {
        // Precision: p1 - s1 + s2 + max(6, s1 + p2 + 1); scale: max(6, s1 + p2 + 1).
        const intDigits = p1 - s1 + s2;
        const scale = Math.max(MINIMUM_ADJUSTED_SCALE, s1 + p2 + 1);
        return adjustPrecisionScale(intDigits + scale, scale);
      }
      let intDigits = Math.min(MAX_SCALE, p1 - s1 + s2);
      let decDigits = Math.min(MAX_SCALE, Math.max(6, s1 + p2 + 1));
      const diff = intDigits + decDigits - MAX_SCALE;
      if (diff > 0) {
        decDigits -= Math.floor(diff / 2) + 1;
        intDigits = MAX_SCALE - decDigits;
      }
      return boundedDecimal(intDigits + decDigits, decDigits);
    }
    case '%':
    case 'pmod': {
      const scale = Math.max(s1, s2);
      return fitType(Math.min(p1 - s1, p2 - s2) + scale, scale);
    }
  }
}
