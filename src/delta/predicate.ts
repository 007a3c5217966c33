import type { ScalarValue } from '../types/scalar.js';

/**
 * The predicate language the Delta layer understands for partition pruning and file skipping.
 * The SQL analyzer translates the part of a WHERE clause it can express into this; anything it cannot
 * express is simply not pushed down (skipping is an optimisation, never a filter of rows).
 *
 * Columns are named by their logical path (top-level name, then nested struct fields).
 */
export type Predicate =
  | { readonly kind: 'literalBool'; readonly value: boolean }
  | {
      readonly kind: 'comparison';
      readonly op: '=' | '<>' | '<' | '<=' | '>' | '>=' | '<=>';
      readonly column: readonly string[];
      readonly value: ScalarValue;
    }
  | { readonly kind: 'in'; readonly column: readonly string[]; readonly values: readonly ScalarValue[] }
  | { readonly kind: 'isNull'; readonly column: readonly string[] }
  | { readonly kind: 'isNotNull'; readonly column: readonly string[] }
  | { readonly kind: 'and'; readonly left: Predicate; readonly right: Predicate }
  | { readonly kind: 'or'; readonly left: Predicate; readonly right: Predicate }
  | { readonly kind: 'not'; readonly child: Predicate };

export const col = (...path: string[]): readonly string[] => path;

export function and(...ps: Predicate[]): Predicate {
  if (ps.length === 0) return { kind: 'literalBool', value: true };
  return ps.reduce((l, r) => ({ kind: 'and', left: l, right: r }));
}

export function or(...ps: Predicate[]): Predicate {
  if (ps.length === 0) return { kind: 'literalBool', value: false };
  return ps.reduce((l, r) => ({ kind: 'or', left: l, right: r }));
}
