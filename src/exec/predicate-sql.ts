/**
 * A pushed-down Predicate (src/delta/predicate.ts) rendered as a DuckDB boolean expression over a relation
 * whose columns are the table's logical columns. The Delta layer uses a predicate only to skip files; the
 * rows of the surviving files must still be filtered, with SQL's three-valued logic (a row whose predicate
 * is NULL is not returned, as in a WHERE clause).
 */
import type { Predicate } from '../delta/predicate.js';
import { findField } from '../delta/schema.js';
import { quoteIdentifier, scalarToSql } from '../engine/sql-text.js';
import { LakesqlError } from '../errors/index.js';
import type { DataType, StructType } from '../types/data-types.js';

export function predicateToSql(p: Predicate, schema: StructType): string {
  switch (p.kind) {
    case 'literalBool':
      return p.value ? 'TRUE' : 'FALSE';
    case 'comparison': {
      const { sql, type } = columnRef(p.column, schema);
      const op = p.op === '<=>' ? 'IS NOT DISTINCT FROM' : p.op;
      return `(${sql} ${op} ${scalarToSql(p.value, type)})`;
    }
    case 'in': {
      const { sql, type } = columnRef(p.column, schema);
      if (p.values.length === 0) return 'FALSE';
      return `(${sql} IN (${p.values.map((v) => scalarToSql(v, type)).join(', ')}))`;
    }
    case 'isNull':
      return `(${columnRef(p.column, schema).sql} IS NULL)`;
    case 'isNotNull':
      return `(${columnRef(p.column, schema).sql} IS NOT NULL)`;
    case 'and':
      return `(${predicateToSql(p.left, schema)} AND ${predicateToSql(p.right, schema)})`;
    case 'or':
      return `(${predicateToSql(p.left, schema)} OR ${predicateToSql(p.right, schema)})`;
    case 'not':
      return `(NOT ${predicateToSql(p.child, schema)})`;
    default: {
      const never: never = p;
      throw new Error(`unknown predicate ${JSON.stringify(never)}`);
    }
  }
}

function columnRef(path: readonly string[], schema: StructType): { sql: string; type: DataType } {
  const found = findField(schema, path);
  if (!found) {
    throw new LakesqlError('UNRESOLVED_COLUMN', { objectName: path.join('.') });
  }
  return { sql: path.map(quoteIdentifier).join('.'), type: found.type };
}
