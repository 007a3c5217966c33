/**
 * Per-file statistics: the JSON string in `add.stats` (PROTOCOL.md, "Per-file Statistics").
 *
 * Column statistics are nested objects mirroring the data schema and keyed by PHYSICAL names (column
 * mapping). Numbers are kept as their JSON source text (`StatsNumber`), so a long max of
 * 9223372036854775807 or a decimal(38,18) bound is exact, and Spark's `0.0` writes back as `0.0`.
 *
 * Two lossy encodings matter for skipping, and `columnBounds` turns them into safe bounds:
 *  - "Timestamp columns are truncated down to milliseconds": a max of `…00.123Z` stands for up to `…00.123999`.
 *  - "String columns are cut off at a fixed prefix length": min is a prefix (still a lower bound); a
 *    truncated max ends in a tie-breaker character (U+FFFD in older Delta, U+007F or U+10FFFF since
 *    delta 3.x). Older writers' U+FFFD is not an upper bound in UTF-8 order for supplementary characters,
 *    so such a max is read as "any string that starts with the prefix before the tie-breaker".
 */
import type { DataType, StructType } from '../types/data-types.js';
import type { ScalarValue } from '../types/scalar.js';
import { formatDate, formatTimestampIsoMillis, parseDate, parseTimestampText } from './datetime-text.js';
import { parseJsonLossless } from './lossless-json.js';
import { type DecimalRounding, formatDecimal, parseDecimal } from './number-text.js';
import { parseFloatingText } from './partition-values.js';
import { leafPaths } from './schema.js';

/** A JSON number, as the text it was written with. */
export class StatsNumber {
  constructor(readonly text: string) {}
}

export type StatsValue = string | boolean | null | StatsNumber | StatsObject;
export interface StatsObject {
  readonly [name: string]: StatsValue;
}

export interface FileStats {
  readonly numRecords?: number;
  readonly minValues?: StatsObject;
  readonly maxValues?: StatsObject;
  readonly nullCount?: StatsObject;
  /** Absent means true ("should be treated as true when it is not explicitly present"). */
  readonly tightBounds?: boolean;
}

/**
 * Reads `add.stats`. A missing or malformed stats string means "no statistics", never an error: statistics
 * only make reads faster, and a table with a bad one must stay readable.
 */
export function parseStats(json: string | null | undefined): FileStats | undefined {
  if (json === null || json === undefined || json === '') return undefined;
  let raw: unknown;
  try {
    raw = parseJsonLossless(json, (text) => new StatsNumber(text));
  } catch {
    return undefined;
  }
  if (!isObject(raw)) return undefined;
  const out: { -readonly [K in keyof FileStats]: FileStats[K] } = {};
  if (raw.numRecords instanceof StatsNumber) {
    const n = Number(raw.numRecords.text);
    if (Number.isSafeInteger(n) && n >= 0) out.numRecords = n;
  }
  if (isObject(raw.minValues)) out.minValues = raw.minValues;
  if (isObject(raw.maxValues)) out.maxValues = raw.maxValues;
  if (isObject(raw.nullCount)) out.nullCount = raw.nullCount;
  if (typeof raw.tightBounds === 'boolean') out.tightBounds = raw.tightBounds;
  return out;
}

/** Writes stats in Spark's key order: numRecords, minValues, maxValues, nullCount, then tightBounds. */
export function serializeStats(stats: FileStats): string {
  const parts: string[] = [];
  if (stats.numRecords !== undefined) parts.push(`"numRecords":${stats.numRecords}`);
  if (stats.minValues !== undefined) parts.push(`"minValues":${serializeValue(stats.minValues)}`);
  if (stats.maxValues !== undefined) parts.push(`"maxValues":${serializeValue(stats.maxValues)}`);
  if (stats.nullCount !== undefined) parts.push(`"nullCount":${serializeValue(stats.nullCount)}`);
  if (stats.tightBounds !== undefined) parts.push(`"tightBounds":${stats.tightBounds}`);
  return `{${parts.join(',')}}`;
}

function serializeValue(v: StatsValue): string {
  if (v instanceof StatsNumber) return v.text;
  if (isObject(v)) {
    return `{${Object.entries(v)
      .map(([k, x]) => `${JSON.stringify(k)}:${serializeValue(x)}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

/** The raw JSON statistic at a physical column path, or undefined when there is none. */
export function rawStat(
  stats: FileStats,
  which: 'min' | 'max' | 'nullCount',
  physicalPath: readonly string[],
) {
  let node: StatsValue | undefined =
    which === 'min' ? stats.minValues : which === 'max' ? stats.maxValues : stats.nullCount;
  for (const name of physicalPath) {
    if (!isObject(node) || !Object.hasOwn(node, name)) return undefined;
    node = node[name];
  }
  return node;
}

/**
 * The min or max statistic of a column converted to its ScalarValue (src/types/scalar.ts), exactly as
 * stored: timestamps as written (millisecond-truncated), strings possibly a truncated prefix. Undefined when
 * absent, null, or not readable as the type. For skipping use `columnBounds`, which makes them safe.
 */
export function statValue(
  stats: FileStats,
  which: 'min' | 'max',
  physicalPath: readonly string[],
  type: DataType,
): ScalarValue | undefined {
  return fromStatsJson(rawStat(stats, which, physicalPath), type, which === 'min' ? 'floor' : 'ceiling');
}

/** The null count of a column, or undefined when absent. */
export function statNullCount(stats: FileStats, physicalPath: readonly string[]): number | undefined {
  const v = rawStat(stats, 'nullCount', physicalPath);
  if (!(v instanceof StatsNumber)) return undefined;
  const n = Number(v.text);
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

/** Skipping-safe facts about one column of one file. */
export interface ColumnBounds {
  /** Every non-null value is >= lower (when defined). */
  readonly lower?: ScalarValue;
  /** Every non-null value is <= upper (when defined); see upperIsPrefix. */
  readonly upper?: ScalarValue;
  /** For strings: upper is a prefix, and values may be any string starting with it. */
  readonly upperIsPrefix: boolean;
  /** The null count, only when it proves something: 0 (no NULLs) or numRecords (all NULL). */
  readonly nullCount?: number;
  readonly numRecords?: number;
}

export function columnBounds(
  stats: FileStats,
  physicalPath: readonly string[],
  type: DataType,
): ColumnBounds {
  const numRecords = stats.numRecords;
  let nullCount = statNullCount(stats, physicalPath);
  // With wide bounds only the two special null counts carry information ("Per-file Statistics").
  // (Exact counts in between are not needed for skipping, so they are dropped in both cases.)
  if (nullCount !== undefined && nullCount !== 0 && nullCount !== numRecords) nullCount = undefined;
  let lower = statValue(stats, 'min', physicalPath, type);
  let upper = statValue(stats, 'max', physicalPath, type);
  let upperIsPrefix = false;
  if (typeof lower === 'number' && Number.isNaN(lower)) lower = undefined;
  // Spark orders NaN above every number, so a NaN max bounds nothing.
  if (typeof upper === 'number' && Number.isNaN(upper)) upper = undefined;
  if (type.kind === 'primitive') {
    if ((type.name === 'timestamp' || type.name === 'timestamp_ntz') && typeof upper === 'bigint')
      upper += 999n;
    if (type.name === 'string' && typeof upper === 'string') {
      const last = upper.codePointAt(upper.length - 1 - (upper.length > 1 && isLowSurrogate(upper) ? 1 : 0));
      if (last === 0xfffd || last === 0x7f || last === 0x10ffff) {
        upper = upper.slice(0, last === 0x10ffff ? -2 : -1);
        upperIsPrefix = true;
      }
    }
  }
  return { lower, upper, upperIsPrefix, nullCount, numRecords };
}

function isLowSurrogate(s: string): boolean {
  const c = s.charCodeAt(s.length - 1);
  return c >= 0xdc00 && c <= 0xdfff;
}

/** Converts a stats JSON value to the column type's ScalarValue; undefined when it cannot. */
export function fromStatsJson(
  v: StatsValue | undefined,
  type: DataType,
  rounding: DecimalRounding,
): ScalarValue | undefined {
  if (v === undefined || v === null || isObject(v)) return undefined;
  if (type.kind === 'decimal') {
    const text = v instanceof StatsNumber ? v.text : typeof v === 'string' ? v : undefined;
    return text === undefined ? undefined : parseDecimal(text, type.precision, type.scale, rounding);
  }
  if (type.kind !== 'primitive') return undefined;
  switch (type.name) {
    case 'byte':
    case 'short':
    case 'integer':
      // Type widening (PROTOCOL.md "Type Widening") keeps old files' stats: a narrower integer reads as is.
      return v instanceof StatsNumber && /^-?\d+$/.test(v.text) ? Number(v.text) : undefined;
    case 'long':
      return v instanceof StatsNumber && /^-?\d+$/.test(v.text) ? BigInt(v.text) : undefined;
    case 'float':
    case 'double': {
      // Jackson writes NaN and the infinities as strings.
      const n =
        v instanceof StatsNumber ? Number(v.text) : typeof v === 'string' ? parseFloatingText(v) : undefined;
      return n === undefined ? undefined : type.name === 'float' ? Math.fround(n) : n;
    }
    case 'string':
      return typeof v === 'string' ? v : undefined;
    case 'boolean':
      return typeof v === 'boolean' ? v : undefined;
    case 'date':
      return typeof v === 'string' ? parseDate(v) : undefined;
    case 'timestamp':
    case 'timestamp_ntz': {
      if (typeof v !== 'string') return undefined;
      const t = parseTimestampText(v);
      if (!t) return undefined;
      // Zoneless timestamp stats are read as UTC; timestamp_ntz stats carry no zone.
      return t.offsetMicros === undefined
        ? t.wallMicros
        : type.name === 'timestamp'
          ? t.wallMicros - t.offsetMicros
          : undefined;
    }
    case 'binary':
    case 'void':
    case 'variant':
      return undefined;
  }
}

/**
 * A ScalarValue as Delta writes it into min/max statistics: numbers as JSON numbers (longs and decimals
 * exactly), dates `YYYY-MM-DD`, timestamps ISO-8601 truncated to milliseconds (`Z` for timestamp, no zone for
 * timestamp_ntz), NaN and infinities as strings. Undefined for types Delta keeps no min/max for.
 */
export function toStatsJson(value: ScalarValue, type: DataType): StatsValue | undefined {
  if (value === null) return null;
  if (type.kind === 'decimal')
    return typeof value === 'bigint' ? new StatsNumber(formatDecimal(value, type.scale)) : undefined;
  if (type.kind !== 'primitive') return undefined;
  switch (type.name) {
    case 'byte':
    case 'short':
    case 'integer':
    case 'long':
      return typeof value === 'number' || typeof value === 'bigint'
        ? new StatsNumber(String(value))
        : undefined;
    case 'float':
    case 'double':
      if (typeof value !== 'number') return undefined;
      if (!Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : value > 0 ? 'Infinity' : '-Infinity';
      return new StatsNumber(JSON.stringify(value));
    case 'string':
      return typeof value === 'string' ? value : undefined;
    case 'boolean':
      return typeof value === 'boolean' ? value : undefined;
    case 'date':
      return typeof value === 'number' ? formatDate(value) : undefined;
    case 'timestamp':
    case 'timestamp_ntz':
      return typeof value === 'bigint'
        ? formatTimestampIsoMillis(value, type.name === 'timestamp')
        : undefined;
    case 'binary':
    case 'void':
    case 'variant':
      return undefined;
  }
}

export const NUM_INDEXED_COLS_KEY = 'delta.dataSkippingNumIndexedCols';
export const STATS_COLUMNS_KEY = 'delta.dataSkippingStatsColumns';
const DEFAULT_NUM_INDEXED_COLS = 32;

/**
 * The logical leaf columns that get statistics: those named by `delta.dataSkippingStatsColumns` when set
 * (a comma-separated list; a struct names all its leaves; backticks quote names), else the first
 * `delta.dataSkippingNumIndexedCols` leaves (default 32, -1 for all) of the data schema in schema order.
 * Partition columns hold no statistics: their values are in the log.
 */
export function statsColumnPaths(
  schema: StructType,
  partitionColumns: readonly string[],
  configuration: Readonly<Record<string, string>>,
): string[][] {
  const partitions = new Set(partitionColumns.map((c) => c.toLowerCase()));
  const leaves = leafPaths(schema).filter((p) => !partitions.has(p[0]!.toLowerCase()));
  const listed = configuration[STATS_COLUMNS_KEY];
  if (listed !== undefined && listed.trim() !== '') {
    const wanted = splitTopLevel(listed).map((c) => parseColumnPath(c).map((n) => n.toLowerCase()));
    return leaves.filter((leaf) =>
      wanted.some((w) => w.length <= leaf.length && w.every((n, i) => n === leaf[i]!.toLowerCase())),
    );
  }
  const raw = configuration[NUM_INDEXED_COLS_KEY];
  const n = raw === undefined ? DEFAULT_NUM_INDEXED_COLS : Number.parseInt(raw, 10);
  if (!Number.isFinite(n) || n < 0) return leaves;
  return leaves.slice(0, n);
}

function splitTopLevel(list: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (const ch of list) {
    if (ch === '`') quoted = !quoted;
    if (ch === ',' && !quoted) {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  if (cur.trim() !== '') out.push(cur.trim());
  return out.filter((c) => c !== '');
}

/** `a.b`, `` `a.b`.c `` (backticks quote; a doubled backtick is a literal one) to its name parts. */
export function parseColumnPath(text: string): string[] {
  const parts: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '`') {
      if (quoted && text[i + 1] === '`') {
        cur += '`';
        i++;
      } else quoted = !quoted;
    } else if (ch === '.' && !quoted) {
      parts.push(cur);
      cur = '';
    } else cur += ch;
  }
  parts.push(cur);
  return parts.map((p) => p.trim());
}

function isObject(v: unknown): v is StatsObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof StatsNumber);
}
