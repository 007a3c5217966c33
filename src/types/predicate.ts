/**
 * The predicate language for skipping data by statistics: Delta's partition pruning and file skipping
 * (delta/data-skipping.ts) and ORC's stripe skipping (formats/orc/orc-predicate.ts). The SQL analyzer
 * translates the part of a WHERE clause it can express into this; anything it cannot express is simply not
 * pushed down (skipping is an optimisation, never a filter of rows).
 *
 * Columns are named by their logical path (top-level name, then nested struct fields).
 */
import type { ScalarValue } from './scalar.js';

export type Predicate =
  | { readonly kind: 'literalBool'; readonly value: boolean }
  | {
      readonly kind: 'comparison';
      readonly op: ComparisonOp;
      readonly column: readonly string[];
      readonly value: ScalarValue;
    }
  | { readonly kind: 'in'; readonly column: readonly string[]; readonly values: readonly ScalarValue[] }
  | { readonly kind: 'isNull'; readonly column: readonly string[] }
  | { readonly kind: 'isNotNull'; readonly column: readonly string[] }
  | { readonly kind: 'and'; readonly left: Predicate; readonly right: Predicate }
  | { readonly kind: 'or'; readonly left: Predicate; readonly right: Predicate }
  | { readonly kind: 'not'; readonly child: Predicate };

export type ComparisonOp = '=' | '<>' | '<' | '<=' | '>' | '>=' | '<=>';

/**
 * What statistics say a predicate may evaluate to over some rows, in SQL's three-valued logic: whether some
 * row MAY make it TRUE and whether some row MAY make it FALSE (NULL is neither).
 */
export interface Outcome {
  readonly mayTrue: boolean;
  readonly mayFalse: boolean;
}

export const UNKNOWN: Outcome = { mayTrue: true, mayFalse: true };
export const NEVER: Outcome = { mayTrue: false, mayFalse: false };

/** What one kind of statistics can tell about a column; the connectives are the same for every kind. */
export interface StatisticsRules {
  /** Whether all / no rows of the column are NULL; undefined when the statistics say nothing. */
  nullFacts(column: readonly string[]): { readonly allNull: boolean; readonly noNull: boolean } | undefined;
  comparison(op: ComparisonOp, column: readonly string[], value: ScalarValue): Outcome;
}

/** NOT swaps the two possibilities; AND/OR combine them; anything not understood is "may be either". */
export function evaluatePredicate(p: Predicate, rules: StatisticsRules): Outcome {
  switch (p.kind) {
    case 'literalBool':
      return { mayTrue: p.value, mayFalse: !p.value };
    case 'and': {
      const l = evaluatePredicate(p.left, rules);
      const r = evaluatePredicate(p.right, rules);
      return { mayTrue: l.mayTrue && r.mayTrue, mayFalse: l.mayFalse || r.mayFalse };
    }
    case 'or': {
      const l = evaluatePredicate(p.left, rules);
      const r = evaluatePredicate(p.right, rules);
      return { mayTrue: l.mayTrue || r.mayTrue, mayFalse: l.mayFalse && r.mayFalse };
    }
    case 'not': {
      const c = evaluatePredicate(p.child, rules);
      return { mayTrue: c.mayFalse, mayFalse: c.mayTrue };
    }
    case 'isNull':
    case 'isNotNull': {
      const f = rules.nullFacts(p.column);
      if (!f) return UNKNOWN;
      const isNull = { mayTrue: !f.noNull, mayFalse: !f.allNull };
      return p.kind === 'isNull' ? isNull : { mayTrue: isNull.mayFalse, mayFalse: isNull.mayTrue };
    }
    case 'comparison':
      return rules.comparison(p.op, p.column, p.value);
    case 'in': {
      const f = rules.nullFacts(p.column);
      if (!f) return UNKNOWN;
      // x IN (v1, …) is TRUE when x equals some vi, FALSE when x is non-null, equals none and no vi is NULL.
      const outcomes = p.values.map((v) => rules.comparison('=', p.column, v));
      return {
        mayTrue: outcomes.some((o) => o.mayTrue),
        mayFalse: !p.values.includes(null) && !f.allNull && outcomes.every((o) => o.mayFalse),
      };
    }
    default:
      return p satisfies never;
  }
}
