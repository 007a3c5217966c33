/**
 * Literal parsing with Spark's typing and its parse-time checks (AstBuilder.visitIntegerLiteral & co.):
 * range errors are INVALID_NUMERIC_LITERAL_RANGE, malformed typed literals INVALID_TYPED_LITERAL, unknown
 * type prefixes UNSUPPORTED_TYPED_LITERAL, decimals beyond 38 digits DECIMAL_PRECISION_EXCEEDS_MAX_PRECISION.
 */
import type { Literal } from '../ast/expressions.js';
import type { Token } from '../lexer.js';
import type { Parser } from './parser-core.js';
import { specialDatetimeWord } from './special-datetime-words.js';

const INTEGRAL_RANGES = {
  tinyint: [-128n, 127n],
  smallint: [-32768n, 32767n],
  int: [-2147483648n, 2147483647n],
  bigint: [-9223372036854775808n, 9223372036854775807n],
} as const;

const FLOAT_MAX = 3.4028234663852886e38;
const MAX_PRECISION = 38;

/** A numeric token (with a leading minus folded in, as Spark's `number` rule does) to its literal. */
export function numberLiteral(p: Parser, tok: Token, negative: boolean, start: number): Literal {
  const raw = tok.value;
  const upper = raw.toUpperCase();
  const sign = negative ? '-' : '';
  const rangeError = (typeName: string, stripped: string, min: string, max: string) =>
    p.errorOver(
      'INVALID_NUMERIC_LITERAL_RANGE',
      { maxValue: max, minValue: min, rawStrippedQualifier: stripped, typeName },
      start,
      tok.end,
    );
  if (upper.endsWith('BD')) return decimalLiteral(p, sign + raw.slice(0, -2), start, tok.end);
  const suffix = upper[upper.length - 1]!;
  if (suffix === 'L' || suffix === 'S' || suffix === 'Y') {
    const typeName = suffix === 'L' ? 'bigint' : suffix === 'S' ? 'smallint' : 'tinyint';
    const digits = raw.slice(0, -1);
    if (!/^\d+$/.test(digits)) throw p.error(tok);
    const value = BigInt(sign + digits);
    const [min, max] = INTEGRAL_RANGES[typeName];
    if (value < min || value > max) throw rangeError(typeName, sign + digits, String(min), String(max));
    return { type: typeName, value };
  }
  if (suffix === 'D' || suffix === 'F') {
    const text = sign + raw.slice(0, -1);
    const value = Number(text);
    if (suffix === 'F') {
      if (!Number.isFinite(value) || Math.abs(value) > FLOAT_MAX) {
        throw rangeError('float', text, '-3.4028234663852886E+38', '3.4028234663852886E+38');
      }
      return { type: 'float', value: Math.fround(value), text };
    }
    if (!Number.isFinite(value)) {
      throw rangeError('double', text, '-1.7976931348623157E+308', '1.7976931348623157E+308');
    }
    return { type: 'double', value, text };
  }
  if (upper.includes('E')) {
    const text = sign + raw;
    const value = Number(text);
    if (!Number.isFinite(value)) {
      throw rangeError('double', raw, '-1.7976931348623157E+308', '1.7976931348623157E+308');
    }
    return { type: 'double', value, text };
  }
  if (raw.includes('.')) return decimalLiteral(p, sign + raw, start, tok.end);
  const value = BigInt(sign + raw);
  if (value >= INTEGRAL_RANGES.int[0] && value <= INTEGRAL_RANGES.int[1]) return { type: 'int', value };
  if (value >= INTEGRAL_RANGES.bigint[0] && value <= INTEGRAL_RANGES.bigint[1])
    return { type: 'bigint', value };
  return decimalLiteral(p, sign + raw, start, tok.end);
}

/** Java BigDecimal semantics: unscaled value and scale; negative scales are folded into the digits. */
function decimalLiteral(p: Parser, text: string, start: number, end: number): Literal {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!m) throw p.errorOver('PARSE_SYNTAX_ERROR', { error: `'${text}'`, hint: '' }, start, end);
  const [, sign = '', intPart = '', fracPart = '', exp = '0'] = m;
  let unscaled = BigInt(`${sign}${intPart}${fracPart}` || '0');
  let scale = fracPart.length - Number(exp);
  if (scale < 0) {
    unscaled *= 10n ** BigInt(-scale);
    scale = 0;
  }
  const digits = (unscaled < 0n ? -unscaled : unscaled).toString().replace(/^0+(?=\d)/, '').length;
  const precision = Math.max(digits, scale, 1);
  if (precision > MAX_PRECISION) {
    throw p.errorOver(
      'DECIMAL_PRECISION_EXCEEDS_MAX_PRECISION',
      { maxPrecision: String(MAX_PRECISION), precision: String(precision) },
      start,
      end,
    );
  }
  return { type: 'decimal', unscaled, precision, scale };
}

const SUPPORTED_TYPED = '"DATE", "TIMESTAMP_NTZ", "TIMESTAMP_LTZ", "TIMESTAMP", "INTERVAL", "X"';

/** `TYPE 'value'`: DATE, TIMESTAMP[_NTZ|_LTZ] and X (hex); INTERVAL is parsed separately. */
export function typedLiteral(p: Parser, typeTok: Token, value: string, start: number): Literal {
  const type = typeTok.upper;
  const invalid = () =>
    p.errorOver('INVALID_TYPED_LITERAL', { value: `'${value}'`, valueType: `"${type}"` }, start, p.prev.end);
  switch (type) {
    case 'DATE':
      if (!isValidDate(value) && !specialDatetimeWord(value)) throw invalid();
      return { type: 'date', value };
    case 'TIMESTAMP':
    case 'TIMESTAMP_NTZ':
    case 'TIMESTAMP_LTZ':
      if (!isValidTimestamp(value) && !specialDatetimeWord(value)) throw invalid();
      return {
        type:
          type === 'TIMESTAMP' ? 'timestamp' : type === 'TIMESTAMP_NTZ' ? 'timestamp_ntz' : 'timestamp_ltz',
        value,
      };
    case 'X': {
      if (!/^[0-9a-fA-F]*$/.test(value)) throw invalid();
      const hex = value.length % 2 === 1 ? `0${value}` : value;
      const bytes = new Uint8Array(hex.length / 2);
      for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
      return { type: 'binary', value: bytes };
    }
    default:
      throw p.errorOver(
        'UNSUPPORTED_TYPED_LITERAL',
        { supportedTypes: SUPPORTED_TYPED, unsupportedType: `"${type}"` },
        start,
        p.prev.end,
      );
  }
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function validYmd(y: string, mo: string | undefined, d: string | undefined): boolean {
  const month = mo === undefined ? 1 : Number(mo);
  const day = d === undefined ? 1 : Number(d);
  if (month < 1 || month > 12 || day < 1 || day > DAYS_IN_MONTH[month - 1]!) return false;
  if (month === 2 && day === 29) {
    const year = Number(y);
    return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  }
  return true;
}

/** Spark's stringToDate: `[+-]yyyy*`, `yyyy-[m]m`, `yyyy-[m]m-[d]d`, `yyyy-[m]m-[d]d[ T]*`. */
export function isValidDate(s: string): boolean {
  const m = /^\s*[+-]?(\d{4,7})(?:-(\d{1,2})(?:-(\d{1,2})(?:[ T].*)?)?)?\s*$/s.exec(s);
  return m !== null && validYmd(m[1]!, m[2], m[3]);
}

/** Spark's stringToTimestamp: a date, optional [ T]hh:mm:ss.ffffff, optional zone (Z, ±hh[:mm], region). */
export function isValidTimestamp(s: string): boolean {
  const m =
    /^\s*[+-]?(\d{4,7})(?:-(\d{1,2})(?:-(\d{1,2}))?)?(?:[ T](\d{1,2})(?::(\d{1,2})(?::(\d{1,2})(?:\.\d*)?)?)?)?\s*(?:Z|UTC|GMT|UT|[+-]\d{1,2}(?::?\d{2})?(?::\d{2})?|(?:GMT|UTC|UT)?[+-]\d{1,2}(?::?\d{2})?|[A-Za-z][A-Za-z0-9_/+-]*)?\s*$/.exec(
      s,
    );
  if (!m)
    return /^\s*T?\d{1,2}:\d{1,2}(?::\d{1,2}(?:\.\d*)?)?\s*(?:Z|[+-]\d{1,2}(?::?\d{2})?|[A-Za-z][A-Za-z0-9_/+-]*)?\s*$/.test(
      s,
    );
  if (!validYmd(m[1]!, m[2], m[3])) return false;
  return Number(m[4] ?? 0) < 24 && Number(m[5] ?? 0) < 60 && Number(m[6] ?? 0) < 60;
}
