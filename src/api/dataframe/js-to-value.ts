/**
 * createDataFrame's input: JS values checked against the schema's types and turned into lakesql Values, the
 * inverse of value-to-js.ts (dates as `'YYYY-MM-DD'` strings or Dates, timestamps as Dates, ISO strings or
 * bigint micros, decimals as strings, numbers or bigint unscaled-free values, maps as Map or plain objects,
 * structs as objects or arrays). A value that does not fit its column's type is refused, as PySpark's
 * schema verification refuses it (FIELD_DATA_TYPE_UNACCEPTABLE in PySpark).
 */
import { parseDate, parseTimestampText } from '../../delta/datetime-text.js';
import { LakesqlError } from '../../errors/index.js';
import { assertNever, type DataType, sqlTypeName } from '../../types/data-types.js';
import type { MapValue, StructValue, Value } from '../../types/value.js';

const RANGES: Record<string, readonly [number, number]> = {
  byte: [-128, 127],
  short: [-32768, 32767],
  integer: [-(2 ** 31), 2 ** 31 - 1],
};

export function jsToValue(v: unknown, type: DataType, column: string): Value {
  if (v === null || v === undefined) return null;
  const refuse = (): never => {
    throw new LakesqlError('UNSUPPORTED_FEATURE', {
      feature: `the value ${describe(v)} in column \`${column}\` of type ${sqlTypeName(type)}`,
    });
  };
  switch (type.kind) {
    case 'primitive':
      switch (type.name) {
        case 'boolean':
          return typeof v === 'boolean' ? v : refuse();
        case 'byte':
        case 'short':
        case 'integer': {
          const n = typeof v === 'bigint' ? Number(v) : v;
          const [lo, hi] = RANGES[type.name]!;
          return typeof n === 'number' && Number.isInteger(n) && n >= lo && n <= hi ? n : refuse();
        }
        case 'long':
          if (typeof v === 'bigint') return v;
          return typeof v === 'number' && Number.isSafeInteger(v) ? BigInt(v) : refuse();
        case 'float':
        case 'double':
          return typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : refuse();
        case 'string':
          return typeof v === 'string' ? v : refuse();
        case 'binary':
          return v instanceof Uint8Array ? v : refuse();
        case 'date': {
          if (v instanceof Date) return Math.floor(v.getTime() / 86_400_000);
          const days = typeof v === 'string' ? parseDate(v) : undefined;
          return days ?? refuse();
        }
        case 'timestamp':
        case 'timestamp_ntz': {
          if (v instanceof Date) return BigInt(v.getTime()) * 1000n;
          if (typeof v === 'bigint') return v;
          const parsed = typeof v === 'string' ? parseTimestampText(v.replace('T', ' ')) : undefined;
          if (!parsed) return refuse();
          return parsed.offsetMicros !== undefined
            ? parsed.wallMicros - parsed.offsetMicros
            : parsed.wallMicros;
        }
        case 'void':
          return refuse();
        case 'variant':
          return refuse();
        default:
          return assertNever(type.name);
      }
    case 'decimal':
      return decimalUnscaled(v, type.precision, type.scale) ?? refuse();
    case 'char':
    case 'varchar':
      return typeof v === 'string' && v.length <= type.length ? v : refuse();
    case 'array':
      return Array.isArray(v) ? v.map((e) => jsToValue(e, type.elementType, column)) : refuse();
    case 'map': {
      const entries = v instanceof Map ? [...v.entries()] : isPlainObject(v) ? Object.entries(v) : refuse();
      const out: MapValue = {
        kind: 'map',
        entries: entries.map(
          ([k, e]) => [jsToValue(k, type.keyType, column), jsToValue(e, type.valueType, column)] as const,
        ),
      };
      return out;
    }
    case 'struct': {
      const fields: Record<string, Value> = {};
      type.fields.forEach((f, i) => {
        const raw = Array.isArray(v) ? v[i] : isPlainObject(v) ? v[f.name] : refuse();
        fields[f.name] = jsToValue(raw, f.type, `${column}.${f.name}`);
      });
      const out: StructValue = { kind: 'struct', fields };
      return out;
    }
    case 'yearMonthInterval':
      return typeof v === 'number' && Number.isInteger(v) ? v : refuse();
    case 'dayTimeInterval':
      return typeof v === 'bigint' ? v : refuse();
    case 'calendarInterval':
      return refuse();
    default:
      return assertNever(type);
  }
}

/** The unscaled value of a decimal given as a number, string or bigint, rounded half-up to the scale. */
function decimalUnscaled(v: unknown, precision: number, scale: number): bigint | undefined {
  const text =
    typeof v === 'number' && Number.isFinite(v)
      ? String(v)
      : typeof v === 'string' || typeof v === 'bigint'
        ? String(v)
        : undefined;
  if (text === undefined) return undefined;
  const m = /^\s*([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?\s*$/.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return undefined;
  let digits = `${m[2] ?? ''}${m[3] ?? ''}`;
  const exp = Number(m[4] ?? 0) - (m[3] ?? '').length;
  // Bring to the target scale: pad, or drop digits rounding half-up.
  let unscaled: bigint;
  if (exp + scale >= 0) {
    unscaled = BigInt(digits + '0'.repeat(exp + scale));
  } else {
    const drop = -(exp + scale);
    if (drop > digits.length) digits = '0'.repeat(drop - digits.length) + digits;
    const kept = BigInt(digits.slice(0, digits.length - drop) || '0');
    unscaled = kept + (Number(digits[digits.length - drop]) >= 5 ? 1n : 0n);
  }
  if (m[1] === '-') unscaled = -unscaled;
  const abs = unscaled < 0n ? -unscaled : unscaled;
  return abs.toString().length > precision && abs !== 0n ? undefined : unscaled;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return (
    typeof v === 'object' &&
    v !== null &&
    !Array.isArray(v) &&
    !(v instanceof Uint8Array) &&
    !(v instanceof Date) &&
    !(v instanceof Map)
  );
}

function describe(v: unknown): string {
  if (typeof v === 'string') return `'${v}'`;
  if (typeof v === 'bigint') return `${v}n`;
  if (typeof v === 'object') return (v as object).constructor?.name ?? 'object';
  return String(v);
}
