/**
 * Logical plans to DuckDB SQL. Every operator becomes one SELECT over its child as a subquery, and every
 * output column is named after its attribute id (`"c7"`): generated SQL never depends on user column names,
 * so duplicates, odd characters and DuckDB's reserved words cannot break it.
 */

import { quoteString } from '../../engine/sql-text.js';
import { LakesqlError } from '../../errors/index.js';
import { type Attribute, columnAlias } from '../../plan/logical/attribute.js';
import { type BoundExpr, typeOf } from '../../plan/logical/bound-expression.js';
import { exprKey } from '../../plan/logical/expression-walk.js';
import type { LogicalPlan } from '../../plan/logical/logical-plan.js';
import { isPrimitive } from '../../types/data-types.js';
import { jsonTupleSql } from '../functions/json-parser-sql.js';
import { checkSetOperationCollation } from '../operators/collation-sql.js';
import { duckType, isColumnReference } from '../operators/sql-helpers.js';
import { type CompileContext, withGroupKeys } from './compile-context.js';
import { expressionSql, quoteColumn, sortOrderSql } from './expression-sql.js';

const col = (a: Attribute) => quoteColumn(columnAlias(a));

export function compilePlan(plan: LogicalPlan, ctx: CompileContext): string {
  switch (plan.kind) {
    case 'relation': {
      const sql = ctx.relationSql.get(plan);
      if (sql === undefined) throw new Error('relation was not opened before compilation');
      const names = plan.source.kind === 'engineSql' ? plan.source.columns : undefined;
      const list = plan.output.map((a, i) => `${quoteColumn(names?.[i] ?? a.name)} AS ${col(a)}`);
      return `SELECT ${list.join(', ') || 'NULL AS "__none"'} FROM (${sql}) AS ${ctx.nextAlias()}`;
    }
    case 'values': {
      if (plan.rows.length === 0) {
        const nulls = plan.output.map(
          (a) => `${expressionSql({ kind: 'literal', value: null, type: a.type }, ctx)} AS ${col(a)}`,
        );
        return `SELECT ${nulls.join(', ')} WHERE FALSE`;
      }
      const rows = plan.rows.map((r) => `(${r.map((e) => expressionSql(e, ctx)).join(', ')})`);
      return `SELECT * FROM (VALUES ${rows.join(', ')}) AS ${ctx.nextAlias()}(${plan.output.map(col).join(', ')})`;
    }
    case 'oneRow':
      return 'SELECT 1 AS "__one"';
    case 'project': {
      const list = plan.list.map((n) => `${expressionSql(n.expr, ctx)} AS ${col(n.attr)}`);
      return `SELECT ${list.join(', ') || 'NULL AS "__none"'} FROM (${compilePlan(plan.child, ctx)}) AS ${ctx.nextAlias()}`;
    }
    case 'filter': {
      // A filter over a join is that join's WHERE: an IN or EXISTS subquery in it then becomes a semi join
      // inside the one join tree, which DuckDB may move down (TPC-H q18 filters orders before joining
      // lineitem), instead of a semi join above a `SELECT *` over the whole join.
      const from =
        plan.child.kind === 'join'
          ? joinSql(plan.child, ctx)
          : `(${compilePlan(plan.child, ctx)}) AS ${ctx.nextAlias()}`;
      return `SELECT * FROM ${from} WHERE ${expressionSql(plan.condition, ctx)}`;
    }
    case 'aggregate': {
      // Grouping keys are computed as columns first and grouped by name: DuckDB matches GROUP BY
      // expressions by their text, which fails for the lambdas Spark-semantics operators compile to.
      const keyNames = plan.groupBy.map((_, i) => quoteColumn(`__g${i}`));
      const keyed = plan.groupBy.map((g, i) => `${expressionSql(g, ctx)} AS ${keyNames[i]}`);
      const inner = `SELECT *${keyed.map((k) => `, ${k}`).join('')} FROM (${compilePlan(plan.child, ctx)}) AS ${ctx.nextAlias()}`;
      const groupCtx = withGroupKeys(
        ctx,
        plan.groupBy.map((g, i) => [exprKey(g), keyNames[i]!] as const),
      );
      const list = plan.aggregates.map((n, i) =>
        i < plan.groupBy.length
          ? `${keyNames[i]} AS ${col(n.attr)}`
          : `${expressionSql(n.expr, groupCtx)} AS ${col(n.attr)}`,
      );
      let groupBy = '';
      if (plan.groupingSets) {
        const sets = plan.groupingSets.map((set) => `(${set.map((i) => keyNames[i]).join(', ')})`);
        groupBy = ` GROUP BY GROUPING SETS (${sets.join(', ')})`;
      } else if (keyNames.length > 0) {
        groupBy = ` GROUP BY ${keyNames.join(', ')}`;
      } else {
        // A global aggregate is one group even without aggregate functions (`SELECT 1 … HAVING true`).
        groupBy = ' GROUP BY ()';
      }
      return `SELECT ${list.join(', ') || 'NULL AS "__none"'} FROM (${inner}) AS ${ctx.nextAlias()}${groupBy}`;
    }
    case 'window': {
      const list = plan.windows.map((n) => `${expressionSql(n.expr, ctx)} AS ${col(n.attr)}`);
      return `SELECT *, ${list.join(', ')} FROM (${compilePlan(plan.child, ctx)}) AS ${ctx.nextAlias()}`;
    }
    case 'join':
      return `SELECT * FROM ${joinSql(plan, ctx)}`;
    case 'sort': {
      const orders = plan.orders.map((o) => sortOrderSql(o, ctx));
      return `SELECT * FROM (${compilePlan(plan.child, ctx)}) AS ${ctx.nextAlias()} ORDER BY ${orders.join(', ')}`;
    }
    case 'limit': {
      const limit = plan.limit ? ` LIMIT ${expressionSql(plan.limit, ctx)}` : '';
      const offset = plan.offset ? ` OFFSET ${expressionSql(plan.offset, ctx)}` : '';
      return `SELECT * FROM (${compilePlan(plan.child, ctx)}) AS ${ctx.nextAlias()}${limit}${offset}`;
    }
    case 'distinct':
      return `SELECT DISTINCT * FROM (${compilePlan(plan.child, ctx)}) AS ${ctx.nextAlias()}`;
    case 'sample':
      return sampleSql(plan, ctx);
    case 'setOperation': {
      const left = renamed(plan.left, plan.output, ctx);
      const right = renamed(plan.right, plan.output, ctx);
      checkSetOperationCollation(
        plan.op,
        plan.all,
        plan.output.map((a) => a.type),
      );
      const op = { union: 'UNION', intersect: 'INTERSECT', except: 'EXCEPT' }[plan.op];
      return `SELECT * FROM ((${left}) ${op}${plan.all ? ' ALL' : ''} (${right})) AS ${ctx.nextAlias()}`;
    }
    case 'generate':
      return generateSql(plan, ctx);
    case 'cteRef': {
      const shared = ctx.cteNames?.get(plan.id);
      const source = shared ?? `(${compilePlan(plan.child, ctx)})`;
      const list = plan.output.map((a, i) => `${col(plan.child.output[i]!)} AS ${col(a)}`);
      return `SELECT ${list.join(', ') || 'NULL AS "__none"'} FROM ${source} AS ${ctx.nextAlias()}`;
    }
    default: {
      const never: never = plan;
      throw new Error(`cannot compile plan ${JSON.stringify(never)}`);
    }
  }
}

const JOIN_KEYWORDS = {
  cross: 'CROSS JOIN',
  inner: 'INNER JOIN',
  left: 'LEFT OUTER JOIN',
  right: 'RIGHT OUTER JOIN',
  full: 'FULL OUTER JOIN',
  semi: 'SEMI JOIN',
  anti: 'ANTI JOIN',
} as const;

/**
 * A join as a FROM item. An inner or cross join on the left stays a bare join (`a CROSS JOIN b INNER
 * JOIN c ON …`), not a `SELECT *` subquery: DuckDB reorders joins only within one tree of joins, and a
 * projection between two joins (even `SELECT *`) hides the lower join from its join-order optimizer, which
 * then keeps the order written, cross products included (TPC-H q09's FROM list). Column names are unique
 * attribute ids, so the flattened tree names every column as the nested one did.
 */
function joinSql(plan: Extract<LogicalPlan, { kind: 'join' }>, ctx: CompileContext): string {
  const reorderable = (p: LogicalPlan): p is Extract<LogicalPlan, { kind: 'join' }> =>
    p.kind === 'join' && (p.joinType === 'cross' || p.joinType === 'inner');
  const left = reorderable(plan.left)
    ? `(${joinSql(plan.left, ctx)})`
    : `(${compilePlan(plan.left, ctx)}) AS ${ctx.nextAlias()}`;
  const right = `(${compilePlan(plan.right, ctx)}) AS ${ctx.nextAlias()}`;
  if (plan.joinType === 'cross' && !plan.condition) return `${left} CROSS JOIN ${right}`;
  const on = plan.condition ? ` ON ${expressionSql(plan.condition, ctx)}` : ' ON TRUE';
  const keyword = plan.joinType === 'cross' ? JOIN_KEYWORDS.inner : JOIN_KEYWORDS[plan.joinType];
  if (keyword === undefined) throw new Error(`unknown join ${String(plan.joinType)}`);
  return `${left} ${keyword} ${right}${on}`;
}

/**
 * Generate as a lateral join: each input row with the rows its generator yields (DuckDB's unnest).
 * `_outer` generators keep rows whose collection is NULL or empty, with NULL outputs (a LEFT lateral join).
 */
function generateSql(plan: Extract<LogicalPlan, { kind: 'generate' }>, ctx: CompileContext): string {
  const g = plan.generator;
  if (g.kind !== 'call') throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: 'this generator' });
  // The collection is computed below the lateral join, in a projection of the child, and the lateral side
  // reads it as a column: DuckDB cannot bind a lambda inside a LATERAL subquery that names a column of the
  // outer query (`explode(transform(array(1), x -> x + i))`), and a map's keys and values then read one value.
  const argSql = expressionSql(g.args[0]!, ctx);
  const hoisted = HOISTED_ARG_GENERATORS.has(g.name) && !isColumnReference(argSql);
  const arg = hoisted ? GENERATOR_ARG : argSql;
  const argType = typeOf(g.args[0]!);
  const names = plan.generatorOutput.map(col);
  let select: string;
  switch (g.name) {
    case 'explode':
      select =
        argType.kind === 'map'
          ? `SELECT unnest(map_keys(${arg})) AS ${names[0]}, unnest(map_values(${arg})) AS ${names[1]}`
          : `SELECT unnest(${arg}) AS ${names[0]}`;
      break;
    case 'posexplode':
      select =
        argType.kind === 'map'
          ? `SELECT CAST(generate_subscripts(map_keys(${arg}), 1) - 1 AS INTEGER) AS ${names[0]}, unnest(map_keys(${arg})) AS ${names[1]}, unnest(map_values(${arg})) AS ${names[2]}`
          : `SELECT CAST(generate_subscripts(${arg}, 1) - 1 AS INTEGER) AS ${names[0]}, unnest(${arg}) AS ${names[1]}`;
      break;
    case 'inline': {
      const fields =
        argType.kind === 'array' && argType.elementType.kind === 'struct' ? argType.elementType.fields : [];
      const list = fields.map((f, i) => `struct_extract("__s", ${quoteString(f.name)}) AS ${names[i]}`);
      select = `SELECT ${list.join(', ')} FROM (SELECT unnest(${arg}) AS "__s")`;
      break;
    }
    case 'stack': {
      // Column j unnests the j-th value of every row (NULL-padding the last), so the lists unnest in step.
      const rows = Number((g.args[0] as Extract<BoundExpr, { kind: 'literal' }>).value);
      const values = g.args.slice(1).map((a) => expressionSql(a, ctx));
      const width = names.length;
      const types = plan.generatorOutput.map((a) => duckType(a.type));
      select = `SELECT ${names
        .map((n, j) => {
          const cells = Array.from(
            { length: rows },
            (_, r) => values[r * width + j] ?? `CAST(NULL AS ${types[j]})`,
          );
          return `unnest([${cells.join(', ')}]) AS ${n}`;
        })
        .join(', ')}`;
      break;
    }
    case 'range': {
      // range() of constant expressions: each cast to BIGINT as Spark's Range does (a fraction truncated).
      const longs = g.args.map((a) => {
        const t = typeOf(a);
        const v = expressionSql(a, ctx);
        return t.kind === 'decimal' || isPrimitive(t, 'double') || isPrimitive(t, 'float')
          ? `CAST(trunc(${v}) AS BIGINT)`
          : `CAST(${v} AS BIGINT)`;
      });
      const [start, end, step] =
        longs.length === 1 ? ['0', longs[0]!, '1'] : [longs[0]!, longs[1]!, longs[2] ?? '1'];
      select = `SELECT "range" AS ${names[0]} FROM range(${start}, ${end}, ${step})`;
      break;
    }
    case 'json_tuple': {
      const keys = g.args.slice(1).map((k) => ({
        sql: expressionSql(k, ctx),
        ...(k.kind === 'literal' && (typeof k.value === 'string' || k.value === null)
          ? { literal: k.value }
          : {}),
      }));
      select = `SELECT ${jsonTupleSql(arg, keys)
        .map((v, i) => `${v} AS ${names[i]}`)
        .join(', ')}`;
      break;
    }
    default:
      throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: `the generator ${g.name}` });
  }
  const input = `(${compilePlan(plan.child, ctx)}) AS ${ctx.nextAlias()}`;
  const child = hoisted
    ? `(SELECT *, ${argSql} AS ${GENERATOR_ARG} FROM ${input}) AS ${ctx.nextAlias()}`
    : input;
  const lateral = `(${select}) AS ${ctx.nextAlias()}`;
  const columns = hoisted ? `* EXCLUDE (${GENERATOR_ARG})` : '*';
  return plan.outer
    ? `SELECT ${columns} FROM ${child} LEFT JOIN LATERAL ${lateral} ON TRUE`
    : `SELECT ${columns} FROM ${child} CROSS JOIN LATERAL ${lateral}`;
}

/** The generators whose first argument is the collection they unnest. */
const HOISTED_ARG_GENERATORS: ReadonlySet<string> = new Set([
  'explode',
  'posexplode',
  'inline',
  'json_tuple',
]);
/** The child's extra column holding that collection (user columns are named `c<N>`, so it cannot clash). */
const GENERATOR_ARG = '"__generator_arg"';

/**
 * Sample as DuckDB's Bernoulli sampling (each row kept with probability `fraction`, vectorized). DuckDB's
 * seed is a non-negative 32-bit integer: Spark's 64-bit seed is folded into that range, so one REPEATABLE
 * seed always draws the same rows from the same input.
 */
function sampleSql(plan: Extract<LogicalPlan, { kind: 'sample' }>, ctx: CompileContext): string {
  const percent = Math.min(100, Math.max(0, plan.fraction * 100));
  const seed = plan.seed === null ? '' : `, ${BigInt.asUintN(31, plan.seed)}`;
  const child = `(${compilePlan(plan.child, ctx)}) AS ${ctx.nextAlias()}`;
  return `SELECT * FROM ${child} USING SAMPLE ${percent} PERCENT (bernoulli${seed})`;
}

/** A set operation's side with its columns renamed to the operation's output attributes (positional). */
function renamed(plan: LogicalPlan, output: readonly Attribute[], ctx: CompileContext): string {
  const list = plan.output.map((a, i) => `${col(a)} AS ${col(output[i]!)}`);
  return `SELECT ${list.join(', ')} FROM (${compilePlan(plan, ctx)}) AS ${ctx.nextAlias()}`;
}
