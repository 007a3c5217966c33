/**
 * Name resolution of column references against the attributes in scope, with Spark's rules
 * (Analyzer ResolveReferences / LogicalPlan.resolve): names are case-insensitive; `a.b` is column `b` of
 * relation `a` if such a qualifier exists, else field `b` of struct column `a`; `db.t.c` and `t.c.f` likewise.
 * An inner scope shadows the outer one; a name found only in an outer scope is a correlated reference.
 */
import { LakesqlError } from '../../errors/index.js';
import type { Attribute } from '../logical/attribute.js';

export interface ResolvedName {
  readonly attr: Attribute;
  /** Struct fields to extract after the attribute (`s.a.b` → ['a', 'b']). */
  readonly fieldPath: readonly string[];
  /** True when found in an enclosing query (a correlated reference). */
  readonly outer: boolean;
}

const lower = (s: string) => s.toLowerCase();

export class Scope {
  constructor(
    readonly attributes: readonly Attribute[],
    readonly outer?: Scope,
  ) {}

  /** Resolves a multi-part name or returns undefined (callers decide between errors and other readings). */
  tryResolve(parts: readonly string[]): ResolvedName | undefined {
    const here = this.resolveHere(parts);
    if (here) return { ...here, outer: false };
    const outer = this.outer?.tryResolve(parts);
    return outer ? { ...outer, outer: true } : undefined;
  }

  resolve(parts: readonly string[]): ResolvedName {
    const r = this.tryResolve(parts);
    if (r) return r;
    throw unresolvedColumn(parts, this.attributes);
  }

  private resolveHere(parts: readonly string[]): Omit<ResolvedName, 'outer'> | undefined {
    // Longest qualifier first: `t.a` prefers relation t's column a over struct column t's field a (Spark).
    for (let q = Math.min(parts.length - 1, 3); q >= 0; q--) {
      const qualifier = parts.slice(0, q).map(lower);
      const name = lower(parts[q]!);
      const matches = this.attributes.filter(
        (a) => lower(a.name) === name && (q === 0 || qualifierMatches(a.qualifier, qualifier)),
      );
      if (matches.length === 1) return { attr: matches[0]!, fieldPath: parts.slice(q + 1) };
      if (matches.length > 1) {
        // The same attribute visible twice (e.g. through USING) is not ambiguous.
        const ids = new Set(matches.map((m) => m.id));
        if (ids.size === 1) return { attr: matches[0]!, fieldPath: parts.slice(q + 1) };
        const visible = matches.filter((m) => !m.hidden);
        if (visible.length === 1) return { attr: visible[0]!, fieldPath: parts.slice(q + 1) };
        throw new LakesqlError('AMBIGUOUS_REFERENCE', {
          name: quoteParts(parts.slice(0, q + 1)),
          referenceNames: `[${matches.map((m) => quoteParts([...m.qualifier.slice(-1), m.name])).join(', ')}]`,
        });
      }
    }
    return undefined;
  }
}

/** A qualifier written `t` matches a relation qualified `db.t`; `db.t` must match the tail exactly. */
function qualifierMatches(attrQualifier: readonly string[], written: readonly string[]): boolean {
  if (written.length > attrQualifier.length) return false;
  const tail = attrQualifier.slice(attrQualifier.length - written.length).map(lower);
  return tail.every((p, i) => p === written[i]);
}

export function quoteParts(parts: readonly string[]): string {
  return parts.map((p) => `\`${p.replaceAll('`', '``')}\``).join('.');
}

/** Spark's UNRESOLVED_COLUMN.WITH_SUGGESTION, proposing the closest names in scope (by edit distance). */
export function unresolvedColumn(parts: readonly string[], candidates: readonly Attribute[]): LakesqlError {
  const written = parts.join('.');
  const names = candidates.map((a) => quoteParts([...a.qualifier.slice(-1), a.name]));
  const ranked = [...new Set(names)]
    .map((n) => ({ n, d: levenshtein(n.replaceAll('`', '').toLowerCase(), written.toLowerCase()) }))
    .sort((x, y) => x.d - y.d || x.n.localeCompare(y.n))
    .slice(0, 5)
    .map((x) => x.n);
  if (ranked.length === 0) {
    return new LakesqlError('UNRESOLVED_COLUMN.WITHOUT_SUGGESTION', { objectName: quoteParts(parts) });
  }
  return new LakesqlError('UNRESOLVED_COLUMN.WITH_SUGGESTION', {
    objectName: quoteParts(parts),
    proposal: ranked.join(', '),
  });
}

/** Edit distance between two names, for Spark's "did you mean" suggestions. */
export function levenshtein(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length]!;
}
