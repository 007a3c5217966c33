/**
 * Stripe (and row group) skipping: may a stripe hold a row that satisfies a pushed-down predicate?
 *
 * `OrcPredicate` is the Predicate of types/predicate.ts, which the Delta layer's skipping uses too. A stripe is skipped only when its statistics prove
 * that no row makes the predicate TRUE, in SQL's three-valued logic: each sub-predicate yields whether
 * some row MAY make it TRUE and whether some row MAY make it FALSE (NULL is neither), NOT swaps the two,
 * and AND/OR combine them as delta/data-skipping.ts does. Anything not understood is "may be either".
 */
import {
  type ComparisonOp,
  evaluatePredicate,
  NEVER,
  type Outcome,
  type Predicate,
  UNKNOWN,
} from '../../types/predicate.js';
import type { ScalarValue } from '../../types/scalar.js';
import type { OrcColumnStatistics } from './orc-statistics.js';
import type { OrcType } from './type-tree.js';

/** A Delta Predicate (types/predicate.ts) handed to the ORC reader. */
export type OrcPredicate = Predicate;

/** Stripe or row-group statistics (one per column id) and what the reader knows about the writer. */
export interface StatisticsScope {
  readonly root: OrcType;
  readonly statistics: readonly OrcColumnStatistics[];
  /**
   * Postscript.writerVersion. String statistics of writers before HIVE-8732 (version 1) compared
   * strings wrongly, so Apache ORC's reader ignores them, and so do we.
   */
  readonly writerVersion: number;
}

type Bound = number | bigint | string;

interface ColumnFacts {
  readonly domain: 'numeric' | 'string' | 'boolean';
  readonly lower: Bound | undefined;
  readonly upper: Bound | undefined;
  /** No row has a non-null value. */
  readonly allNull: boolean;
  /** No row is NULL (the column and every struct above it declare hasNull = false). */
  readonly noNull: boolean;
  /** A double column may hold NaN, which ORC's min/max leave out and Spark orders above every number. */
  readonly nanPossible: boolean;
}

/** True unless the statistics prove that no row of the scope satisfies the predicate. */
export function mayMatch(predicate: OrcPredicate, scope: StatisticsScope): boolean {
  return evaluate(predicate, (column) => columnFacts(scope, column)).mayTrue;
}

/** The column ids on the paths of the columns `predicate` names (the root excluded), each once. */
export function predicateColumnIds(predicate: OrcPredicate, root: OrcType): number[] {
  const ids = new Set<number>();
  const visit = (p: OrcPredicate): void => {
    switch (p.kind) {
      case 'and':
      case 'or':
        visit(p.left);
        visit(p.right);
        return;
      case 'not':
        visit(p.child);
        return;
      case 'literalBool':
        return;
      default: {
        let t = root;
        for (const name of p.column) {
          const child = t.kind === 'struct' ? t.children[fieldIndex(t, name)] : undefined;
          if (child === undefined) return;
          t = child;
          ids.add(t.id);
        }
      }
    }
  };
  visit(predicate);
  return [...ids].sort((a, b) => a - b);
}

/** The field `name` of a struct type, matched exactly first, then ignoring case, as Spark resolves. */
function fieldIndex(t: OrcType, name: string): number {
  const i = t.fieldNames.indexOf(name);
  return i >= 0 ? i : t.fieldNames.findIndex((f) => f.toLowerCase() === name.toLowerCase());
}

function columnFacts(scope: StatisticsScope, path: readonly string[]): ColumnFacts | undefined {
  let t = scope.root;
  let noNull = scope.statistics[t.id]?.hasNull === false;
  for (const name of path) {
    if (t.kind !== 'struct') return undefined;
    const child = t.children[fieldIndex(t, name)];
    if (child === undefined) return undefined;
    t = child;
    noNull = noNull && scope.statistics[t.id]?.hasNull === false;
  }
  const s = scope.statistics[t.id];
  if (s === undefined || t.id === scope.root.id) return undefined;
  // numberOfValues alone is not enough: a writer that fills in no statistics leaves it 0 too.
  const allNull = s.hasNull === true && s.numberOfValues === 0;
  const base = { allNull, noNull, nanPossible: false, lower: undefined, upper: undefined };
  const st = s.stats;
  switch (st.kind) {
    case 'integer':
    case 'date':
      return { ...base, domain: 'numeric', lower: st.minimum, upper: st.maximum };
    case 'double': {
      const usable = !Number.isNaN(st.minimum ?? 0) && !Number.isNaN(st.maximum ?? 0);
      return usable
        ? { ...base, domain: 'numeric', lower: st.minimum, upper: st.maximum, nanPossible: true }
        : { ...base, domain: 'numeric', nanPossible: true };
    }
    case 'string':
      if (scope.writerVersion < 1) return { ...base, domain: 'string' };
      return {
        ...base,
        domain: 'string',
        lower: st.minimum ?? st.lowerBound,
        upper: st.maximum ?? st.upperBound,
      };
    case 'bucket': {
      if (st.trueCount === undefined || s.numberOfValues === 0) return { ...base, domain: 'boolean' };
      const lower = st.trueCount === s.numberOfValues ? 1 : 0;
      return { ...base, domain: 'boolean', lower, upper: st.trueCount > 0 ? 1 : 0 };
    }
    case 'none':
    case 'decimal':
    case 'binary':
    case 'timestamp':
    case 'collection':
      // Only the null facts: decimal text, timestamp zones and binary bounds are not compared here.
      return {
        ...base,
        domain: t.kind === 'boolean' ? 'boolean' : 'string',
        lower: undefined,
        upper: undefined,
      };
    default:
      return st satisfies never;
  }
}

type FactsOf = (column: readonly string[]) => ColumnFacts | undefined;

function evaluate(p: OrcPredicate, facts: FactsOf): Outcome {
  return evaluatePredicate(p, {
    nullFacts: facts,
    comparison: (op, column, value) => comparison(op, facts(column), value),
  });
}

function comparison(op: ComparisonOp, f: ColumnFacts | undefined, value: ScalarValue): Outcome {
  if (f === undefined) return UNKNOWN;
  if (op === '<=>') {
    // Null-safe equality is never NULL: with a NULL literal it is IS NULL.
    if (value === null) return { mayTrue: !f.noNull, mayFalse: !f.allNull };
    const eq = comparison('=', f, value);
    return { mayTrue: eq.mayTrue, mayFalse: eq.mayFalse || !f.noNull };
  }
  // A comparison with NULL, or on a row whose value is NULL, is NULL: neither TRUE nor FALSE.
  if (value === null || f.allNull) return NEVER;
  const v = literal(f.domain, value);
  if (v === undefined) return UNKNOWN;
  const below = (orEqual: boolean) => f.lower === undefined || lessThan(f.lower, v, orEqual);
  const above = (orEqual: boolean) => f.nanPossible || f.upper === undefined || lessThan(v, f.upper, orEqual);
  const onlyV = f.lower !== undefined && f.upper !== undefined && same(f.lower, v) && same(f.upper, v);
  switch (op) {
    case '=':
      return { mayTrue: below(true) && above(true), mayFalse: !onlyV || f.nanPossible };
    case '<>':
      return { mayTrue: !onlyV || f.nanPossible, mayFalse: below(true) && above(true) };
    case '<':
      return { mayTrue: below(false), mayFalse: above(true) };
    case '<=':
      return { mayTrue: below(true), mayFalse: above(false) };
    case '>':
      return { mayTrue: above(false), mayFalse: below(true) };
    case '>=':
      return { mayTrue: above(true), mayFalse: below(false) };
    default:
      return op satisfies never;
  }
}

/** The literal in the column's domain, or undefined when it is not comparable (no skipping then). */
function literal(domain: ColumnFacts['domain'], value: ScalarValue): Bound | undefined {
  switch (domain) {
    case 'numeric':
      if (typeof value === 'bigint') return value;
      return typeof value === 'number' && !Number.isNaN(value) ? value : undefined;
    case 'string':
      return typeof value === 'string' ? value : undefined;
    case 'boolean':
      return typeof value === 'boolean' ? Number(value) : undefined;
    default:
      return domain satisfies never;
  }
}

/** a < b (or a <= b). Numbers and bigints compare exactly across the two; strings by UTF-8 bytes. */
function lessThan(a: Bound, b: Bound, orEqual: boolean): boolean {
  const c = compare(a, b);
  // Incomparable bounds prove nothing: answer "maybe".
  return Number.isNaN(c) || (orEqual ? c <= 0 : c < 0);
}

function same(a: Bound, b: Bound): boolean {
  return compare(a, b) === 0;
}

const utf8 = new TextEncoder();

function compare(a: Bound, b: Bound): number {
  if (typeof a === 'string' && typeof b === 'string') {
    // Spark and ORC order strings by their UTF-8 bytes, not JS's UTF-16 code units.
    const x = utf8.encode(a);
    const y = utf8.encode(b);
    const n = Math.min(x.length, y.length);
    for (let i = 0; i < n; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
    return x.length - y.length;
  }
  if (typeof a === 'string' || typeof b === 'string') return Number.NaN;
  return a < b ? -1 : a > b ? 1 : 0;
}
