/**
 * DuckDB SQL for ceil(x, scale) / floor(x, scale) (Spark's RoundCeil / RoundFloor with
 * BigDecimal.RoundingMode.CEILING / FLOOR), exact on decimals: DuckDB's decimal `%` is exact, so the value
 * is moved to the multiple of `unit` = 10^-scale below (or above) it without a DOUBLE or HUGEINT detour.
 * The analyzer cast x to a decimal and fixed the result type (plan/functions/round-ceil-floor.ts).
 */

import type { ResolvedCall } from '../../plan/functions/function-signature.js';
import type { DecimalType } from '../../types/data-types.js';
import { raiseSql, reuse } from '../operators/sql-helpers.js';
import { cast, str } from './compiler-kit.js';

const MAX_PRECISION = 38;

/** Spark's Decimal.set when the rounded value has more digits than the result type holds. */
const precisionExceeded = (precision: number): string =>
  raiseSql('DECIMAL_PRECISION_EXCEEDS_MAX_PRECISION', {
    precision: { text: String(precision) },
    maxPrecision: { text: String(MAX_PRECISION) },
  });

export function compileRoundCeilFloor(mode: 'ceil' | 'floor', x: string, resolved: ResolvedCall): string {
  const input = resolved.inputTypes[0] as DecimalType;
  const result = resolved.returnType as DecimalType;
  const scale = Number(resolved.text);
  // Nothing right of `scale` digits: the value is already there.
  if (scale >= input.scale) return cast(x, result);
  return reuse(x, (v) => {
    // Rounding away from zero moves up for ceil of a positive rest, down for floor of a negative one.
    const away = mode === 'ceil' ? `${v} > 0` : `${v} < 0`;
    const step = mode === 'ceil' ? '+' : '-';
    if (-scale >= MAX_PRECISION) {
      // 10^-scale has more digits than any decimal: the result is 0 unless it rounds away from zero.
      const rounded = `CASE WHEN ${v} <> 0 AND ${away} THEN ${precisionExceeded(1 - scale)} ELSE 0 END`;
      return cast(rounded, result);
    }
    const unit =
      scale >= 0
        ? `CAST(${str((10 ** -scale).toFixed(scale))} AS DECIMAL(${scale + 1}, ${scale}))`
        : `CAST(${str(`1${'0'.repeat(-scale)}`)} AS DECIMAL(${1 - scale}, 0))`;
    const rest = `(${v} % ${unit})`;
    const restAway = mode === 'ceil' ? `${rest} > 0` : `${rest} < 0`;
    const rounded = `(${v} - ${rest} ${step} CASE WHEN ${restAway} THEN ${unit} ELSE 0 END)`;
    // Only decimal(38, 0) with a negative scale can carry past 38 digits (RoundBase caps the precision).
    if (scale >= 0 || input.precision - input.scale < MAX_PRECISION) return cast(rounded, result);
    const limit = `CAST(${str(`${'9'.repeat(MAX_PRECISION + scale)}${'0'.repeat(-scale)}`)} AS DECIMAL(38, 0))`;
    return `CASE WHEN abs(${v}) > ${limit} AND ${restAway} THEN ${cast(precisionExceeded(MAX_PRECISION + 1), result)} ELSE ${cast(rounded, result)} END`;
  });
}
