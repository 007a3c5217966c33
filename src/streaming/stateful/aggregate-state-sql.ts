/**
 * The DuckDB SQL of a streaming aggregation's batch (aggregate-step.ts): the merge of this batch's partial
 * aggregates with the previous state version, and the rows the output mode emits. Set-at-a-time: one
 * UNION ALL and one GROUP BY per batch, however many keys the state holds.
 */
import { toDuckDBType } from '../../engine/duckdb-types.js';
import { quoteIdentifier } from '../../engine/sql-text.js';
import type { DataType } from '../../types/data-types.js';
import type { AggregateParts } from './aggregate-parts.js';

export interface AggregateShape {
  readonly keyNames: readonly string[];
  readonly parts: readonly AggregateParts[];
  /** The user's output columns: the keys, then one per aggregate. */
  readonly outputTypes: readonly DataType[];
  readonly outputNames: readonly string[];
}

export interface StepTables {
  readonly batch: string;
  readonly merged: string;
  readonly out: string;
}

/**
 * The merged state: previous state rows and this batch's on-time partials, merged per key. `__updated`
 * marks keys this batch touched (update mode's output, numRowsUpdated).
 */
export function mergeSql(
  shape: AggregateShape,
  tables: StepTables,
  previous: string | undefined,
  late: string,
): string {
  const keys = shape.keyNames.map(quoteIdentifier);
  const merges = mergedPartials(shape);
  const batch = quoteIdentifier(tables.batch);
  const before = previous ?? `(SELECT * FROM ${batch} LIMIT 0)`;
  const union = `SELECT *, false AS "__updated" FROM ${before} UNION ALL BY NAME SELECT *, true AS "__updated" FROM ${batch} WHERE NOT (${late})`;
  const groupBy = keys.length > 0 ? ` GROUP BY ${keys.join(', ')}` : '';
  return `CREATE TABLE ${quoteIdentifier(tables.merged)} AS SELECT ${[...keys, ...merges, 'coalesce(bool_or("__updated"), false) AS "__updated"'].join(', ')} FROM (${union}) AS "state"${groupBy}`;
}

/** The select items that merge each partial aggregate column over a group of state and batch rows. */
export function mergedPartials(shape: AggregateShape): string[] {
  return shape.parts.flatMap((p, i) =>
    p.columns.map((c) => {
      const merged = `${c.merge}(${quoteIdentifier(c.column)})`;
      return `${mergedCast(p, c.column, merged, shape.outputTypes[shape.keyNames.length + i]!)} AS ${quoteIdentifier(c.column)}`;
    }),
  );
}

/**
 * A merged partial keeps one type across versions: counts and sums take the output's type (DuckDB's
 * sum of BIGINT would widen to HUGEINT), avg's count is a BIGINT, its sum a DOUBLE when the average is.
 */
function mergedCast(p: AggregateParts, column: string, merged: string, outputType: DataType): string {
  if (p.kind === 'count' || p.kind === 'sum') return `CAST(${merged} AS ${toDuckDBType(outputType)})`;
  if (p.kind === 'avg') {
    if (column.startsWith('__n')) return `CAST(${merged} AS BIGINT)`;
    const isDouble = outputType.kind === 'primitive' && outputType.name === 'double';
    return isDouble ? `CAST(${merged} AS DOUBLE)` : merged;
  }
  return merged;
}

/** The rows emitted this batch, named and typed as the user's aggregation. */
export function outputSql(shape: AggregateShape, tables: StepTables, emit: string): string {
  const n = shape.keyNames.length;
  const items = shape.outputNames.map((name, i) => {
    const type = toDuckDBType(shape.outputTypes[i]!);
    const value = i < n ? quoteIdentifier(shape.keyNames[i]!) : finalValue(shape.parts[i - n]!);
    return `CAST(${value} AS ${type}) AS ${quoteIdentifier(name)}`;
  });
  return `CREATE TABLE ${quoteIdentifier(tables.out)} AS SELECT ${items.join(', ')} FROM ${quoteIdentifier(tables.merged)} WHERE ${emit}`;
}

function finalValue(p: AggregateParts): string {
  const [value, count] = p.columns.map((c) => quoteIdentifier(c.column));
  if (p.kind !== 'avg') return value!;
  return `CASE WHEN ${count} = 0 THEN NULL ELSE ${value} / ${count} END`;
}
