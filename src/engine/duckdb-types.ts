import { LakesqlError } from '../errors/index.js';
import { assertNever, type DataType } from '../types/data-types.js';
import { quoteIdentifier } from './sql-text.js';

/**
 * The DuckDB type that holds a Delta type's values exactly (PROTOCOL.md "Primitive Types").
 * `timestamp` is an instant (TIMESTAMPTZ, microseconds UTC); `timestamp_ntz` is a wall clock (TIMESTAMP).
 * Struct field names are quoted, so any Delta name (spaces, dots, reserved words) survives.
 */
export function toDuckDBType(t: DataType): string {
  switch (t.kind) {
    case 'primitive':
      switch (t.name) {
        case 'string':
          return 'VARCHAR';
        case 'long':
          return 'BIGINT';
        case 'integer':
          return 'INTEGER';
        case 'short':
          return 'SMALLINT';
        case 'byte':
          return 'TINYINT';
        case 'float':
          return 'FLOAT';
        case 'double':
          return 'DOUBLE';
        case 'boolean':
          return 'BOOLEAN';
        case 'binary':
          return 'BLOB';
        case 'date':
          return 'DATE';
        case 'timestamp':
          return 'TIMESTAMPTZ';
        case 'timestamp_ntz':
          return 'TIMESTAMP';
        case 'void':
          // Spark's NullType: a column that only ever holds NULL (`SELECT null`); any DuckDB type can hold it.
          return 'INTEGER';
        case 'variant':
          // Spark's binary variant, packed in one BLOB (formats/variant/variant-blob.ts says why).
          return 'BLOB';
        default:
          return assertNever(t.name);
      }
    case 'decimal':
      if (t.precision < 1 || t.precision > 38 || t.scale < 0 || t.scale > t.precision) {
        throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: `decimal(${t.precision},${t.scale})` });
      }
      return `DECIMAL(${t.precision},${t.scale})`;
    case 'array':
      return `${toDuckDBType(t.elementType)}[]`;
    case 'map':
      return `MAP(${toDuckDBType(t.keyType)}, ${toDuckDBType(t.valueType)})`;
    case 'struct':
      if (t.fields.length === 0) {
        throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: 'an empty struct type' });
      }
      return `STRUCT(${t.fields.map((f) => `${quoteIdentifier(f.name)} ${toDuckDBType(f.type)}`).join(', ')})`;
    case 'char':
    case 'varchar':
    case 'yearMonthInterval':
    case 'dayTimeInterval':
    case 'calendarInterval':
      return t.kind === 'char' || t.kind === 'varchar' ? 'VARCHAR' : 'INTERVAL';
    default:
      return assertNever(t);
  }
}
