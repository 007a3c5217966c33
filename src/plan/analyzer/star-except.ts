/**
 * `* EXCEPT (a, b)` (Databricks / Spark 4): each name must resolve to one of the columns the star expands
 * to (UNRESOLVED_COLUMN otherwise), and no name may repeat or contain another (EXCEPT_OVERLAPPING_COLUMNS).
 * Removing a nested field (`* EXCEPT (s.f)`) is not implemented yet and fails rather than returning `s` whole.
 */
import { LakesqlError } from '../../errors/index.js';
import type { Expression } from '../../sql/ast/expressions.js';
import type { Attribute } from '../logical/attribute.js';
import { columnRegex } from './column-regex.js';
import { Scope, unresolvedColumn } from './scope.js';

export function exceptColumns(
  attrs: readonly Attribute[],
  except: readonly (readonly string[])[],
): Attribute[] {
  const scope = new Scope(attrs);
  const resolved = except.map((parts) => {
    const r = scope.tryResolve(parts);
    if (!r) throw unresolvedColumn(parts, attrs);
    return { parts, attr: r.attr, path: r.fieldPath.map((f) => f.toLowerCase()) };
  });
  for (const [i, a] of resolved.entries()) {
    for (const b of resolved.slice(i + 1)) {
      const [short, long] = a.path.length <= b.path.length ? [a, b] : [b, a];
      if (a.attr.id === b.attr.id && short.path.every((f, k) => long.path[k] === f)) {
        throw new LakesqlError('EXCEPT_OVERLAPPING_COLUMNS', {
          columns: `${a.parts.join('.')}, ${b.parts.join('.')}`,
        });
      }
    }
  }
  const nested = resolved.find((r) => r.path.length > 0);
  if (nested) {
    throw new LakesqlError('UNSUPPORTED_FEATURE', {
      feature: `removing the nested field ${nested.parts.join('.')} with * EXCEPT`,
    });
  }
  const dropped = new Set(resolved.map((r) => r.attr.id));
  return attrs.filter((a) => !dropped.has(a.id));
}

/** The columns `*`, `t.*` or `* EXCEPT (…)` stands for in `scope`, in order. */
export function expandStar(item: Extract<Expression, { kind: 'star' }>, scope: Scope): Attribute[] {
  if (item.regex !== undefined) return regexColumns(item.regex, item.qualifier ?? [], scope);
  let attrs = scope.attributes.filter((a) => !a.hidden);
  if (item.qualifier) {
    // `t.*` is t's own columns in t's order, including a USING key that `*` shows only once.
    const q = item.qualifier.map((p) => p.toLowerCase());
    const seen = new Set<number>();
    attrs = scope.attributes
      .filter(
        (a) =>
          a.qualifier.length >= q.length &&
          a.qualifier.slice(a.qualifier.length - q.length).every((p, i) => p === q[i]),
      )
      .filter((a) => !seen.has(a.id) && seen.add(a.id) !== undefined)
      .sort((a, b) => a.id - b.id);
    if (attrs.length === 0) {
      throw new LakesqlError('CANNOT_RESOLVE_STAR_EXPAND', {
        targetString: `\`${item.qualifier.join('.')}\``,
        columns: scope.attributes.map((a) => `\`${a.name}\``).join(', '),
      } as never);
    }
  }
  if (item.except) return exceptColumns(attrs, item.except);
  return [...attrs];
}

/**
 * The columns a quoted regex selects (UnresolvedRegex.expand): every visible column whose name matches, or with
 * a qualifier, those whose innermost qualifier is that name. None matching selects none, without an error.
 */
function regexColumns(regex: string, qualifier: readonly string[], scope: Scope): Attribute[] {
  const pattern = columnRegex(regex);
  const table = qualifier.join('.').toLowerCase();
  return scope.attributes.filter(
    (a) =>
      !a.hidden &&
      (qualifier.length === 0 || a.qualifier.at(-1)?.toLowerCase() === table) &&
      pattern.test(a.name),
  );
}
