/**
 * One SELECT block (Spark's querySpecification), analyzed in Spark's clause order:
 * FROM → WHERE → GROUP BY / aggregates → HAVING → window functions → QUALIFY → select list → DISTINCT,
 * with the query's ORDER BY resolved against the select list's aliases first and the FROM columns second.
 */

import { LakesqlError } from '../../errors/index.js';
import type { Expression } from '../../sql/ast/expressions.js';
import type { GroupingElement, GroupingSetItem, Select, SortItem } from '../../sql/ast/query.js';
import { BooleanType, IntegerType, LongType } from '../../types/data-types.js';
import { METADATA_COLUMN } from '../../types/file-metadata.js';
import { lookupFunction } from '../functions/registry.js';
import type { Attribute } from '../logical/attribute.js';
import { type BoundExpr, type SortOrder, typeOf } from '../logical/bound-expression.js';
import { exprKey, someExpr, transformExpr } from '../logical/expression-walk.js';
import type { LogicalPlan, NamedExpr } from '../logical/logical-plan.js';
import { outerReferences } from '../logical/plan-walk.js';
import { containsVariant } from '../types/type-classes.js';
import { toSqlType } from '../types/type-sql.js';
import { AggregationRewriter, containsAggregate, extractWindows, withColumnMetadata } from './aggregation.js';
import { castTo } from './casts.js';
import type { ClauseKind, ExpressionEnv } from './expression-env.js';
import { AliasReference, analyzeExpression, analyzeSortItem } from './expressions.js';
import { asGenerator, generate } from './generators.js';
import { LateralAliases } from './lateral-column-alias.js';
import { checkLateralJoin } from './lateral-join-checks.js';
import { expandOrderByAll } from './order-by-all.js';
import { applyPipeSet, checkPipeItems, pipeAggregateOrdinals } from './pipe-select.js';
import { analyzePivot, analyzeUnpivot } from './pivot.js';
import { outputName, prettySql } from './pretty-sql.js';
import { analyzeQuery } from './query.js';
import type { QueryEnv } from './query-env.js';
import { analyzeRelation } from './relations.js';
import { Scope } from './scope.js';
import { dropEmptySessions, mergeSessionWindows } from './session-windows.js';
import { SlidingWindows } from './sliding-windows.js';
import { expandStar } from './star-except.js';

interface SelectItem {
  readonly expr: BoundExpr;
  readonly name: string;
  readonly ast: Expression;
}

export async function analyzeSelect(
  written: Select,
  env: QueryEnv,
  writtenOrderBy: readonly SortItem[],
): Promise<LogicalPlan> {
  let plan = await fromClause(written, {
    ...env,
    metadataColumn: mentionsMetadataColumn([written, writtenOrderBy]),
  });
  const s = pipeAggregateOrdinals(written, plan.output);
  const namedWindows = new Map(s.windows.map((w) => [w.name.toLowerCase(), w.spec]));
  const exprEnv = (
    clause: ClauseKind,
    allowAggregates: boolean,
    allowWindows: boolean,
    scope?: Scope,
  ): ExpressionEnv => ({
    ctx: env.ctx,
    scope: scope ?? new Scope(plan.output, env.outer),
    clause,
    allowAggregates,
    allowWindows,
    lambdaVariables: new Map(),
    namedWindows,
    analyzeSubquery: (q, outer) => analyzeQuery(q, { ...env, outer }),
  });

  if (s.where) {
    const condition = await analyzeExpression(s.where, exprEnv('where', false, false));
    plan = {
      kind: 'filter',
      child: plan,
      condition: castTo(condition, BooleanType, { ctx: env.ctx }),
      output: plan.output,
    };
  }
  const fromScope = new Scope(plan.output, env.outer);
  const exprEnvAfterGenerate = () => exprEnv('select', true, true, new Scope(plan.output, env.outer));

  // A generator in the select list (`explode(arr) AS x`) joins its rows in first; its columns are items.
  const generatorItems = s.items.map(asGenerator);
  const generatorCount = generatorItems.filter((g) => g !== undefined).length;
  if (generatorCount > 1) {
    throw new LakesqlError('UNSUPPORTED_GENERATOR_MULTI_GENERATOR', { num: generatorCount, generators: '' });
  }
  let generatorOutput: Attribute[] = [];
  const generatorIndex = generatorItems.findIndex((g) => g !== undefined);
  if (generatorIndex >= 0) {
    const g = await generate(plan, generatorItems[generatorIndex]!, exprEnv('select', false, false), []);
    plan = g.plan;
    generatorOutput = g.output;
  }

  // The select list over the FROM columns, stars expanded.
  const items: SelectItem[] = [];
  const lateral = new LateralAliases();
  for (const [index, item] of s.items.entries()) {
    if (index === generatorIndex) {
      for (const a of generatorOutput)
        items.push({ expr: { kind: 'attributeRef', attr: a }, name: a.name, ast: item });
      continue;
    }
    if (item.kind === 'star') {
      for (const c of expandStar(item, fromScope)) {
        if (c.kind === 'attribute') {
          items.push({ expr: { kind: 'attributeRef', attr: c.attr }, name: c.attr.name, ast: item });
        } else {
          items.push({
            expr: await analyzeExpression(c.ast, exprEnvAfterGenerate()),
            name: c.name,
            ast: item,
          });
        }
      }
      continue;
    }
    const itemEnv = exprEnvAfterGenerate();
    const resolved = lateral.substitute(item, itemEnv.scope);
    lateral.add(resolved);
    const expr = await analyzeExpression(resolved, itemEnv);
    items.push({ expr, name: itemName(item, expr), ast: item });
  }
  await applyPipeSet(s.pipe, items, fromScope, (e) => analyzeExpression(e, exprEnvAfterGenerate()));
  checkPipeItems(s.pipe, items);
  const aliases = new Map<string, Expression>();
  for (const item of s.items) if (item.kind === 'alias') aliases.set(item.name.toLowerCase(), item.expr);

  const having = s.having
    ? await analyzeWithAliases(s.having, exprEnv('having', true, false), aliases)
    : undefined;
  // HAVING without GROUP BY makes the query one global group, as in Spark.
  const isAggregate =
    s.groupBy !== null || having !== undefined || items.some((i) => containsAggregate(i.expr));

  const orderBy = expandOrderByAll(
    writtenOrderBy,
    items.length,
    () => fromScope.tryResolve(['all']) !== undefined || items.some((i) => i.name.toLowerCase() === 'all'),
  );
  // ORDER BY items: a select alias or ordinal, else an expression over the FROM columns.
  const orders: { readonly order: SortOrder; readonly selectIndex?: number }[] = [];
  for (const o of orderBy) {
    const index = selectReference(o.expr, items, s.items);
    if (index !== undefined) {
      const base = await analyzeSortItem(
        { ...o, expr: { kind: 'literal', value: { type: 'int', value: 1n }, span: o.expr.span } },
        exprEnv('orderBy', false, false),
      );
      orders.push({ order: { ...base, expr: items[index]!.expr }, selectIndex: index });
    } else {
      orders.push({ order: await analyzeSortItem(o, exprEnv('orderBy', isAggregate, true)) });
    }
  }

  let selectExprs = items.map((i) => i.expr);
  let havingExpr = having;
  let orderExprs = orders.map((o) => o.order.expr);
  plan = dropNullWindowTimes(plan, selectExprs);
  const sliding = new SlidingWindows(env.ctx.ids);
  plan = sliding.expand(plan, [...selectExprs, havingExpr, ...orderExprs]);
  selectExprs = selectExprs.map((e) => sliding.rewrite(e));
  havingExpr = sliding.rewrite(havingExpr);
  orderExprs = orderExprs.map((e) => sliding.rewrite(e));
  if (isAggregate) {
    const analyzedGroupBy = await groupingExpressions(s, items, exprEnv('groupBy', false, false));
    plan = dropNullWindowTimes(plan, analyzedGroupBy.exprs);
    plan = sliding.expand(plan, analyzedGroupBy.exprs);
    const sessions = mergeSessionWindows(plan, analyzedGroupBy.exprs, env.ctx.ids);
    plan = sessions.plan;
    selectExprs = selectExprs.map((e) => sessions.rewrite(e));
    havingExpr = sessions.rewrite(havingExpr);
    orderExprs = orderExprs.map((e) => sessions.rewrite(e));
    const groupBy = {
      ...analyzedGroupBy,
      exprs: analyzedGroupBy.exprs.map((e) => sessions.rewrite(sliding.rewrite(e))),
    };
    const usesGrouping = (e: BoundExpr | undefined) =>
      e !== undefined && someExpr(e, (x) => x.kind === 'grouping');
    if (!groupBy.sets && [...selectExprs, havingExpr, ...orderExprs].some(usesGrouping)) {
      // grouping()/grouping_id() only mean something over GROUPING SETS, ROLLUP or CUBE.
      throw new LakesqlError('UNSUPPORTED_GROUPING_EXPRESSION', {});
    }
    const rewriter = new AggregationRewriter(
      groupBy.exprs,
      env.ctx.ids,
      groupBy.exprs.map((g, i) => groupBy.names[i] ?? prettyKey(g)),
      s.groupBy !== null,
    );
    selectExprs = selectExprs.map((e, i) => rewriter.rewrite(e, prettySql(items[i]!.ast)));
    if (havingExpr) havingExpr = rewriter.rewrite(havingExpr, prettySql(s.having!));
    orderExprs = orderExprs.map((e, i) => rewriter.rewrite(e, prettySql(orderBy[i]!.expr)));
    plan = {
      kind: 'aggregate',
      child: plan,
      groupBy: groupBy.exprs,
      ...(groupBy.sets ? { groupingSets: groupBy.sets } : {}),
      aggregates: rewriter.outputList,
      output: rewriter.outputList.map((n) => n.attr),
    };
    if (havingExpr) {
      plan = {
        kind: 'filter',
        child: plan,
        condition: castTo(havingExpr, BooleanType, { ctx: env.ctx }),
        output: plan.output,
      };
    }
  } else if (having) {
    throw new LakesqlError('MISSING_GROUP_BY', {});
  } else {
    // Outside an aggregation a session window is the row's own session (Spark's SessionWindowing).
    plan = dropEmptySessions(plan, selectExprs);
  }

  // Window functions: computed by a Window node over the (aggregated) rows, then referenced.
  const windows: NamedExpr[] = [];
  selectExprs = selectExprs.map((e) => extractWindows(e, env.ctx.ids, windows));
  orderExprs = orderExprs.map((e) => extractWindows(e, env.ctx.ids, windows));
  let qualify: BoundExpr | undefined;
  if (s.qualify) {
    const q = await analyzeWithAliases(s.qualify, exprEnv('having', isAggregate, true), aliases);
    qualify = extractWindows(q, env.ctx.ids, windows);
  }
  if (windows.length > 0) {
    plan = { kind: 'window', child: plan, windows, output: [...plan.output, ...windows.map((w) => w.attr)] };
  }
  if (qualify)
    plan = {
      kind: 'filter',
      child: plan,
      condition: castTo(qualify, BooleanType, { ctx: env.ctx }),
      output: plan.output,
    };

  // The select list, plus hidden columns that ORDER BY needs and the list does not hold.
  const list: NamedExpr[] = selectExprs.map((e, i) => ({
    expr: e,
    attr:
      e.kind === 'attributeRef' && !isAggregate && items[i]!.name === e.attr.name
        ? e.attr
        : withColumnMetadata(env.ctx.ids.fresh(items[i]!.name, typeOf(e), mayBeNull(e)), e),
  }));
  const visible = list.map((n) => n.attr);
  const sortOrders: SortOrder[] = [];
  const hidden: NamedExpr[] = [];
  orders.forEach((o, i) => {
    if (o.selectIndex !== undefined) {
      sortOrders.push({ ...o.order, expr: { kind: 'attributeRef', attr: list[o.selectIndex]!.attr } });
      return;
    }
    const e = orderExprs[i]!;
    const match = list.findIndex((n) => exprKey(n.expr) === exprKey(e));
    if (match >= 0) {
      sortOrders.push({ ...o.order, expr: { kind: 'attributeRef', attr: list[match]!.attr } });
      return;
    }
    if (s.distinct)
      throw new LakesqlError('UNSUPPORTED_FEATURE', {
        feature: 'ORDER BY an expression not in a SELECT DISTINCT list',
      });
    const attr = env.ctx.ids.fresh(`_sort${i}`, typeOf(e), true);
    hidden.push({ expr: e, attr });
    sortOrders.push({ ...o.order, expr: { kind: 'attributeRef', attr } });
  });
  const projectList = [...list, ...hidden];
  plan = { kind: 'project', child: plan, list: projectList, output: projectList.map((n) => n.attr) };
  if (s.distinct) plan = { kind: 'distinct', child: plan, output: plan.output };
  if (sortOrders.length > 0) plan = { kind: 'sort', child: plan, orders: sortOrders, output: plan.output };
  if (hidden.length > 0) {
    plan = {
      kind: 'project',
      child: plan,
      list: visible.map((a) => ({ expr: { kind: 'attributeRef', attr: a }, attr: a })),
      output: visible,
    };
  }
  return plan;
}

async function fromClause(s: Select, env: QueryEnv): Promise<LogicalPlan> {
  if (s.from.length === 0) return { kind: 'oneRow', output: [] };
  let plan = await analyzeRelation(s.from[0]!, env);
  for (const r of s.from.slice(1)) {
    const right = await analyzeRelation(r, env, new Scope(plan.output, env.outer));
    if ((r.kind === 'subquery' || r.kind === 'tableFunction') && r.lateral)
      checkLateralJoin(plan, right, undefined, '');
    plan = { kind: 'join', left: plan, right, joinType: 'cross', output: [...plan.output, ...right.output] };
  }
  for (const lv of s.lateralViews) {
    const lateralEnv: ExpressionEnv = {
      ctx: env.ctx,
      scope: new Scope(plan.output, env.outer),
      clause: 'select',
      allowAggregates: false,
      allowWindows: false,
      lambdaVariables: new Map(),
      namedWindows: new Map(),
      analyzeSubquery: (q, outer) => analyzeQuery(q, { ...env, outer }),
    };
    const written = lv.generator.name.join('.');
    // LATERAL VIEW OUTER f(…) is f_outer(…) where that spelling exists (stack has none: the flag says it).
    const outerName = `${written}_outer`;
    const call =
      lv.outer && !written.toLowerCase().endsWith('_outer') && lookupFunction(outerName.toLowerCase())
        ? { ...lv.generator, name: [outerName] }
        : lv.generator;
    const names = lv.columnAliases.length > 0 ? lv.columnAliases : null;
    const g = { call, names, outer: lv.outer };
    plan = (await generate(plan, g, lateralEnv, lv.tableAlias ? [lv.tableAlias] : [])).plan;
  }
  const pivotEnv: ExpressionEnv = {
    ctx: env.ctx,
    scope: new Scope(plan.output, env.outer),
    clause: 'select',
    allowAggregates: true,
    allowWindows: false,
    lambdaVariables: new Map(),
    namedWindows: new Map(),
    analyzeSubquery: (q, outer) => analyzeQuery(q, { ...env, outer }),
  };
  if (s.pivot) plan = await analyzePivot(plan, s.pivot, pivotEnv, env);
  if (s.unpivot) plan = await analyzeUnpivot(plan, s.unpivot, pivotEnv, env);
  return plan;
}

/**
 * Whether the SELECT (with its ORDER BY) names `_metadata` anywhere (a column, a field of it, a qualified `t._metadata`): then
 * its tables expose the hidden column. input_file_name() reads it too. A mention that turns out to be something else costs only that.
 */
function mentionsMetadataColumn(s: unknown): boolean {
  const text = JSON.stringify(s, (_, v) => (typeof v === 'bigint' ? null : v));
  const lower = text.toLowerCase();
  return lower.includes(`"${METADATA_COLUMN}"`) || lower.includes('"input_file_name"');
}

/** Spark names a scalar subquery after its correlated references: `scalarsubquery(t1a, t1b)`. */
function itemName(ast: Expression, expr: BoundExpr): string {
  if (ast.kind === 'scalarSubquery' && expr.kind === 'scalarSubquery') {
    return `scalarsubquery(${outerReferences(expr.plan)
      .map((a) => a.name)
      .join(', ')})`;
  }
  return outputName(ast);
}

/** A select-list ordinal (`ORDER BY 1`) or a bare alias name, as the index of the select item. */
function selectReference(
  e: Expression,
  items: readonly SelectItem[],
  asts: readonly Expression[],
): number | undefined {
  if (e.kind === 'literal' && e.value.type === 'int') {
    const n = Number(e.value.value);
    if (n < 1 || n > items.length)
      throw new LakesqlError('ORDER_BY_POS_OUT_OF_RANGE', { index: n, size: items.length });
    return n - 1;
  }
  if (e.kind === 'column' && e.nameParts.length === 1) {
    const name = e.nameParts[0]!.toLowerCase();
    const i = asts.findIndex((a) => a.kind === 'alias' && a.name.toLowerCase() === name);
    if (i >= 0) return items.findIndex((it) => it.ast === asts[i]);
  }
  return undefined;
}

async function analyzeWithAliases(
  e: Expression,
  env: ExpressionEnv,
  aliases: ReadonlyMap<string, Expression>,
): Promise<BoundExpr> {
  try {
    return await analyzeExpression(e, { ...env, aliases });
  } catch (err) {
    if (err instanceof AliasReference) {
      return analyzeExpression(substituteAliases(e, aliases), env);
    }
    throw err;
  }
}

/** Replaces bare names that are select aliases (and not FROM columns) by the aliased expressions. */
function substituteAliases(e: Expression, aliases: ReadonlyMap<string, Expression>): Expression {
  return JSON.parse(
    JSON.stringify(e, (_k, v) => (typeof v === 'bigint' ? { __bigint: v.toString() } : v)),
    (_k, v) => {
      if (v && typeof v === 'object' && '__bigint' in v) return BigInt(v.__bigint);
      if (v && typeof v === 'object' && v.kind === 'column' && v.nameParts?.length === 1) {
        const a = aliases.get(String(v.nameParts[0]).toLowerCase());
        return a ?? v;
      }
      return v;
    },
  ) as Expression;
}

interface GroupingExprs {
  readonly exprs: BoundExpr[];
  readonly names: (string | undefined)[];
  readonly sets?: number[][];
}

async function groupingExpressions(
  s: Select,
  items: readonly SelectItem[],
  env: ExpressionEnv,
): Promise<GroupingExprs> {
  const g = s.groupBy;
  const exprs: BoundExpr[] = [];
  const names: (string | undefined)[] = [];
  const indexOf = async (e: Expression): Promise<number> => {
    let bound: BoundExpr;
    let name: string | undefined;
    const ordinal = e.kind === 'literal' && e.value.type === 'int' ? Number(e.value.value) : undefined;
    if (ordinal !== undefined) {
      if (ordinal < 1 || ordinal > items.length)
        throw new LakesqlError('GROUP_BY_POS_OUT_OF_RANGE', { index: ordinal, size: items.length });
      bound = items[ordinal - 1]!.expr;
      name = items[ordinal - 1]!.name;
      if (containsAggregate(bound))
        throw new LakesqlError('GROUP_BY_AGGREGATE', { sqlExpr: prettySql(items[ordinal - 1]!.ast) });
    } else {
      const aliases = new Map<string, Expression>();
      for (const it of s.items) if (it.kind === 'alias') aliases.set(it.name.toLowerCase(), it.expr);
      bound = await analyzeWithAliases(e, env, aliases);
      name = e.kind === 'column' ? e.nameParts[e.nameParts.length - 1] : undefined;
    }
    if (containsVariant(typeOf(bound))) {
      throw new LakesqlError('GROUP_EXPRESSION_TYPE_IS_NOT_ORDERABLE', {
        sqlExpr: `"${ordinal !== undefined ? prettySql(items[ordinal - 1]!.ast) : prettySql(e)}"`,
        dataType: toSqlType(typeOf(bound)),
      });
    }
    const key = exprKey(bound);
    const found = exprs.findIndex((x) => exprKey(x) === key);
    if (found >= 0) return found;
    exprs.push(bound);
    names.push(name);
    return exprs.length - 1;
  };
  if (!g) return { exprs, names };
  if (g.all) {
    items.forEach((it) => {
      if (!containsAggregate(it.expr)) {
        exprs.push(it.expr);
        names.push(it.name);
      }
    });
    return { exprs, names };
  }
  let sets: number[][] | undefined;
  const plain: number[] = [];
  for (const el of g.elements) {
    if (el.kind === 'expression') {
      plain.push(await indexOf(el.expr));
      continue;
    }
    sets = sets ?? [[]];
    const elementSets = await elementGroupingSets(el, indexOf);
    sets = sets.flatMap((a) => elementSets.map((b) => [...a, ...b]));
  }
  if (g.with) {
    const cols = plain.map((i) => [i]);
    const built = g.with === 'ROLLUP' ? rollup(cols) : cube(cols);
    return { exprs, names, sets: built };
  }
  if (sets) {
    // Hive's `GROUP BY a, b GROUPING SETS ((a), (b))` lists the columns, then the sets over them: the sets are
    // exactly as written. In the standard `GROUP BY a, GROUPING SETS ((b))` the plain columns join every set.
    const hiveForm = plain.length > 0 && sets.every((set) => set.every((i) => plain.includes(i)));
    if (!hiveForm) sets = sets.map((set) => [...new Set([...plain, ...set])]);
  }
  return { exprs, names, ...(sets ? { sets } : {}) };
}

async function elementGroupingSets(
  el: Exclude<GroupingElement, { kind: 'expression' }> | GroupingSetItem,
  indexOf: (e: Expression) => Promise<number>,
): Promise<number[][]> {
  switch (el.kind) {
    case 'set':
      return [await Promise.all(el.exprs.map(indexOf))];
    case 'groupingSets': {
      const out: number[][] = [];
      for (const item of el.sets) out.push(...(await elementGroupingSets(item, indexOf)));
      return out;
    }
    case 'rollup':
    case 'cube': {
      const cols = await Promise.all(el.sets.map((set) => Promise.all(set.map(indexOf))));
      return el.kind === 'rollup' ? rollup(cols) : cube(cols);
    }
    default: {
      const never: never = el;
      throw new Error(`unknown grouping element ${JSON.stringify(never)}`);
    }
  }
}

function rollup(cols: readonly number[][]): number[][] {
  const out: number[][] = [];
  for (let n = cols.length; n >= 0; n--) out.push(cols.slice(0, n).flat());
  return out;
}

function cube(cols: readonly number[][]): number[][] {
  const out: number[][] = [];
  const n = cols.length;
  for (let mask = (1 << n) - 1; mask >= 0; mask--) {
    const set: number[] = [];
    for (let i = 0; i < n; i++) if (mask & (1 << (n - 1 - i))) set.push(...cols[i]!);
    out.push(set);
  }
  return out;
}

function prettyKey(e: BoundExpr): string {
  return e.kind === 'attributeRef' ? e.attr.name : 'expr';
}

export const _unused = { IntegerType, LongType, transformExpr };

/**
 * Spark's `nullable` of a select-list column, conservatively: a non-NULL literal and a non-nullable column
 * are not nullable; anything else may be (claiming NULL-free wrongly would be worse than a loose schema).
 */
function mayBeNull(e: BoundExpr): boolean {
  if (e.kind === 'literal') return e.value === null;
  if (e.kind === 'attributeRef') return e.attr.nullable;
  return true;
}

/**
 * Spark's TimeWindowing rule filters out the rows whose time is NULL wherever window(time, …) is used: a
 * filter on each distinct time column under the plan the window calls are bound to.
 */
function dropNullWindowTimes(plan: LogicalPlan, exprs: readonly BoundExpr[]): LogicalPlan {
  const times = new Map<string, BoundExpr>();
  for (const e of exprs) {
    someExpr(e, (x) => {
      if (x.kind === 'call' && x.name === 'window' && x.args[0]) times.set(exprKey(x.args[0]), x.args[0]);
      return false;
    });
  }
  let out = plan;
  for (const time of times.values()) {
    out = {
      kind: 'filter',
      child: out,
      condition: { kind: 'isNull', child: time, negated: true },
      output: out.output,
    };
  }
  return out;
}
