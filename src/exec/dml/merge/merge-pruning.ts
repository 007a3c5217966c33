/**
 * Which target files a MERGE must read: the work follows the data, not the table. From the ON condition come
 * (a) its target-only conjuncts (Delta's getTargetOnlyPredicates), pushed down as they are, and (b) its
 * equality keys `t.k = <source expression>`, whose source values bound the target rows that can match: an IN
 * list when there are few distinct values, else the range [min, max]. Partition pruning and file skipping
 * by statistics (Snapshot.scanPlan) then keep only the files that can hold a matching row. Skipping only
 * ever drops files that cannot match, never rows.
 */
import type { Predicate } from '../../../delta/predicate.js';
import { and } from '../../../delta/predicate.js';
import type { EngineSession } from '../../../engine/engine-session.js';
import { readResult } from '../../../engine/result-reader.js';
import type { SessionSemantics } from '../../../plan/functions/function-signature.js';
import type { Attribute } from '../../../plan/logical/attribute.js';
import { type BoundExpr, typeOf } from '../../../plan/logical/bound-expression.js';
import { someExpr } from '../../../plan/logical/expression-walk.js';
import type { LogicalPlan } from '../../../plan/logical/logical-plan.js';
import { type DataType, field, LongType, sqlTypeName, struct } from '../../../types/data-types.js';
import type { ScalarValue } from '../../../types/scalar.js';
import { compileContext } from '../../query/compile-context.js';
import { expressionSql } from '../../query/expression-sql.js';
import { pushdownPredicates } from '../../session/predicate-pushdown.js';

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
function prunableType(t: DataType): boolean {
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

/**
 * The predicate on one key column that every target row matching some source row satisfies, computed from
 * the materialized source table: `false` when no source row has a non-null key (`=` never matches NULL).
 */
export async function keyPredicate(
  engine: EngineSession,
  key: EqualityKey,
  sourceTable: string,
  semantics: SessionSemantics,
): Promise<Predicate | undefined> {
  const type = key.target.type;
  if (!prunableType(type) || sqlTypeName(typeOf(key.source)) !== sqlTypeName(type)) return undefined;
  const k = expressionSql(key.source, compileContext(semantics, new Map()));
  const keys = `SELECT ${k} AS "k" FROM ${sourceTable}`;
  const [row] = await readResult(
    engine,
    `SELECT min("k"), max("k"), count(DISTINCT "k") FROM (${keys}) AS "keys" WHERE "k" IS NOT NULL`,
    struct([field('min', type), field('max', type), field('n', LongType)]),
  );
  const column = [key.target.name];
  const n = Number(row?.[2] ?? 0n);
  if (n === 0) return { kind: 'literalBool', value: false };
  if (n <= IN_LIST_LIMIT) {
    const values = await readResult(
      engine,
      `SELECT DISTINCT "k" FROM (${keys}) AS "keys" WHERE "k" IS NOT NULL ORDER BY "k"`,
      struct([field('k', type)]),
    );
    return { kind: 'in', column, values: values.map((r) => r[0] as ScalarValue) };
  }
  return and(
    { kind: 'comparison', op: '>=', column, value: row![0] as ScalarValue },
    { kind: 'comparison', op: '<=', column, value: row![1] as ScalarValue },
  );
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

/** The whole pushdown predicate of a MERGE's target scan; undefined when nothing narrows it. */
export async function mergePruningPredicate(
  engine: EngineSession,
  target: Extract<LogicalPlan, { kind: 'relation' }>,
  source: readonly Attribute[],
  condition: BoundExpr,
  sourceTable: string,
  semantics: SessionSemantics,
): Promise<Predicate | undefined> {
  const parts = splitCondition(condition, target.output, source);
  const predicates: Predicate[] = [];
  const targetOnly = targetOnlyPredicate(target, parts.targetOnly);
  if (targetOnly) predicates.push(targetOnly);
  for (const key of parts.keys) {
    const p = await keyPredicate(engine, key, sourceTable, semantics);
    if (p) predicates.push(p);
  }
  return predicates.length === 0 ? undefined : and(...predicates);
}
