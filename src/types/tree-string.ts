/**
 * Spark's `StructType.treeString`, the schema text Delta's messages print (DeltaErrors' formatSchema and
 * dataTypeToString): `root`, then one ` |-- name: typeName (nullable = …)` line per field, nested fields
 * indented under their struct, array element and map key / value.
 */
import { type DataType, type StructType, sqlTypeName } from './data-types.js';

export function treeString(schema: StructType): string {
  const lines = ['root'];
  walkStruct(schema, ' |', lines);
  return `${lines.join('\n')}\n`;
}

function walkStruct(s: StructType, prefix: string, lines: string[]): void {
  for (const f of s.fields) {
    lines.push(`${prefix}-- ${f.name}: ${typeName(f.type)} (nullable = ${f.nullable})`);
    walkType(f.type, `${prefix}    |`, lines);
  }
}

function walkType(t: DataType, prefix: string, lines: string[]): void {
  switch (t.kind) {
    case 'struct':
      walkStruct(t, prefix, lines);
      return;
    case 'array':
      lines.push(`${prefix}-- element: ${typeName(t.elementType)} (containsNull = ${t.containsNull})`);
      walkType(t.elementType, `${prefix}    |`, lines);
      return;
    case 'map':
      lines.push(`${prefix}-- key: ${typeName(t.keyType)}`);
      walkType(t.keyType, `${prefix}    |`, lines);
      lines.push(`${prefix}-- value: ${typeName(t.valueType)} (valueContainsNull = ${t.valueContainsNull})`);
      walkType(t.valueType, `${prefix}    |`, lines);
      return;
    default:
      return;
  }
}

/** DataType.typeName: `integer`, `long`, `decimal(10,2)`, `struct`, `array`, `map`. */
function typeName(t: DataType): string {
  switch (t.kind) {
    case 'primitive':
      return t.name;
    case 'struct':
    case 'array':
    case 'map':
      return t.kind;
    default:
      return sqlTypeName(t);
  }
}
