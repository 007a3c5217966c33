/**
 * Runs an analyzed query: opens a scan for every Delta table it reads (with its pushed-down predicate),
 * compiles the plan to one DuckDB query, and reads the rows back as lakesql Values.
 */

import type { AddFile } from '../../delta/actions.js';
import { rowTrackingMaterialized } from '../../delta/row-tracking.js';
import type { EngineSession } from '../../engine/engine-session.js';
import { type ReadOptions, readResult } from '../../engine/result-reader.js';
import { scanRelation } from '../../engine/snapshot-scan.js';
import type { SessionSemantics } from '../../plan/functions/function-signature.js';
import { columnAlias } from '../../plan/logical/attribute.js';
import type { BoundExpr } from '../../plan/logical/bound-expression.js';
import { transformExpr } from '../../plan/logical/expression-walk.js';
import type { LogicalPlan } from '../../plan/logical/logical-plan.js';
import { type DataType, field, struct } from '../../types/data-types.js';
import { METADATA_COLUMN } from '../../types/file-metadata.js';
import type { Predicate } from '../../types/predicate.js';
import type { Value } from '../../types/value.js';
import { compileContext } from './compile-context.js';
import { sharedCtes } from './cte-sql.js';
import { quoteColumn } from './expression-sql.js';
import { compilePlan } from './plan-sql.js';
import { pushdownPredicates } from './predicate-pushdown.js';

export interface ResultColumn {
  readonly name: string;
  readonly type: DataType;
  readonly nullable: boolean;
}

export interface QueryResult {
  readonly columns: readonly ResultColumn[];
  readonly rows: Value[][];
}

/** What the scan of one relation reads: its pushed-down predicate and, of a Delta table, the files kept. */
export interface ScanReport {
  readonly relation: Extract<LogicalPlan, { kind: 'relation' }>;
  readonly predicate: Predicate | undefined;
  /** Delta tables only: the files partition pruning and data skipping kept, of the snapshot's files. */
  readonly files?: { readonly kept: number; readonly total: number; readonly adds: readonly AddFile[] };
}

export interface CompiledQuery {
  readonly sql: string;
  readonly columns: readonly ResultColumn[];
  /** One per relation the query reads, in plan order (EXPLAIN prints them). */
  readonly scans: readonly ScanReport[];
  release(): Promise<void>;
}

export async function compileQuery(
  engine: EngineSession,
  plan: LogicalPlan,
  semantics: SessionSemantics,
): Promise<CompiledQuery> {
  const relations = collectRelations(plan);
  const pushed = pushdownPredicates(plan);
  const relationSql = new Map<object, string>();
  const releases: (() => Promise<void>)[] = [];
  const scans: ScanReport[] = [];
  try {
    for (const r of relations) {
      if (r.kind !== 'relation') continue;
      // A relation reached twice (one plan under two parents) could be under two filters: push neither.
      const predicate = relations.indexOf(r) === relations.lastIndexOf(r) ? pushed.get(r) : undefined;
      if (r.source.kind === 'engineSql') {
        relationSql.set(r, r.source.sql);
        if (r.source.release) releases.push(r.source.release);
        if (predicate !== undefined) await r.source.pushFilters?.(predicate);
        scans.push({ relation: r, predicate });
        continue;
      }
      const snapshot = r.source.snapshot;
      const scanPlan = snapshot.scanPlan(predicate);
      scans.push({
        relation: r,
        predicate,
        files: {
          kept: scanPlan.files.length,
          total: scanPlan.totalFiles,
          adds: scanPlan.files.map((f) => f.add),
        },
      });
      const materialized = r.source.metadataColumn ? rowTrackingMaterialized(snapshot) : undefined;
      const options = r.source.metadataColumn
        ? { metadataColumn: METADATA_COLUMN, ...(materialized ? { rowTracking: { materialized } } : {}) }
        : {};
      const scan = await scanRelation(engine, snapshot.store, scanPlan, options);
      relationSql.set(r, scan.sql);
      releases.push(() => scan.release());
    }
  } catch (e) {
    for (const release of releases) await release();
    throw e;
  }
  const { prefix, ctx } = sharedCtes(plan, compileContext(semantics, relationSql));
  const body = compilePlan(plan, ctx);
  // A projection on top already yields exactly the output columns, in order: no outer SELECT over it
  // (each nesting level is a node DuckDB binds and plans again, which is most of a tiny query's cost).
  const list = plan.output.map((a) => quoteColumn(columnAlias(a)));
  const sql = projectsOutput(plan)
    ? `${prefix}${body}`
    : `${prefix}SELECT ${list.join(', ') || 'NULL'} FROM (${body}) AS "result"`;
  return {
    sql,
    columns: plan.output.map((a) => ({ name: a.name, type: a.type, nullable: a.nullable })),
    scans,
    release: async () => {
      for (const release of releases) await release();
    },
  };
}

/** True when the plan is a projection whose list is its output (so its SQL selects exactly those columns). */
function projectsOutput(plan: LogicalPlan): boolean {
  return (
    plan.kind === 'project' &&
    plan.list.length > 0 &&
    plan.list.length === plan.output.length &&
    plan.list.every((n, i) => columnAlias(n.attr) === columnAlias(plan.output[i]!))
  );
}

/** The query's SQL with its output columns named as the user sees them (for writing to tables). */
export async function compileNamedQuery(
  engine: EngineSession,
  plan: LogicalPlan,
  semantics: SessionSemantics,
  names: readonly string[] = plan.output.map((a) => a.name),
): Promise<CompiledQuery> {
  const compiled = await compileQuery(engine, plan, semantics);
  const list = plan.output.map((a, i) => `${quoteColumn(columnAlias(a))} AS ${quoteColumn(names[i]!)}`);
  return { ...compiled, sql: `SELECT ${list.join(', ')} FROM (${compiled.sql}) AS "named"` };
}

export async function runQuery(
  engine: EngineSession,
  plan: LogicalPlan,
  semantics: SessionSemantics,
  options: ReadOptions = {},
): Promise<QueryResult> {
  const compiled = await compileQuery(engine, plan, semantics);
  try {
    const schema = struct(compiled.columns.map((c, i) => field(`c${i}`, c.type, c.nullable)));
    const rows = compiled.columns.length === 0 ? [] : await readResult(engine, compiled.sql, schema, options);
    return { columns: compiled.columns, rows };
  } finally {
    await compiled.release();
  }
}

/** Every relation node of the plan, including those of subqueries inside expressions. */
/** The shared WITH queries (cteRef ids) one collectRelations walk has entered, keyed by its result list. */
const ctesSeen = new WeakMap<LogicalPlan[], Set<number>>();
function seenCtes(out: LogicalPlan[]): Set<number> {
  let seen = ctesSeen.get(out);
  if (!seen) ctesSeen.set(out, (seen = new Set()));
  return seen;
}

export function collectRelations(plan: LogicalPlan, out: LogicalPlan[] = []): LogicalPlan[] {
  const visitExpr = (e: BoundExpr) => {
    transformExpr(e, (x) => {
      if (x.kind === 'exists' || x.kind === 'scalarSubquery' || x.kind === 'inSubquery')
        collectRelations(x.plan, out);
      return undefined;
    });
  };
  switch (plan.kind) {
    case 'relation':
      out.push(plan);
      break;
    case 'values':
      for (const r of plan.rows) for (const e of r) visitExpr(e);
      break;
    case 'oneRow':
      break;
    case 'project':
      for (const n of plan.list) visitExpr(n.expr);
      collectRelations(plan.child, out);
      break;
    case 'filter':
      visitExpr(plan.condition);
      collectRelations(plan.child, out);
      break;
    case 'aggregate':
      for (const g of plan.groupBy) visitExpr(g);
      for (const n of plan.aggregates) visitExpr(n.expr);
      collectRelations(plan.child, out);
      break;
    case 'window':
      for (const n of plan.windows) visitExpr(n.expr);
      collectRelations(plan.child, out);
      break;
    case 'join':
      if (plan.condition) visitExpr(plan.condition);
      collectRelations(plan.left, out);
      collectRelations(plan.right, out);
      break;
    case 'sort':
      for (const o of plan.orders) visitExpr(o.expr);
      collectRelations(plan.child, out);
      break;
    case 'limit':
    case 'distinct':
    case 'sample':
      collectRelations(plan.child, out);
      break;
    case 'cteRef':
      // A WITH query's plan is shared by its references: its relations are opened (and filtered) once.
      if (!seenCtes(out).has(plan.id)) {
        seenCtes(out).add(plan.id);
        collectRelations(plan.child, out);
      }
      break;
    case 'setOperation':
      collectRelations(plan.left, out);
      collectRelations(plan.right, out);
      break;
    case 'generate':
      visitExpr(plan.generator);
      collectRelations(plan.child, out);
      break;
    default: {
      const never: never = plan;
      throw new Error(`unknown plan ${JSON.stringify(never)}`);
    }
  }
  return out;
}
