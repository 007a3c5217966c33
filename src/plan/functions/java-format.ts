/**
 * The subset of java.util.Formatter that format_string/printf compile exactly to DuckDB's printf: `%s %S`
 * (string, integral and boolean values), `%d`, `%x %X %o` (integral), `%f` (fractional and decimal, with
 * Java's HALF_UP rounding of the value's shortest decimal digits), `%%` and `%n`, with an optional
 * `index$`, the flags `-`, `0`, `+` and space, a width and a precision. Anything else is refused with a
 * clear UNSUPPORTED_FEATURE rather than formatted differently from Spark.
 */
import { LakesqlError } from '../../errors/index.js';
import type { DataType } from '../../types/data-types.js';
import { isIntegral, isNumeric, isPrimitiveNamed, isStringLike, isVoid } from './type-classes.js';

export type FormatPiece =
  | { readonly kind: 'text'; readonly text: string }
  | {
      readonly kind: 'spec';
      /** The 0-based argument (after the format) this specifier formats. */
      readonly arg: number;
      readonly flags: string;
      readonly width: string;
      readonly precision: string | undefined;
      readonly conversion: 's' | 'S' | 'd' | 'x' | 'X' | 'o' | 'f';
    };

const SPEC = /%(?:(\d+)\$)?([-#+ 0,(<]*)(\d+)?(?:\.(\d+))?([a-zA-Z%])/y;

function refuse(format: string, why: string): LakesqlError {
  return new LakesqlError('UNSUPPORTED_FEATURE', {
    feature: `format_string format ${JSON.stringify(format)}: ${why}`,
  });
}

/** The pieces of a Java format string, checked against the argument types. */
export function parseJavaFormat(format: string, argTypes: readonly DataType[]): FormatPiece[] {
  const pieces: FormatPiece[] = [];
  let text = '';
  let next = 0;
  let i = 0;
  while (i < format.length) {
    const c = format[i]!;
    if (c !== '%') {
      text += c;
      i++;
      continue;
    }
    SPEC.lastIndex = i;
    const m = SPEC.exec(format);
    if (!m) throw refuse(format, `unsupported specifier at ${format.slice(i)}`);
    i = SPEC.lastIndex;
    const [, index, flags = '', width = '', precision, conv = ''] = m;
    if (conv === '%' || conv === 'n') {
      if (index || flags || width || precision !== undefined)
        throw refuse(format, `flags on %${conv} are not supported`);
      text += conv === '%' ? '%' : '\n';
      continue;
    }
    if (!/^[sSdxXof]$/.test(conv)) throw refuse(format, `the conversion %${conv} is not supported`);
    if (/[#,(<]/.test(flags)) throw refuse(format, `the flags ${flags} are not supported`);
    const arg = index ? Number(index) - 1 : next++;
    const t = argTypes[arg];
    if (t === undefined || arg < 0) throw refuse(format, `no argument for %${index ?? ''}${conv}`);
    if (!accepts(conv, t))
      throw refuse(
        format,
        `%${conv} cannot format a value of type ${t.kind === 'primitive' ? t.name : t.kind}`,
      );
    if (precision !== undefined && 'dxXo'.includes(conv)) throw refuse(format, `%${conv} takes no precision`);
    if (text) pieces.push({ kind: 'text', text });
    text = '';
    pieces.push({ kind: 'spec', arg, flags, width, precision, conversion: conv as 's' });
  }
  if (text) pieces.push({ kind: 'text', text });
  return pieces;
}

function accepts(conv: string, t: DataType): boolean {
  if (isVoid(t)) return true;
  if (conv === 's' || conv === 'S') return isStringLike(t) || isIntegral(t) || isPrimitiveNamed(t, 'boolean');
  if (conv === 'f') return isNumeric(t) && !isIntegral(t);
  return isIntegral(t);
}
