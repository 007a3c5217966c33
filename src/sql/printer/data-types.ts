/** DataType to Spark SQL type syntax that the parser reads back to the same DataType. */
import { assertNever, type DataType } from '../../types/index.js';
import { quoteIdentifier, quoteString } from './quoting.js';

const YM = ['YEAR', 'MONTH'];
const DT = ['DAY', 'HOUR', 'MINUTE', 'SECOND'];

export function printDataType(t: DataType): string {
  switch (t.kind) {
    case 'primitive':
      switch (t.name) {
        case 'long':
          return 'BIGINT';
        case 'integer':
          return 'INT';
        case 'short':
          return 'SMALLINT';
        case 'byte':
          return 'TINYINT';
        case 'string':
          return t.collation ? `STRING COLLATE ${t.collation}` : 'STRING';
        default:
          return t.name.toUpperCase();
      }
    case 'decimal':
      return `DECIMAL(${t.precision},${t.scale})`;
    case 'array':
      return `ARRAY<${printDataType(t.elementType)}>`;
    case 'map':
      return `MAP<${printDataType(t.keyType)}, ${printDataType(t.valueType)}>`;
    case 'struct':
      return `STRUCT<${t.fields
        .map((f) => {
          let s = `${quoteIdentifier(f.name)}: ${printDataType(f.type)}`;
          if (!f.nullable) s += ' NOT NULL';
          if (typeof f.metadata.comment === 'string') s += ` COMMENT ${quoteString(f.metadata.comment)}`;
          return s;
        })
        .join(', ')}>`;
    case 'char':
      return `CHAR(${t.length})`;
    case 'varchar':
      return `VARCHAR(${t.length})`;
    case 'yearMonthInterval':
      return interval(YM, t.startField, t.endField);
    case 'dayTimeInterval':
      return interval(DT, t.startField, t.endField);
    case 'calendarInterval':
      return 'INTERVAL';
    default:
      return assertNever(t);
  }
}

function interval(fields: string[], start: number, end: number): string {
  return start === end ? `INTERVAL ${fields[start]}` : `INTERVAL ${fields[start]} TO ${fields[end]}`;
}
