/**
 * Spark's `DataType.sql` text (`INT`, `DECIMAL(10,2)`, `MAP<STRING, INT>`, `STRUCT<a: INT>`), which its error
 * messages quote as `"INT"` (QueryErrorsBase.toSQLType). This differs from sqlTypeName's catalog string
 * (`map<string,int>`), so it lives here.
 */
import { assertNever, type DataType, sqlTypeName } from '../../types/data-types.js';

export function sparkSqlType(t: DataType): string {
  switch (t.kind) {
    case 'primitive':
      return t.name === 'void' ? 'VOID' : sqlTypeName(t).toUpperCase();
    case 'decimal':
    case 'char':
    case 'varchar':
    case 'yearMonthInterval':
    case 'dayTimeInterval':
    case 'calendarInterval':
      return sqlTypeName(t).toUpperCase();
    case 'array':
      return `ARRAY<${sparkSqlType(t.elementType)}>`;
    case 'map':
      return `MAP<${sparkSqlType(t.keyType)}, ${sparkSqlType(t.valueType)}>`;
    case 'struct':
      return `STRUCT<${t.fields.map((f) => `${quoteIfNeeded(f.name)}: ${sparkSqlType(f.type)}`).join(', ')}>`;
    default:
      return assertNever(t);
  }
}

/** Spark's quoteIfNeeded: a field name that is not a plain word (or is all digits) in backquotes. */
export function quoteIfNeeded(name: string): string {
  return /^[A-Za-z0-9_]+$/.test(name) && !/^\d+$/.test(name) ? name : `\`${name.replaceAll('`', '``')}\``;
}

/** `"INT"`: how error parameters quote a type. */
export function quotedType(t: DataType): string {
  return `"${sparkSqlType(t)}"`;
}
