/**
 * Sliding time windows (Spark's TimeWindowing rule for window(time, w, slide) with slide < w): each row is
 * repeated for the ceil(w / slide) windows that may hold it, and only the copies whose window holds the time
 * are kept. Here the rows are cross joined with the window indexes 0…n-1; each sliding window() call gets the
 * index as a fifth argument (its compiler answers NULL outside the window), and a filter keeps non-NULL ones.
 */
import { LakesqlError } from '../../errors/index.js';
import { IntegerType, StringType } from '../../types/data-types.js';
import type { ScalarValue } from '../../types/scalar.js';
import type { ArgInfo } from '../functions/function-signature.js';
import { windowSpec } from '../functions/time-window-functions.js';
import type { Attribute, AttributeIds } from '../logical/attribute.js';
import type { BoundExpr } from '../logical/bound-expression.js';
import { exprKey, someExpr, transformExpr } from '../logical/expression-walk.js';
import type { LogicalPlan } from '../logical/logical-plan.js';

type Call = Extract<BoundExpr, { kind: 'call' }>;

function spec(call: Call): { window: bigint; slide: bigint } | undefined {
  if (call.args.length !== 3 && call.args.length !== 4) return undefined;
  const infos: ArgInfo[] = call.args.map((a) => ({
    type: a.kind === 'literal' ? a.type : { kind: 'primitive', name: 'void' },
    foldable: a.kind === 'literal',
    sql: '',
    ...(a.kind === 'literal' ? { value: a.value as ScalarValue } : {}),
  }));
  try {
    const s = windowSpec(infos);
    return s.slide < s.window ? s : undefined;
  } catch {
    return undefined;
  }
}

const isSliding = (x: BoundExpr): x is Call =>
  x.kind === 'call' && x.name === 'window' && spec(x) !== undefined;

export class SlidingWindows {
  private expanded?: { readonly key: string; readonly index: Attribute; readonly call: Call };

  constructor(private readonly ids: AttributeIds) {}

  /** Cross joins the window indexes under `plan` for the sliding window of `exprs`, once per SELECT. */
  expand(plan: LogicalPlan, exprs: readonly (BoundExpr | undefined)[]): LogicalPlan {
    const found = new Map<string, Call>();
    for (const e of exprs) {
      if (!e) continue;
      someExpr(e, (x) => {
        if (isSliding(x)) found.set(exprKey(x), x);
        return false;
      });
    }
    for (const key of found.keys()) {
      if (this.expanded && this.expanded.key !== key) throw multipleWindows();
    }
    if (this.expanded || found.size === 0) return plan;
    if (found.size > 1) throw multipleWindows();
    const [key, call] = [...found.entries()][0] as [string, Call];
    const { window, slide } = spec(call) as { window: bigint; slide: bigint };
    const count = Number((window + slide - 1n) / slide);
    const index = { ...this.ids.fresh('__window_index', IntegerType, false), hidden: true };
    this.expanded = { key, index, call };
    const indexes: LogicalPlan = {
      kind: 'values',
      rows: Array.from({ length: count }, (_, i) => [{ kind: 'literal', value: i, type: IntegerType }]),
      output: [index],
    };
    const joined: LogicalPlan = {
      kind: 'join',
      left: plan,
      right: indexes,
      joinType: 'cross',
      output: [...plan.output, index],
    };
    return {
      kind: 'filter',
      child: joined,
      condition: { kind: 'isNull', child: this.withIndex(call), negated: true },
      output: joined.output,
    };
  }

  /** The expression with its sliding window() call given the window index. */
  rewrite<T extends BoundExpr | undefined>(e: T): T {
    const done = this.expanded;
    if (!done || !e) return e;
    return transformExpr(e, (x) =>
      x.kind === 'call' && x.name === 'window' && exprKey(x) === done.key ? this.withIndex(x) : undefined,
    ) as T;
  }

  private withIndex(call: Call): Call {
    const index = (this.expanded as { index: Attribute }).index;
    // The index is the fifth argument: a call without startTime gets Spark's default, 0.
    const start: BoundExpr[] =
      call.args.length === 3 ? [{ kind: 'literal', value: '0 seconds', type: StringType }] : [];
    return { ...call, args: [...call.args, ...start, { kind: 'attributeRef', attr: index }] };
  }
}

function multipleWindows(): LakesqlError {
  return new LakesqlError('UNSUPPORTED_FEATURE', {
    feature: 'more than one sliding time window in a query',
  });
}
