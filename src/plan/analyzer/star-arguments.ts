/**
 * A star among a function's arguments or an IN list (`coalesce(*)`, `struct(t.*)`, `concat_ws(',', * EXCEPT
 * (a))`, `5 IN (*)`) stands for the columns it expands to, as Spark's ResolveReferences expands it
 * (`buildExpandedProjectList` / `expandStarExpression`); the generated name lists them
 * (`coalesce(c1, c2)`). `count(*)` is not an expansion and is left alone by the caller.
 */
import type { Expression } from '../../sql/ast/expressions.js';
import type { DataType } from '../../types/data-types.js';
import type { Scope } from './scope.js';
import { expandStar } from './star-except.js';

export function hasStar(args: readonly Expression[]): boolean {
  return args.some((a) => a.kind === 'star');
}

/** `args` with each star replaced by references to its columns, qualified as the scope knows them. */
export function expandStarArguments(args: readonly Expression[], scope: Scope): Expression[] {
  return args.flatMap((a) =>
    a.kind === 'star'
      ? (structStarFields(a, scope) ??
        expandStar(a, scope).map(
          (c): Expression =>
            c.kind === 'expression'
              ? c.ast
              : { kind: 'column', nameParts: [...c.attr.qualifier, c.attr.name], span: a.span },
        ))
      : [a],
  );
}

/**
 * `s.*` where no relation is named s but a struct column is (UnresolvedStar.expand): one reference per field,
 * named after it (`struct(s.*)` keeps the field names). Undefined when the star is a relation's.
 */
export function structStarFields(
  star: Extract<Expression, { kind: 'star' }>,
  scope: Scope,
): Expression[] | undefined {
  const q = star.qualifier;
  if (!q || star.except) return undefined;
  const lowered = q.map((p) => p.toLowerCase());
  const isRelation = scope.attributes.some(
    (a) =>
      a.qualifier.length >= q.length &&
      a.qualifier.slice(a.qualifier.length - q.length).every((p, i) => p === lowered[i]),
  );
  if (isRelation) return undefined;
  const resolved = scope.tryResolve(q);
  if (!resolved) return undefined;
  let type: DataType | undefined = resolved.attr.type;
  for (const part of resolved.fieldPath) {
    type =
      type?.kind === 'struct'
        ? type.fields.find((f) => f.name.toLowerCase() === part.toLowerCase())?.type
        : undefined;
  }
  if (type?.kind !== 'struct') return undefined;
  return type.fields.map(
    (f): Expression => ({
      kind: 'alias',
      expr: { kind: 'column', nameParts: [...q, f.name], span: star.span },
      name: f.name,
      span: star.span,
    }),
  );
}
