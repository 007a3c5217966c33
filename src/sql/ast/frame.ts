/**
 * The Query AST behind a DataFrame, and where the next transformation reads from.
 *
 * Every transformation builds `SELECT … FROM (<previous>) AS <alias>`, except that a frame which is just
 * `SELECT * FROM <relation> [WHERE …]` (after filter() or join()) is extended in place: the next select,
 * filter or join reads `<relation>` itself, so the aliases inside it stay in scope. That is what lets
 * `a.join(b, a.col('id').equalTo(b.col('id'))).select(a.col('id'), b.col('v'))` resolve both sides, as
 * Spark resolves them by attribute.
 */
import type { Expression } from './expressions.js';
import { and, emptySelect, query, subquery } from './node-builders.js';
import type { Query, Relation, Select } from './query.js';

export interface Frame {
  readonly query: Query;
  /** Set when `query` is exactly `SELECT * FROM from [WHERE where]`. */
  readonly open: { readonly from: Relation; readonly where: Expression | null } | null;
}

let aliasCounter = 0;

/** A fresh subquery alias for a DataFrame (`df.col('x')` qualifies `x` with it). */
export function freshAlias(): string {
  aliasCounter += 1;
  return `__df${aliasCounter}`;
}

/** A frame that reads `SELECT * FROM from [WHERE where]`. */
export function openFrame(from: Relation, where: Expression | null = null): Frame {
  return { query: query({ ...emptySelect([from]), where }), open: { from, where } };
}

export function queryFrame(q: Query): Frame {
  return { query: q, open: null };
}

/** Where a transformation of `frame` reads from: its open relation and filter, or the frame as a subquery. */
export function frameSource(
  frame: Frame,
  qualifier: string | null,
): { readonly from: Relation; readonly where: Expression | null } {
  return frame.open ?? { from: subquery(frame.query, qualifier ?? freshAlias()), where: null };
}

/** The frame as one relation (for a join side or a set operation): a filtered frame becomes a subquery. */
export function frameRelation(frame: Frame, qualifier: string | null): Relation {
  if (frame.open && frame.open.where === null) return frame.open.from;
  return subquery(frame.query, qualifier ?? freshAlias());
}

/** A SELECT block over the frame's source with the given items. */
export function selectOver(frame: Frame, qualifier: string | null, items: readonly Expression[]): Select {
  const { from, where } = frameSource(frame, qualifier);
  return { ...emptySelect([from]), items, where };
}

export function andWhere(where: Expression | null, condition: Expression): Expression {
  return where === null ? condition : and(where, condition);
}

/**
 * A column name as PySpark's col() reads it (UnresolvedAttribute.quotedString): parts split at dots, with
 * backquotes around a part that holds dots or other characters (`` `a.b`.c ``, doubled backquotes escape).
 */
export function parseColumnName(name: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < name.length; i++) {
    const ch = name[i]!;
    if (quoted) {
      if (ch === '`') {
        if (name[i + 1] === '`') {
          current += '`';
          i += 1;
        } else quoted = false;
      } else current += ch;
    } else if (ch === '`') quoted = true;
    else if (ch === '.') {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  return parts;
}
