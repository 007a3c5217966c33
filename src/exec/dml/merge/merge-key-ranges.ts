/**
 * The files whose statistics allow a match with some source key: an interval join, in DuckDB, of the
 * distinct source key tuples against each file's [min, max] per key column (from the add's statistics, or
 * its partition value when the key is a partition column). A file is kept iff some source tuple lies inside
 * all of its ranges; unlike one range over all keys, keys spread over two distant files keep only those two.
 *
 * Statistics are used as `columnBounds` makes them safe (timestamps widened by the millisecond truncation,
 * truncated string maxima unbounded). A side without a bound gets the source's own extreme, which bounds
 * nothing. A file without statistics is kept; a file whose key column is all NULL is dropped, since `=`
 * never matches NULL.
 */
import { resolvePhysicalPath } from '../../../delta/column-mapping.js';
import { statsOf } from '../../../delta/data-skipping.js';
import type { ScanFile, ScanPlan } from '../../../delta/scan-plan.js';
import { columnBounds } from '../../../delta/stats.js';
import type { EngineSession } from '../../../engine/engine-session.js';
import { quoteString, unscaledToDecimalText } from '../../../engine/sql-text.js';
import type { DataType } from '../../../types/data-types.js';
import type { ScalarValue } from '../../../types/scalar.js';
import { quoteColumn } from '../../query/expression-sql.js';

/** One key column of the target, with the source keys' own extremes (non-null keys exist). */
export interface KeyColumn {
  /** The target column's logical name. */
  readonly name: string;
  readonly type: DataType;
  /** The key table's column holding the source values. */
  readonly keyColumn: string;
  readonly sourceMin: ScalarValue;
  readonly sourceMax: ScalarValue;
}

type FileRange =
  | { readonly kind: 'keep' }
  | { readonly kind: 'drop' }
  | { readonly kind: 'range'; readonly bounds: readonly (readonly [ScalarValue, ScalarValue])[] };

/** Where a key column's bounds come from: a partition value, or the statistics at a physical path. */
interface KeyLocation {
  readonly partition?: string;
  readonly physicalPath?: readonly string[];
}

/** The bounds of each key column in one file, or whether the file is kept or dropped outright. */
function fileRange(file: ScanFile, keys: readonly KeyColumn[], located: readonly KeyLocation[]): FileRange {
  const stats = statsOf(file.add);
  const bounds: (readonly [ScalarValue, ScalarValue])[] = [];
  for (const [k, key] of keys.entries()) {
    const { partition, physicalPath } = located[k]!;
    if (partition !== undefined) {
      const value = file.partitionValues[partition];
      if (value === null || value === undefined) return { kind: 'drop' };
      bounds.push([value, value]);
      continue;
    }
    if (!stats || !physicalPath) return { kind: 'keep' };
    const b = columnBounds(stats, physicalPath, key.type);
    if (b.nullCount !== undefined && b.nullCount === b.numRecords) return { kind: 'drop' };
    const upper = b.upperIsPrefix ? undefined : b.upper;
    bounds.push([b.lower ?? key.sourceMin, upper ?? key.sourceMax]);
  }
  return { kind: 'range', bounds };
}

/**
 * The indexes (into `plan.files`) of the files some tuple of `keyTable` may match. `keyTable` holds the
 * distinct source key tuples, none with a NULL component.
 */
export async function filesInKeyRanges(
  engine: EngineSession,
  plan: ScanPlan,
  keys: readonly KeyColumn[],
  keyTable: string,
): Promise<number[]> {
  const located = keys.map((key): KeyLocation => {
    const partition = plan.partitionColumns.find((p) => p.toLowerCase() === key.name.toLowerCase());
    if (partition !== undefined) return { partition };
    return {
      physicalPath: resolvePhysicalPath(plan.schema, [key.name], plan.columnMappingMode)?.physicalPath,
    };
  });
  const kept: number[] = [];
  const checked: number[] = [];
  const lows: ScalarValue[][] = keys.map(() => []);
  const highs: ScalarValue[][] = keys.map(() => []);
  for (const [i, file] of plan.files.entries()) {
    const r = fileRange(file, keys, located);
    if (r.kind === 'keep') kept.push(i);
    else if (r.kind === 'range') {
      checked.push(i);
      for (const [k, [lo, hi]] of r.bounds.entries()) {
        lows[k]!.push(lo);
        highs[k]!.push(hi);
      }
    }
  }
  if (checked.length > 0) {
    // One typed list per column, unnested side by side: DuckDB binds a list of constants far faster
    // than as many VALUES rows of typed literals.
    const ranges = [
      `unnest([${checked.join(', ')}]::INTEGER[]) AS "i"`,
      ...keys.flatMap((key, k) => [
        `unnest(${listSql(lows[k]!, key.type)}) AS "lo${k}"`,
        `unnest(${listSql(highs[k]!, key.type)}) AS "hi${k}"`,
      ]),
    ];
    const on = keys
      .map((key, k) => {
        const s = `"s".${quoteColumn(key.keyColumn)}`;
        return `${s} BETWEEN ${fromList(`"f"."lo${k}"`, key.type)} AND ${fromList(`"f"."hi${k}"`, key.type)}`;
      })
      .join(' AND ');
    const matched = await engine.all(
      `SELECT DISTINCT "f"."i" AS "i" FROM (SELECT ${ranges.join(', ')}) AS "f" ` +
        `JOIN ${quoteColumn(keyTable)} AS "s" ON ${on}`,
    );
    for (const r of matched) kept.push(Number(r.i));
  }
  return kept.sort((a, b) => a - b);
}

/**
 * A list literal of constants for values of a prunable key type (merge-pruning.ts prunableType): dates as
 * day numbers and timestamps as microseconds, turned into values per row by `fromList`.
 */
function listSql(values: readonly ScalarValue[], type: DataType): string {
  if (type.kind === 'decimal') {
    const texts = values.map((v) => quoteString(unscaledToDecimalText(v as bigint, type.scale)));
    return `[${texts.join(', ')}]::DECIMAL(${type.precision}, ${type.scale})[]`;
  }
  const name = type.kind === 'primitive' ? type.name : '';
  switch (name) {
    case 'string':
      return `[${values.map((v) => quoteString(v as string)).join(', ')}]::VARCHAR[]`;
    case 'boolean':
      return `[${values.map((v) => (v ? 'TRUE' : 'FALSE')).join(', ')}]::BOOLEAN[]`;
    case 'date':
      return `[${values.join(', ')}]::INTEGER[]`;
    case 'byte':
    case 'short':
    case 'integer':
    case 'long':
    case 'timestamp':
    case 'timestamp_ntz':
      return `[${values.map((v) => String(v)).join(', ')}]::BIGINT[]`;
    default:
      throw new Error(`no key range list for ${JSON.stringify(type)}`);
  }
}

/** A list element as a value of the key's type (the inverse of listSql's encoding). */
function fromList(element: string, type: DataType): string {
  const name = type.kind === 'primitive' ? type.name : '';
  if (name === 'date') return `CAST(DATE '1970-01-01' + ${element} AS DATE)`;
  if (name === 'timestamp') return `make_timestamptz(${element})`;
  if (name === 'timestamp_ntz') return `make_timestamp(${element})`;
  return element;
}
