/**
 * Spark / Delta data types, shared by every layer.
 *
 * The names are the Delta protocol's serialized names (PROTOCOL.md, "Schema Serialization Format"):
 * `integer` not `int`, `long` not `bigint`. SQL spellings are the SQL front end's business.
 */

export type PrimitiveTypeName =
  | 'string'
  | 'long'
  | 'integer'
  | 'short'
  | 'byte'
  | 'float'
  | 'double'
  | 'boolean'
  | 'binary'
  | 'date'
  | 'timestamp'
  | 'timestamp_ntz'
  | 'void'
  | 'variant';

export const PRIMITIVE_TYPE_NAMES: ReadonlySet<string> = new Set<PrimitiveTypeName>([
  'string',
  'long',
  'integer',
  'short',
  'byte',
  'float',
  'double',
  'boolean',
  'binary',
  'date',
  'timestamp',
  'timestamp_ntz',
  'void',
  'variant',
]);

export interface PrimitiveType {
  readonly kind: 'primitive';
  readonly name: PrimitiveTypeName;
  /**
   * A string's collation (Spark 4 `STRING COLLATE x`), its normalized name (types/collation.ts); absent for
   * the default UTF8_BINARY, so that every plain string type stays `StringType`.
   */
  readonly collation?: string;
}

export interface DecimalType {
  readonly kind: 'decimal';
  readonly precision: number;
  readonly scale: number;
}

export interface ArrayType {
  readonly kind: 'array';
  readonly elementType: DataType;
  readonly containsNull: boolean;
}

export interface MapType {
  readonly kind: 'map';
  readonly keyType: DataType;
  readonly valueType: DataType;
  readonly valueContainsNull: boolean;
}

export type FieldMetadata = Readonly<Record<string, unknown>>;

export interface StructField {
  readonly name: string;
  readonly type: DataType;
  readonly nullable: boolean;
  readonly metadata: FieldMetadata;
}

export interface StructType {
  readonly kind: 'struct';
  readonly fields: readonly StructField[];
}

/**
 * SQL-only types: Spark computes with them, but a Delta table cannot store them as such (CHAR/VARCHAR are
 * stored as string with the `__CHAR_VARCHAR_TYPE_STRING` field metadata; intervals not at all).
 */
export interface CharType {
  readonly kind: 'char';
  readonly length: number;
}

export interface VarcharType {
  readonly kind: 'varchar';
  readonly length: number;
}

/** Spark's YearMonthIntervalType; fields: 0 = YEAR, 1 = MONTH. */
export interface YearMonthIntervalType {
  readonly kind: 'yearMonthInterval';
  readonly startField: 0 | 1;
  readonly endField: 0 | 1;
}

/** Spark's DayTimeIntervalType; fields: 0 = DAY, 1 = HOUR, 2 = MINUTE, 3 = SECOND. */
export interface DayTimeIntervalType {
  readonly kind: 'dayTimeInterval';
  readonly startField: 0 | 1 | 2 | 3;
  readonly endField: 0 | 1 | 2 | 3;
}

/** Spark's legacy CalendarIntervalType (`interval`): months, days and microseconds. */
export interface CalendarIntervalType {
  readonly kind: 'calendarInterval';
}

export type DataType =
  | PrimitiveType
  | DecimalType
  | ArrayType
  | MapType
  | StructType
  | CharType
  | VarcharType
  | YearMonthIntervalType
  | DayTimeIntervalType
  | CalendarIntervalType;

/** The types a Delta table can store (PROTOCOL.md "Schema Serialization Format"). */
export type DeltaStorableType = Exclude<
  DataType,
  CharType | VarcharType | YearMonthIntervalType | DayTimeIntervalType | CalendarIntervalType
>;

const YM_FIELDS = ['year', 'month'] as const;
const DT_FIELDS = ['day', 'hour', 'minute', 'second'] as const;

const primitiveCache = new Map<PrimitiveTypeName, PrimitiveType>();

export function primitive(name: PrimitiveTypeName): PrimitiveType {
  let t = primitiveCache.get(name);
  if (!t) {
    t = Object.freeze({ kind: 'primitive', name });
    primitiveCache.set(name, t);
  }
  return t;
}

export const StringType = primitive('string');
export const LongType = primitive('long');
export const IntegerType = primitive('integer');
export const ShortType = primitive('short');
export const ByteType = primitive('byte');
export const FloatType = primitive('float');
export const DoubleType = primitive('double');
export const BooleanType = primitive('boolean');
export const BinaryType = primitive('binary');
export const DateType = primitive('date');
export const TimestampType = primitive('timestamp');
export const TimestampNtzType = primitive('timestamp_ntz');

/** `STRING COLLATE name` (a normalized name); UTF8_BINARY is plain StringType. */
export function collatedString(collation: string): PrimitiveType {
  if (collation === 'UTF8_BINARY') return StringType;
  return Object.freeze({ kind: 'primitive', name: 'string', collation });
}

/** The collation of a string type (UTF8_BINARY when none is written); undefined for other types. */
export function stringCollation(t: DataType): string | undefined {
  if (t.kind !== 'primitive' || t.name !== 'string') return undefined;
  return t.collation ?? 'UTF8_BINARY';
}

export function decimal(precision: number, scale: number): DecimalType {
  return { kind: 'decimal', precision, scale };
}

export function arrayOf(elementType: DataType, containsNull = true): ArrayType {
  return { kind: 'array', elementType, containsNull };
}

export function mapOf(keyType: DataType, valueType: DataType, valueContainsNull = true): MapType {
  return { kind: 'map', keyType, valueType, valueContainsNull };
}

export function field(
  name: string,
  type: DataType,
  nullable = true,
  metadata: FieldMetadata = {},
): StructField {
  return { name, type, nullable, metadata };
}

export function struct(fields: readonly StructField[]): StructType {
  return { kind: 'struct', fields };
}

/** Spark's SQL name of a type, as DESCRIBE and error messages print it (`int`, `bigint`, `decimal(10,2)`). */
export function sqlTypeName(t: DataType): string {
  switch (t.kind) {
    case 'primitive':
      switch (t.name) {
        case 'long':
          return 'bigint';
        case 'integer':
          return 'int';
        case 'short':
          return 'smallint';
        case 'byte':
          return 'tinyint';
        case 'string':
          return t.collation ? `string collate ${t.collation}` : 'string';
        default:
          return t.name;
      }
    case 'decimal':
      return `decimal(${t.precision},${t.scale})`;
    case 'array':
      return `array<${sqlTypeName(t.elementType)}>`;
    case 'map':
      return `map<${sqlTypeName(t.keyType)},${sqlTypeName(t.valueType)}>`;
    case 'struct':
      return `struct<${t.fields.map((f) => `${f.name}:${sqlTypeName(f.type)}`).join(',')}>`;
    case 'char':
      return `char(${t.length})`;
    case 'varchar':
      return `varchar(${t.length})`;
    case 'yearMonthInterval':
      return intervalName(YM_FIELDS, t.startField, t.endField);
    case 'dayTimeInterval':
      return intervalName(DT_FIELDS, t.startField, t.endField);
    case 'calendarInterval':
      return 'interval';
    default:
      return assertNever(t);
  }
}

function intervalName(fields: readonly string[], start: number, end: number): string {
  return start === end ? `interval ${fields[start]}` : `interval ${fields[start]} to ${fields[end]}`;
}

export function assertNever(x: never): never {
  throw new Error(`unreachable: ${JSON.stringify(x)}`);
}

export function isPrimitive(t: DataType, name: PrimitiveTypeName): boolean {
  return t.kind === 'primitive' && t.name === name;
}
