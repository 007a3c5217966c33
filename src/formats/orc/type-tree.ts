/**
 * The footer's flat type list as a tree (ORCv1.md "Type Information"): types are numbered in pre-order and
 * each type's id is its column id, so a subtree owns the contiguous ids `id..maxId`. Also maps ORC types to
 * Spark's, as Spark's OrcUtils.toCatalystType does.
 */
import {
  arrayOf,
  BinaryType,
  BooleanType,
  ByteType,
  type DataType,
  DateType,
  DoubleType,
  decimal,
  FloatType,
  field,
  IntegerType,
  LongType,
  mapOf,
  ShortType,
  StringType,
  type StructType,
  struct,
  TimestampType,
} from '../../types/data-types.js';
import { orcCheck } from './orc-error.js';
import { type OrcTypeKind, type ProtoType, TYPE_KINDS } from './orc-messages.js';

export interface OrcType {
  readonly id: number;
  /** The highest column id in this subtree. */
  readonly maxId: number;
  readonly kind: OrcTypeKind;
  readonly children: readonly OrcType[];
  /** Struct field names, one per child. */
  readonly fieldNames: readonly string[];
  readonly maximumLength: number | undefined;
  readonly precision: number | undefined;
  readonly scale: number | undefined;
}

/** Builds the tree rooted at column 0; fails on out-of-order or cyclic subtype ids. */
export function buildTypeTree(types: readonly ProtoType[], fileName: string): OrcType {
  const build = (id: number, depth: number): OrcType => {
    const t = types[id];
    orcCheck(
      t !== undefined,
      () => `ORC: ${fileName}: type ${id} is missing (the footer has ${types.length})`,
    );
    orcCheck(depth < 200, () => `ORC: ${fileName}: types nest deeper than 200`);
    const kind = TYPE_KINDS[t.kind];
    orcCheck(kind !== undefined, () => `ORC: ${fileName}: type ${id} has unknown kind ${t.kind}`);
    const children: OrcType[] = [];
    let maxId = id;
    for (const sub of t.subtypes) {
      orcCheck(
        sub === maxId + 1,
        () => `ORC: ${fileName}: type ${id} has subtype ${sub}, expected ${maxId + 1}`,
      );
      const child = build(sub, depth + 1);
      children.push(child);
      maxId = child.maxId;
    }
    checkArity(kind, children.length, id, fileName);
    const fieldNames = kind === 'struct' ? t.fieldNames : [];
    orcCheck(
      fieldNames.length === (kind === 'struct' ? children.length : 0),
      () =>
        `ORC: ${fileName}: struct type ${id} has ${children.length} children but ${fieldNames.length} names`,
    );
    return {
      id,
      maxId,
      kind,
      children,
      fieldNames,
      maximumLength: t.maximumLength,
      precision: t.precision,
      scale: t.scale,
    };
  };
  return build(0, 0);
}

function checkArity(kind: OrcTypeKind, n: number, id: number, fileName: string): void {
  const expected =
    kind === 'array' ? 1 : kind === 'map' ? 2 : kind === 'struct' || kind === 'uniontype' ? -1 : 0;
  orcCheck(
    expected === -1 || n === expected,
    () => `ORC: ${fileName}: ${kind} type ${id} has ${n} subtypes, expected ${expected}`,
  );
}

/**
 * A decimal without precision (Hive 0.11's unbounded decimal) takes the Java TypeDescription defaults,
 * decimal(38,10), as Spark sees it.
 */
export const HIVE11_DECIMAL_PRECISION = 38;
export const DEFAULT_DECIMAL_SCALE = 10;

export function decimalShape(t: OrcType, hive11Scale: number): { precision: number; scale: number } {
  if (t.precision === undefined || t.precision === 0)
    return { precision: HIVE11_DECIMAL_PRECISION, scale: hive11Scale };
  return { precision: t.precision, scale: t.scale ?? 0 };
}

/** Spark's type for an ORC type (sql/core OrcUtils / OrcDeserializer). */
export function sparkType(t: OrcType, hive11Scale = DEFAULT_DECIMAL_SCALE): DataType {
  switch (t.kind) {
    case 'boolean':
      return BooleanType;
    case 'tinyint':
      return ByteType;
    case 'smallint':
      return ShortType;
    case 'int':
      return IntegerType;
    case 'bigint':
      return LongType;
    case 'float':
      return FloatType;
    case 'double':
      return DoubleType;
    case 'string':
    case 'char':
    case 'varchar':
      // Spark reads CHAR/VARCHAR data as string (CharVarcharUtils replaces them in read schemas).
      return StringType;
    case 'binary':
      return BinaryType;
    case 'timestamp':
    case 'timestamp with local time zone':
      return TimestampType;
    case 'date':
      return DateType;
    case 'decimal': {
      const d = decimalShape(t, hive11Scale);
      return decimal(d.precision, d.scale);
    }
    case 'array':
      return arrayOf(sparkType(t.children[0]!, hive11Scale));
    case 'map':
      return mapOf(sparkType(t.children[0]!, hive11Scale), sparkType(t.children[1]!, hive11Scale));
    case 'struct':
      return struct(t.children.map((c, i) => field(t.fieldNames[i]!, sparkType(c, hive11Scale))));
    case 'uniontype':
      return unionStruct(t, hive11Scale);
    default:
      return t.kind satisfies never;
  }
}

/** A union reads as struct<tag: tinyint, field0: …, field1: …> (one field per variant). */
export function unionStruct(t: OrcType, hive11Scale = DEFAULT_DECIMAL_SCALE): StructType {
  return struct([
    field('tag', ByteType),
    ...t.children.map((c, i) => field(`field${i}`, sparkType(c, hive11Scale))),
  ]);
}

/** The file's schema: the root struct's fields, or a single `value` column for a non-struct root. */
export function sparkSchema(root: OrcType, hive11Scale = DEFAULT_DECIMAL_SCALE): StructType {
  if (root.kind === 'struct') return sparkType(root, hive11Scale) as StructType;
  return struct([field('value', sparkType(root, hive11Scale))]);
}
