/**
 * Spark's ordered-set aggregates (SupportsOrderingWithinGroup): `percentile_cont(p) WITHIN GROUP (ORDER BY x)`,
 * `percentile_disc(…)`, `mode() WITHIN GROUP (ORDER BY x)` and `listagg(x, d) WITHIN GROUP (ORDER BY …)`.
 * The ordering of the first three is their value argument; listagg keeps its sort orders. Spark's checks and
 * errors (Analyzer's ResolveFunctions, CheckAnalysis) are here; the generated names are in pretty-sql.ts.
 */
import { LakesqlError } from '../../errors/index.js';
import type { Expression, FunctionCall, WindowSpec } from '../../sql/ast/expressions.js';
import type { FunctionSignature } from '../functions/function-signature.js';
import { prettySql } from './pretty-sql.js';

const ORDERED_SET = new Set(['percentile_cont', 'percentile_disc', 'mode', 'listagg']);
/** Spark's CheckAnalysis: these take no window ORDER BY and no frame but the whole partition. */
const WHOLE_PARTITION_ONLY = new Set(['median', 'percentile_cont', 'percentile_disc']);

export interface OrderedSetArguments {
  /** The arguments the signature resolves: the ordering expression first for percentile_cont/disc and mode. */
  readonly args: readonly Expression[];
  /** WITHIN GROUP (ORDER BY x DESC) of percentile_cont/percentile_disc, or mode's greatest-on-tie order. */
  readonly descending: boolean;
  /** mode(): the smallest value wins a tie (ascending WITHIN GROUP, or mode(x, true)). */
  readonly smallestOnTie: boolean;
}

const withinGroupError = (sub: string, written: string, params: Record<string, string | number> = {}) =>
  new LakesqlError(
    `INVALID_WITHIN_GROUP_EXPRESSION.${sub}` as 'INVALID_WITHIN_GROUP_EXPRESSION.WITHIN_GROUP_MISSING',
    {
      funcName: `\`${written}\``,
      ...params,
    },
  );

function wrongNumArgs(written: string, expected: string, actual: number): LakesqlError {
  return new LakesqlError('WRONG_NUM_ARGS.WITHOUT_SUGGESTION', {
    functionName: `\`${written}\``,
    expectedNum: expected,
    actualNum: actual,
    docroot: 'https://spark.apache.org/docs/latest',
  });
}

/** The arguments of a call of `sig` once its WITHIN GROUP clause is folded in, or Spark's error. */
export function orderedSetArguments(sig: FunctionSignature, e: FunctionCall): OrderedSetArguments {
  const written = e.name.join('.').toLowerCase();
  const orders = e.withinGroup;
  const plain = { args: e.args, descending: false, smallestOnTie: false };
  if (!ORDERED_SET.has(sig.name)) {
    if (orders.length === 0) return plain;
    throw new LakesqlError('INVALID_SQL_SYNTAX.FUNCTION_WITH_UNSUPPORTED_SYNTAX', {
      prettyName: `\`${written}\``,
      syntax: '"WITHIN GROUP (ORDER BY ...)"',
    });
  }
  if (sig.name === 'listagg') {
    if (e.distinct && orders.length > 0) {
      const arg = e.args[0];
      const same = orders.length === 1 && arg && prettySql(orders[0]!.expr) === prettySql(arg);
      if (!same)
        throw withinGroupError('MISMATCH_WITH_DISTINCT_INPUT', written, {
          funcArg: `"${arg ? prettySql(arg) : ''}"`,
          orderingExpr: `"${orders.map((o) => prettySql(o.expr)).join('", "')}"`,
        });
    }
    return plain;
  }
  if (sig.name === 'mode') {
    if (e.args.length > 2) throw wrongNumArgs(written, '0', e.args.length);
    if (e.distinct) throw withinGroupError('DISTINCT_UNSUPPORTED', written);
    if (e.args.length > 0) {
      if (orders.length > 0)
        throw withinGroupError('WRONG_NUM_ORDERINGS', written, { expectedNum: 0, actualNum: orders.length });
      return plain;
    }
    if (orders.length === 0) throw withinGroupError('WITHIN_GROUP_MISSING', written);
    if (orders.length !== 1)
      throw withinGroupError('WRONG_NUM_ORDERINGS', written, { expectedNum: 1, actualNum: orders.length });
    const desc = orders[0]!.direction === 'DESC';
    return { args: [orders[0]!.expr], descending: desc, smallestOnTie: !desc };
  }
  // percentile_cont, percentile_disc: (percentage) WITHIN GROUP (ORDER BY x).
  if (e.args.length !== 1) throw wrongNumArgs(written, '1', e.args.length);
  if (e.distinct) throw withinGroupError('DISTINCT_UNSUPPORTED', written);
  if (orders.length === 0) throw withinGroupError('WITHIN_GROUP_MISSING', written);
  if (orders.length !== 1)
    throw withinGroupError('WRONG_NUM_ORDERINGS', written, { expectedNum: 1, actualNum: orders.length });
  return {
    args: [orders[0]!.expr, e.args[0]!],
    descending: orders[0]!.direction === 'DESC',
    smallestOnTie: false,
  };
}

/**
 * CheckAnalysis: median, percentile_cont and percentile_disc (and listagg with WITHIN GROUP) as window
 * functions take the whole partition: no ORDER BY and no frame but ROWS BETWEEN UNBOUNDED PRECEDING AND
 * UNBOUNDED FOLLOWING.
 */
export function checkOrderedSetWindow(sig: FunctionSignature, e: FunctionCall, spec: WindowSpec): void {
  if (!WHOLE_PARTITION_ONLY.has(sig.name) && !(sig.name === 'listagg' && e.withinGroup.length > 0)) return;
  const frame = spec.frame;
  const wholeFrame =
    !frame ||
    (frame.type === 'rows' &&
      frame.start.type === 'unboundedPreceding' &&
      frame.end?.type === 'unboundedFollowing');
  if (spec.orderBy.length === 0 && wholeFrame) return;
  throw new LakesqlError('INVALID_WINDOW_SPEC_FOR_AGGREGATION_FUNC', {
    aggFunc: `"${prettySql({ ...e, over: null })}"`,
  });
}
