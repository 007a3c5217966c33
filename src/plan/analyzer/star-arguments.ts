/**
 * A star among a function's arguments or an IN list (`coalesce(*)`, `struct(t.*)`, `concat_ws(',', * EXCEPT
 * (a))`, `5 IN (*)`) stands for the columns it expands to, as Spark's ResolveReferences expands it
 * (`buildExpandedProjectList` / `expandStarExpression`); the generated name lists them
 * (`coalesce(c1, c2)`). `count(*)` is not an expansion and is left alone by the caller.
 */
import type { Expression } from '../../sql/ast/expressions.js';
import type { Scope } from './scope.js';
import { expandStar } from './star-except.js';

export function hasStar(args: readonly Expression[]): boolean {
  return args.some((a) => a.kind === 'star');
}

/** `args` with each star replaced by references to its columns, qualified as the scope knows them. */
export function expandStarArguments(args: readonly Expression[], scope: Scope): Expression[] {
  return args.flatMap((a) =>
    a.kind === 'star'
      ? expandStar(a, scope).map(
          (c): Expression =>
            c.kind === 'expression'
              ? c.ast
              : { kind: 'column', nameParts: [...c.attr.qualifier, c.attr.name], span: a.span },
        )
      : [a],
  );
}
