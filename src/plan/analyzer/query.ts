/**
 * Queries: WITH, the body (SELECT, set operations, VALUES, TABLE t), and the query organisation (ORDER BY,
 * LIMIT, OFFSET). Set operations coerce each column pair to their wider common type, as Spark's
 * WidenSetOperationTypes does, and take their column names from the left side.
 */
import { LakesqlError } from '../../errors/index.js';
import type { Query, QueryBody, SortItem } from '../../sql/ast/query.js';
import { sqlTypeName } from '../../types/data-types.js';
import type { Attribute } from '../logical/attribute.js';
import { type SortOrder, typeOf } from '../logical/bound-expression.js';
import type { LogicalPlan, NamedExpr } from '../logical/logical-plan.js';
import { findWiderTypeForTwo } from '../types/type-coercion.js';
import { castTo } from './casts.js';
import type { ExpressionEnv } from './expression-env.js';
import { analyzeSortItem, sortOrderOf } from './expressions.js';
import { limitLikeValue } from './limit-clause.js';
import { orderByAllItem } from './order-by-all.js';
import type { CteDefinition, QueryEnv } from './query-env.js';
import { analyzeInlineTable, analyzeRelation, constantEnv } from './relations.js';
import { Scope } from './scope.js';
import { analyzeSelect } from './select.js';

export async function analyzeQuery(q: Query, env: QueryEnv): Promise<LogicalPlan> {
  let inner = env;
  if (q.with) {
    const ctes = new Map(env.ctes);
    for (const cte of q.with.ctes) {
      const def: CteDefinition = { cte, env: { ...inner, ctes: new Map(ctes) } };
      // Every definition is analyzed, used or not, so that its errors surface as in Spark; each reference
      // analyzes it again (fresh attribute ids per reference).
      await analyzeQuery(cte.query, def.env);
      ctes.set(cte.name.toLowerCase(), def);
      inner = { ...inner, ctes };
    }
  }
  const sortItems = q.orderBy.length > 0 ? q.orderBy : q.sortBy;
  let plan: LogicalPlan;
  if (q.body.kind === 'select') {
    plan = await analyzeSelect(q.body, inner, sortItems);
  } else {
    plan = await analyzeBody(q.body, inner);
    if (sortItems.length > 0) {
      const scope = new Scope(plan.output, inner.outer);
      const env2: ExpressionEnv = { ...constantEnv(inner), scope, clause: 'orderBy' };
      const all = orderByAllItem(sortItems, () => scope.tryResolve(['all']) !== undefined);
      const output = plan.output;
      const orders = all
        ? output.map((attr) => sortOrderOf(all, { kind: 'attributeRef', attr }))
        : await Promise.all(sortItems.map((o) => analyzeSetOperationSortItem(o, env2, output)));
      plan = { kind: 'sort', child: plan, orders, output: plan.output };
    }
  }
  if (q.limit || q.offset) {
    // The query's columns resolve here only so that `LIMIT key > 3` fails as unfoldable, as in Spark.
    const cenv = { ...constantEnv(inner), scope: new Scope(plan.output, inner.outer) };
    const limit = q.limit ? await limitLikeValue(q.limit, cenv, 'limit') : undefined;
    const offset = q.offset ? await limitLikeValue(q.offset, cenv, 'offset') : undefined;
    plan = {
      kind: 'limit',
      child: plan,
      ...(limit ? { limit } : {}),
      ...(offset ? { offset } : {}),
      output: plan.output,
    };
  }
  return plan;
}

/**
 * A sort item over a set operation's output: an integer literal is an ordinal of the output columns, as over
 * a select list (SubstituteUnresolvedOrdinals), never a constant to sort by.
 */
async function analyzeSetOperationSortItem(
  o: SortItem,
  env: ExpressionEnv,
  output: readonly Attribute[],
): Promise<SortOrder> {
  if (o.expr.kind !== 'literal' || o.expr.value.type !== 'int') return analyzeSortItem(o, env);
  const n = Number(o.expr.value.value);
  if (n < 1 || n > output.length) {
    throw new LakesqlError('ORDER_BY_POS_OUT_OF_RANGE', { index: n, size: output.length });
  }
  const base = await analyzeSortItem(o, env);
  return { ...base, expr: { kind: 'attributeRef', attr: output[n - 1]! } };
}

async function analyzeBody(body: QueryBody, env: QueryEnv): Promise<LogicalPlan> {
  switch (body.kind) {
    case 'select':
      return analyzeSelect(body, env, []);
    case 'query':
      return analyzeQuery(body, env);
    case 'values':
      return analyzeInlineTable(body.rows, env);
    case 'tableQuery':
      return analyzeRelation(
        {
          kind: 'table',
          name: body.name,
          timeTravel: null,
          options: [],
          sample: null,
          alias: null,
          span: body.span,
        },
        env,
      );
    case 'setOperation': {
      const left = await analyzeBody(body.left, env);
      const right = await analyzeBody(body.right, env);
      return setOperation(body.op, body.all, left, right, env);
    }
    default: {
      const never: never = body;
      throw new Error(`unknown query body ${JSON.stringify(never)}`);
    }
  }
}

function setOperation(
  op: 'UNION' | 'INTERSECT' | 'EXCEPT',
  all: boolean,
  left: LogicalPlan,
  right: LogicalPlan,
  env: QueryEnv,
): LogicalPlan {
  if (left.output.length !== right.output.length) {
    throw new LakesqlError('NUM_COLUMNS_MISMATCH', {
      operator: op,
      firstNumColumns: left.output.length,
      invalidOrdinalNum: 'second',
      invalidNumColumns: right.output.length,
    });
  }
  const types = left.output.map((l, i) => {
    const r = right.output[i]!;
    const t = findWiderTypeForTwo(l.type, r.type, env.ctx.semantics);
    if (!t) {
      throw new LakesqlError('INCOMPATIBLE_COLUMN_TYPE', {
        operator: op,
        columnOrdinalNumber: ordinal(i + 1),
        tableOrdinalNumber: 'second',
        dataType1: `"${sqlTypeName(r.type).toUpperCase()}"`,
        dataType2: `"${sqlTypeName(l.type).toUpperCase()}"`,
        hint: '',
      });
    }
    return t;
  });
  const coerce = (plan: LogicalPlan): LogicalPlan => {
    if (plan.output.every((a, i) => typeOf({ kind: 'attributeRef', attr: a }) === types[i])) return plan;
    const list: NamedExpr[] = plan.output.map((a, i) => {
      const expr = castTo({ kind: 'attributeRef', attr: a }, types[i]!, { ctx: env.ctx });
      return {
        expr,
        attr: expr.kind === 'attributeRef' ? a : env.ctx.ids.fresh(a.name, types[i]!, a.nullable),
      };
    });
    return { kind: 'project', child: plan, list, output: list.map((n) => n.attr) };
  };
  const l = coerce(left);
  const r = coerce(right);
  const output = l.output.map((a, i) =>
    env.ctx.ids.fresh(a.name, types[i]!, a.nullable || r.output[i]!.nullable),
  );
  return {
    kind: 'setOperation',
    op: op.toLowerCase() as 'union' | 'intersect' | 'except',
    all,
    left: l,
    right: r,
    output,
  };
}

function ordinal(n: number): string {
  return (
    ['zeroth', 'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'][
      n
    ] ?? `${n}th`
  );
}
