import type { Predicate } from '../types/predicate.js';

/** The predicate language skipping understands: types/predicate.ts (shared with ORC's stripe skipping). */
export type { Predicate } from '../types/predicate.js';

export const col = (...path: string[]): readonly string[] => path;

export function and(...ps: Predicate[]): Predicate {
  if (ps.length === 0) return { kind: 'literalBool', value: true };
  return ps.reduce((l, r) => ({ kind: 'and', left: l, right: r }));
}

export function or(...ps: Predicate[]): Predicate {
  if (ps.length === 0) return { kind: 'literalBool', value: false };
  return ps.reduce((l, r) => ({ kind: 'or', left: l, right: r }));
}
