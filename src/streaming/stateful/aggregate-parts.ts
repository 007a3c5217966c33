/**
 * How a streaming aggregation keeps its aggregates in state: each one is split into partial aggregates
 * that merge across batches (Spark's partial / merge / final phases). count and sum merge by sum, min and
 * max by min and max, and avg is kept as a sum and a count and divided only when rows are emitted, so the
 * state of every key stays exact however many batches fed it.
 */
import { LakesqlError } from '../../errors/index.js';
import type { Expression } from '../../sql/ast/expressions.js';
import { aliased, call } from '../../sql/ast/node-builders.js';
import { printExpression } from '../../sql/printer/index.js';
import { refuseStreamingOperation } from '../analysis/streaming-operation-error.js';

export type MergeFunction = 'sum' | 'min' | 'max';

/** One partial aggregate column of the state. */
export interface PartialColumn {
  readonly column: string;
  /** The partial aggregate over the batch's input rows (Spark SQL, analyzed by lakesql). */
  readonly partial: Expression;
  readonly merge: MergeFunction;
}

/** One aggregate of the user's agg(): its partial columns and how the output value is made of them. */
export interface AggregateParts {
  readonly kind: 'count' | 'sum' | 'min' | 'max' | 'avg';
  readonly columns: readonly PartialColumn[];
}

const MERGES: Readonly<Record<string, MergeFunction>> = { count: 'sum', sum: 'sum', min: 'min', max: 'max' };

/** Splits aggregate `index` of agg() into its partial columns, or refuses what cannot merge. */
export function aggregateParts(expr: Expression, index: number): AggregateParts {
  const call0 = expr.kind === 'alias' ? expr.expr : expr;
  const name = call0.kind === 'function' && call0.name.length === 1 ? call0.name[0]!.toLowerCase() : '';
  const plain =
    call0.kind === 'function' &&
    !call0.distinct &&
    call0.filter === null &&
    call0.over === null &&
    call0.withinGroup.length === 0;
  if (call0.kind === 'function' && call0.distinct)
    refuseStreamingOperation(
      'Distinct aggregations are not supported on streaming DataFrames/Datasets. Consider using approx_count_distinct() instead.',
    );
  if (call0.kind !== 'function' || !plain || !(name in MERGES || name === 'avg' || name === 'mean')) {
    throw new LakesqlError('UNSUPPORTED_FEATURE', {
      feature: `the aggregate ${printExpression(expr)} in a streaming aggregation (lakesql keeps count, sum, avg, min and max in streaming state)`,
    });
  }
  const column = `__a${index}`;
  if (name === 'avg' || name === 'mean') {
    return {
      kind: 'avg',
      columns: [
        { column, partial: aliased(call('sum', call0.args), column), merge: 'sum' },
        { column: `__n${index}`, partial: aliased(call('count', call0.args), `__n${index}`), merge: 'sum' },
      ],
    };
  }
  const kind = name as 'count' | 'sum' | 'min' | 'max';
  return { kind, columns: [{ column, partial: aliased(call0, column), merge: MERGES[name]! }] };
}
