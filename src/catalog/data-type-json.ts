/**
 * DataType <-> JSON for catalog entries. The Delta-storable types use Delta's schema JSON (PROTOCOL.md
 * "Schema Serialization Format", the same shape Spark's `DataType.json` gives), so a cached Delta schema
 * reads like the log's. A view's or a CSV table's schema may also hold the SQL-only types, which Delta's
 * serializer refuses: they take Spark's own JSON names (`char(3)`, `varchar(10)`, `interval year to month`,
 * `interval day to second`, `interval`).
 */
import { parseDataType } from '../delta/schema.js';
import { fieldWithCollations, metadataWithCollations } from '../types/collation-metadata.js';
import {
  assertNever,
  type DataType,
  type FieldMetadata,
  type StructField,
  type StructType,
} from '../types/data-types.js';

export type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

const YM = ['year', 'month'] as const;
const DT = ['day', 'hour', 'minute', 'second'] as const;

export function dataTypeToJson(t: DataType): Json {
  switch (t.kind) {
    case 'primitive':
      // A collated string is `"string"` with the field's `__COLLATIONS` metadata (Spark's JSON).
      return t.name;
    case 'decimal':
      return `decimal(${t.precision},${t.scale})`;
    case 'array':
      return { type: 'array', elementType: dataTypeToJson(t.elementType), containsNull: t.containsNull };
    case 'map':
      return {
        type: 'map',
        keyType: dataTypeToJson(t.keyType),
        valueType: dataTypeToJson(t.valueType),
        valueContainsNull: t.valueContainsNull,
      };
    case 'struct':
      return { type: 'struct', fields: t.fields.map(fieldToJson) };
    case 'char':
      return `char(${t.length})`;
    case 'varchar':
      return `varchar(${t.length})`;
    case 'yearMonthInterval':
      return intervalName(YM, t.startField, t.endField);
    case 'dayTimeInterval':
      return intervalName(DT, t.startField, t.endField);
    case 'calendarInterval':
      return 'interval';
    default:
      return assertNever(t);
  }
}

function fieldToJson(f: StructField): Json {
  return {
    name: f.name,
    type: dataTypeToJson(f.type),
    nullable: f.nullable,
    metadata: metadataWithCollations(f) as Json,
  };
}

function intervalName(names: readonly string[], start: number, end: number): string {
  return start === end ? `interval ${names[start]}` : `interval ${names[start]} to ${names[end]}`;
}

/** Parses what dataTypeToJson wrote. A malformed entry is a corrupt catalog: a plain Error naming `where`. */
export function dataTypeFromJson(raw: unknown, where: string): DataType {
  if (typeof raw === 'string') return sqlOnlyType(raw) ?? parseDataType(raw, where);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new Error(`${where}: expected a data type, found ${JSON.stringify(raw)}`);
  }
  const o = raw as Record<string, unknown>;
  switch (o.type) {
    case 'array':
      return {
        kind: 'array',
        elementType: dataTypeFromJson(o.elementType, `${where}.elementType`),
        containsNull: o.containsNull !== false,
      };
    case 'map':
      return {
        kind: 'map',
        keyType: dataTypeFromJson(o.keyType, `${where}.keyType`),
        valueType: dataTypeFromJson(o.valueType, `${where}.valueType`),
        valueContainsNull: o.valueContainsNull !== false,
      };
    case 'struct':
      return structFromJson(raw, where);
    default:
      return parseDataType(raw, where);
  }
}

export function structFromJson(raw: unknown, where: string): StructType {
  const o = raw as { type?: unknown; fields?: unknown } | null;
  if (o === null || typeof o !== 'object' || o.type !== 'struct' || !Array.isArray(o.fields)) {
    throw new Error(`${where}: expected a struct type`);
  }
  return {
    kind: 'struct',
    fields: o.fields.map((f: unknown, i) => {
      const fo = f as { name?: unknown; type?: unknown; nullable?: unknown; metadata?: unknown };
      if (typeof fo?.name !== 'string') throw new Error(`${where}.fields[${i}]: a field needs a name`);
      return fieldWithCollations({
        name: fo.name,
        type: dataTypeFromJson(fo.type, `${where}.fields[${i}]`),
        nullable: fo.nullable !== false,
        metadata: (fo.metadata ?? {}) as FieldMetadata,
      });
    }),
  };
}

function sqlOnlyType(name: string): DataType | undefined {
  const sized = /^(char|varchar)\((\d+)\)$/.exec(name);
  if (sized) return { kind: sized[1] as 'char' | 'varchar', length: Number(sized[2]) };
  if (name === 'interval') return { kind: 'calendarInterval' };
  const iv = /^interval (\w+)(?: to (\w+))?$/.exec(name);
  if (!iv) return undefined;
  const start = iv[1]!;
  const end = iv[2] ?? start;
  const ys = YM.indexOf(start as (typeof YM)[number]);
  const ye = YM.indexOf(end as (typeof YM)[number]);
  if (ys >= 0 && ye >= 0)
    return { kind: 'yearMonthInterval', startField: ys as 0 | 1, endField: ye as 0 | 1 };
  const ds = DT.indexOf(start as (typeof DT)[number]);
  const de = DT.indexOf(end as (typeof DT)[number]);
  if (ds >= 0 && de >= 0) {
    return { kind: 'dayTimeInterval', startField: ds as 0 | 1 | 2 | 3, endField: de as 0 | 1 | 2 | 3 };
  }
  return undefined;
}
