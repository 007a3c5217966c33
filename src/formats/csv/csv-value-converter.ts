/**
 * One CSV token to a value of its column's type, as UnivocityParser.makeConverter does: Java's number
 * parsers, `nanValue`/`positiveInf`/`negativeInf` for floating types, `true`/`false` for booleans, decimals
 * rounded HALF_UP to the column's scale, dates and timestamps by Spark's default parsing. A token equal to
 * `nullValue` is NULL; a token that does not convert throws MalformedToken (the record is then bad).
 */
import type { DataType } from '../../types/data-types.js';
import type { Value } from '../../types/value.js';
import { normalizeTimestamp, parseDateDays } from '../datetime-text.js';
import { isJavaInt, isJavaLong, javaDoubleValue } from '../java-number-text.js';
import type { CsvOptions } from './csv-options.js';
import { isoDateDays, plainDecimal, shortIntShape } from './fast-text.js';

export class MalformedToken extends Error {}

/**
 * convertCsvToken for one column, decided once: the common types get a converter of their own (the same
 * answers, without dispatching on the type for every cell).
 */
export function csvColumnConverter(type: DataType, o: CsvOptions): (token: string) => Value {
  const nullValue = o.nullValue;
  if (type.kind === 'primitive') {
    switch (type.name) {
      case 'string':
        return (t) => (t === nullValue ? null : t);
      case 'integer':
        return (t) => {
          if (t === nullValue) return null;
          if (!shortIntShape(t) && !isJavaInt(t)) throw new MalformedToken(t);
          return Number(t);
        };
      case 'double': {
        const { nanValue, positiveInf, negativeInf } = o;
        return (t) => {
          if (t === nullValue) return null;
          const fast = plainDecimal(t);
          if (fast !== undefined && t !== nanValue && t !== positiveInf && t !== negativeInf) return fast;
          return convertCsvToken(t, type, o);
        };
      }
      case 'date':
        return (t) => {
          if (t === nullValue) return null;
          return isoDateDays(t) ?? convertCsvToken(t, type, o);
        };
    }
  }
  return (t) => convertCsvToken(t, type, o);
}

export function convertCsvToken(token: string, type: DataType, o: CsvOptions): Value {
  if (token === o.nullValue) return null;
  if (type.kind === 'decimal') return decimalUnscaled(token, type.precision, type.scale);
  if (type.kind === 'char' || type.kind === 'varchar') return token;
  if (type.kind !== 'primitive') throw new MalformedToken(`CSV cannot hold ${type.kind} values`);
  switch (type.name) {
    case 'string':
      return token;
    case 'byte':
      return integral(token, 2 ** 7);
    case 'short':
      return integral(token, 2 ** 15);
    case 'integer':
      if (!shortIntShape(token) && !isJavaInt(token)) throw new MalformedToken(token);
      return Number(token);
    case 'long':
      if (!isJavaLong(token)) throw new MalformedToken(token);
      return BigInt(token);
    case 'float':
    case 'double': {
      if (token === o.nanValue) return Number.NaN;
      if (token === o.positiveInf) return Infinity;
      if (token === o.negativeInf) return -Infinity;
      const v = plainDecimal(token) ?? javaDoubleValue(token);
      if (v === undefined) throw new MalformedToken(token);
      return type.name === 'float' ? Math.fround(v) : v;
    }
    case 'boolean': {
      const l = token.toLowerCase();
      if (l === 'true') return true;
      if (l === 'false') return false;
      throw new MalformedToken(token);
    }
    case 'date': {
      const days = isoDateDays(token) ?? parseDateDays(token);
      if (days === undefined) throw new MalformedToken(token);
      return days;
    }
    case 'timestamp':
    case 'timestamp_ntz': {
      const ts = normalizeTimestamp(token) ?? dateAsTimestamp(token);
      if (ts === undefined) throw new MalformedToken(token);
      return type.name === 'timestamp_ntz' ? ts.replace(/[+-]\d{2}:\d{2}$/, '') : ts;
    }
    case 'binary':
      return new TextEncoder().encode(token);
    case 'void':
      return null;
    default:
      throw new MalformedToken(`CSV cannot hold ${type.name} values`);
  }
}

function integral(token: string, limit: number): number {
  if (!shortIntShape(token) && !isJavaInt(token)) throw new MalformedToken(token);
  const n = Number(token);
  if (n < -limit || n >= limit) throw new MalformedToken(token);
  return n;
}

function dateAsTimestamp(token: string): string | undefined {
  return parseDateDays(token) === undefined || !/^\s*\d{4}-\d{1,2}-\d{1,2}\s*$/.test(token)
    ? undefined
    : normalizeTimestamp(token.trim());
}

/** The unscaled value of `token` at `scale`, rounded HALF_UP; MalformedToken when it needs more than `precision` digits. */
export function decimalUnscaled(token: string, precision: number, scale: number): bigint {
  const m = /^\s*([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?\s*$/.exec(token);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) throw new MalformedToken(token);
  const digits = `${m[2]}${m[3] ?? ''}`;
  const exp = (m[4] === undefined ? 0 : Number(m[4])) - (m[3] ?? '').length;
  let unscaled = BigInt(digits === '' ? '0' : digits);
  const shift = exp + scale;
  if (shift >= 0) unscaled *= 10n ** BigInt(shift);
  else {
    const div = 10n ** BigInt(-shift);
    const q = unscaled / div;
    unscaled = (unscaled % div) * 2n >= div ? q + 1n : q;
  }
  if (unscaled.toString().length > precision) throw new MalformedToken(token);
  return m[1] === '-' ? -unscaled : unscaled;
}
