/**
 * The oracle's own reading of Delta type JSON (PROTOCOL.md, "Schema Serialization Format"), used for
 * `metaData.schemaString` of golden tables and the `schema` of expected.json. It is deliberately separate
 * from `src/delta/schema.ts`: the expected side must not depend on the code under test.
 */
import {
  arrayOf,
  type DataType,
  decimal,
  field,
  mapOf,
  PRIMITIVE_TYPE_NAMES,
  type PrimitiveTypeName,
  primitive,
  type StructField,
  type StructType,
  struct,
} from '../../types/data-types.js';

export function parseTypeJson(raw: unknown): DataType {
  if (typeof raw === 'string') {
    const dec = /^decimal\((\d+),\s*(\d+)\)$/.exec(raw);
    if (dec) return decimal(Number(dec[1]), Number(dec[2]));
    if (raw === 'decimal') return decimal(10, 0);
    if (PRIMITIVE_TYPE_NAMES.has(raw)) return primitive(raw as PrimitiveTypeName);
    throw new Error(`unsupported Delta type ${JSON.stringify(raw)}`);
  }
  if (typeof raw !== 'object' || raw === null) throw new Error(`not a Delta type: ${JSON.stringify(raw)}`);
  const o = raw as Record<string, unknown>;
  switch (o.type) {
    case 'struct':
      return parseStructJson(o);
    case 'array':
      return arrayOf(parseTypeJson(o.elementType), o.containsNull !== false);
    case 'map':
      return mapOf(parseTypeJson(o.keyType), parseTypeJson(o.valueType), o.valueContainsNull !== false);
    default:
      throw new Error(`unsupported Delta type ${JSON.stringify(o.type)}`);
  }
}

export function parseStructJson(raw: unknown): StructType {
  const o = raw as { fields?: unknown };
  if (!Array.isArray(o.fields)) throw new Error('a struct type needs a fields array');
  return struct(o.fields.map(parseFieldJson));
}

/** A field as `{name, type, nullable}`; metadata is ignored (the comparison ignores it, README format 1). */
export function parseFieldJson(raw: unknown): StructField {
  const o = raw as { name?: unknown; type?: unknown; nullable?: unknown };
  if (typeof o.name !== 'string') throw new Error('a struct field needs a name');
  return field(o.name, parseTypeJson(o.type), o.nullable !== false);
}
