/**
 * Reads a golden schema line (`struct<k:string,sum(v):bigint>`, Spark's StructType.catalogString) back into
 * columns. Column names are Spark's generated names and may hold any character, `:` and `,` included, so the
 * parser backtracks: a name ends at the first `:` after which a type and then `,` or `>` follow.
 */
import {
  arrayOf,
  type DataType,
  decimal,
  field,
  mapOf,
  type PrimitiveTypeName,
  primitive,
  struct,
} from '../../types/data-types.js';
import type { ResultColumn } from './sql-session.js';

export function parseSchemaString(text: string): ResultColumn[] | undefined {
  if (!text.startsWith('struct<') || !text.endsWith('>')) return undefined;
  const fields = parseFields(text, 'struct<'.length);
  return fields !== undefined && fields.end === text.length - 1 ? fields.columns : undefined;
}

interface Parsed<T> {
  readonly value: T;
  readonly end: number;
}

function parseFields(s: string, start: number): { columns: ResultColumn[]; end: number } | undefined {
  if (s[start] === '>') return { columns: [], end: start };
  for (let colon = s.indexOf(':', start); colon >= 0; colon = s.indexOf(':', colon + 1)) {
    const type = parseType(s, colon + 1);
    if (type === undefined) continue;
    const column = { name: s.slice(start, colon), type: type.value };
    if (s[type.end] === '>') return { columns: [column], end: type.end };
    if (s[type.end] === ',') {
      const rest = parseFields(s, type.end + 1);
      if (rest !== undefined && rest.columns.length > 0)
        return { columns: [column, ...rest.columns], end: rest.end };
    }
  }
  return undefined;
}

const PRIMITIVES: readonly [string, PrimitiveTypeName][] = [
  ['timestamp_ntz', 'timestamp_ntz'],
  ['timestamp', 'timestamp'],
  ['bigint', 'long'],
  ['smallint', 'short'],
  ['tinyint', 'byte'],
  ['int', 'integer'],
  ['string', 'string'],
  ['boolean', 'boolean'],
  ['float', 'float'],
  ['double', 'double'],
  ['binary', 'binary'],
  ['date', 'date'],
  ['void', 'void'],
  ['variant', 'variant'],
];
const YM = ['year', 'month'];
const DT = ['day', 'hour', 'minute', 'second'];

function parseType(s: string, i: number): Parsed<DataType> | undefined {
  const rest = s.slice(i);
  let m = /^(decimal|char|varchar)\((\d+)(?:,(\d+))?\)/.exec(rest);
  if (m) {
    const n = Number(m[2]);
    const value: DataType =
      m[1] === 'decimal'
        ? decimal(n, Number(m[3] ?? 0))
        : { kind: m[1] === 'char' ? 'char' : 'varchar', length: n };
    return { value, end: i + m[0].length };
  }
  m = /^interval (year|month|day|hour|minute|second)(?: to (year|month|day|hour|minute|second))?/.exec(rest);
  if (m) return { value: intervalType(m[1] as string, m[2] ?? (m[1] as string)), end: i + m[0].length };
  if (rest.startsWith('interval')) return { value: { kind: 'calendarInterval' }, end: i + 'interval'.length };
  if (rest.startsWith('array<')) {
    const element = parseType(s, i + 'array<'.length);
    if (element === undefined || s[element.end] !== '>') return undefined;
    return { value: arrayOf(element.value), end: element.end + 1 };
  }
  if (rest.startsWith('map<')) {
    const key = parseType(s, i + 'map<'.length);
    if (key === undefined || s[key.end] !== ',') return undefined;
    const value = parseType(s, key.end + 1);
    if (value === undefined || s[value.end] !== '>') return undefined;
    return { value: mapOf(key.value, value.value), end: value.end + 1 };
  }
  if (rest.startsWith('struct<')) {
    const fields = parseFields(s, i + 'struct<'.length);
    if (fields === undefined) return undefined;
    return { value: struct(fields.columns.map((c) => field(c.name, c.type))), end: fields.end + 1 };
  }
  for (const [text, name] of PRIMITIVES) {
    if (rest.startsWith(text) && !/\w/.test(rest[text.length] ?? ''))
      return { value: primitive(name), end: i + text.length };
  }
  return undefined;
}

function intervalType(from: string, to: string): DataType {
  if (YM.includes(from)) {
    return {
      kind: 'yearMonthInterval',
      startField: YM.indexOf(from) as 0 | 1,
      endField: YM.indexOf(to) as 0 | 1,
    };
  }
  return {
    kind: 'dayTimeInterval',
    startField: DT.indexOf(from) as 0 | 1 | 2 | 3,
    endField: DT.indexOf(to) as 0 | 1 | 2 | 3,
  };
}
