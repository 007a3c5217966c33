/**
 * format_number(x, d) and format_number(x, pattern) (FormatNumber in stringExpressions.scala): Java's
 * DecimalFormat with HALF_EVEN rounding. `d` must be a constant; a pattern must be a constant of the shape
 * `#,###,##0.00##` (grouping by 3 or none, at most one 0 before the point, 0s then #s after it).
 */
import { LakesqlError } from '../../errors/index.js';
import { StringType } from '../../types/data-types.js';
import type { ArgInfo, FunctionSignature } from './function-signature.js';
import { checkArity, custom, expectArg, unexpectedInputType } from './signature-kit.js';
import { isIntegral, isStringLike, isVoid } from './type-classes.js';

export interface DecimalPattern {
  readonly grouping: boolean;
  /** 0 or 1 digits always printed before the point. */
  readonly minInt: number;
  readonly minFrac: number;
  readonly maxFrac: number;
}

const PATTERN = /^([#,]*)(0?)(?:\.(0*)(#*))?$/;

/** The DecimalFormat pattern `#,##0.00` (d = 2) that format_number(x, d) uses. */
export function decimalsPattern(d: number): DecimalPattern {
  return { grouping: true, minInt: 1, minFrac: d, maxFrac: d };
}

export function parseDecimalPattern(p: string): DecimalPattern | undefined {
  if (p === '') return decimalsPattern(0);
  const m = PATTERN.exec(p);
  if (!m) return undefined;
  const intPart = `${m[1]}${m[2]}`;
  const comma = intPart.lastIndexOf(',');
  if (comma >= 0 && intPart.length - comma - 1 !== 3) return undefined;
  return {
    grouping: comma >= 0,
    minInt: m[2] ? 1 : 0,
    minFrac: (m[3] ?? '').length,
    maxFrac: (m[3] ?? '').length + (m[4] ?? '').length,
  };
}

export const FORMAT_NUMBER_FUNCTIONS: readonly FunctionSignature[] = [
  custom('format_number', 'scalar', (args) => {
    checkArity('format_number', args, 2);
    const x = expectArg('format_number', args, 0, 'numeric');
    const d = args[1] as ArgInfo;
    const dType = isIntegral(d.type) || isVoid(d.type) ? expectArg('format_number', args, 1, 'int') : d.type;
    if (!isIntegral(dType) && !isStringLike(dType))
      throw unexpectedInputType('format_number', args, 1, '("INT" or "STRING")');
    if (!d.foldable) {
      throw new LakesqlError('UNSUPPORTED_FEATURE', {
        feature: 'format_number with a format that is not a constant',
      });
    }
    if (typeof d.value === 'string' && !parseDecimalPattern(d.value)) {
      throw new LakesqlError('UNSUPPORTED_FEATURE', {
        feature: `format_number with the pattern '${d.value}'`,
      });
    }
    return { inputTypes: [x, isStringLike(dType) ? StringType : dType], returnType: StringType };
  }),
];
