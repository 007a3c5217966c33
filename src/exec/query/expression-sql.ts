/**
 * Bound expressions to DuckDB SQL. Column references become the generated column names of their attributes
 * (`"c12"`), so a correlated reference inside a subquery is simply the outer query's column: ids are unique
 * per statement. Operators, casts and functions compile through their Spark-semantics compilers.
 */

import { quoteIdentifier, quoteString } from '../../engine/sql-text.js';
import { LakesqlError } from '../../errors/index.js';
import { hasNonBinaryCollation } from '../../plan/analyzer/collation-coercion.js';
import { columnAlias } from '../../plan/logical/attribute.js';
import {
  type BoundExpr,
  type FrameBound,
  type SortOrder,
  typeOf,
} from '../../plan/logical/bound-expression.js';
import { exprKey } from '../../plan/logical/expression-walk.js';
import { resolveBinaryOperator } from '../../plan/types/binary-operator.js';
import { stringCollation } from '../../types/data-types.js';
import type { ScalarValue } from '../../types/scalar.js';
import { lookupCompiler } from '../functions/compilers.js';
import type { CompiledArg } from '../functions/function-compiler.js';
import { checkEngineCollation, withDuckdbCollation } from '../operators/collation-sql.js';
import { compileBinaryOperator } from '../operators/compile-binary-operator.js';
import { compileCast } from '../operators/compile-cast.js';
import { raiseSql, tryable } from '../operators/sql-helpers.js';
import { modifyAggregateCall } from './aggregate-call-sql.js';
import type { CompileContext } from './compile-context.js';
import { splitDecimalSumSql } from './decimal-sum-sql.js';
import { literalSql } from './literal-sql.js';
import { compilePlan } from './plan-sql.js';
import { compileUnaryOperator } from './unary-operator-sql.js';

export function quoteColumn(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * An expression's DuckDB SQL; a string of a collated type carries its DuckDB collation, so the comparisons,
 * groupings and orderings over it follow the collation (exec/operators/collation-sql.ts).
 */
export function expressionSql(e: BoundExpr, ctx: CompileContext): string {
  const sql = uncollatedSql(e, ctx);
  return e.kind === 'lambda' ? sql : withDuckdbCollation(sql, typeOf(e));
}

function uncollatedSql(e: BoundExpr, ctx: CompileContext): string {
  if (ctx.groupKeys && e.kind !== 'literal') {
    const key = ctx.groupKeys.get(exprKey(e));
    if (key) return key;
  }
  switch (e.kind) {
    case 'lambdaVariable':
      return ctx.lambdaBindings?.get(e.attr.id) ?? quoteColumn(columnAlias(e.attr));
    case 'attributeRef':
    case 'outerRef':
      return quoteColumn(columnAlias(e.attr));
    case 'literal':
      return literalSql(e.value, e.type);
    case 'cast': {
      const child = expressionSql(e.child, ctx);
      // To UTF8_BINARY (or the indeterminate collation): DuckDB's CAST keeps the child's collation, its
      // `binary` collation replaces it.
      if (
        hasNonBinaryCollation(typeOf(e.child)) &&
        !hasNonBinaryCollation(e.type) &&
        stringCollation(e.type) !== undefined
      )
        return `(${child} COLLATE "binary")`;
      return compileCast(child, typeOf(e.child), e.type, e.mode, ctx.semantics);
    }
    case 'binary':
      // The operands are already cast: resolving again yields the operator's form (date arithmetic, …).
      return compileBinaryOperator(
        e.op,
        expressionSql(e.left, ctx),
        expressionSql(e.right, ctx),
        resolveBinaryOperator(e.op, typeOf(e.left), typeOf(e.right), ctx.semantics),
        ctx.semantics,
      );
    case 'unary':
      return compileUnaryOperator(e.op, expressionSql(e.child, ctx), typeOf(e.child), e.type, ctx.semantics);
    case 'call':
      checkEngineCollation(e.name, e.args.map(typeOf));
      return callSql(e.name, e.args, e.resolved, ctx);
    case 'aggregate':
      checkEngineCollation(e.name, e.args.map(typeOf));
      return aggregateSql(e, ctx);
    case 'window': {
      const over = windowSpecSql(e.partitionBy, e.orderBy, e.frame, ctx);
      const fn = e.function;
      if (fn.kind === 'aggregate') return aggregateSql(fn, ctx, over);
      return modifyAggregateCall(expressionSql(fn, ctx), { overSql: over });
    }
    case 'case': {
      const branches = e.branches.map(
        (b) => `WHEN ${expressionSql(b.when, ctx)} THEN ${expressionSql(b.then, ctx)}`,
      );
      const otherwise = e.otherwise ? ` ELSE ${expressionSql(e.otherwise, ctx)}` : '';
      return `(CASE ${branches.join(' ')}${otherwise} END)`;
    }
    case 'isNull':
      return `(${expressionSql(e.child, ctx)} IS ${e.negated ? 'NOT ' : ''}NULL)`;
    case 'inList': {
      if (e.list.length === 0) return e.negated ? 'TRUE' : 'FALSE';
      const list = e.list.map((x) => expressionSql(x, ctx)).join(', ');
      return `(${expressionSql(e.value, ctx)} ${e.negated ? 'NOT IN' : 'IN'} (${list}))`;
    }
    case 'inSubquery': {
      if (e.values.length > 1) return multiColumnInSql(e, ctx);
      const sub = compilePlan(e.plan, ctx);
      const values = e.values.map((v) => expressionSql(v, ctx));
      const lhs = values.length === 1 ? values[0]! : `(${values.join(', ')})`;
      return `(${lhs} ${e.negated ? 'NOT IN' : 'IN'} (${sub}))`;
    }
    case 'exists':
      return `(${e.negated ? 'NOT ' : ''}EXISTS (${compilePlan(e.plan, ctx)}))`;
    case 'scalarSubquery':
      return `(${compilePlan(e.plan, ctx)})`;
    case 'lambda': {
      const params = e.params.map((p) => quoteColumn(columnAlias(p)));
      return `lambda ${params.join(', ')}: ${expressionSql(e.body, ctx)}`;
    }
    case 'grouping': {
      // grouping_id() without arguments covers every grouping key, in GROUP BY order.
      const args =
        e.args.length > 0 ? e.args.map((a) => expressionSql(a, ctx)) : [...(ctx.groupKeys?.values() ?? [])];
      const type = e.type.kind === 'primitive' && e.type.name === 'byte' ? 'TINYINT' : 'BIGINT';
      return `CAST(grouping(${args.join(', ')}) AS ${type})`;
    }
    case 'tryEval':
      return tryEvalSql(e.child, ctx);
    case 'getField':
      return `struct_extract(${expressionSql(e.child, ctx)}, ${quoteString(e.field)})`;
    case 'subscript':
      return subscriptSql(e, ctx);
    default: {
      const never: never = e;
      throw new Error(`cannot compile ${JSON.stringify(never)}`);
    }
  }
}

/**
 * try_add(a, b) and friends: the operator compiled with ANSI checks, every error(…) of the operator itself
 * swapped for a NULL-returning macro. The operands are compiled apart and keep their own errors: an overflow
 * while computing an argument is not the try function's to hide (Spark raises it).
 */
function tryEvalSql(child: BoundExpr, ctx: CompileContext): string {
  const ansi: CompileContext = { ...ctx, semantics: { ...ctx.semantics, ansi: true, explicitErrors: true } };
  const nullInsteadOfError = (sql: string) =>
    sql.replace(/(^|[^A-Za-z0-9_])error\(/g, '$1lakesql_null_instead_of_error(');
  if (child.kind !== 'binary') return nullInsteadOfError(expressionSql(child, ansi));
  const user = (x: BoundExpr) => (x.kind === 'cast' && x.implicit ? x.child : x);
  const placeholder = (id: number, like: BoundExpr): BoundExpr => ({
    kind: 'attributeRef',
    attr: { id, name: '', type: typeOf(like), nullable: true, qualifier: [] },
  });
  const withPlaceholder = (x: BoundExpr, id: number): BoundExpr => {
    const u = user(x);
    return x === u
      ? placeholder(id, x)
      : { ...(x as Extract<BoundExpr, { kind: 'cast' }>), child: placeholder(id, u) };
  };
  const template = nullInsteadOfError(
    expressionSql(
      { ...child, left: withPlaceholder(child.left, -1), right: withPlaceholder(child.right, -2) },
      ansi,
    ),
  );
  // The operands under the session's own mode: in legacy mode an argument's overflow wraps, as in Spark.
  // The template may hold try() around the placeholders (decimal arithmetic), which refuses an operand
  // calling a volatile function (its own error() check): such an operand is bound first.
  return tryable(`(${expressionSql(user(child.left), ctx)})`, (l) =>
    tryable(`(${expressionSql(user(child.right), ctx)})`, (r) =>
      template.replaceAll('"c-1"', l).replaceAll('"c-2"', r),
    ),
  );
}

/**
 * Spark's `a[i]` is 0-based and, under ANSI, fails on an index out of bounds (INVALID_ARRAY_INDEX); legacy
 * mode gives NULL. `m[k]` gives NULL for a missing key either way.
 */
function subscriptSql(e: Extract<BoundExpr, { kind: 'subscript' }>, ctx: CompileContext): string {
  const base = expressionSql(e.child, ctx);
  const index = expressionSql(e.index, ctx);
  if (typeOf(e.child).kind === 'map') return `${base}[${index}]`;
  const get = `list_extract(${base}, ${index} + 1)`;
  if (!ctx.semantics.ansi) return `(CASE WHEN ${index} < 0 THEN NULL ELSE ${get} END)`;
  return (
    `(CASE WHEN ${base} IS NULL OR ${index} IS NULL THEN NULL ` +
    `WHEN ${index} < 0 OR ${index} >= len(${base}) THEN ${raiseSql('INVALID_ARRAY_INDEX', { indexValue: { sql: index }, arraySize: { sql: `len(${base})` } })} ` +
    `ELSE ${get} END)`
  );
}

function compiledArgs(args: readonly BoundExpr[], ctx: CompileContext): CompiledArg[] {
  return args.map((a) => {
    const arg: CompiledArg = { sql: expressionSql(a, ctx), type: typeOf(a) };
    if (a.kind === 'lambda') {
      const lambda = a;
      return {
        ...arg,
        lambda: {
          params: lambda.params.map((p) => columnAlias(p)),
          bodySql: expressionSql(lambda.body, ctx),
          apply: (paramSql) => {
            const bindings = new Map(ctx.lambdaBindings);
            lambda.params.forEach((p, i) => {
              const sql = paramSql[i];
              if (sql !== undefined) bindings.set(p.id, sql);
            });
            return expressionSql(lambda.body, { ...ctx, lambdaBindings: bindings });
          },
        },
      };
    }
    return a.kind === 'literal' && isScalar(a.value) ? { ...arg, value: a.value } : arg;
  });
}

function isScalar(v: unknown): v is ScalarValue {
  return v === null || typeof v !== 'object' || v instanceof Uint8Array;
}

function callSql(
  name: string,
  args: readonly BoundExpr[],
  resolved: Extract<BoundExpr, { kind: 'call' }>['resolved'],
  ctx: CompileContext,
): string {
  if (resolved.engineFunction !== undefined) {
    // A session's JavaScript function: DuckDB calls it once per chunk (engine/udfs/user-function-udf.ts).
    return `${quoteIdentifier(resolved.engineFunction)}(${args.map((a) => expressionSql(a, ctx)).join(', ')})`;
  }
  const compiler = lookupCompiler(name);
  if (!compiler)
    throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: `the function ${name} on this engine` });
  return compiler.compile(compiledArgs(args, ctx), resolved, ctx.semantics);
}

/**
 * FILTER (WHERE c) and DISTINCT are DuckDB's own aggregate modifiers, with Spark's meaning. The function
 * compiler renders the plain call `name(args)`; DISTINCT goes inside its parentheses.
 */
function aggregateSql(
  e: Extract<BoundExpr, { kind: 'aggregate' }>,
  ctx: CompileContext,
  overSql?: string,
): string {
  if (e.name === 'count' && e.distinct && e.args.length > 1) {
    // count(DISTINCT a, b) counts distinct tuples with no NULL member (Spark), not rows.
    const args = e.args.map((a) => expressionSql(a, ctx));
    const tuple = `CASE WHEN ${args.map((a) => `${a} IS NOT NULL`).join(' AND ')} THEN (${args.join(', ')}) END`;
    return modifyAggregateCall(`count(${tuple})`, {
      distinct: true,
      ...(e.filter ? { filterSql: expressionSql(e.filter, ctx) } : {}),
      ...(overSql !== undefined ? { overSql } : {}),
    });
  }
  if (e.name === 'sum' && !e.distinct && !e.filter && overSql === undefined && e.args.length === 1) {
    const split = splitDecimalSumSql(e.args[0]!, e.resolved.returnType, ctx, expressionSql);
    if (split) return split;
  }
  return modifyAggregateCall(callSql(e.name, e.args, e.resolved, ctx), {
    distinct: e.distinct,
    ...(e.orderBy?.length ? { orderBySql: e.orderBy.map((o) => sortOrderSql(o, ctx)).join(', ') } : {}),
    ...(e.filter ? { filterSql: expressionSql(e.filter, ctx) } : {}),
    ...(overSql !== undefined ? { overSql } : {}),
  });
}

export function sortOrderSql(o: SortOrder, ctx: CompileContext): string {
  return `${expressionSql(o.expr, ctx)} ${o.ascending ? 'ASC' : 'DESC'} NULLS ${o.nullsFirst ? 'FIRST' : 'LAST'}`;
}

function windowSpecSql(
  partitionBy: readonly BoundExpr[],
  orderBy: readonly SortOrder[],
  frame: Extract<BoundExpr, { kind: 'window' }>['frame'],
  ctx: CompileContext,
): string {
  const parts: string[] = [];
  if (partitionBy.length > 0)
    parts.push(`PARTITION BY ${partitionBy.map((p) => expressionSql(p, ctx)).join(', ')}`);
  if (orderBy.length > 0) parts.push(`ORDER BY ${orderBy.map((o) => sortOrderSql(o, ctx)).join(', ')}`);
  if (frame) {
    parts.push(
      `${frame.unit.toUpperCase()} BETWEEN ${frameBoundSql(frame.start, ctx)} AND ${frameBoundSql(frame.end, ctx)}`,
    );
  }
  return parts.join(' ');
}

function frameBoundSql(b: FrameBound, ctx: CompileContext): string {
  switch (b.kind) {
    case 'unboundedPreceding':
      return 'UNBOUNDED PRECEDING';
    case 'unboundedFollowing':
      return 'UNBOUNDED FOLLOWING';
    case 'currentRow':
      return 'CURRENT ROW';
    case 'preceding':
      return `${expressionSql(b.offset, ctx)} PRECEDING`;
    case 'following':
      return `${expressionSql(b.offset, ctx)} FOLLOWING`;
    default: {
      const never: never = b;
      throw new Error(`unknown frame bound ${JSON.stringify(never)}`);
    }
  }
}

/**
 * `(a, b) [NOT] IN (SELECT x, y …)` with Spark's three-valued answer: TRUE when a row equals on every
 * column, else NULL when some row equals or is NULL on every column, else FALSE (NOT IN: the negation).
 * Written as two EXISTS because DuckDB compares rows with a NULL field as NULL altogether and refuses a
 * correlated IN over several columns.
 */
function multiColumnInSql(e: Extract<BoundExpr, { kind: 'inSubquery' }>, ctx: CompileContext): string {
  const values = e.values.map((v) => expressionSql(v, ctx));
  const rowsWhere = (test: (eq: string) => string) => {
    const alias = ctx.nextAlias();
    const eqs = e.plan.output.map((a, i) => test(`(${alias}.${quoteColumn(columnAlias(a))} = ${values[i]})`));
    return `EXISTS (SELECT 1 FROM (${compilePlan(e.plan, ctx)}) AS ${alias} WHERE ${eqs.join(' AND ')})`;
  };
  const equal = rowsWhere((eq) => eq);
  const maybeEqual = rowsWhere((eq) => `${eq} IS NOT FALSE`);
  return e.negated
    ? `(CASE WHEN ${equal} THEN FALSE WHEN ${maybeEqual} THEN NULL ELSE TRUE END)`
    : `(CASE WHEN ${equal} THEN TRUE WHEN ${maybeEqual} THEN NULL ELSE FALSE END)`;
}
