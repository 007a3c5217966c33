/**
 * A resolved expression as Spark's plan strings show it (Expression.toString): attributes as `name#id`,
 * operators parenthesised, casts and calls in function form. For EXPLAIN, so a user can read which column
 * an expression reads; the text is not SQL and is never parsed back.
 */
import { type DataType, sqlTypeName } from '../../types/data-types.js';
import type { Value } from '../../types/value.js';
import type { Attribute } from './attribute.js';
import type { BoundExpr, FrameBound, SortOrder } from './bound-expression.js';

/** The text of a literal; the caller (exec/) knows Spark's value formatting, plan/ does not. */
export type LiteralText = (value: Value, type: DataType) => string;

export const attributeString = (a: Pick<Attribute, 'name' | 'id'>): string => `${a.name}#${a.id}`;

/** Without a formatter: strings quoted, numbers and booleans as themselves, anything else by type. */
export const plainLiteral: LiteralText = (value, type) => {
  if (value === null) return 'null';
  if (typeof value === 'string') return `'${value.replaceAll("'", "\\'")}'`;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    return String(value);
  return `${sqlTypeName(type)} literal`;
};

export function expressionString(e: BoundExpr, literal: LiteralText = plainLiteral): string {
  const s = (x: BoundExpr) => expressionString(x, literal);
  switch (e.kind) {
    case 'attributeRef':
    case 'lambdaVariable':
      return attributeString(e.attr);
    case 'outerRef':
      return `outer(${attributeString(e.attr)})`;
    case 'literal':
      return literal(e.value, e.type);
    case 'cast':
      return `${e.mode === 'try' ? 'try_cast' : 'cast'}(${s(e.child)} as ${sqlTypeName(e.type)})`;
    case 'getField':
      return `${s(e.child)}.${e.field}`;
    case 'subscript':
      return `${s(e.child)}[${s(e.index)}]`;
    case 'binary':
      return `(${s(e.left)} ${e.op === 'and' || e.op === 'or' ? e.op.toUpperCase() : e.op} ${s(e.right)})`;
    case 'unary':
      return e.op === 'not' ? `NOT ${s(e.child)}` : `${e.op}${s(e.child)}`;
    case 'call':
      return `${e.name}(${e.args.map(s).join(', ')})`;
    case 'aggregate': {
      const args = `${e.distinct ? 'DISTINCT ' : ''}${e.args.map(s).join(', ')}`;
      const filter = e.filter ? ` FILTER (WHERE ${s(e.filter)})` : '';
      const within = e.orderBy?.length
        ? ` WITHIN GROUP (ORDER BY ${e.orderBy.map((o) => sortOrderString(o, literal)).join(', ')})`
        : '';
      return `${e.name}(${args})${e.ignoreNulls ? ' IGNORE NULLS' : ''}${within}${filter}`;
    }
    case 'window': {
      const spec = [
        e.partitionBy.length > 0 ? `PARTITION BY ${e.partitionBy.map(s).join(', ')}` : '',
        e.orderBy.length > 0
          ? `ORDER BY ${e.orderBy.map((o) => sortOrderString(o, literal)).join(', ')}`
          : '',
        e.frame
          ? `${e.frame.unit.toUpperCase()} BETWEEN ${bound(e.frame.start, s)} AND ${bound(e.frame.end, s)}`
          : '',
      ].filter((x) => x !== '');
      return `${s(e.function)} OVER (${spec.join(' ')})`;
    }
    case 'case': {
      const branches = e.branches.map((b) => ` WHEN ${s(b.when)} THEN ${s(b.then)}`).join('');
      return `CASE${branches}${e.otherwise ? ` ELSE ${s(e.otherwise)}` : ''} END`;
    }
    case 'isNull':
      return `${e.negated ? 'isnotnull' : 'isnull'}(${s(e.child)})`;
    case 'inList':
      return `${e.negated ? 'NOT ' : ''}${s(e.value)} IN (${e.list.map(s).join(',')})`;
    case 'inSubquery':
      return `${e.negated ? 'NOT ' : ''}(${e.values.map(s).join(', ')}) IN (list-subquery)`;
    case 'exists':
      return `${e.negated ? 'NOT ' : ''}exists-subquery`;
    case 'scalarSubquery':
      return 'scalar-subquery';
    case 'lambda':
      return `lambdafunction(${s(e.body)}, ${e.params.map(attributeString).join(', ')})`;
    case 'tryEval':
      return `try(${s(e.child)})`;
    case 'grouping':
      return `grouping(${e.args.map(s).join(', ')})`;
    default:
      return e satisfies never;
  }
}

export function sortOrderString(o: SortOrder, literal: LiteralText = plainLiteral): string {
  return `${expressionString(o.expr, literal)} ${o.ascending ? 'ASC' : 'DESC'} NULLS ${o.nullsFirst ? 'FIRST' : 'LAST'}`;
}

function bound(b: FrameBound, s: (x: BoundExpr) => string): string {
  switch (b.kind) {
    case 'unboundedPreceding':
      return 'UNBOUNDED PRECEDING';
    case 'unboundedFollowing':
      return 'UNBOUNDED FOLLOWING';
    case 'currentRow':
      return 'CURRENT ROW';
    case 'preceding':
      return `${s(b.offset)} PRECEDING`;
    case 'following':
      return `${s(b.offset)} FOLLOWING`;
    default:
      return b satisfies never;
  }
}
