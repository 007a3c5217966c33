/**
 * Lateral column aliases (Spark 3.4+, spark.sql.lateralColumnAlias.enableImplicitResolution, on by default):
 * a select item may name an alias defined by an earlier item of the same list (`x + 1 AS z, z * 2`), when no
 * FROM column takes that name. Spark resolves the reference to the alias's expression
 * (ResolveLateralColumnAliasReference); here the reference is replaced by that expression before analysis, which
 * gives the same value and type in projections, aggregates and windows alike. A name two earlier items alias is
 * AMBIGUOUS_LATERAL_COLUMN_ALIAS. Subqueries and lambda parameters of the same name are left alone.
 * A copied expression is evaluated again where it is copied, so an alias over a non-deterministic call
 * (`rand() AS r, r + 1`) is refused: Spark evaluates it once, and two draws would be a wrong answer.
 */
import { LakesqlError } from '../../errors/index.js';
import type { Expression } from '../../sql/ast/expressions.js';
import { NONDETERMINISTIC } from './aggregate-filter.js';
import type { Scope } from './scope.js';

export class LateralAliases {
  private readonly exprs = new Map<string, Expression>();
  private readonly counts = new Map<string, number>();

  /** Makes an aliased item (its references already substituted) visible to the items after it. */
  add(item: Expression): void {
    if (item.kind !== 'alias') return;
    const key = item.name.toLowerCase();
    this.exprs.set(key, item.expr);
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  /** `item` with each bare name that no column of `scope` takes and an earlier alias defines replaced. */
  substitute(item: Expression, scope: Scope): Expression {
    if (this.exprs.size === 0) return item;
    return this.walk(item, scope, new Set()) as Expression;
  }

  /**
   * A node with the references replaced; an untouched subtree is returned as the same object, since the
   * analyzer keys the names it prints (resolvedColumnNames, resolvedCallNames) by node identity.
   */
  private walk(node: unknown, scope: Scope, shadowed: ReadonlySet<string>): unknown {
    if (Array.isArray(node)) {
      const items = node.map((n) => this.walk(n, scope, shadowed));
      return items.every((n, i) => n === node[i]) ? node : items;
    }
    if (node === null || typeof node !== 'object') return node;
    const e = node as Expression;
    if (e.kind === 'column' && e.nameParts.length === 1) return this.reference(e, scope, shadowed);
    if (e.kind === 'lambda') {
      const inner = new Set([...shadowed, ...e.params.map((p) => p.toLowerCase())]);
      const body = this.walk(e.body, scope, inner);
      return body === e.body ? e : { ...e, body };
    }
    let out: Record<string, unknown> | undefined;
    for (const [k, v] of Object.entries(node)) {
      // A subquery resolves its own names; lateral aliases do not reach into it.
      if (k === 'query' || k === 'span') continue;
      const w = this.walk(v, scope, shadowed);
      if (w !== v) {
        out ??= { ...node };
        out[k] = w;
      }
    }
    return out ?? node;
  }

  private reference(
    e: Extract<Expression, { kind: 'column' }>,
    scope: Scope,
    shadowed: ReadonlySet<string>,
  ): Expression {
    const key = e.nameParts[0]!.toLowerCase();
    const alias = this.exprs.get(key);
    if (!alias || shadowed.has(key) || scope.tryResolve(e.nameParts)) return e;
    const n = this.counts.get(key) ?? 0;
    if (n > 1) throw new LakesqlError('AMBIGUOUS_LATERAL_COLUMN_ALIAS', { name: `\`${e.nameParts[0]}\``, n });
    const call = nondeterministicCall(alias);
    if (call !== undefined) {
      throw new LakesqlError('UNSUPPORTED_FEATURE', {
        feature: `a lateral column alias (\`${e.nameParts[0]}\`) over the non-deterministic ${call}()`,
      });
    }
    return alias;
  }
}

/** The name of a non-deterministic function called anywhere in `node`, if one is. */
function nondeterministicCall(node: unknown): string | undefined {
  if (Array.isArray(node)) {
    for (const n of node) {
      const found = nondeterministicCall(n);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (node === null || typeof node !== 'object') return undefined;
  const e = node as Expression;
  if (e.kind === 'function') {
    const name = e.name[e.name.length - 1]!.toLowerCase();
    if (NONDETERMINISTIC.has(name)) return name;
  }
  for (const [k, v] of Object.entries(node)) {
    if (k === 'span') continue;
    const found = nondeterministicCall(v);
    if (found !== undefined) return found;
  }
  return undefined;
}
