/**
 * The files whose statistics allow a match with some source key: an interval join, in DuckDB, of the
 * distinct source key tuples against each file's [min, max] per key column (from the add's statistics, or
 * its partition value when the key is a partition column). A file is kept iff some source tuple lies inside
 * all of its ranges; unlike one range over all keys, keys spread over two distant files keep only those two.
 *
 * Statistics are used as `columnBounds` makes them safe (timestamps widened by the millisecond truncation,
 * truncated string maxima unbounded). A side without a bound gets the source keys' own extreme (read from
 * the key table in the same statement), which bounds nothing. A file without statistics is kept; a file
 * whose key column is all NULL is dropped, since `=` never matches NULL.
 *
 * The join is a scalar subquery (`keyRangeQuery`), so a MERGE can run it in the round trip that creates
 * the key table (merge-candidates.ts); `filesInKeyRanges` runs it on its own.
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

/** One key column of the target and the key table's column holding the source values for it. */
export interface KeyColumn {
  /** The target column's logical name. */
  readonly name: string;
  readonly type: DataType;
  /** The key table's column holding the source values. */
  readonly keyColumn: string;
}

/** The interval join, split into what statistics decide alone and what DuckDB must check. */
export interface KeyRangeQuery {
  /** Indexes (into `plan.files`) kept outright: files without statistics for a key. */
  readonly kept: readonly number[];
  /**
   * A scalar subquery giving the list of the other indexes some key tuple falls in (NULL when none does);
   * undefined when statistics leave no file to check.
   */
  readonly matchedList: string | undefined;
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
    bounds.push([b.lower ?? null, b.upperIsPrefix ? null : (b.upper ?? null)]);
  }
  return { kind: 'range', bounds };
}

/**
 * The interval join of `keyTable` (the distinct source key tuples, none with a NULL component) against the
 * files of `plan`, as a query not yet run.
 */
export function keyRangeQuery(plan: ScanPlan, keys: readonly KeyColumn[], keyTable: string): KeyRangeQuery {
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
  if (checked.length === 0) return { kept, matchedList: undefined };
  // One typed list per column, unnested side by side: DuckDB binds a list of constants far faster than as
  // many VALUES rows of typed literals. A side without a bound takes the source keys' extreme, so that the
  // condition stays a plain BETWEEN (a range join) rather than an OR.
  const t = quoteColumn(keyTable);
  const lists = [
    `unnest([${checked.join(', ')}]::INTEGER[]) AS "i"`,
    ...keys.flatMap((key, k) => [
      `unnest(${listSql(lows[k]!, key.type)}) AS "lo${k}"`,
      `unnest(${listSql(highs[k]!, key.type)}) AS "hi${k}"`,
    ]),
  ];
  const bounded = [
    '"i"',
    ...keys.flatMap((key, k) => {
      const c = quoteColumn(key.keyColumn);
      return [
        `coalesce(${fromList(`"lo${k}"`, key.type)}, (SELECT min(${c}) FROM ${t})) AS "lo${k}"`,
        `coalesce(${fromList(`"hi${k}"`, key.type)}, (SELECT max(${c}) FROM ${t})) AS "hi${k}"`,
      ];
    }),
  ];
  const on = keys
    .map((key, k) => `"s".${quoteColumn(key.keyColumn)} BETWEEN "f"."lo${k}" AND "f"."hi${k}"`)
    .join(' AND ');
  const matchedList =
    `(SELECT list(DISTINCT "f"."i") FROM (SELECT ${bounded.join(', ')} FROM (SELECT ${lists.join(', ')})) AS "f" ` +
    `JOIN ${t} AS "s" ON ${on})`;
  return { kept, matchedList };
}

/** The indexes a key range query keeps, ascending, from the list its subquery returned. */
export function keptByKeyRanges(query: KeyRangeQuery, matched: unknown): number[] {
  const listed = ((matched ?? []) as readonly unknown[]).map(Number);
  return [...query.kept, ...listed].sort((a, b) => a - b);
}

/**
 * The indexes (into `plan.files`) of the files some tuple of `keyTable` may match, in a round trip of
 * their own. `keyTable` holds the distinct source key tuples, none with a NULL component.
 */
export async function filesInKeyRanges(
  engine: EngineSession,
  plan: ScanPlan,
  keys: readonly KeyColumn[],
  keyTable: string,
): Promise<number[]> {
  const query = keyRangeQuery(plan, keys, keyTable);
  if (query.matchedList === undefined) return keptByKeyRanges(query, []);
  const [row] = await engine.all(`SELECT ${query.matchedList} AS "files"`);
  return keptByKeyRanges(query, row?.files);
}

/**
 * A list literal of constants for values of a prunable key type (merge-pruning.ts prunableType): dates as
 * day numbers and timestamps as microseconds, turned into values per row by `fromList`.
 */
function listSql(values: readonly ScalarValue[], type: DataType): string {
  // NULL: a side without a bound (keyRangeQuery gives it the source keys' extreme).
  const each = (f: (v: ScalarValue) => string) => values.map((v) => (v === null ? 'NULL' : f(v))).join(', ');
  if (type.kind === 'decimal') {
    const decimal = type.scale;
    return `[${each((v) => quoteString(unscaledToDecimalText(v as bigint, decimal)))}]::DECIMAL(${type.precision}, ${type.scale})[]`;
  }
  const name = type.kind === 'primitive' ? type.name : '';
  switch (name) {
    case 'string':
      return `[${each((v) => quoteString(v as string))}]::VARCHAR[]`;
    case 'boolean':
      return `[${each((v) => (v ? 'TRUE' : 'FALSE'))}]::BOOLEAN[]`;
    case 'date':
      return `[${each(String)}]::INTEGER[]`;
    case 'byte':
    case 'short':
    case 'integer':
    case 'long':
    case 'timestamp':
    case 'timestamp_ntz':
      return `[${each(String)}]::BIGINT[]`;
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
