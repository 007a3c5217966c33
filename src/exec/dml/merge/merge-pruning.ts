/**
 * The parts of a MERGE's ON condition that bound which target rows can match (merge-candidates.ts uses
 * them): (a) its target-only conjuncts (Delta's getTargetOnlyPredicates), pushed down as they are, and (b)
 * its equality keys `t.k = <source expression>`, whose source values bound the target rows that can match.
 * Skipping only ever drops files that cannot match, never rows.
 */
import type { Predicate } from '../../../delta/predicate.js';
import type { Attribute } from '../../../plan/logical/attribute.js';
import { type BoundExpr, typeOf } from '../../../plan/logical/bound-expression.js';
import { someExpr } from '../../../plan/logical/expression-walk.js';
import type { LogicalPlan } from '../../../plan/logical/logical-plan.js';
import type { DataType } from '../../../types/data-types.js';
import { pushdownPredicates } from '../../query/predicate-pushdown.js';

/** `target = source` in the ON condition: a target column equal to an expression over source columns only. */
export interface EqualityKey {
  readonly target: Attribute;
  readonly source: BoundExpr;
}

export interface ConditionParts {
  readonly keys: readonly EqualityKey[];
  /** Conjuncts that read only target columns. */
  readonly targetOnly: readonly BoundExpr[];
}

/** At most this many distinct key values become an IN list; more become a range. */
export const IN_LIST_LIMIT = 100;

export function conjuncts(e: BoundExpr): BoundExpr[] {
  return e.kind === 'binary' && e.op === 'and' ? [...conjuncts(e.left), ...conjuncts(e.right)] : [e];
}

/** The attribute ids an expression reads; undefined when it holds a subquery (its references are unknown). */
function references(e: BoundExpr): Set<number> | undefined {
  const ids = new Set<number>();
  const opaque = someExpr(e, (x) => {
    if (x.kind === 'attributeRef' || x.kind === 'outerRef') ids.add(x.attr.id);
    return x.kind === 'exists' || x.kind === 'scalarSubquery' || x.kind === 'inSubquery';
  });
  return opaque ? undefined : ids;
}

export function splitCondition(
  condition: BoundExpr,
  target: readonly Attribute[],
  source: readonly Attribute[],
): ConditionParts {
  const targetIds = new Set(target.map((a) => a.id));
  const sourceIds = new Set(source.map((a) => a.id));
  const within = (refs: Set<number> | undefined, ids: Set<number>) =>
    refs !== undefined && [...refs].every((id) => ids.has(id));
  const keys: EqualityKey[] = [];
  const targetOnly: BoundExpr[] = [];
  for (const c of conjuncts(condition)) {
    if (within(references(c), targetIds)) {
      targetOnly.push(c);
      continue;
    }
    if (c.kind !== 'binary' || (c.op !== '=' && c.op !== '==')) continue;
    for (const [t, s] of [
      [c.left, c.right],
      [c.right, c.left],
    ] as const) {
      if (t.kind === 'attributeRef' && targetIds.has(t.attr.id) && within(references(s), sourceIds)) {
        keys.push({ target: t.attr, source: s });
        break;
      }
    }
  }
  return { keys, targetOnly };
}

/** Types whose values order the same way in DuckDB and in Delta's statistics (no NaN, no collation surprises). */
export function prunableType(t: DataType): boolean {
  if (t.kind === 'decimal') return true;
  if (t.kind !== 'primitive') return false;
  return [
    'byte',
    'short',
    'integer',
    'long',
    'string',
    'date',
    'timestamp',
    'timestamp_ntz',
    'boolean',
  ].includes(t.name);
}

/** The target-only conjuncts as a Delta predicate (through the query path's own pushdown rules). */
export function targetOnlyPredicate(
  target: Extract<LogicalPlan, { kind: 'relation' }>,
  parts: readonly BoundExpr[],
): Predicate | undefined {
  if (parts.length === 0) return undefined;
  const condition = parts.reduce(
    (l, r): BoundExpr => ({ kind: 'binary', op: 'and', left: l, right: r, type: typeOf(l) }),
  );
  return pushdownPredicates({ kind: 'filter', child: target, condition, output: target.output }).get(target);
}
