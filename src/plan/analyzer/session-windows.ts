/**
 * Session windows in a query (Spark's SessionWindowing rule and MergingSessionsExec). A session_window()
 * call gives each row its own session, [time, time + gap); rows whose session is empty (NULL time, NULL or
 * non-positive gap) are dropped. Grouped by a session window, the sessions of each group (the other
 * grouping keys) that overlap or touch are merged into one, as Spark's MergingSessionsIterator does (a row
 * joins the running session when its start is at or before the session's end). Set-at-a-time, with window
 * functions ordered by session start:
 * 1. the greatest end among the group's earlier sessions;
 * 2. a session number that grows where a session starts after that end (a running count of such starts);
 * 3. the merged session: the least start and greatest end of each numbered session.
 */
import { LakesqlError } from '../../errors/index.js';
import { BooleanType, type DataType, IntegerType, LongType, StringType } from '../../types/data-types.js';
import type { AttributeIds } from '../logical/attribute.js';
import type { BoundExpr, SortOrder, WindowFrame } from '../logical/bound-expression.js';
import { exprKey, someExpr, transformExpr } from '../logical/expression-walk.js';
import type { LogicalPlan, NamedExpr } from '../logical/logical-plan.js';

type Call = Extract<BoundExpr, { kind: 'call' }>;

const isSessionWindow = (x: BoundExpr): x is Call => x.kind === 'call' && x.name === 'session_window';

function sessionCalls(exprs: readonly (BoundExpr | undefined)[]): Map<string, Call> {
  const found = new Map<string, Call>();
  for (const e of exprs) {
    if (!e) continue;
    someExpr(e, (x) => {
      if (isSessionWindow(x)) found.set(exprKey(x), x);
      return false;
    });
  }
  return found;
}

function timeType(call: Call): DataType {
  return call.type.kind === 'struct' ? call.type.fields[0]!.type : call.type;
}

const startOf = (call: Call): BoundExpr => ({
  kind: 'getField',
  child: call,
  field: 'start',
  type: timeType(call),
});
const endOf = (call: Call): BoundExpr => ({
  kind: 'getField',
  child: call,
  field: 'end',
  type: timeType(call),
});

/** Drops the rows whose session is empty, for each session_window() in `exprs`. */
export function dropEmptySessions(plan: LogicalPlan, exprs: readonly (BoundExpr | undefined)[]): LogicalPlan {
  let out = plan;
  for (const call of sessionCalls(exprs).values()) {
    const condition: BoundExpr = {
      kind: 'binary',
      op: '>',
      left: endOf(call),
      right: startOf(call),
      type: BooleanType,
    };
    out = { kind: 'filter', child: out, condition, output: out.output };
  }
  return out;
}

function windowAggregate(
  name: 'max' | 'min' | 'count',
  arg: BoundExpr,
  type: DataType,
  argType: DataType,
  partitionBy: readonly BoundExpr[],
  orderBy: readonly SortOrder[],
  frame?: WindowFrame,
): BoundExpr {
  const fn: BoundExpr = {
    kind: 'aggregate',
    name,
    args: [arg],
    distinct: false,
    resolved: { inputTypes: [argType], returnType: type, ...(name === 'count' ? { nullable: false } : {}) },
    type,
  };
  return { kind: 'window', function: fn, partitionBy, orderBy, ...(frame ? { frame } : {}), type };
}

function windowNode(child: LogicalPlan, windows: NamedExpr[]): LogicalPlan {
  return { kind: 'window', child, windows, output: [...child.output, ...windows.map((w) => w.attr)] };
}

export interface MergedSessions {
  readonly plan: LogicalPlan;
  /** The expression with its session_window() call replaced by the merged session column. */
  rewrite<T extends BoundExpr | undefined>(e: T): T;
}

/**
 * Under an aggregate grouped by `groupBy`: when a grouping key is a session_window() call, the plan that
 * merges each group's sessions, and the rewrite of expressions to the merged session.
 */
export function mergeSessionWindows(
  plan: LogicalPlan,
  groupBy: readonly BoundExpr[],
  ids: AttributeIds,
): MergedSessions {
  const calls = sessionCalls(groupBy);
  if (calls.size === 0) return { plan, rewrite: (e) => e };
  if (calls.size > 1)
    throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: 'more than one session window in a query' });
  const [key, call] = [...calls.entries()][0] as [string, Call];
  if (!groupBy.some((g) => exprKey(g) === key))
    throw new LakesqlError('UNSUPPORTED_FEATURE', {
      feature: 'a session window inside a grouping expression (group by the session_window() call itself)',
    });
  if (groupBy.some((g) => exprKey(g) !== key && someExpr(g, (x) => x.kind === 'call' && x.name === 'window')))
    throw new LakesqlError('UNSUPPORTED_FEATURE', {
      feature: 'a time window and a session window in one aggregation',
    });
  const others = groupBy.filter((g) => exprKey(g) !== key);
  const t = timeType(call);
  const start = startOf(call);
  const end = endOf(call);
  const byStart: SortOrder[] = [{ expr: start, ascending: true, nullsFirst: true }];
  const earlier: WindowFrame = {
    unit: 'rows',
    start: { kind: 'unboundedPreceding' },
    end: { kind: 'preceding', offset: { kind: 'literal', value: 1, type: IntegerType } },
  };
  const upToHere: WindowFrame = {
    unit: 'rows',
    start: { kind: 'unboundedPreceding' },
    end: { kind: 'currentRow' },
  };

  let out = dropEmptySessions(plan, [call]);
  const previousEnd = ids.fresh('__session_previous_end', t, true);
  out = windowNode(out, [
    { expr: windowAggregate('max', end, t, t, others, byStart, earlier), attr: previousEnd },
  ]);
  const previous: BoundExpr = { kind: 'attributeRef', attr: previousEnd };
  const startsNew: BoundExpr = {
    kind: 'case',
    branches: [
      {
        when: {
          kind: 'binary',
          op: 'or',
          left: { kind: 'isNull', child: previous, negated: false },
          right: { kind: 'binary', op: '<', left: previous, right: start, type: BooleanType },
          type: BooleanType,
        },
        then: { kind: 'literal', value: 1, type: IntegerType },
      },
    ],
    type: IntegerType,
  };
  const number = ids.fresh('__session_number', LongType, false);
  out = windowNode(out, [
    {
      expr: windowAggregate('count', startsNew, LongType, IntegerType, others, byStart, upToHere),
      attr: number,
    },
  ]);
  const sessionKeys = [...others, { kind: 'attributeRef', attr: number } as BoundExpr];
  const first = ids.fresh('__session_start', t, true);
  const last = ids.fresh('__session_end', t, true);
  out = windowNode(out, [
    { expr: windowAggregate('min', start, t, t, sessionKeys, []), attr: first },
    { expr: windowAggregate('max', end, t, t, sessionKeys, []), attr: last },
  ]);
  const session = ids.fresh('session_window', call.type, false);
  const struct: BoundExpr = {
    kind: 'call',
    name: 'named_struct',
    args: [
      { kind: 'literal', value: 'start', type: StringType },
      { kind: 'attributeRef', attr: first },
      { kind: 'literal', value: 'end', type: StringType },
      { kind: 'attributeRef', attr: last },
    ],
    resolved: { inputTypes: [StringType, t, StringType, t], returnType: call.type },
    type: call.type,
  };
  const list: NamedExpr[] = [
    ...out.output.map((attr) => ({ expr: { kind: 'attributeRef', attr } as BoundExpr, attr })),
    { expr: struct, attr: session },
  ];
  out = { kind: 'project', child: out, list, output: list.map((n) => n.attr) };
  const merged: BoundExpr = { kind: 'attributeRef', attr: session };
  return {
    plan: out,
    rewrite: (e) =>
      (e === undefined
        ? e
        : transformExpr(e, (x) =>
            isSessionWindow(x) && exprKey(x) === key ? merged : undefined,
          )) as typeof e,
  };
}
