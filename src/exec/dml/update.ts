/**
 * `UPDATE t [AS a] SET c = e, … [WHERE cond]` on a Delta table, as Delta's UpdateCommand runs it: only the
 * candidate files (by partition values and statistics) that hold a row where `cond` is true are rewritten,
 * every row of them written again with `CASE WHEN cond THEN e ELSE c END` for each assigned column (rows
 * whose condition is NULL keep their values). Values are cast to the column types with Spark's ANSI
 * store-assignment rules; `SET c = DEFAULT` stands for the column's DEFAULT. The rewritten rows obey the table
 * (table-invariants.ts): NOT NULL and CHECK hold, generated columns not assigned are recomputed from the new
 * values (Delta's generated-column rule) and assigned ones must equal their expression, or nothing is
 * committed; an identity column cannot be assigned (DELTA_IDENTITY_COLUMNS_UPDATE_NOT_SUPPORTED).
 * Setting a partition column moves rows to their new partition. On a table that writes deletion vectors
 * (merge-on-read.ts) the matched rows are marked deleted in DVs and only their new values are written.
 * Returns `num_affected_rows`.
 */
import { LakesqlError } from '../../errors/index.js';
import { analyzeExpression } from '../../plan/analyzer/expressions.js';
import type { BoundExpr } from '../../plan/logical/bound-expression.js';
import type { LogicalPlan, NamedExpr } from '../../plan/logical/logical-plan.js';
import type { Assignment, DmlStatement } from '../../sql/ast/statements-dml.js';
import { BooleanType } from '../../types/data-types.js';
import type { CommandContext } from '../command-context.js';
import type { StatementResult } from '../statement-result.js';
import { defaultExpression } from './column-defaults.js';
import { identityInfo } from './column-metadata.js';
import { writesDeletionVectors } from './deletion-vector-write.js';
import { affectedRowsResult, type RewriteStats, updateOperationMetrics } from './dml-metrics.js';
import {
  analyzeCondition,
  type DmlTarget,
  isTrue,
  predicateParameter,
  pushedPredicate,
  resolveDmlTarget,
  targetEnv,
} from './dml-target.js';
import { mergeOnRead } from './merge-on-read.js';
import { copyOnWrite, type DmlHooks } from './rewrite-files.js';
import { carriedIdentity, type RowIdentity } from './row-identity.js';
import { storeAssign } from './store-assignment.js';
import { isGeneratedColumn } from './table-invariants.js';

export type Update = Extract<DmlStatement, { kind: 'update' }>;

export async function updateTable(
  session: CommandContext,
  stmt: Update,
  hooks: DmlHooks = {},
): Promise<StatementResult> {
  const start = performance.now();
  const target = await resolveDmlTarget(session, stmt.table, stmt.alias, 'UPDATE');
  const values = await analyzeAssignments(target, stmt.assignments);
  const cond: BoundExpr = stmt.where
    ? await analyzeCondition(target, stmt.where)
    : { kind: 'literal', value: true, type: BooleanType };
  const predicate = stmt.where ? pushedPredicate(target, cond) : undefined;
  const candidates = target.snapshot.scanPlan(predicate).files;

  const matched = isTrue(cond);
  const newValues = (): NamedExpr[] =>
    target.attributes.map((a) => {
      const current: BoundExpr = { kind: 'attributeRef', attr: a };
      const value = values.get(a.id);
      const expr: BoundExpr =
        value === undefined
          ? current
          : stmt.where
            ? { kind: 'case', branches: [{ when: matched, then: value }], otherwise: current, type: a.type }
            : value;
      return { expr, attr: target.ctx.ids.copy(a) };
    });
  // Updated rows keep their row ids and get this commit's version; the others keep both (row-identity.ts).
  const updatedRows = (relation: LogicalPlan, identity: RowIdentity | undefined): LogicalPlan => {
    const list = [...newValues(), ...carriedIdentity(identity, target.ctx.ids, matched)];
    return { kind: 'project', child: relation, list, output: list.map((n) => n.attr) };
  };
  const assignedNames = new Set(target.attributes.filter((a) => values.has(a.id)).map((a) => a.name));
  const recomputed = new Set(
    target.schema.fields.filter((f) => isGeneratedColumn(f) && !assignedNames.has(f.name)).map((f) => f.name),
  );
  const spec = {
    candidates,
    predicate,
    condition: cond,
    startedAt: start,
    rowsOf: updatedRows,
    computeGenerated: recomputed,
    changeData: { kind: 'update' as const, newValues },
    operation: (stats: RewriteStats) => ({
      name: 'UPDATE',
      parameters: { predicate: predicateParameter(stmt.where) },
      metrics: updateOperationMetrics(stats),
    }),
  };
  const numUpdated = writesDeletionVectors(target.snapshot)
    ? await mergeOnRead(session, target, spec, hooks)
    : await copyOnWrite(session, target, spec, hooks);
  return affectedRowsResult(numUpdated);
}

/** Each SET's value, store-assigned to its column's type, keyed by the column's attribute id. */
async function analyzeAssignments(
  target: DmlTarget,
  assignments: readonly Assignment[],
): Promise<Map<number, BoundExpr>> {
  const env = targetEnv(target, 'select');
  const out = new Map<number, BoundExpr>();
  for (const a of assignments) {
    const resolved = env.scope.resolve(a.column);
    if (resolved.fieldPath.length > 0) {
      throw new LakesqlError('UNSUPPORTED_FEATURE', {
        feature: `UPDATE of a nested field (${a.column.join('.')}); assign the whole struct column instead`,
      });
    }
    const attr = resolved.attr;
    if (out.has(attr.id)) {
      throw new LakesqlError('DELTA_CONFLICT_SET_COLUMN', { columnList: `[\`${attr.name}\`]` });
    }
    const f = target.schema.fields.find((x) => x.name === attr.name)!;
    if (identityInfo(f))
      throw new LakesqlError('DELTA_IDENTITY_COLUMNS_UPDATE_NOT_SUPPORTED', { colName: f.name });
    const value = a.value.kind === 'default' ? defaultExpression(f) : a.value;
    out.set(attr.id, storeAssign(await analyzeExpression(value, env), f, target.displayName));
  }
  return out;
}
