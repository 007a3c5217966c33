/**
 * What removing column mapping from a table changes in its schema (delta-spark's RemoveColumnMappingCommand
 * and DeltaColumnMapping.dropColumnMappingMetadata): every field, nested ones too, loses its column mapping
 * metadata (id, physical name, Parquet field ids), so that the logical names become the names in the data
 * files. Names Parquet writers without column mapping refuse (Delta's list ` ,;{}()\n\t=`) block the removal.
 */
import { assertNever, type DataType, type StructField, type StructType } from '../types/data-types.js';

/** The field metadata keys column mapping adds (DeltaColumnMapping's). */
const COLUMN_MAPPING_METADATA_KEYS: ReadonlySet<string> = new Set([
  'delta.columnMapping.id',
  'delta.columnMapping.physicalName',
  'delta.columnMapping.nested.ids',
  'parquet.field.id',
  'parquet.field.nested.ids',
]);

/** The characters Delta refuses in column names of a table without column mapping. */
const INVALID_NAME_CHARACTERS = /[ ,;{}()\n\t=]/;

export function withoutColumnMappingMetadata(schema: StructType): StructType {
  return plainStruct(schema);
}

/** The dotted paths of the fields whose names hold a character Delta refuses without column mapping. */
export function invalidColumnNamesWithoutMapping(schema: StructType): string[] {
  const found: string[] = [];
  const visit = (t: DataType, prefix: readonly string[]): void => {
    switch (t.kind) {
      case 'struct':
        for (const f of t.fields) {
          const path = [...prefix, f.name];
          if (INVALID_NAME_CHARACTERS.test(f.name)) found.push(path.join('.'));
          visit(f.type, path);
        }
        return;
      case 'array':
        visit(t.elementType, prefix);
        return;
      case 'map':
        visit(t.keyType, prefix);
        visit(t.valueType, prefix);
        return;
      default:
        return;
    }
  };
  visit(schema, []);
  return found;
}

function plainStruct(s: StructType): StructType {
  return { kind: 'struct', fields: s.fields.map(plainField) };
}

function plainField(f: StructField): StructField {
  const metadata = Object.fromEntries(
    Object.entries(f.metadata).filter(([k]) => !COLUMN_MAPPING_METADATA_KEYS.has(k)),
  );
  return { ...f, type: plainType(f.type), metadata };
}

function plainType(t: DataType): DataType {
  switch (t.kind) {
    case 'struct':
      return plainStruct(t);
    case 'array':
      return { ...t, elementType: plainType(t.elementType) };
    case 'map':
      return { ...t, keyType: plainType(t.keyType), valueType: plainType(t.valueType) };
    case 'primitive':
    case 'decimal':
    case 'char':
    case 'varchar':
    case 'yearMonthInterval':
    case 'dayTimeInterval':
    case 'calendarInterval':
      return t;
    default:
      return assertNever(t);
  }
}
