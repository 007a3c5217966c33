/**
 * The table schema as the log stores it: `metaData.schemaString`, Spark's JSON schema representation
 * (PROTOCOL.md, "Schema Serialization Format").
 *
 * `serializeSchema` writes keys in exactly Spark's order (struct: type, fields; field: name, type, nullable,
 * metadata; array: type, elementType, containsNull; map: type, keyType, valueType, valueContainsNull), so a
 * schemaString written by Spark survives parse + serialize byte for byte. Field metadata keeps its key order.
 */
import { LakesqlError } from '../errors/index.js';
import { fieldWithCollations, metadataWithCollations } from '../types/collation-metadata.js';
import {
  assertNever,
  type DataType,
  type FieldMetadata,
  PRIMITIVE_TYPE_NAMES,
  type PrimitiveTypeName,
  primitive,
  type StructField,
  type StructType,
} from '../types/data-types.js';
import { parseJsonLossless } from './lossless-json.js';

/** Parses a schemaString. Anything that is not a valid Delta schema raises DELTA_INVALID_SCHEMA. */
export function parseSchemaString(json: string): StructType {
  let raw: unknown;
  try {
    raw = parseJsonLossless(json, metadataNumber);
  } catch (e) {
    throw invalid(`schemaString is not JSON (${(e as Error).message})`, e);
  }
  const t = parseDataType(raw, 'schema');
  if (t.kind !== 'struct') throw invalid(`the top-level type must be a struct, found ${describe(raw)}`);
  return t;
}

export function serializeSchema(s: StructType): string {
  return serializeDataType(s);
}

/** Parses one type in its JSON form: a primitive's name, `decimal(p,s)`, or an array/map/struct object. */
export function parseDataType(raw: unknown, where = 'type'): DataType {
  if (typeof raw === 'string') return parsePrimitiveName(raw, where);
  if (!isObject(raw)) throw invalid(`${where}: expected a type name or object, found ${describe(raw)}`);
  switch (raw.type) {
    case 'struct': {
      if (!Array.isArray(raw.fields)) throw invalid(`${where}: a struct needs a "fields" array`);
      return { kind: 'struct', fields: raw.fields.map((f, i) => parseField(f, `${where}.fields[${i}]`)) };
    }
    case 'array':
      return {
        kind: 'array',
        elementType: parseDataType(raw.elementType, `${where}.elementType`),
        containsNull: requireBoolean(raw.containsNull, `${where}.containsNull`),
      };
    case 'map':
      return {
        kind: 'map',
        keyType: parseDataType(raw.keyType, `${where}.keyType`),
        valueType: parseDataType(raw.valueType, `${where}.valueType`),
        valueContainsNull: requireBoolean(raw.valueContainsNull, `${where}.valueContainsNull`),
      };
    default:
      // PROTOCOL.md "Variant Type" allows {"type":"variant"} as an object too.
      if (typeof raw.type === 'string' && Object.keys(raw).length === 1)
        return parsePrimitiveName(raw.type, where);
      throw invalid(`${where}: unknown type ${describe(raw)}`);
  }
}

const DECIMAL = /^decimal\(\s*(\d+)\s*,\s*(-?\d+)\s*\)$/;

function parsePrimitiveName(name: string, where: string): DataType {
  if (PRIMITIVE_TYPE_NAMES.has(name)) return primitive(name as PrimitiveTypeName);
  // Spark's DataType.fromJson accepts a bare `decimal` as the system default decimal(10,0).
  if (name === 'decimal') return { kind: 'decimal', precision: 10, scale: 0 };
  const m = DECIMAL.exec(name);
  if (m) {
    const precision = Number(m[1]);
    const scale = Number(m[2]);
    if (precision < 1 || precision > 38 || scale < 0 || scale > precision) {
      throw invalid(
        `${where}: decimal precision and scale out of range in "${name}" (precision 1..38, 0 <= scale <= precision)`,
      );
    }
    return { kind: 'decimal', precision, scale };
  }
  throw invalid(`${where}: unknown type "${name}"`);
}

function parseField(raw: unknown, where: string): StructField {
  if (!isObject(raw)) throw invalid(`${where}: a struct field must be an object, found ${describe(raw)}`);
  if (typeof raw.name !== 'string') throw invalid(`${where}: a struct field needs a string "name"`);
  const metadata = raw.metadata === undefined || raw.metadata === null ? {} : raw.metadata;
  if (!isObject(metadata)) throw invalid(`${where}: field metadata must be an object`);
  return fieldWithCollations({
    name: raw.name,
    type: parseDataType(raw.type, `${where} (${raw.name})`),
    // Spark's reader treats a missing `nullable` as true.
    nullable: raw.nullable === undefined ? true : requireBoolean(raw.nullable, `${where}.nullable`),
    metadata: metadata as FieldMetadata,
  });
}

export function serializeDataType(t: DataType): string {
  switch (t.kind) {
    case 'primitive':
      // A collated string is `"string"` with `__COLLATIONS` field metadata (types/collation-metadata.ts).
      return JSON.stringify(t.name);
    case 'decimal':
      return `"decimal(${t.precision},${t.scale})"`;
    case 'array':
      return `{"type":"array","elementType":${serializeDataType(t.elementType)},"containsNull":${t.containsNull}}`;
    case 'map':
      return (
        `{"type":"map","keyType":${serializeDataType(t.keyType)},"valueType":${serializeDataType(t.valueType)},` +
        `"valueContainsNull":${t.valueContainsNull}}`
      );
    case 'struct':
      return `{"type":"struct","fields":[${t.fields.map(serializeField).join(',')}]}`;
    case 'char':
    case 'varchar':
    case 'yearMonthInterval':
    case 'dayTimeInterval':
    case 'calendarInterval':
      throw new LakesqlError('DELTA_INVALID_SCHEMA', {
        reason: `type ${t.kind} cannot be stored in a Delta table`,
      });
    default:
      return assertNever(t);
  }
}

function serializeField(f: StructField): string {
  return (
    `{"name":${JSON.stringify(f.name)},"type":${serializeDataType(f.type)},"nullable":${f.nullable},` +
    `"metadata":${serializeMetadataValue(metadataWithCollations(f))}}`
  );
}

/** Metadata values: strings, numbers (bigint for integers beyond 2^53), booleans, null, arrays, objects. */
function serializeMetadataValue(v: unknown): string {
  if (typeof v === 'bigint') return v.toString();
  if (Array.isArray(v)) return `[${v.map(serializeMetadataValue).join(',')}]`;
  if (isObject(v)) {
    return `{${Object.entries(v)
      .map(([k, x]) => `${JSON.stringify(k)}:${serializeMetadataValue(x)}`)
      .join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}

/**
 * Finds a (possibly nested) field by its path of names through structs. Spark resolves column names
 * case-insensitively by default (spark.sql.caseSensitive=false); the protocol forbids names that differ
 * only in case, so the first match is the only one.
 */
export function findField(
  schema: StructType,
  path: readonly string[],
  caseSensitive = false,
): StructField | undefined {
  let current: StructType = schema;
  let found: StructField | undefined;
  for (let i = 0; i < path.length; i++) {
    const name = path[i]!;
    found = caseSensitive
      ? current.fields.find((f) => f.name === name)
      : current.fields.find((f) => f.name.toLowerCase() === name.toLowerCase());
    if (!found) return undefined;
    if (i < path.length - 1) {
      if (found.type.kind !== 'struct') return undefined;
      current = found.type;
    }
  }
  return found;
}

/** The top-level column names, in schema order. */
export function fieldNames(schema: StructType): string[] {
  return schema.fields.map((f) => f.name);
}

/** Every leaf (non-struct) column as its path of names, depth first in schema order. */
export function leafPaths(schema: StructType): string[][] {
  const out: string[][] = [];
  const walk = (s: StructType, prefix: string[]): void => {
    for (const f of s.fields) {
      if (f.type.kind === 'struct') walk(f.type, [...prefix, f.name]);
      else out.push([...prefix, f.name]);
    }
  };
  walk(schema, []);
  return out;
}

// Metadata numbers: a long beyond 2^53 (delta.identity.highWaterMark can be one) stays exact as a bigint.
function metadataNumber(source: string): number | bigint {
  if (/^-?\d+$/.test(source)) {
    const n = Number(source);
    return Number.isSafeInteger(n) ? n : BigInt(source);
  }
  return Number(source);
}

function requireBoolean(v: unknown, where: string): boolean {
  if (typeof v !== 'boolean') throw invalid(`${where} must be true or false, found ${describe(v)}`);
  return v;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function describe(v: unknown): string {
  const s = JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? x.toString() : x)) ?? String(v);
  return s.length > 120 ? `${s.slice(0, 117)}...` : s;
}

function invalid(reason: string, cause?: unknown): LakesqlError {
  return new LakesqlError('DELTA_INVALID_SCHEMA', { reason }, cause === undefined ? undefined : { cause });
}
