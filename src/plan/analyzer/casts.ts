/** Implicit casts inserted by type coercion (never shown in generated column names). */
import type { DataType } from '../../types/data-types.js';
import { type BoundExpr, typeOf } from '../logical/bound-expression.js';
import { sameType } from '../types/type-classes.js';
import { hasNonBinaryCollation, withoutCollation } from './collation-coercion.js';
import type { ExpressionEnv } from './expression-env.js';

export function sameDataType(a: DataType, b: DataType): boolean {
  return sameType(a, b);
}

export function castTo(e: BoundExpr, to: DataType, env: Pick<ExpressionEnv, 'ctx'>): BoundExpr {
  const from = typeOf(e);
  if (sameType(from, to)) return e;
  // An implicit cast to STRING accepts a string of any collation as it is (StringTypeWithCollation).
  if (!hasNonBinaryCollation(to) && sameType(withoutCollation(from), to)) return e;
  // A NULL literal takes any type without a cast expression.
  if (e.kind === 'literal' && e.value === null) return { kind: 'literal', value: null, type: to };
  return {
    kind: 'cast',
    child: e,
    type: to,
    mode: env.ctx.semantics.ansi ? 'ansi' : 'legacy',
    implicit: true,
  };
}
