/**
 * Spark's JSON lines output (JacksonGenerator with JSONOptions for writing): one object per row, no spaces,
 * fields in schema order, NULL fields left out (`ignoreNullFields` default true; NULL array elements and
 * map values stay `null`), strings JSON-escaped, integers and decimals as JSON numbers (BigDecimal's text),
 * doubles as Java prints them with NaN and ±Infinity as strings (Jackson quotes non-numeric numbers),
 * dates `yyyy-MM-dd`, timestamps `yyyy-MM-dd'T'HH:mm:ss.SSSXXX` in the session time zone, binary as
 * base64, arrays, structs and maps (keys as their text) nested. Lines end with `lineSep` (default `\n`).
 */
import { assertNever, type DataType, type StructType } from '../../types/data-types.js';
import { taggedValue, type Value } from '../../types/value.js';
import type { DataSourceOptions } from '../data-source-options.js';
import { assertWritableSchema, isIntervalType } from './unsupported-type.js';
import {
  bigDecimalText,
  DEFAULT_DATE_FORMAT,
  DEFAULT_TIMESTAMP_FORMAT,
  DEFAULT_TIMESTAMP_NTZ_FORMAT,
  type ValueRenderer,
} from './value-text.js';

export interface JsonWriteOptions {
  readonly ignoreNullFields: boolean;
  readonly dateFormat: string;
  readonly timestampFormat: string;
  readonly timestampNTZFormat: string;
  readonly lineSep: string;
}

export function jsonWriteOptions(o: DataSourceOptions): JsonWriteOptions {
  return {
    ignoreNullFields: o.bool('ignoreNullFields', true),
    dateFormat: o.string('dateFormat', DEFAULT_DATE_FORMAT),
    timestampFormat: o.string('timestampFormat', DEFAULT_TIMESTAMP_FORMAT),
    timestampNTZFormat: o.string('timestampNTZFormat', DEFAULT_TIMESTAMP_NTZ_FORMAT),
    lineSep: o.string('lineSep', '\n'),
  };
}

export function assertJsonWritable(schema: StructType): void {
  const ok = (t: DataType): boolean => {
    if (isIntervalType(t)) return false;
    if (t.kind === 'array') return ok(t.elementType);
    if (t.kind === 'map') return ok(t.keyType) && ok(t.valueType);
    if (t.kind === 'struct') return t.fields.every((f) => ok(f.type));
    return true;
  };
  assertWritableSchema('JSON', schema, ok);
}

export function jsonText(
  schema: StructType,
  rows: readonly (readonly Value[])[],
  opts: JsonWriteOptions,
  render: ValueRenderer,
): string {
  let out = '';
  for (const r of rows) {
    const fields = schema.fields.flatMap((f, i) => {
      const v = r[i] ?? null;
      if (v === null && opts.ignoreNullFields) return [];
      return [`${JSON.stringify(f.name)}:${jsonValue(v, f.type, opts, render)}`];
    });
    out += `{${fields.join(',')}}${opts.lineSep}`;
  }
  return out;
}

function jsonValue(v: Value, t: DataType, opts: JsonWriteOptions, render: ValueRenderer): string {
  if (v === null) return 'null';
  switch (t.kind) {
    case 'decimal':
      return bigDecimalText(v as bigint, t.scale);
    case 'char':
    case 'varchar':
      return JSON.stringify(String(v));
    case 'array':
      return `[${(v as readonly Value[]).map((e) => jsonValue(e, t.elementType, opts, render)).join(',')}]`;
    case 'struct': {
      const s = taggedValue(v);
      const values = s?.kind === 'struct' ? s.fields : {};
      const parts = t.fields.flatMap((f) => {
        const x = values[f.name] ?? null;
        if (x === null && opts.ignoreNullFields) return [];
        return [`${JSON.stringify(f.name)}:${jsonValue(x, f.type, opts, render)}`];
      });
      return `{${parts.join(',')}}`;
    }
    case 'map': {
      const m = taggedValue(v);
      const entries = m?.kind === 'map' ? m.entries : [];
      const parts = entries.map(
        ([k, x]) =>
          `${JSON.stringify(mapKeyText(k, t.keyType, opts, render))}:${jsonValue(x, t.valueType, opts, render)}`,
      );
      return `{${parts.join(',')}}`;
    }
    case 'primitive':
      switch (t.name) {
        case 'string':
          return JSON.stringify(v as string);
        case 'boolean':
        case 'byte':
        case 'short':
        case 'integer':
        case 'long':
          return String(v);
        case 'double':
        case 'float': {
          const n = v as number;
          const text = t.name === 'double' ? render.double(n) : render.float(n);
          return Number.isFinite(n) ? text : JSON.stringify(text);
        }
        case 'date':
          return JSON.stringify(render.date(v as number, opts.dateFormat));
        case 'timestamp':
          return JSON.stringify(render.timestamp(v as bigint, opts.timestampFormat));
        case 'timestamp_ntz':
          return JSON.stringify(render.timestampNtz(v as bigint, opts.timestampNTZFormat));
        case 'binary':
          return JSON.stringify(Buffer.from(v as Uint8Array).toString('base64'));
        default:
          return JSON.stringify(String(v));
      }
    case 'yearMonthInterval':
    case 'dayTimeInterval':
    case 'calendarInterval':
      throw new Error(`JSON cannot hold ${t.kind} (checked before writing)`);
    default:
      return assertNever(t);
  }
}

/** Map keys are written as field names: the key's own text (a string key as is). */
function mapKeyText(k: Value, t: DataType, opts: JsonWriteOptions, render: ValueRenderer): string {
  if (typeof k === 'string') return k;
  const json = jsonValue(k, t, opts, render);
  return json.startsWith('"') ? (JSON.parse(json) as string) : json;
}
