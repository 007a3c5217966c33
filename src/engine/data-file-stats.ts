import { formatTimestampIsoMillis, parseDate, parseTimestampText } from '../delta/datetime-text.js';
import { type FileStats, StatsNumber, type StatsObject, type StatsValue } from '../delta/stats.js';
import type { DataType, StructType } from '../types/data-types.js';

/** DuckDB's per-column statistics of one written file (COPY … RETURN_STATS), keyed by quoted column path. */
export type DuckDBColumnStatistics = ReadonlyMap<string, ReadonlyMap<string, string>>;

/** Delta's string statistics keep a 32-character prefix (Spark's dataSkippingStringPrefixLength default). */
export const STRING_PREFIX_LENGTH = 32;

interface Leaf {
  readonly path: readonly string[];
  readonly type: DataType;
}

/**
 * Reshapes DuckDB's statistics into Delta's (PROTOCOL.md "Per-file Statistics"), for the first
 * `numIndexedCols` leaf columns of `physicalSchema` (the data columns, named physically):
 * - min/max only for numbers, decimals, dates, timestamps and strings (none for boolean, binary or complex
 *   types, as Spark writes); a bound DuckDB lacks or gives as ±inf is left out, never guessed, and so are
 *   both bounds of a floating column holding NaN.
 * - timestamps in ISO-8601 with milliseconds, min truncated down and max rounded up so both stay bounds;
 *   `timestamp` with `Z`, `timestamp_ntz` without.
 * - strings cut to a 32-character prefix; a cut max gets a tie-breaker character so it stays an upper bound.
 * - nullCount for every indexed leaf except arrays and maps, whose own NULL count DuckDB does not report.
 */
export function deltaFileStats(
  numRecords: number,
  statistics: DuckDBColumnStatistics,
  physicalSchema: StructType,
  numIndexedCols: number,
): FileStats {
  const leaves = leafColumns(physicalSchema);
  const indexed = numIndexedCols < 0 ? leaves : leaves.slice(0, numIndexedCols);
  const minValues: Record<string, unknown> = {};
  const maxValues: Record<string, unknown> = {};
  const nullCount: Record<string, unknown> = {};
  for (const leaf of indexed) {
    if (leaf.type.kind === 'array' || leaf.type.kind === 'map') continue;
    const s = statistics.get(leaf.path.map(duckdbQuote).join('.'));
    if (!s) continue;
    const nulls = s.get('null_count');
    if (nulls !== undefined && /^\d+$/.test(nulls)) setPath(nullCount, leaf.path, new StatsNumber(nulls));
    // Spark orders NaN above every number, so a file holding NaN has no finite upper bound: no bounds at all.
    if (s.get('has_nan') === 'true') continue;
    const min = s.get('min');
    const max = s.get('max');
    const lower = min === undefined ? undefined : boundValue(min, leaf.type, 'min');
    const upper = max === undefined ? undefined : boundValue(max, leaf.type, 'max');
    if (lower !== undefined && upper !== undefined) {
      setPath(minValues, leaf.path, lower);
      setPath(maxValues, leaf.path, upper);
    }
  }
  return {
    numRecords,
    minValues: minValues as StatsObject,
    maxValues: maxValues as StatsObject,
    nullCount: nullCount as StatsObject,
  };
}

/** Leaf columns in schema order: struct fields are walked into, arrays and maps are leaves themselves. */
function leafColumns(schema: StructType, prefix: readonly string[] = []): Leaf[] {
  return schema.fields.flatMap((f) =>
    f.type.kind === 'struct'
      ? leafColumns(f.type, [...prefix, f.name])
      : [{ path: [...prefix, f.name], type: f.type }],
  );
}

function boundValue(text: string, type: DataType, which: 'min' | 'max'): StatsValue | undefined {
  if (type.kind === 'decimal') return isJsonNumber(text) ? new StatsNumber(text) : undefined;
  if (type.kind !== 'primitive') return undefined;
  switch (type.name) {
    case 'byte':
    case 'short':
    case 'integer':
    case 'long':
    case 'float':
    case 'double':
      return isJsonNumber(text) ? new StatsNumber(text) : undefined;
    case 'date':
      return parseDate(text) === undefined ? undefined : text;
    case 'timestamp':
    case 'timestamp_ntz': {
      const parsed = parseTimestampText(text);
      if (!parsed) return undefined;
      const micros = parsed.wallMicros - (parsed.offsetMicros ?? 0n);
      return formatTimestampIsoMillis(toMillis(micros, which), type.name === 'timestamp');
    }
    case 'string':
      return which === 'min' ? truncateMin(text) : truncateMax(text);
    default:
      return undefined;
  }
}

/** Microseconds truncated down (min) or rounded up (max) to a whole millisecond. */
function toMillis(micros: bigint, which: 'min' | 'max'): bigint {
  const floor = micros - (((micros % 1000n) + 1000n) % 1000n);
  return which === 'min' || floor === micros ? floor : floor + 1000n;
}

function truncateMin(s: string): string {
  const chars = Array.from(s);
  return chars.length <= STRING_PREFIX_LENGTH ? s : chars.slice(0, STRING_PREFIX_LENGTH).join('');
}

/**
 * The prefix plus a tie-breaker greater (in UTF-8 byte order) than the first character cut off: U+007F when
 * that character is below it, else U+10FFFF, the greatest code point. A cut-off U+10FFFF cannot be
 * exceeded, so the prefix grows past it; if nothing else is left, the whole string is its own bound.
 */
function truncateMax(s: string): string {
  const chars = Array.from(s);
  if (chars.length <= STRING_PREFIX_LENGTH) return s;
  let end = STRING_PREFIX_LENGTH;
  while (end < chars.length && chars[end] === '\u{10FFFF}') end++;
  if (end === chars.length) return s;
  const next = chars[end]!.codePointAt(0)!;
  return chars.slice(0, end).join('') + (next < 0x7f ? '\u007F' : '\u{10FFFF}');
}

function isJsonNumber(text: string): boolean {
  return /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(text);
}

function setPath(target: Record<string, unknown>, path: readonly string[], value: StatsValue): void {
  let node = target;
  for (const name of path.slice(0, -1)) node = (node[name] ??= {}) as Record<string, unknown>;
  node[path[path.length - 1]!] = value;
}

/** A column path segment as DuckDB quotes it in RETURN_STATS keys (`"a"."b"`). */
function duckdbQuote(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
