/**
 * Spark's number format strings for to_number / try_to_number / to_char (ToNumberParser in
 * org.apache.spark.sql.catalyst.util.ToNumberParser): `0`/`9` digits, `.`/`D` the decimal point, `,`/`G` a
 * grouping separator, `$` the currency sign, `S` a sign at the start or end, `MI` a trailing minus and `PR`
 * angle brackets around negative values. The result type is DECIMAL(digits, digits after the point).
 */
import { LakesqlError } from '../../errors/index.js';

export type NumberFormatToken =
  | { readonly kind: 'digits'; readonly count: number }
  | { readonly kind: 'point' }
  | { readonly kind: 'group' }
  | { readonly kind: 'dollar' }
  | { readonly kind: 'sign' }
  | { readonly kind: 'minus' }
  | { readonly kind: 'brackets' };

export interface NumberFormat {
  readonly tokens: readonly NumberFormatToken[];
  readonly precision: number;
  readonly scale: number;
}

function invalid(format: string, token: string): LakesqlError {
  return new LakesqlError('INVALID_FORMAT.WRONG_NUM_TOKEN', { format: `'${format}'`, token });
}

/** Tokenizes and validates `format` as ToNumberParser.check does, or throws INVALID_FORMAT.*. */
export function parseNumberFormat(format: string): NumberFormat {
  if (format.length === 0) throw new LakesqlError('INVALID_FORMAT.EMPTY', { format: "''" });
  const tokens: NumberFormatToken[] = [];
  const upper = format.toUpperCase();
  for (let i = 0; i < upper.length; ) {
    const c = upper[i] as string;
    if (c === '0' || c === '9') {
      const last = tokens.at(-1);
      if (last?.kind === 'digits') tokens[tokens.length - 1] = { kind: 'digits', count: last.count + 1 };
      else tokens.push({ kind: 'digits', count: 1 });
      i += 1;
    } else if (c === '.' || c === 'D') {
      tokens.push({ kind: 'point' });
      i += 1;
    } else if (c === ',' || c === 'G') {
      tokens.push({ kind: 'group' });
      i += 1;
    } else if (c === '$') {
      tokens.push({ kind: 'dollar' });
      i += 1;
    } else if (c === 'S') {
      tokens.push({ kind: 'sign' });
      i += 1;
    } else if (upper.startsWith('MI', i)) {
      tokens.push({ kind: 'minus' });
      i += 2;
    } else if (upper.startsWith('PR', i)) {
      tokens.push({ kind: 'brackets' });
      i += 2;
    } else {
      throw new LakesqlError('INVALID_FORMAT.UNEXPECTED_TOKEN', {
        format: `'${format}'`,
        token: `'${format[i]}'`,
        character: `'${format[i]}'`,
      });
    }
  }
  const pointAt = tokens.findIndex((t) => t.kind === 'point');
  if (tokens.filter((t) => t.kind === 'point').length > 1) throw invalid(format, "'.' or 'D'");
  const digits = (ts: readonly NumberFormatToken[]) =>
    ts.reduce((n, t) => n + (t.kind === 'digits' ? t.count : 0), 0);
  const precision = digits(tokens);
  if (precision === 0) throw new LakesqlError('INVALID_FORMAT.WRONG_NUM_DIGIT', { format: `'${format}'` });
  const scale = pointAt < 0 ? 0 : digits(tokens.slice(pointAt + 1));
  return { tokens, precision, scale };
}

/**
 * A regular expression (RE2 and JavaScript alike) that matches exactly the inputs ToNumberParser.parse accepts
 * for `f`, with named captures: `neg` for any negative marker and `num` parts that spell the digits. The first
 * digit group before the point may be shorter than the format's; later groups must have its exact size.
 */
export function numberFormatRegex(f: NumberFormat): string {
  let out = '';
  let seenDigits = false;
  let afterPoint = false;
  for (const t of f.tokens) {
    switch (t.kind) {
      case 'digits':
        out += afterPoint ? `[0-9]{0,${t.count}}` : seenDigits ? `[0-9]{${t.count}}` : `[0-9]{0,${t.count}}`;
        seenDigits = true;
        break;
      case 'point':
        out += '(?:\\.)?';
        afterPoint = true;
        break;
      case 'group':
        out += seenDigits ? ',?' : '';
        break;
      case 'dollar':
        out += '\\$';
        break;
      case 'sign':
        out += '[+-]?';
        break;
      case 'minus':
        out += '[ -]?';
        break;
      case 'brackets':
        break;
      default:
        return t satisfies never;
    }
  }
  return f.tokens.some((t) => t.kind === 'brackets') ? `(?:<${out}>|${out})` : out;
}
