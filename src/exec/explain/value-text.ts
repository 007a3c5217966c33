/**
 * Literals and pushed-down predicates as EXPLAIN prints them: values in Spark's text (HiveResult), strings,
 * dates and timestamps quoted so that `p = '2024-01-01'` reads as it was written.
 */
import type { LiteralText } from '../../plan/logical/expression-string.js';
import type { DataType } from '../../types/data-types.js';
import type { Predicate } from '../../types/predicate.js';
import type { ScalarValue } from '../../types/scalar.js';
import { hiveResultString } from '../value-format/index.js';

export function literalText(timeZone: string): LiteralText {
  return (value, type) => {
    if (value === null) return 'null';
    const text = hiveResultString(value, type, { timeZone });
    return quoted(type) ? `'${text.replaceAll("'", "\\'")}'` : text;
  };
}

const quoted = (t: DataType) =>
  t.kind === 'primitive' &&
  ['string', 'char', 'varchar', 'date', 'timestamp', 'timestamp_ntz', 'binary'].includes(t.name);

/** A predicate of data skipping in Spark's filter notation; `typeOf` gives each column's type. */
export function predicateText(
  p: Predicate,
  typeOf: (column: readonly string[]) => DataType | undefined,
  timeZone: string,
): string {
  const literal = literalText(timeZone);
  const value = (column: readonly string[], v: ScalarValue) => {
    const type = typeOf(column);
    return type ? literal(v, type) : String(v);
  };
  const name = (column: readonly string[]) => column.join('.');
  const text = (q: Predicate): string => {
    switch (q.kind) {
      case 'literalBool':
        return String(q.value);
      case 'comparison':
        return `(${name(q.column)} ${q.op} ${value(q.column, q.value)})`;
      case 'in':
        return `${name(q.column)} IN (${q.values.map((v) => value(q.column, v)).join(',')})`;
      case 'isNull':
        return `isnull(${name(q.column)})`;
      case 'isNotNull':
        return `isnotnull(${name(q.column)})`;
      case 'and':
        return `(${text(q.left)} AND ${text(q.right)})`;
      case 'or':
        return `(${text(q.left)} OR ${text(q.right)})`;
      case 'not':
        return `NOT ${text(q.child)}`;
      default:
        return q satisfies never;
    }
  };
  return text(p);
}
