/**
 * Spark's `DataType.sql` (upper case, `STRUCT<a: INT>`, `MAP<STRING, INT>`) and `toSQLType` (the same in
 * double quotes), as error messages print types: DataTypeErrorsBase.toSQLType.
 */
import { assertNever, type DataType, sqlTypeName } from '../../types/data-types.js';

export function sparkTypeSql(t: DataType): string {
  switch (t.kind) {
    case 'array':
      return `ARRAY<${sparkTypeSql(t.elementType)}>`;
    case 'map':
      return `MAP<${sparkTypeSql(t.keyType)}, ${sparkTypeSql(t.valueType)}>`;
    case 'struct':
      return `STRUCT<${t.fields.map((f) => `${quoteFieldIfNeeded(f.name)}: ${sparkTypeSql(f.type)}${f.nullable ? '' : ' NOT NULL'}`).join(', ')}>`;
    case 'primitive':
      // Spark prints a collation's name as it normalizes it (`STRING COLLATE sr_CI_AI`).
      return t.collation ? `STRING COLLATE ${t.collation}` : sqlTypeName(t).toUpperCase();
    case 'decimal':
    case 'char':
    case 'varchar':
    case 'yearMonthInterval':
    case 'dayTimeInterval':
    case 'calendarInterval':
      return sqlTypeName(t).toUpperCase();
    default:
      return assertNever(t);
  }
}

/** Spark's `toSQLType`: the SQL name in double quotes. */
export function toSqlType(t: DataType): string {
  return `"${sparkTypeSql(t)}"`;
}

/** QuotingUtils.quoteIfNeeded: field names that are not plain identifiers print backquoted. */
function quoteFieldIfNeeded(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : `\`${name.replaceAll('`', '``')}\``;
}
