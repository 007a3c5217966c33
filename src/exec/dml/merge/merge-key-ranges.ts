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
import type { ScanFile, ScanPlan } from '../../../delta/scan-plan.js';
import { columnBounds, parseStats } from '../../../delta/stats.js';
import type { EngineSession } from '../../../engine/engine-session.js';
import { scalarToSql } from '../../../engine/sql-text.js';
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
  const stats = parseStats(file.add.stats);
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
  const rows: string[] = [];
  for (const [i, file] of plan.files.entries()) {
    const r = fileRange(file, keys, located);
    if (r.kind === 'keep') kept.push(i);
    else if (r.kind === 'range') {
      const values = r.bounds.flatMap(([lo, hi], k) => [
        scalarToSql(lo, keys[k]!.type),
        scalarToSql(hi, keys[k]!.type),
      ]);
      rows.push(`(${i}, ${values.join(', ')})`);
    }
  }
  if (rows.length > 0) {
    const names = ['"i"', ...keys.flatMap((_, k) => [`"lo${k}"`, `"hi${k}"`])];
    const on = keys
      .map((key, k) => `"s".${quoteColumn(key.keyColumn)} BETWEEN "f"."lo${k}" AND "f"."hi${k}"`)
      .join(' AND ');
    const matched = await engine.all(
      `SELECT DISTINCT "f"."i" AS "i" FROM (VALUES ${rows.join(', ')}) AS "f"(${names.join(', ')}) ` +
        `JOIN ${quoteColumn(keyTable)} AS "s" ON ${on}`,
    );
    for (const r of matched) kept.push(Number(r.i));
  }
  return kept.sort((a, b) => a - b);
}
