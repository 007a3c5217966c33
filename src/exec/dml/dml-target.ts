/**
 * The Delta table a DELETE / UPDATE changes, and the columns its WHERE and SET expressions see: one
 * attribute per column of the snapshot's schema, qualified by the alias when there is one (Spark's
 * `DELETE FROM t AS a WHERE a.id = 1`), else by the table's name, exactly as a query's FROM would.
 */
import type { Predicate } from '../../delta/predicate.js';
import type { Snapshot } from '../../delta/snapshot.js';
import { LakesqlError } from '../../errors/index.js';
import { type AnalyzerContext, analyzerContext } from '../../plan/analyzer/analyzer-context.js';
import { castTo } from '../../plan/analyzer/casts.js';
import type { ClauseKind, ExpressionEnv } from '../../plan/analyzer/expression-env.js';
import { analyzeExpression } from '../../plan/analyzer/expressions.js';
import { prettySql } from '../../plan/analyzer/pretty-sql.js';
import { analyzeQuery } from '../../plan/analyzer/query.js';
import { Scope } from '../../plan/analyzer/scope.js';
import type { Attribute } from '../../plan/logical/attribute.js';
import type { BoundExpr } from '../../plan/logical/bound-expression.js';
import { transformExpr } from '../../plan/logical/expression-walk.js';
import type { LogicalPlan } from '../../plan/logical/logical-plan.js';
import type { ObjectName } from '../../sql/ast/common.js';
import type { Expression } from '../../sql/ast/expressions.js';
import { BooleanType, type StructType } from '../../types/data-types.js';
import type { CommandContext } from '../command-context.js';
import { pushdownPredicates } from '../query/predicate-pushdown.js';
import { statementRelations } from '../write/table-target.js';

export interface DmlTarget {
  readonly snapshot: Snapshot;
  readonly schema: StructType;
  /** As the resolver names it: `db.t` or `delta.\`/path\``. */
  readonly displayName: string;
  readonly ctx: AnalyzerContext;
  /** One attribute per table column, in schema order. */
  readonly attributes: readonly Attribute[];
}

/** Resolves the table of a DELETE / UPDATE; views and non-Delta tables are refused as Spark refuses them. */
export async function resolveDmlTarget(
  session: CommandContext,
  table: ObjectName,
  alias: string | null,
  operation: 'DELETE' | 'UPDATE' | 'REORG' | 'OPTIMIZE',
): Promise<DmlTarget> {
  const resolved = await session.relations.resolveTable(table.parts);
  if (resolved.kind === 'view' || resolved.kind === 'plan') {
    throw new LakesqlError('EXPECT_TABLE_NOT_VIEW.NO_ALTERNATIVE', {
      viewName: table.parts.map((p) => `\`${p}\``).join('.'),
      operation,
    });
  }
  if (resolved.kind !== 'delta') {
    // Spark: a v1 table without row-level operations (parquet, csv …) "does not support DELETE".
    throw new LakesqlError('UNSUPPORTED_FEATURE.TABLE_OPERATION', {
      tableName: table.parts.map((p) => `\`${p}\``).join('.'),
      operation,
    });
  }
  // Subqueries of the condition that name the table read the snapshot resolved above.
  const ctx = analyzerContext(
    statementRelations(session, resolved.snapshot),
    session.semantics,
    session.conf,
  );
  const qualifier = (alias === null ? resolved.qualifier : [alias]).map((q) => q.toLowerCase());
  const schema = resolved.snapshot.schema;
  const attributes = schema.fields.map((f) => ({
    ...ctx.ids.fresh(f.name, f.type, f.nullable, qualifier),
    metadata: f.metadata,
  }));
  return { snapshot: resolved.snapshot, schema, displayName: resolved.displayName, ctx, attributes };
}

/** The environment WHERE and SET expressions are analyzed in: the target's columns, subqueries allowed. */
export function targetEnv(target: DmlTarget, clause: ClauseKind): ExpressionEnv {
  return {
    ctx: target.ctx,
    scope: new Scope(target.attributes),
    clause,
    allowAggregates: false,
    allowWindows: false,
    lambdaVariables: new Map(),
    namedWindows: new Map(),
    analyzeSubquery: (q, outer) => analyzeQuery(q, { ctx: target.ctx, ctes: new Map(), outer }),
  };
}

/** The WHERE clause as a boolean expression over the target's columns. */
export async function analyzeCondition(target: DmlTarget, where: Expression): Promise<BoundExpr> {
  const bound = await analyzeExpression(where, targetEnv(target, 'where'));
  return castTo(bound, BooleanType, { ctx: target.ctx });
}

/** `cond IS TRUE`: NULL counts as not matching, as Delta's `EqualNullSafe(cond, true)` does. */
export function isTrue(cond: BoundExpr): BoundExpr {
  return {
    kind: 'case',
    branches: [{ when: cond, then: { kind: 'literal', value: true, type: BooleanType } }],
    otherwise: { kind: 'literal', value: false, type: BooleanType },
    type: BooleanType,
  };
}

export function not(e: BoundExpr): BoundExpr {
  return { kind: 'unary', op: 'not', child: e, type: BooleanType };
}

/**
 * Delta's `splitMetadataAndDataPredicates`: a condition is metadata-only when it reads partition columns and
 * nothing else (no data column, no subquery), so partition values alone decide which files it removes.
 */
export function isPartitionOnly(cond: BoundExpr, target: DmlTarget): boolean {
  const partitions = new Set(target.snapshot.partitionColumns.map((p) => p.toLowerCase()));
  let only = true;
  transformExpr(cond, (x) => {
    if (x.kind === 'attributeRef' && !partitions.has(x.attr.name.toLowerCase())) only = false;
    if (
      x.kind === 'outerRef' ||
      x.kind === 'scalarSubquery' ||
      x.kind === 'exists' ||
      x.kind === 'inSubquery'
    )
      only = false;
    if (x.kind === 'call' && x.resolved && isNondeterministic(x.name)) only = false;
    return undefined;
  });
  return only;
}

function isNondeterministic(name: string): boolean {
  return ['rand', 'random', 'randn', 'uuid', 'shuffle'].includes(name.toLowerCase());
}

/**
 * Delta's operationParameters.predicate: the JSON array of the conditions' SQL (`["(id > 5)"]`, `[]` without
 * a WHERE), as DeltaOperations.OperationWithPredicates records Spark's `Expression.sql`: columns by name,
 * string literals quoted (`(p = 'b')`), every operator parenthesized.
 */
export function predicateParameter(where: Expression | null): string {
  return JSON.stringify(where ? [prettySql(quoteStrings(where) as Expression)] : []);
}

/**
 * The expression with string literals quoted: the pretty form prints them bare (Spark's column names),
 * `Expression.sql` quotes them. Nodes without a string literal below stay the same objects, so column
 * nodes keep the names the analyzer resolved for them.
 */
function quoteStrings(node: unknown): unknown {
  if (Array.isArray(node)) {
    const mapped = node.map(quoteStrings);
    return mapped.some((m, i) => m !== node[i]) ? mapped : node;
  }
  if (node === null || typeof node !== 'object') return node;
  const o = node as Record<string, unknown>;
  if (o.kind === 'literal') {
    const lit = o.value as { type: string; value: unknown };
    if (lit.type !== 'string') return node;
    return { ...o, value: { ...lit, value: `'${String(lit.value).replaceAll("'", "\\'")}'` } };
  }
  let changed = false;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) {
    const m = k === 'span' ? v : quoteStrings(v);
    if (m !== v) changed = true;
    out[k] = m;
  }
  return changed ? out : node;
}

/**
 * The part of the condition the Delta layer can use to prune partitions and skip files by statistics
 * (predicate-pushdown.ts), or undefined when none of it can: then every file is a candidate.
 */
export function pushedPredicate(target: DmlTarget, cond: BoundExpr): Predicate | undefined {
  const relation: LogicalPlan = {
    kind: 'relation',
    source: { kind: 'delta', snapshot: target.snapshot, tableName: target.displayName },
    output: target.attributes,
  };
  const filter: LogicalPlan = { kind: 'filter', child: relation, condition: cond, output: target.attributes };
  return pushdownPredicates(filter).get(relation);
}
