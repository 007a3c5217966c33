/**
 * The ORC schema a file is written with (ORCv1.md "Type Information"), numbered in pre-order so each type's
 * id is its column id; and the mapping from Spark's types, as Spark's OrcUtils.orcTypeDescription does it
 * (byte -> tinyint, integer -> int, long -> bigint, timestamp and timestamp_ntz -> timestamp, char/varchar
 * keep their length). Union has no Spark type: it is reachable through an OrcSchema given directly.
 */
import { LakesqlError } from '../../../errors/index.js';
import { type DataType, type StructType, sqlTypeName } from '../../../types/data-types.js';
import { type OrcTypeKind, TYPE_KINDS } from '../orc-messages.js';
import { ProtoWriter } from './protobuf-writer.js';

export type OrcSchema =
  | {
      readonly kind: Exclude<
        OrcTypeKind,
        'char' | 'varchar' | 'decimal' | 'array' | 'map' | 'struct' | 'uniontype'
      >;
    }
  | { readonly kind: 'char' | 'varchar'; readonly maximumLength: number }
  | { readonly kind: 'decimal'; readonly precision: number; readonly scale: number }
  | { readonly kind: 'array'; readonly element: OrcSchema }
  | { readonly kind: 'map'; readonly key: OrcSchema; readonly value: OrcSchema }
  | {
      readonly kind: 'struct';
      readonly fields: readonly { readonly name: string; readonly type: OrcSchema }[];
    }
  | { readonly kind: 'uniontype'; readonly variants: readonly OrcSchema[] };

/** A schema node with its column id; `children` follow the ORC subtype order. */
export interface WriteColumn {
  readonly id: number;
  readonly schema: OrcSchema;
  readonly children: readonly WriteColumn[];
  readonly fieldNames: readonly string[];
}

export function orcSchemaOf(t: DataType): OrcSchema {
  switch (t.kind) {
    case 'primitive':
      switch (t.name) {
        case 'boolean':
        case 'float':
        case 'double':
        case 'string':
        case 'binary':
        case 'date':
        case 'timestamp':
          return { kind: t.name };
        case 'byte':
          return { kind: 'tinyint' };
        case 'short':
          return { kind: 'smallint' };
        case 'integer':
          return { kind: 'int' };
        case 'long':
          return { kind: 'bigint' };
        case 'timestamp_ntz':
          return { kind: 'timestamp' };
        case 'void':
        case 'variant':
          return unsupported(t);
        default:
          return t.name satisfies never;
      }
    case 'decimal':
      return { kind: 'decimal', precision: t.precision, scale: t.scale };
    case 'char':
    case 'varchar':
      return { kind: t.kind, maximumLength: t.length };
    case 'array':
      return { kind: 'array', element: orcSchemaOf(t.elementType) };
    case 'map':
      return { kind: 'map', key: orcSchemaOf(t.keyType), value: orcSchemaOf(t.valueType) };
    case 'struct':
      return { kind: 'struct', fields: t.fields.map((f) => ({ name: f.name, type: orcSchemaOf(f.type) })) };
    case 'yearMonthInterval':
    case 'dayTimeInterval':
    case 'calendarInterval':
      return unsupported(t);
    default:
      return t satisfies never;
  }
}

function unsupported(t: DataType): never {
  throw new LakesqlError('UNSUPPORTED_DATA_TYPE_FOR_DATASOURCE', {
    columnName: '`value`',
    columnType: `"${sqlTypeName(t).toUpperCase()}"`,
    format: 'ORC',
  });
}

/** Whether Spark's ORC source can store a type (its OrcFileFormat.supportDataType). */
export function orcSupportsType(t: DataType): boolean {
  try {
    orcSchemaOf(t);
    return true;
  } catch {
    return false;
  }
}

export function orcSchemaOfStruct(schema: StructType): OrcSchema {
  return orcSchemaOf(schema);
}

/** Numbers the tree in pre-order. */
export function numberColumns(schema: OrcSchema): WriteColumn[] {
  const all: WriteColumn[] = [];
  const visit = (s: OrcSchema): WriteColumn => {
    const id = all.length;
    const slot = { id, schema: s, children: [] as WriteColumn[], fieldNames: [] as string[] };
    all.push(slot);
    for (const c of subtypes(s)) slot.children.push(visit(c));
    if (s.kind === 'struct') slot.fieldNames.push(...s.fields.map((f) => f.name));
    return slot;
  };
  visit(schema);
  return all;
}

function subtypes(s: OrcSchema): readonly OrcSchema[] {
  switch (s.kind) {
    case 'array':
      return [s.element];
    case 'map':
      return [s.key, s.value];
    case 'struct':
      return s.fields.map((f) => f.type);
    case 'uniontype':
      return s.variants;
    default:
      return [];
  }
}

/** The footer's Type message (orc_proto.proto Type: kind 1, subtypes 2, fieldNames 3, maximumLength 4, precision 5, scale 6). */
export function encodeType(c: WriteColumn): ProtoWriter {
  const w = new ProtoWriter().uint64(1, TYPE_KINDS.indexOf(c.schema.kind));
  if (c.children.length > 0)
    w.packedUint64(
      2,
      c.children.map((k) => k.id),
    );
  for (const name of c.fieldNames) w.string(3, name);
  const s = c.schema;
  if (s.kind === 'char' || s.kind === 'varchar') w.uint64(4, s.maximumLength);
  if (s.kind === 'decimal') w.uint64(5, s.precision).uint64(6, s.scale);
  return w;
}
