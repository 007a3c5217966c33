/**
 * FROM clauses: tables, views, CTE references, subqueries, inline tables, table-valued functions and joins,
 * each analyzed into a plan whose output attributes carry the relation's name as their qualifier.
 */

import { rowTrackingMaterialized } from '../../delta/row-tracking.js';
import { LakesqlError } from '../../errors/index.js';
import type { Relation, TableAlias } from '../../sql/ast/query.js';
import {
  type DataType,
  field,
  LongType,
  type StructType,
  sqlTypeName,
  struct,
} from '../../types/data-types.js';
import { fileMetadataType, METADATA_COLUMN } from '../../types/file-metadata.js';
import { lookupFunction } from '../functions/registry.js';
import { isNumeric, isVoid } from '../functions/type-classes.js';
import type { Attribute } from '../logical/attribute.js';
import { type BoundExpr, typeOf } from '../logical/bound-expression.js';
import type { JoinType, LogicalPlan } from '../logical/logical-plan.js';
import { findWiderCommonType } from '../types/type-coercion.js';
import type { ResolvedRelation } from './analyzer-context.js';
import { castTo } from './casts.js';
import { withReadSidePadding } from './char-padding.js';
import { withDefaultCollation } from './default-collation.js';
import type { ExpressionEnv } from './expression-env.js';
import { analyzeExpression, binary } from './expressions.js';
import { generatorTable } from './generator-table.js';
import { pushJoinConditionSubqueries } from './join-condition-subqueries.js';
import { checkLateralJoin } from './lateral-join-checks.js';
import { prettySql } from './pretty-sql.js';
import { analyzeQuery } from './query.js';
import type { CteDefinition, QueryEnv } from './query-env.js';
import { Scope } from './scope.js';
import { analyzeSqlTableFunction } from './sql-table-function.js';
import { applyTableSample } from './table-sample.js';
import { resolveTimeTravel } from './time-travel.js';
import { bindViewOutput } from './view-binding.js';

export function withQualifier(plan: LogicalPlan, qualifier: readonly string[]): LogicalPlan {
  const lowered = qualifier.map((q) => q.toLowerCase());
  return { ...plan, output: plan.output.map((a) => ({ ...a, qualifier: lowered })) } as LogicalPlan;
}

/** Applies `AS t(a, b)`: renames columns (a projection with new attributes) and requalifies. */
export function applyAlias(
  plan: LogicalPlan,
  alias: TableAlias | null,
  env: QueryEnv,
  defaultName?: readonly string[],
): LogicalPlan {
  let out = plan;
  if (alias && alias.columns.length > 0) {
    // Hidden columns (a table's `_metadata`) keep their names.
    const visible = plan.output.filter((a) => !a.hidden);
    if (alias.columns.length !== visible.length) {
      throw new LakesqlError('ASSIGNMENT_ARITY_MISMATCH', {
        numExpr: alias.columns.length,
        numTarget: visible.length,
      } as never);
    }
    const list = [
      ...visible.map((a, i) => ({
        expr: { kind: 'attributeRef', attr: a } as BoundExpr,
        attr: env.ctx.ids.fresh(alias.columns[i]!, a.type, a.nullable),
      })),
      ...plan.output
        .filter((a) => a.hidden)
        .map((a) => ({ expr: { kind: 'attributeRef', attr: a } as BoundExpr, attr: a })),
    ];
    out = { kind: 'project', child: plan, list, output: list.map((n) => n.attr) };
  }
  if (alias) return withQualifier(out, [alias.name]);
  return defaultName ? withQualifier(out, defaultName) : out;
}

function schemaAttributes(schema: StructType, env: QueryEnv, qualifier: readonly string[]): Attribute[] {
  return schema.fields.map((f) => ({
    ...env.ctx.ids.fresh(
      f.name,
      f.type,
      f.nullable,
      qualifier.map((q) => q.toLowerCase()),
    ),
    metadata: f.metadata,
  }));
}

/**
 * The hidden `_metadata` column of a file relation, unless a real column has that name (which then wins).
 * Hidden: `*` leaves it out, a name reaches it.
 */
function metadataAttribute(
  columns: readonly Attribute[],
  env: QueryEnv,
  qualifier: readonly string[],
  withRowIndex: boolean,
  withRowTracking = false,
): Attribute | undefined {
  if (columns.some((a) => a.name.toLowerCase() === METADATA_COLUMN)) return undefined;
  const type = fileMetadataType(withRowIndex, withRowTracking);
  const attr = env.ctx.ids.fresh(
    METADATA_COLUMN,
    type,
    false,
    qualifier.map((q) => q.toLowerCase()),
  );
  return { ...attr, hidden: true };
}

export async function analyzeRelation(
  r: Relation,
  env: QueryEnv,
  lateralScope?: Scope,
): Promise<LogicalPlan> {
  switch (r.kind) {
    case 'table':
      return applyTableSample(await analyzeTable(r, env), r.sample, env);
    case 'subquery': {
      const plan = await analyzeQuery(r.query, { ...env, outer: r.lateral ? lateralScope : env.outer });
      // A pipe operator's input keeps its qualifiers unless renamed (`|> AS a`); a subquery loses them.
      return applyAlias(
        await applyTableSample(plan, r.sample, env),
        r.alias,
        env,
        r.pipeInput ? undefined : [],
      );
    }
    case 'tableFunction':
      return analyzeTableFunction(r, env, lateralScope);
    case 'inlineTable':
      return applyAlias(await analyzeInlineTable(r.rows, env), r.alias, env, []);
    case 'join':
      return analyzeJoin(r, env);
    case 'parenthesized': {
      const plan = await analyzeRelation(r.relation, env, lateralScope);
      return r.alias ? applyAlias(plan, r.alias, env) : plan;
    }
    default: {
      const never: never = r;
      throw new Error(`unknown relation ${JSON.stringify(never)}`);
    }
  }
}

/** Each WITH query analyzed once, for all its references (CTERelationRef): its plan and its id. */
const analyzedCtes = new WeakMap<CteDefinition, Promise<{ id: number; plan: LogicalPlan }>>();
let cteIds = 0;

/** A reference to a WITH query: its one shared plan, with this reference's own output attributes. */
async function cteReference(cte: CteDefinition, env: QueryEnv): Promise<LogicalPlan> {
  let analyzed = analyzedCtes.get(cte);
  if (!analyzed) {
    analyzed = analyzeQuery(cte.cte.query, cte.env).then((plan) => ({ id: ++cteIds, plan }));
    analyzedCtes.set(cte, analyzed);
  }
  const { id, plan } = await analyzed;
  // Each reference gets its own attributes, keeping the columns' metadata (comments, CHAR types).
  const output = plan.output.map((a) => ({
    ...env.ctx.ids.fresh(a.name, a.type, a.nullable),
    qualifier: a.qualifier,
    ...(a.metadata ? { metadata: a.metadata } : {}),
  }));
  return { kind: 'cteRef', id, child: plan, output };
}

async function analyzeTable(r: Extract<Relation, { kind: 'table' }>, env: QueryEnv): Promise<LogicalPlan> {
  const parts = r.name.parts;
  if (parts.length === 1) {
    const cte = env.ctes.get(parts[0]!.toLowerCase());
    if (cte) {
      let plan = await cteReference(cte, env);
      if (cte.cte.columns) plan = applyAlias(plan, { name: cte.cte.name, columns: cte.cte.columns }, env);
      return applyAlias(plan, r.alias, env, [cte.cte.name]);
    }
  }
  const travel = r.timeTravel ? await resolveTimeTravel(r.timeTravel, constantEnv(env)) : undefined;
  const resolved = await env.ctx.relations.resolveTable(parts, travel);
  switch (resolved.kind) {
    case 'delta': {
      const output = schemaAttributes(resolved.snapshot.schema, env, resolved.qualifier);
      const metadata = env.metadataColumn
        ? metadataAttribute(
            output,
            env,
            resolved.qualifier,
            true,
            rowTrackingMaterialized(resolved.snapshot) !== undefined,
          )
        : undefined;
      const plan: LogicalPlan = {
        kind: 'relation',
        source: {
          kind: 'delta',
          snapshot: resolved.snapshot,
          tableName: resolved.displayName,
          ...(metadata ? { metadataColumn: true } : {}),
        },
        output: metadata ? [...output, metadata] : output,
      };
      return applyAlias(withReadSidePadding(plan, env), r.alias, env);
    }
    case 'engineSql': {
      const plan = engineSqlRelation(resolved, env, resolved.qualifier);
      return applyAlias(withReadSidePadding(plan, env), r.alias, env);
    }
    case 'view': {
      // A view's query sees its own DEFAULT COLLATION, not that of a view that reads it.
      const ctx = withDefaultCollation(env.ctx, resolved.defaultCollation);
      let plan = await analyzeQuery(resolved.query, { ctx, ctes: new Map(), outer: undefined });
      if (resolved.binding) plan = await bindViewOutput(plan, resolved.binding, env);
      if (resolved.columnNames) plan = applyAlias(plan, { name: '', columns: resolved.columnNames }, env);
      return applyAlias(withQualifier(plan, resolved.qualifier), r.alias, env);
    }
    case 'plan':
      return applyAlias(withQualifier(resolved.plan, resolved.qualifier), r.alias, env);
    default: {
      const never: never = resolved;
      throw new Error(`unknown relation ${JSON.stringify(never)}`);
    }
  }
}

export function constantEnv(env: QueryEnv): ExpressionEnv {
  return {
    ctx: env.ctx,
    scope: new Scope([], env.outer),
    clause: 'values',
    allowAggregates: false,
    allowWindows: false,
    lambdaVariables: new Map(),
    namedWindows: new Map(),
    analyzeSubquery: (q, outer) => analyzeQuery(q, { ...env, outer }),
  };
}

/** VALUES rows: each column's type is the wider common type of its values (Spark's inline-table rule). */
export async function analyzeInlineTable(
  rows: readonly (readonly import('../../sql/ast/expressions.js').Expression[])[],
  env: QueryEnv,
): Promise<LogicalPlan> {
  const cenv = constantEnv(env);
  const bound: BoundExpr[][] = [];
  for (const row of rows)
    bound.push(await Promise.all(row.map((e) => analyzeExpression(e.kind === 'alias' ? e.expr : e, cenv))));
  const width = bound[0]?.length ?? 0;
  if (bound.some((r) => r.length !== width)) {
    throw new LakesqlError('INVALID_INLINE_TABLE.NUM_COLUMNS_MISMATCH', {
      expectedNumCols: width,
      actualNumCols: bound.find((r) => r.length !== width)!.length,
      rowIndex: bound.findIndex((r) => r.length !== width),
    } as never);
  }
  const types = Array.from({ length: width }, (_, c) => {
    const t = findWiderCommonType(
      bound.map((r) => typeOf(r[c]!)),
      env.ctx.semantics,
    );
    if (!t)
      throw new LakesqlError('INVALID_INLINE_TABLE.INCOMPATIBLE_TYPES_IN_INLINE_TABLE', {
        colName: `\`col${c + 1}\``,
      } as never);
    return t;
  });
  const output = types.map((t, c) => env.ctx.ids.fresh(`col${c + 1}`, t, true));
  return {
    kind: 'values',
    rows: bound.map((r) => r.map((e, c) => castTo(e, types[c]!, { ctx: env.ctx }))),
    output,
  };
}

/**
 * range() of constant expressions (`range(1 + 1, 2 * 3)`): a Generate over one row whose generator is DuckDB's
 * range table function with the expressions as its arguments (the engine folds them). Spark casts each
 * argument to BIGINT; a non-numeric one is _LEGACY_ERROR_TEMP_1179 as Spark raises it.
 */
function rangeOfExpressions(args: readonly BoundExpr[], env: QueryEnv): LogicalPlan {
  const types = args.map(typeOf);
  if (args.length < 1 || args.length > 4) {
    throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: `range() with ${args.length} arguments` });
  }
  const bad = types.find((t) => isVoid(t) || !isNumeric(t));
  if (bad) {
    throw new LakesqlError('_LEGACY_ERROR_TEMP_1179', {
      name: 'range',
      usage: RANGE_USAGE,
      arguments: types.map(typeName).join(', '),
      details: `Incompatible input data type.\nExpected: long; Found: ${typeName(bad)}.`,
    });
  }
  const id = env.ctx.ids.fresh('id', LongType, false);
  const type = struct([field('id', LongType, false)]);
  const generator: BoundExpr = {
    kind: 'call',
    name: 'range',
    args,
    resolved: { inputTypes: types, returnType: type, nullable: false },
    type,
  };
  return {
    kind: 'generate',
    child: { kind: 'oneRow', output: [] },
    generator,
    outer: false,
    generatorOutput: [id],
    output: [id],
  };
}

/** Spark's DataType.typeName: `integer`, `void`, `array`, `decimal(10,0)` …. */
function typeName(t: DataType): string {
  if (t.kind === 'primitive') return t.name;
  if (t.kind === 'array' || t.kind === 'map' || t.kind === 'struct') return t.kind;
  return sqlTypeName(t);
}

const RANGE_USAGE =
  '\n    range(start: long, end: long, step: long, numSlices: integer)\n    range(start: long, end: long, step: long)\n    range(start: long, end: long)\n    range(end: long)';

async function analyzeTableFunction(
  r: Extract<Relation, { kind: 'tableFunction' }>,
  env: QueryEnv,
  lateralScope?: Scope,
): Promise<LogicalPlan> {
  const name = r.name.parts.join('.').toLowerCase();
  if (lookupFunction(name)?.kind === 'generator') return generatorTable(r, env, lateralScope);
  if (name === 'range') {
    const args = await Promise.all(r.args.map((a) => analyzeExpression(a, constantEnv(env))));
    if (args.some((a) => a.kind !== 'literal' || a.value === null || !isNumeric(a.type)))
      return applyAlias(rangeOfExpressions(args, env), r.alias, env, []);
    const nums = args.map((a) => {
      if (a.kind !== 'literal')
        throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: 'non-literal range() arguments' });
      return BigInt(a.value as number | bigint);
    });
    const [start, end, step] = nums.length === 1 ? [0n, nums[0]!, 1n] : [nums[0]!, nums[1]!, nums[2] ?? 1n];
    const output = [env.ctx.ids.fresh('id', LongType, false)];
    const plan: LogicalPlan = {
      kind: 'relation',
      source: {
        kind: 'engineSql',
        sql: `SELECT "range" AS "id" FROM range(${start}, ${end}, ${step})`,
        columns: ['id'],
      },
      output,
    };
    return applyAlias(plan, r.alias, env, []);
  }
  const sqlFunction = env.ctx.relations.lookupSqlFunction?.(r.name.parts);
  if (sqlFunction) {
    // A LATERAL call's arguments may name the columns of the relations to its left.
    return analyzeSqlTableFunction(r, sqlFunction, { ...env, outer: r.lateral ? lateralScope : env.outer });
  }
  // Named arguments (`format => 'csv'`) reach the resolver as { kind: 'namedArgument', name, value }.
  const fnArgs = await Promise.all(
    r.args.map(async (a) =>
      a.kind === 'namedArgument'
        ? { kind: 'namedArgument', name: a.name, value: await analyzeExpression(a.value, constantEnv(env)) }
        : analyzeExpression(a, constantEnv(env)),
    ),
  );
  const resolved = await env.ctx.relations.resolveTableFunction?.(name, fnArgs, r.decided);
  if (resolved?.kind !== 'engineSql') {
    throw new LakesqlError('UNRESOLVABLE_TABLE_VALUED_FUNCTION', { name: `\`${name}\`` });
  }
  return applyAlias(engineSqlRelation(resolved, env, []), r.alias, env);
}

/**
 * A relation the engine reads from its own SQL. A file read that can add the hidden `_metadata` column
 * reads through its `metadata` variant when the query names it.
 */
function engineSqlRelation(
  resolved: Extract<ResolvedRelation, { kind: 'engineSql' }>,
  env: QueryEnv,
  qualifier: readonly string[],
): LogicalPlan {
  const output = schemaAttributes(resolved.schema, env, qualifier);
  const metadata =
    env.metadataColumn && resolved.metadata
      ? metadataAttribute(output, env, qualifier, resolved.metadata.withRowIndex)
      : undefined;
  const columns = resolved.schema.fields.map((f) => f.name);
  return {
    kind: 'relation',
    source: {
      kind: 'engineSql',
      sql: metadata ? resolved.metadata!.sql : resolved.sql,
      columns: metadata ? [...columns, METADATA_COLUMN] : columns,
      ...(resolved.release ? { release: resolved.release } : {}),
      ...(resolved.pushFilters ? { pushFilters: resolved.pushFilters } : {}),
    },
    output: metadata ? [...output, metadata] : output,
  };
}

async function analyzeJoin(r: Extract<Relation, { kind: 'join' }>, env: QueryEnv): Promise<LogicalPlan> {
  // Spark's AstBuilder.withJoinRelations: a LATERAL right side takes neither NATURAL nor USING.
  const lateralRight = (r.right.kind === 'subquery' || r.right.kind === 'tableFunction') && r.right.lateral;
  if (lateralRight && r.natural) {
    throw new LakesqlError('INCOMPATIBLE_JOIN_TYPES', { joinType1: 'LATERAL', joinType2: 'NATURAL' });
  }
  if (lateralRight && r.criteria?.kind === 'using')
    throw new LakesqlError('UNSUPPORTED_FEATURE.LATERAL_JOIN_USING', {});
  const left = await analyzeRelation(r.left, env);
  const right = await analyzeRelation(r.right, env, new Scope(left.output, env.outer));
  const joinType: JoinType = (
    {
      INNER: 'inner',
      CROSS: 'cross',
      LEFT: 'left',
      RIGHT: 'right',
      FULL: 'full',
      SEMI: 'semi',
      ANTI: 'anti',
    } as const
  )[r.type];
  const scope = new Scope([...left.output, ...right.output], env.outer);
  const exprEnv: ExpressionEnv = { ...constantEnv(env), scope, clause: 'join' };
  const outputOf = (jt: JoinType) =>
    jt === 'semi' || jt === 'anti'
      ? left.output
      : [
          ...left.output.map((a) => (jt === 'right' || jt === 'full' ? { ...a, nullable: true } : a)),
          ...right.output.map((a) => (jt === 'left' || jt === 'full' ? { ...a, nullable: true } : a)),
        ];
  let usingColumns: readonly string[] | undefined;
  if (r.natural) {
    // Hidden columns (USING keys, a table's `_metadata`) are not common columns.
    const rightNames = new Set(right.output.filter((a) => !a.hidden).map((a) => a.name.toLowerCase()));
    usingColumns = left.output
      .filter((a) => !a.hidden)
      .map((a) => a.name)
      .filter((n) => rightNames.has(n.toLowerCase()));
  } else if (r.criteria?.kind === 'using') {
    usingColumns = r.criteria.columns;
  }
  if (usingColumns) return usingJoin(left, right, joinType, usingColumns, env, exprEnv);
  const condition =
    r.criteria?.kind === 'on'
      ? castTo(
          await analyzeExpression(r.criteria.condition, exprEnv),
          { kind: 'primitive', name: 'boolean' },
          exprEnv,
        )
      : undefined;
  if (lateralRight) {
    checkLateralJoin(
      left,
      right,
      condition,
      r.criteria?.kind === 'on' ? prettySql(r.criteria.condition) : '',
    );
  }
  return pushJoinConditionSubqueries(
    {
      kind: 'join',
      left,
      right,
      joinType,
      ...(condition ? { condition } : {}),
      output: outputOf(joinType),
    },
    env.ctx.ids,
  );
}

/**
 * JOIN … USING (c): equality on each c, and the output holds each c once (coalesced for FULL joins, taken
 * from the right side for RIGHT joins) followed by the other columns of both sides (Spark's rule).
 */
function usingJoin(
  left: LogicalPlan,
  right: LogicalPlan,
  joinType: JoinType,
  columns: readonly string[],
  env: QueryEnv,
  exprEnv: ExpressionEnv,
): LogicalPlan {
  const pairs = columns.map((c) => {
    const l = new Scope(left.output).tryResolve([c]);
    const r = new Scope(right.output).tryResolve([c]);
    if (!l || !r) {
      throw new LakesqlError('UNRESOLVED_USING_COLUMN_FOR_JOIN', {
        colName: `\`${c}\``,
        side: l ? 'right' : 'left',
        suggestion: (l ? right : left).output.map((a) => `\`${a.name}\``).join(', '),
      } as never);
    }
    return [l.attr, r.attr] as const;
  });
  const condition = pairs
    .map(([l, r]) =>
      binary(
        '=',
        { kind: 'attributeRef', attr: l },
        { kind: 'attributeRef', attr: r },
        exprEnv,
        `(${l.name} = ${r.name})`,
      ),
    )
    // A NATURAL join without common columns joins every row with every row (no condition).
    .reduce<BoundExpr | undefined>((a, b) => (a ? binary('AND', a, b, exprEnv, '') : b), undefined);
  const join: LogicalPlan = {
    kind: 'join',
    left,
    right,
    joinType,
    ...(condition ? { condition } : {}),
    output: joinType === 'semi' || joinType === 'anti' ? left.output : [...left.output, ...right.output],
  };
  if (joinType === 'semi' || joinType === 'anti') return join;
  const usedLeft = new Set(pairs.map(([l]) => l.id));
  const usedRight = new Set(pairs.map(([, r]) => r.id));
  const keyList = pairs.map(([l, r]) => {
    if (joinType === 'full') {
      const type = typeOf({ kind: 'attributeRef', attr: l });
      const attr = env.ctx.ids.fresh(l.name, type, true, []);
      const expr: BoundExpr = {
        kind: 'call',
        name: 'coalesce',
        args: [
          { kind: 'attributeRef', attr: l },
          { kind: 'attributeRef', attr: r },
        ],
        resolved: { inputTypes: [l.type, r.type], returnType: type },
        type,
      };
      return { expr, attr };
    }
    const a = joinType === 'right' ? r : l;
    return { expr: { kind: 'attributeRef', attr: a } as BoundExpr, attr: a };
  });
  const rest = [
    ...left.output.filter((a) => !usedLeft.has(a.id)),
    ...right.output.filter((a) => !usedRight.has(a.id)),
  ].map((a) => ({ expr: { kind: 'attributeRef', attr: a } as BoundExpr, attr: a }));
  // Both sides' key columns stay addressable by qualifier (t1.c, t2.c), though `*` shows each key once.
  const shown = new Set(keyList.map((n) => n.attr.id));
  const hidden = pairs
    .flatMap(([l, r]) => [l, r])
    .filter((a) => !shown.has(a.id))
    .map((a) => ({ expr: { kind: 'attributeRef', attr: a } as BoundExpr, attr: { ...a, hidden: true } }));
  const list = [...keyList, ...rest, ...hidden];
  return { kind: 'project', child: join, list, output: list.map((n) => n.attr) };
}
