/**
 * Aggregation (Spark's ResolveAggregateFunctions / CheckAnalysis): a select list over a GROUP BY is split
 * into an Aggregate that computes the grouping keys and every aggregate call, and the expressions over
 * them. A column used outside an aggregate call must be one of the grouping expressions, else
 * MISSING_AGGREGATION.
 */
import { LakesqlError } from '../../errors/index.js';
import type { Attribute, AttributeIds } from '../logical/attribute.js';
import { type BoundExpr, typeOf } from '../logical/bound-expression.js';
import { exprKey, someExpr, transformExpr } from '../logical/expression-walk.js';
import type { NamedExpr } from '../logical/logical-plan.js';

export class AggregationRewriter {
  readonly groupAttrs: Attribute[];
  readonly aggregates: NamedExpr[] = [];
  private readonly groupKeys: Map<string, Attribute>;
  private readonly aggKeys = new Map<string, Attribute>();

  constructor(
    readonly groupBy: readonly BoundExpr[],
    private readonly ids: AttributeIds,
    groupNames: readonly string[],
    /** True when the query has a GROUP BY clause (even one that groups by nothing, e.g. GROUP BY ()). */
    private readonly explicitGrouping = true,
  ) {
    // A grouping column keeps its metadata, as the Aggregate outputs the attribute itself in Spark.
    this.groupAttrs = groupBy.map((g, i) =>
      withColumnMetadata(ids.fresh(groupNames[i] ?? `_g${i}`, typeOf(g), true), g),
    );
    this.groupKeys = new Map(groupBy.map((g, i) => [exprKey(g), this.groupAttrs[i]!]));
  }

  /** The expression rewritten over the Aggregate's output; `describe` names it in MISSING_AGGREGATION. */
  rewrite(e: BoundExpr, describe: string): BoundExpr {
    return transformExpr(e, (x) => {
      const group = this.groupKeys.get(exprKey(x));
      if (group) return { kind: 'attributeRef', attr: group };
      if (x.kind === 'window') {
        // The window's own function is evaluated after aggregation: rewrite its inputs, not the call.
        const fn = x.function;
        const rewrittenFn =
          fn.kind === 'aggregate' || fn.kind === 'call'
            ? { ...fn, args: fn.args.map((a) => this.rewrite(a, describe)) }
            : this.rewrite(fn, describe);
        return {
          ...x,
          function: rewrittenFn as BoundExpr,
          partitionBy: x.partitionBy.map((p) => this.rewrite(p, describe)),
          orderBy: x.orderBy.map((o) => ({ ...o, expr: this.rewrite(o.expr, describe) })),
        };
      }
      if (x.kind === 'aggregate' || x.kind === 'grouping')
        return { kind: 'attributeRef', attr: this.aggregateAttr(x) };
      if (x.kind === 'attributeRef') {
        // Without GROUP BY, Spark says the GROUP BY is missing rather than the aggregation.
        if (!this.explicitGrouping) throw new LakesqlError('MISSING_GROUP_BY', {});
        throw new LakesqlError('MISSING_AGGREGATION', {
          expression: `"${describe}"`,
          expressionAnyValue: `"any_value(${describe})"`,
        });
      }
      return undefined;
    });
  }

  private aggregateAttr(e: BoundExpr): Attribute {
    const key = exprKey(e);
    let attr = this.aggKeys.get(key);
    if (!attr) {
      attr = this.ids.fresh(`_agg${this.aggKeys.size}`, typeOf(e), true);
      this.aggKeys.set(key, attr);
      this.aggregates.push({ expr: e, attr });
    }
    return attr;
  }

  /** The Aggregate node's list: the grouping keys, then the aggregate calls. */
  get outputList(): NamedExpr[] {
    return [...this.groupBy.map((g, i) => ({ expr: g, attr: this.groupAttrs[i]! })), ...this.aggregates];
  }
}

/** True when the expression aggregates rows; an aggregate used as a window function does not. */
export function containsAggregate(e: BoundExpr): boolean {
  let found = false;
  transformExpr(e, (x) => {
    if (found) return x;
    if (x.kind === 'aggregate' || x.kind === 'grouping') {
      found = true;
      return x;
    }
    if (x.kind === 'window') {
      // Inputs of the window function may still aggregate (`sum(sum(x)) OVER ()`).
      const fn = x.function;
      const inner = fn.kind === 'aggregate' || fn.kind === 'call' ? fn.args : [fn];
      found = [...inner, ...x.partitionBy, ...x.orderBy.map((o) => o.expr)].some(containsAggregate);
      return x;
    }
    return undefined;
  });
  return found;
}

export function containsWindow(e: BoundExpr): boolean {
  return someExpr(e, (x) => x.kind === 'window');
}

/** Replaces each window expression by a fresh attribute, collecting the window expressions to compute. */
export function extractWindows(e: BoundExpr, ids: AttributeIds, out: NamedExpr[]): BoundExpr {
  return transformExpr(e, (x) => {
    if (x.kind !== 'window') return undefined;
    const key = exprKey(x);
    const existing = out.find((n) => exprKey(n.expr) === key);
    if (existing) return { kind: 'attributeRef', attr: existing.attr };
    const attr = ids.fresh(`_w${out.length}`, typeOf(x), true);
    out.push({ expr: x, attr });
    return { kind: 'attributeRef', attr };
  });
}

/** Spark's Alias of a column keeps the column's metadata (its comment, its CHAR/VARCHAR type). */
export function withColumnMetadata(attr: Attribute, e: BoundExpr): Attribute {
  return e.kind === 'attributeRef' && e.attr.metadata ? { ...attr, metadata: e.attr.metadata } : attr;
}
