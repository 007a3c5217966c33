/**
 * DuckDB SQL for format_number. A DOUBLE or FLOAT formats through DuckDB's format (fmt), which rounds the exact
 * binary value half-even as Java's DecimalFormat does; a DECIMAL rounds its unscaled integer half-even
 * exactly; NaN prints U+FFFD and infinities ∞, as DecimalFormat's symbols.
 */

import { LakesqlError } from '../../errors/index.js';
import {
  type DecimalPattern,
  decimalsPattern,
  parseDecimalPattern,
} from '../../plan/functions/format-number-functions.js';
import { isFractional, isIntegral } from '../../plan/functions/type-classes.js';
import type { DataType } from '../../types/data-types.js';
import { type CompileFn, compilers, str } from './compiler-kit.js';
import type { FunctionCompiler } from './function-compiler.js';
import { STRING_BYTE_COST } from './size-limit.js';

/** `x` rounded half-even to `digits` and printed with them all, grouped or not. */
function fixed(x: string, t: DataType, digits: number, grouping: boolean): string {
  const g = grouping ? ',' : '';
  if (isIntegral(t))
    return `format('{:${g}}', ${x})${digits > 0 ? ` || ${str(`.${'0'.repeat(digits)}`)}` : ''}`;
  if (isFractional(t)) {
    const v = `CAST(${x} AS DOUBLE)`;
    return `CASE WHEN isnan(${v}) THEN '\uFFFD' WHEN ${v} = 'inf'::DOUBLE THEN '∞' WHEN ${v} = '-inf'::DOUBLE THEN '-∞' ELSE format('{:${g}.${digits}f}', ${v}) END`;
  }
  // DECIMAL(p, s): the unscaled integer, rounded half-even to `digits`.
  const scale = t.kind === 'decimal' ? t.scale : 0;
  const unscaled = `CAST(${x} * ${10n ** BigInt(scale)} AS HUGEINT)`;
  let q = unscaled;
  if (digits < scale) {
    const div = 10n ** BigInt(scale - digits);
    const trunc = `(${unscaled} // ${div})`;
    const rem = `abs(${unscaled} % ${div})`;
    q = `(${trunc} + CASE WHEN ${rem} * 2 > ${div} OR (${rem} * 2 = ${div} AND ${trunc} % 2 <> 0) THEN sign(${unscaled}) ELSE 0 END)`;
  } else if (digits > scale) {
    q = `(${unscaled} * ${10n ** BigInt(digits - scale)})`;
  }
  const unit = 10n ** BigInt(digits);
  const intText = `format('{:${g}}', abs(${q}) // ${unit})`;
  const frac = digits > 0 ? ` || '.' || lpad(CAST(abs(${q}) % ${unit} AS VARCHAR), ${digits}, '0')` : '';
  return `(CASE WHEN ${x} < 0 THEN '-' ELSE '' END || ${intText}${frac})`;
}

function formatted(x: string, t: DataType, p: DecimalPattern): string {
  let sql = fixed(x, t, p.maxFrac, p.grouping);
  if (p.maxFrac > p.minFrac) {
    sql = `regexp_replace(${sql}, ${str(`(\\.[0-9]{${p.minFrac}}[0-9]*?)0*$`)}, '\\1')`;
    if (p.minFrac === 0) sql = `regexp_replace(${sql}, '\\.$', '')`;
  }
  // No digit required before the point: `.5`, but `0` alone stays.
  if (p.minInt === 0) sql = `regexp_replace(${sql}, '^(-?)0\\.', '\\1.')`;
  return sql;
}

const formatNumber: CompileFn = ([x, d], args, _resolved, semantics) => {
  const t = args[0]!.type;
  const v = args[1]?.value;
  if (typeof v === 'string') return formatted(x!, t, parseDecimalPattern(v)!);
  if (v === null || v === undefined) return 'CAST(NULL AS VARCHAR)';
  const n = Number(v);
  if (n < 0) return 'CAST(NULL AS VARCHAR)';
  // Each digit is a character of the result: format_number(x, 2147483647) built a 2 GB string (the execution
  // fuzz's watchdog killed it), so a digit count whose text passes the memory limit is refused, as sequence's is.
  const limit = semantics.memoryLimitBytes;
  if (limit !== undefined && limit > 0 && n * STRING_BYTE_COST > limit) {
    throw new LakesqlError('MEMORY_LIMIT_EXCEEDED', {
      detail: `\`format_number\` would build a value of about ${n * STRING_BYTE_COST} bytes, more than lakesql.engine.memoryLimit (${limit} bytes)`,
    });
  }
  return `CASE WHEN ${d} IS NULL THEN NULL ELSE ${formatted(x!, t, decimalsPattern(n))} END`;
};

export const FORMAT_NUMBER_COMPILERS: readonly FunctionCompiler[] = compilers({
  format_number: formatNumber,
});
