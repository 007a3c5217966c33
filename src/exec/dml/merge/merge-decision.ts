/**
 * The decision plan of a MERGE: the candidate target rows joined with the source on the ON condition, and for
 * every joined row which clause applies (the first of its kind whose condition holds, as Delta's
 * MergeOutputGeneration does with a CASE over the clauses in order) and the row it leaves behind.
 *
 * Output columns: the target row's identity (file index in the scan, row number), the action code, whether
 * the row is a match, one value per column of the table after the merge, then (on a table that tracks rows)
 * the row id and commit version the written row keeps: a copied row both, an updated row its id alone (its
 * version becomes the commit's), an inserted row neither (row-identity.ts).
 *
 * The join keeps the target side whenever a target row can change or must be copied, and the source side
 * whenever a NOT MATCHED clause may insert it: FULL, LEFT (target first), RIGHT for insert-only merges (and
 * merge-on-read upserts), or INNER when neither side's unmatched rows matter.
 */
import type { Attribute } from '../../../plan/logical/attribute.js';
import type { BoundExpr } from '../../../plan/logical/bound-expression.js';
import type { JoinType, LogicalPlan, NamedExpr } from '../../../plan/logical/logical-plan.js';
import { BooleanType, IntegerType } from '../../../types/data-types.js';
import { carriedIdentity, identityAttributes, type RowIdentity } from '../row-identity.js';
import type { MergeClauseKind, MergeClausePlan, MergePlan } from './merge-plan.js';

/** A target row kept as it is (no clause applied), or a source row that inserts nothing. */
export const COPY = 0;
export const SKIP = -1;
const BASE: Readonly<Record<MergeClauseKind, number>> = {
  matched: 1,
  notMatched: 1001,
  notMatchedBySource: 2001,
};

export interface DecidedClause {
  readonly clause: MergeClausePlan;
  readonly code: number;
}

/** Each clause with its action code: a distinct integer per clause, grouped by kind. */
export function clauseCodes(plan: MergePlan): DecidedClause[] {
  const seen: Record<MergeClauseKind, number> = { matched: 0, notMatched: 0, notMatchedBySource: 0 };
  return plan.clauses.map((clause) => ({ clause, code: BASE[clause.kind] + seen[clause.kind]++ }));
}

export interface DecisionPlan {
  readonly plan: LogicalPlan;
  readonly target: Extract<LogicalPlan, { kind: 'relation' }>;
  readonly source: Extract<LogicalPlan, { kind: 'relation' }>;
  readonly fileIndex: Attribute;
  readonly rowId: Attribute;
  readonly action: Attribute;
  readonly matched: Attribute;
  readonly values: readonly Attribute[];
  /** The written row's id and commit version when the table tracks rows (else empty). */
  readonly tracked: readonly Attribute[];
}

export const FILE_INDEX_COLUMN = '__lakesql_merge_file';
export const ROW_ID_COLUMN = '__lakesql_merge_row';
export const SOURCE_PRESENT_COLUMN = '__lakesql_merge_source';

const int = (v: number): BoundExpr => ({ kind: 'literal', value: v, type: IntegerType });
const TRUE: BoundExpr = { kind: 'literal', value: true, type: BooleanType };
const ref = (attr: Attribute): BoundExpr => ({ kind: 'attributeRef', attr });
const present = (attr: Attribute): BoundExpr => ({ kind: 'isNull', child: ref(attr), negated: true });
const and = (l: BoundExpr, r: BoundExpr): BoundExpr => ({
  kind: 'binary',
  op: 'and',
  left: l,
  right: r,
  type: BooleanType,
});

/** CASE WHEN cond_1 THEN code_1 … ELSE otherwise END over the clauses of one kind, in order. */
function firstApplying(
  decided: readonly DecidedClause[],
  kind: MergeClauseKind,
  otherwise: number,
): BoundExpr {
  const ofKind = decided.filter((d) => d.clause.kind === kind);
  if (ofKind.length === 0) return int(otherwise);
  return {
    kind: 'case',
    branches: ofKind.map((d) => ({ when: d.clause.condition ?? TRUE, then: int(d.code) })),
    otherwise: int(otherwise),
    type: IntegerType,
  };
}

/**
 * @param scanned the target columns the scan produces (all of them unless the merge only inserts)
 * @param sourceColumns the materialized source's column names, parallel to `plan.source.output`
 * @param options.unmatchedTargetRows whether target rows that no source row matches must appear (with the
 *   COPY action) even when no NOT MATCHED BY SOURCE clause applies: copy-on-write rewrites them with their
 *   file; merge-on-read leaves them where they are and need not see them.
 */
export function decisionPlan(
  plan: MergePlan,
  scanned: readonly Attribute[],
  sourceSql: string,
  sourceColumns: readonly string[],
  options: { readonly unmatchedTargetRows: boolean; readonly identity?: RowIdentity },
): DecisionPlan {
  const ids = plan.ids;
  const decided = clauseCodes(plan);
  const has = (k: MergeClauseKind) => plan.clauses.some((c) => c.kind === k);
  // A target row no source row matches is kept only when a NOT MATCHED BY SOURCE clause may change it, or
  // when the caller needs it copied; without it the target side is not preserved, so DuckDB can filter the
  // target scan by the source's keys (its join filter pushdown) instead of carrying every candidate row.
  const keepTarget = has('notMatchedBySource') || (has('matched') && options.unmatchedTargetRows);
  const keepSource = has('notMatched');
  const joinType: JoinType = keepTarget ? (keepSource ? 'full' : 'left') : keepSource ? 'right' : 'inner';

  const fileIndex = ids.fresh(FILE_INDEX_COLUMN, IntegerType, true);
  const rowId = ids.fresh(ROW_ID_COLUMN, { kind: 'primitive', name: 'long' }, true);
  const sourcePresent = ids.fresh(SOURCE_PRESENT_COLUMN, BooleanType, true);
  const target: Extract<LogicalPlan, { kind: 'relation' }> = {
    kind: 'relation',
    source: plan.target.source,
    output: [...scanned, fileIndex, rowId, ...identityAttributes(options.identity)],
  };
  const source: Extract<LogicalPlan, { kind: 'relation' }> = {
    kind: 'relation',
    source: { kind: 'engineSql', sql: sourceSql, columns: [...sourceColumns, SOURCE_PRESENT_COLUMN] },
    output: [...plan.source.output, sourcePresent],
  };
  const nullableIf = (attrs: readonly Attribute[], yes: boolean) =>
    attrs.map((a) => (yes ? { ...a, nullable: true } : a));
  const joinOutput = [
    ...nullableIf(target.output, joinType !== 'left'),
    ...nullableIf(source.output, joinType !== 'right'),
  ];
  const join: LogicalPlan = {
    kind: 'join',
    left: target,
    right: source,
    joinType,
    condition: plan.condition,
    output: joinOutput,
  };

  const isMatch = and(present(fileIndex), present(sourcePresent));
  const actionExpr: BoundExpr = {
    kind: 'case',
    branches: [
      { when: isMatch, then: firstApplying(decided, 'matched', COPY) },
      { when: present(sourcePresent), then: firstApplying(decided, 'notMatched', SKIP) },
    ],
    otherwise: firstApplying(decided, 'notMatchedBySource', COPY),
    type: IntegerType,
  };
  const action = ids.fresh('__lakesql_merge_action', IntegerType, false);
  const matched = ids.fresh('__lakesql_merge_matched', BooleanType, false);
  const decide: LogicalPlan = {
    kind: 'project',
    child: join,
    list: [
      ...joinOutput.map((a) => ({ expr: ref(a), attr: a })),
      { expr: actionExpr, attr: action },
      { expr: isMatch, attr: matched },
    ],
    output: [...joinOutput, action, matched],
  };

  // Each column's new value: the applying clause's value, else the target row's own (NULL when the target
  // column was not scanned, which only happens for insert-only merges, whose target rows are never written).
  const scannedIds = new Set(scanned.map((a) => a.id));
  const currentOf = (e: BoundExpr, i: number): BoundExpr =>
    e.kind === 'attributeRef' && !scannedIds.has(e.attr.id)
      ? { kind: 'literal', value: null, type: plan.schema.fields[i]!.type }
      : e;
  const valueList: NamedExpr[] = plan.schema.fields.map((f, i) => {
    const branches = decided.flatMap((d) =>
      d.clause.action.kind === 'delete'
        ? []
        : [
            {
              when: {
                kind: 'binary',
                op: '=',
                left: ref(action),
                right: int(d.code),
                type: BooleanType,
              } as BoundExpr,
              then: d.clause.action.values[i]!,
            },
          ],
    );
    const current = currentOf(plan.current[i]!, i);
    const expr: BoundExpr =
      branches.length === 0 ? current : { kind: 'case', branches, otherwise: current, type: f.type };
    return { expr, attr: ids.fresh(f.name, f.type, true) };
  });
  const tracked = trackedIdentity(options.identity, action, ids);
  const list: NamedExpr[] = [
    { expr: ref(fileIndex), attr: fileIndex },
    { expr: ref(rowId), attr: rowId },
    { expr: ref(action), attr: action },
    { expr: ref(matched), attr: matched },
    ...valueList,
    ...tracked,
  ];
  return {
    plan: { kind: 'project', child: decide, list, output: list.map((n) => n.attr) },
    target,
    source,
    fileIndex,
    rowId,
    action,
    matched,
    values: valueList.map((n) => n.attr),
    tracked: tracked.map((n) => n.attr),
  };
}

/**
 * The row id the written row keeps (NULL for an inserted row: no target row) and its commit version, kept
 * only by a row copied as it was: a clause that updates the row gives it the commit's version.
 */
function trackedIdentity(
  identity: RowIdentity | undefined,
  action: Attribute,
  ids: MergePlan['ids'],
): NamedExpr[] {
  const changed: BoundExpr = {
    kind: 'binary',
    op: '<>',
    left: ref(action),
    right: int(COPY),
    type: BooleanType,
  };
  return carriedIdentity(identity, ids, changed);
}
