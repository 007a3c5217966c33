/**
 * `agg(x) FILTER (WHERE cond)`: Spark's CheckAnalysis rules for the condition (INVALID_AGGREGATE_FILTER.*),
 * checked in Spark's order: deterministic, boolean, no aggregate inside, no window function inside.
 */
import { LakesqlError } from '../../errors/index.js';
import type { Expression } from '../../sql/ast/expressions.js';
import { lookupFunction } from '../functions/registry.js';
import { type BoundExpr, typeOf } from '../logical/bound-expression.js';
import { someExpr } from '../logical/expression-walk.js';
import { containsAggregate, containsWindow } from './aggregation.js';
import { prettySql } from './pretty-sql.js';

/** Spark's nondeterministic functions (their expressions are not `deterministic`). */
export const NONDETERMINISTIC = new Set([
  'rand',
  'random',
  'randn',
  'uuid',
  'shuffle',
  'monotonically_increasing_id',
  'spark_partition_id',
  'input_file_name',
]);

/** The first function call in `e` (written SQL) that `p` accepts, depth first. */
function findCall(
  e: unknown,
  p: (call: Extract<Expression, { kind: 'function' }>) => boolean,
): Expression | undefined {
  if (e === null || typeof e !== 'object') return undefined;
  if (Array.isArray(e)) {
    for (const x of e) {
      const found = findCall(x, p);
      if (found) return found;
    }
    return undefined;
  }
  const node = e as { kind?: unknown };
  if (node.kind === 'function' && p(node as Extract<Expression, { kind: 'function' }>))
    return node as Expression;
  for (const [key, value] of Object.entries(e)) {
    if (key === 'span') continue;
    const found = findCall(value, p);
    if (found) return found;
  }
  return undefined;
}

export function checkAggregateFilter(written: Expression, filter: BoundExpr): void {
  const filterExpr = `"${prettySql(written)}"`;
  if (
    someExpr(filter, (x) => (x.kind === 'call' || x.kind === 'aggregate') && NONDETERMINISTIC.has(x.name))
  ) {
    throw new LakesqlError('INVALID_AGGREGATE_FILTER.NON_DETERMINISTIC', { filterExpr });
  }
  const t = typeOf(filter);
  if (!(t.kind === 'primitive' && (t.name === 'boolean' || t.name === 'void'))) {
    throw new LakesqlError('INVALID_AGGREGATE_FILTER.NOT_BOOLEAN', { filterExpr });
  }
  if (containsAggregate(filter)) {
    const agg = findCall(
      written,
      (c) => !c.over && c.name.length === 1 && lookupFunction(c.name[0] as string)?.kind === 'aggregate',
    );
    throw new LakesqlError('INVALID_AGGREGATE_FILTER.CONTAINS_AGGREGATE', {
      filterExpr,
      aggExpr: `"${agg ? prettySql(agg) : ''}"`,
    });
  }
  if (containsWindow(filter)) {
    const window = findCall(written, (c) => c.over !== null);
    throw new LakesqlError('INVALID_AGGREGATE_FILTER.CONTAINS_WINDOW_FUNCTION', {
      filterExpr,
      windowExpr: `"${window ? prettySql(window) : ''}"`,
    });
  }
}
