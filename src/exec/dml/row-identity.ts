/**
 * Rows that a statement writes again keep their identity (PROTOCOL.md "Row Tracking", delta-spark's
 * RowTracking.preserveRowTrackingColumns): on a table with row tracking enabled, every scan a rewrite
 * reads from yields each row's id and commit version under the materialized columns' own names
 * (engine/snapshot-scan.ts `preservingRead`, as OPTIMIZE's bin-rewrite.ts reads them), the rows carry
 * them through the statement, and the writer stores them in the new files' materialized columns.
 *
 * - a row copied unchanged keeps its id and its commit version;
 * - a row the statement changes keeps its id, and its commit version becomes NULL, so that it reads as the
 *   new file's `defaultRowCommitVersion`: the version of this commit;
 * - an inserted row has neither: NULL ids read as the new file's `baseRowId` plus the row's index, a
 *   fresh range the commit hands out (delta/row-tracking.ts assignRowTracking).
 *
 * The ids are columns of the write's own SQL (a coalesce per row in the scan), never computed in JS.
 */
import { type MaterializedColumns, materializedColumnsForRewrite } from '../../delta/row-tracking.js';
import type { Snapshot } from '../../delta/snapshot.js';
import { preservingRead, type RowTrackingRead } from '../../engine/snapshot-scan.js';
import type { Attribute, AttributeIds } from '../../plan/logical/attribute.js';
import type { BoundExpr } from '../../plan/logical/bound-expression.js';
import type { NamedExpr } from '../../plan/logical/logical-plan.js';
import { type DataType, LongType } from '../../types/data-types.js';

/** The identity columns of a rewrite's rows, as attributes named after the materialized columns. */
export interface RowIdentity {
  readonly materialized: MaterializedColumns;
  readonly rowId: Attribute;
  readonly rowCommitVersion: Attribute;
}

/** The rows' identity attributes when the table tracks rows (undefined otherwise: nothing to keep). */
export function rowIdentityOf(snapshot: Snapshot, ids: AttributeIds): RowIdentity | undefined {
  const materialized = materializedColumnsForRewrite(snapshot);
  if (materialized === undefined) return undefined;
  // Hidden: never part of `*`, and no user column can have these names (they hold a UUID).
  const attr = (name: string) => ({ ...ids.fresh(name, LongType, true), hidden: true });
  return {
    materialized,
    rowId: attr(materialized.rowId),
    rowCommitVersion: attr(materialized.rowCommitVersion),
  };
}

/** The scan options that yield the identity columns (spread into scanRelation's options). */
export function identityScan(identity: RowIdentity | undefined): { rowTracking?: RowTrackingRead } {
  return identity ? { rowTracking: preservingRead(identity.materialized) } : {};
}

/** The identity attributes in column order (empty without row tracking). */
export function identityAttributes(identity: RowIdentity | undefined): Attribute[] {
  return identity ? [identity.rowId, identity.rowCommitVersion] : [];
}

/** The identity columns' names in column order, as the scan yields and the writer stores them. */
export function identityColumns(identity: RowIdentity | undefined): string[] {
  return identity ? [identity.materialized.rowId, identity.materialized.rowCommitVersion] : [];
}

/** The identity columns as prepareTableRows' pass-through columns (carried unchanged past the checks). */
export function identityPassThrough(
  identity: RowIdentity | undefined,
): { readonly name: string; readonly type: DataType }[] {
  return identityColumns(identity).map((name) => ({ name, type: LongType }));
}

/** The writer's request part that stores the identity columns in the materialized columns. */
export function identityWrite(identity: RowIdentity | undefined): { materializedColumns?: string[] } {
  return identity ? { materializedColumns: identityColumns(identity) } : {};
}

/**
 * The identity columns of rows written again: the id always kept, the commit version kept where `changed`
 * is not true (NULL where the statement changed the row). Without `changed` every row is a copy.
 */
export function carriedIdentity(
  identity: RowIdentity | undefined,
  ids: AttributeIds,
  changed?: BoundExpr,
): NamedExpr[] {
  if (!identity) return [];
  const ref = (attr: Attribute): BoundExpr => ({ kind: 'attributeRef', attr });
  const version: BoundExpr =
    changed === undefined
      ? ref(identity.rowCommitVersion)
      : {
          kind: 'case',
          branches: [{ when: changed, then: { kind: 'literal', value: null, type: LongType } }],
          otherwise: ref(identity.rowCommitVersion),
          type: LongType,
        };
  return [
    { expr: ref(identity.rowId), attr: ids.copy(identity.rowId) },
    { expr: version, attr: ids.copy(identity.rowCommitVersion) },
  ];
}
