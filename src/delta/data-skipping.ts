/**
 * Partition pruning and file skipping: may a file hold a row that satisfies a pushed-down predicate?
 *
 * A file is skipped only when it provably holds no such row. The predicate is evaluated abstractly over
 * what is known about the file's rows, in SQL's three-valued logic: for each sub-predicate we compute
 * whether some row MAY make it TRUE and whether some row MAY make it FALSE (NULL is neither). NOT swaps the
 * two, which is why NOT(a > 5) does not match rows where a is NULL. AND/OR combine them soundly:
 *   mayTrue(A AND B) = mayTrue(A) && mayTrue(B)     mayFalse(A AND B) = mayFalse(A) || mayFalse(B)
 *   mayTrue(A OR B)  = mayTrue(A) || mayTrue(B)     mayFalse(A OR B)  = mayFalse(A) && mayFalse(B)
 * (over-approximations: the two sides may be true on different rows, which only costs skipping, never rows).
 *
 * Facts come from statistics (PROTOCOL.md "Per-file Statistics", read safely by `columnBounds`) for data
 * columns and are exact for partition columns. A column without facts never allows skipping.
 */
import { assertNever, type DataType, type StructType } from '../types/data-types.js';
import {
  type ComparisonOp,
  evaluatePredicate,
  NEVER,
  type Outcome,
  type Predicate,
  UNKNOWN,
} from '../types/predicate.js';
import type { ScalarValue } from '../types/scalar.js';
import type { AddFile } from './actions.js';
import { type ColumnMappingMode, resolvePhysicalPath } from './column-mapping.js';
import { coerceLiteral, compareScalars, compareUtf8 } from './scalar-order.js';
import { columnBounds, type FileStats, parseStats } from './stats.js';

/** What is known about one column's values in one file. */
interface ColumnFacts {
  readonly type: DataType;
  readonly lower?: ScalarValue;
  readonly upper?: ScalarValue;
  readonly upperIsPrefix: boolean;
  /** Every row is NULL in this column. */
  readonly allNull: boolean;
  /** No row is NULL in this column. */
  readonly noNull: boolean;
}

type FactsOf = (column: readonly string[]) => ColumnFacts | undefined;

/** The three-valued evaluation of a predicate over the statistics a FactsOf gives (types/predicate.ts). */
function evaluate(p: Predicate, facts: FactsOf): Outcome {
  return evaluatePredicate(p, {
    nullFacts: facts,
    comparison: (op, column, value) => comparison(op, column, value, facts),
  });
}

/** True when the file's statistics prove that no row satisfies the predicate. */
export function canSkipByStats(
  predicate: Predicate,
  stats: FileStats | undefined,
  schema: StructType,
  mode: ColumnMappingMode,
): boolean {
  if (!stats) return false;
  // A file with no rows holds no matching row.
  if (stats.numRecords === 0) return true;
  return !evaluate(predicate, statsFacts(stats, schema, mode)).mayTrue;
}

/**
 * True when the file's partition values prove that no row satisfies the predicate. `partitionValues` are
 * the parsed values keyed by logical partition column name (see ScanFile.partitionValues).
 */
export function canSkipByPartition(
  predicate: Predicate,
  partitionValues: Readonly<Record<string, ScalarValue>>,
  partitionColumns: readonly string[],
  schema: StructType,
): boolean {
  return !evaluate(predicate, partitionFacts(partitionValues, partitionColumns, schema)).mayTrue;
}

/** Everything `fileMayMatch` needs about one file and its table. */
export interface FileSkippingContext {
  /** The file's add action; its `stats` string is parsed unless `stats` is given. */
  readonly add: Pick<AddFile, 'stats'>;
  /** Parsed statistics, when the caller already has them (e.g. from a checkpoint's stats_parsed). */
  readonly stats?: FileStats;
  /** Parsed partition values keyed by logical partition column name (see ScanFile.partitionValues). */
  readonly partitionValues: Readonly<Record<string, ScalarValue>>;
  readonly partitionColumns: readonly string[];
  readonly schema: StructType;
  readonly columnMappingMode: ColumnMappingMode;
}

/** Whether the file must be read: partition values and statistics considered together. */
export function fileMayMatch(predicate: Predicate, file: FileSkippingContext): boolean {
  const stats = file.stats ?? statsOf(file.add);
  if (stats?.numRecords === 0) return false;
  const partitions = partitionFacts(file.partitionValues, file.partitionColumns, file.schema);
  const data: FactsOf = stats ? statsFacts(stats, file.schema, file.columnMappingMode) : () => undefined;
  return evaluate(predicate, (c) => partitions(c) ?? data(c)).mayTrue;
}

/**
 * Parsed statistics per add action. An AddFile object outlives one query: a cached snapshot and every
 * refresh of it share their adds (snapshot-cache.ts), so a point lookup repeated over a table of many
 * files parses each file's stats JSON once per session rather than once per query. Adds are immutable.
 * MERGE's key ranges (merge-key-ranges.ts) read the same parsed statistics as its data skipping.
 */
const parsedStats = new WeakMap<Pick<AddFile, 'stats'>, FileStats | null>();

export function statsOf(add: Pick<AddFile, 'stats'>): FileStats | undefined {
  let stats = parsedStats.get(add);
  if (stats === undefined) {
    stats = parseStats(add.stats) ?? null;
    parsedStats.set(add, stats);
  }
  return stats ?? undefined;
}

function statsFacts(stats: FileStats, schema: StructType, mode: ColumnMappingMode): FactsOf {
  return (column) => {
    const resolved = resolvePhysicalPath(schema, column, mode);
    if (!resolved) return undefined;
    const type = resolved.field.type;
    if (type.kind === 'struct' || type.kind === 'array' || type.kind === 'map') return undefined;
    const b = columnBounds(stats, resolved.physicalPath, type);
    const allNull = b.nullCount !== undefined && b.numRecords !== undefined && b.nullCount === b.numRecords;
    return {
      type,
      lower: b.lower,
      upper: b.upper,
      upperIsPrefix: b.upperIsPrefix,
      allNull,
      noNull: b.nullCount === 0,
    };
  };
}

function partitionFacts(
  values: Readonly<Record<string, ScalarValue>>,
  partitionColumns: readonly string[],
  schema: StructType,
): FactsOf {
  return (column) => {
    if (column.length !== 1) return undefined;
    const lower = column[0]!.toLowerCase();
    const name =
      partitionColumns.find((c) => c === column[0]) ??
      partitionColumns.find((c) => c.toLowerCase() === lower);
    if (name === undefined || !Object.hasOwn(values, name)) return undefined;
    const f =
      schema.fields.find((x) => x.name === name) ?? schema.fields.find((x) => x.name.toLowerCase() === lower);
    if (!f) return undefined;
    const v = coerceLiteral(values[name]!, f.type);
    if (v === undefined) return undefined;
    return v === null
      ? { type: f.type, upperIsPrefix: false, allNull: true, noNull: false }
      : { type: f.type, lower: v, upper: v, upperIsPrefix: false, allNull: false, noNull: true };
  };
}

function comparison(
  op: ComparisonOp,
  column: readonly string[],
  value: ScalarValue,
  facts: FactsOf,
): Outcome {
  const f = facts(column);
  if (!f) return UNKNOWN;
  if (op === '<=>') {
    // Null-safe equality is never NULL: with a NULL literal it is IS NULL.
    if (value === null) return { mayTrue: !f.noNull, mayFalse: !f.allNull };
    const eq = comparison('=', column, value, facts);
    return { mayTrue: eq.mayTrue, mayFalse: eq.mayFalse || !f.noNull };
  }
  // Any comparison with NULL, or on a row whose value is NULL, is NULL: neither TRUE nor FALSE.
  if (value === null || f.allNull) return NEVER;
  const v = coerceLiteral(value, f.type);
  if (v === undefined || v === null) return UNKNOWN;
  // Is there possibly a value x in the file with lower <= x <= upper, and x </<= v, or v </<= x?
  const someBelow = (orEqual: boolean): boolean => {
    if (f.lower === undefined || f.lower === null) return true;
    const c = compareScalars(f.lower, v);
    return orEqual ? c <= 0 : c < 0;
  };
  const someAbove = (orEqual: boolean): boolean => {
    if (f.upper === undefined || f.upper === null) return true;
    if (f.upperIsPrefix && typeof f.upper === 'string' && typeof v === 'string') {
      // Values may be any string starting with the prefix, so above anything that starts with it.
      return v.startsWith(f.upper) || compareUtf8(f.upper, v) > 0;
    }
    const c = compareScalars(f.upper, v);
    return orEqual ? c >= 0 : c > 0;
  };
  const onlyV =
    f.lower !== undefined &&
    f.lower !== null &&
    f.upper !== undefined &&
    f.upper !== null &&
    !f.upperIsPrefix &&
    compareScalars(f.lower, v) === 0 &&
    compareScalars(f.upper, v) === 0;
  switch (op) {
    case '=':
      return { mayTrue: someBelow(true) && someAbove(true), mayFalse: !onlyV };
    case '<>':
      return { mayTrue: !onlyV, mayFalse: someBelow(true) && someAbove(true) };
    case '<':
      return { mayTrue: someBelow(false), mayFalse: someAbove(true) };
    case '<=':
      return { mayTrue: someBelow(true), mayFalse: someAbove(false) };
    case '>':
      return { mayTrue: someAbove(false), mayFalse: someBelow(true) };
    case '>=':
      return { mayTrue: someAbove(true), mayFalse: someBelow(false) };
    default:
      return assertNever(op);
  }
}
