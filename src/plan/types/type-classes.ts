/**
 * Spark's abstract type classes (NumericType, IntegralType, FractionalType, DatetimeType, AtomicType …) as
 * predicates over lakesql's DataType, plus the few constants the coercion rules share.
 * Spark: sql/api/src/main/scala/org/apache/spark/sql/types/*.scala.
 */
import {
  ByteType,
  type DataType,
  type DecimalType,
  DoubleType,
  decimal,
  FloatType,
  IntegerType,
  LongType,
  primitive,
  ShortType,
} from '../../types/data-types.js';

/** Spark's NullType (simpleString `void`): the type of an untyped NULL literal. */
export const NullType = primitive('void');

export const MAX_PRECISION = 38;
export const MAX_SCALE = 38;
/** DecimalType.MINIMUM_ADJUSTED_SCALE: the scale a lossy decimal result keeps at least. */
export const MINIMUM_ADJUSTED_SCALE = 6;

/** TypeCoercion.numericPrecedence: the widening order of the non-decimal numeric types. */
export const NUMERIC_PRECEDENCE: readonly DataType[] = [
  ByteType,
  ShortType,
  IntegerType,
  LongType,
  FloatType,
  DoubleType,
];

const nameOf = (t: DataType): string | undefined => (t.kind === 'primitive' ? t.name : undefined);

export function isNull(t: DataType): boolean {
  return nameOf(t) === 'void';
}

export function isIntegral(t: DataType): boolean {
  const n = nameOf(t);
  return n === 'byte' || n === 'short' || n === 'integer' || n === 'long';
}

/** Float or double (Spark's FractionalType also holds decimal: see isFractionalOrDecimal). */
export function isFloating(t: DataType): boolean {
  const n = nameOf(t);
  return n === 'float' || n === 'double';
}

export function isFractionalOrDecimal(t: DataType): boolean {
  return isFloating(t) || t.kind === 'decimal';
}

export function isNumeric(t: DataType): boolean {
  return isIntegral(t) || isFloating(t) || t.kind === 'decimal';
}

/** StringType, and CHAR/VARCHAR which Spark reads as string in expressions. */
export function isStringLike(t: DataType): boolean {
  return nameOf(t) === 'string' || t.kind === 'char' || t.kind === 'varchar';
}

export function isDatetime(t: DataType): boolean {
  const n = nameOf(t);
  return n === 'date' || n === 'timestamp' || n === 'timestamp_ntz';
}

export function isAnsiInterval(t: DataType): boolean {
  return t.kind === 'yearMonthInterval' || t.kind === 'dayTimeInterval';
}

export function isInterval(t: DataType): boolean {
  return isAnsiInterval(t) || t.kind === 'calendarInterval';
}

/** Spark's AtomicType: every non-complex type except NullType and the calendar interval. */
export function isAtomic(t: DataType): boolean {
  if (t.kind === 'array' || t.kind === 'map' || t.kind === 'struct' || t.kind === 'calendarInterval') {
    return false;
  }
  return !isNull(t) && nameOf(t) !== 'variant';
}

export function isComplex(t: DataType): boolean {
  return t.kind === 'array' || t.kind === 'map' || t.kind === 'struct';
}

/** DecimalType.forType: the decimal that holds every value of an integral or floating type exactly. */
export function decimalForType(t: DataType): DecimalType | undefined {
  switch (nameOf(t)) {
    case 'byte':
      return decimal(3, 0);
    case 'short':
      return decimal(5, 0);
    case 'integer':
      return decimal(10, 0);
    case 'long':
      return decimal(20, 0);
    case 'float':
      return decimal(14, 7);
    case 'double':
      return decimal(30, 15);
    default:
      return t.kind === 'decimal' ? t : undefined;
  }
}

/** DecimalType.fromLiteral: the tightest decimal for an integral literal's value (literalPickMinimumPrecision). */
export function decimalForLiteral(value: bigint): DecimalType {
  const digits = (value < 0n ? -value : value).toString().length;
  return decimal(Math.max(digits, 1), 0);
}

/** Structural type equality ignoring nullability (Spark's `sameType`). */
export function sameType(a: DataType, b: DataType): boolean {
  return sqlKey(a) === sqlKey(b);
}

function sqlKey(t: DataType): string {
  switch (t.kind) {
    case 'primitive':
      return t.collation ? `${t.name} collate ${t.collation}` : t.name;
    case 'decimal':
      return `decimal(${t.precision},${t.scale})`;
    case 'array':
      return `array<${sqlKey(t.elementType)}>`;
    case 'map':
      return `map<${sqlKey(t.keyType)},${sqlKey(t.valueType)}>`;
    case 'struct':
      return `struct<${t.fields.map((f) => `${f.name}:${sqlKey(f.type)}`).join(',')}>`;
    case 'char':
      return `char(${t.length})`;
    case 'varchar':
      return `varchar(${t.length})`;
    case 'yearMonthInterval':
      return `ym(${t.startField},${t.endField})`;
    case 'dayTimeInterval':
      return `dt(${t.startField},${t.endField})`;
    case 'calendarInterval':
      return 'interval';
  }
}

/** Exact equality including nullability flags (Spark's `==` on DataType). */
export function typesEqual(a: DataType, b: DataType): boolean {
  return JSON.stringify(strip(a)) === JSON.stringify(strip(b));
}

function strip(t: DataType): unknown {
  switch (t.kind) {
    case 'array':
      return ['a', strip(t.elementType), t.containsNull];
    case 'map':
      return ['m', strip(t.keyType), strip(t.valueType), t.valueContainsNull];
    case 'struct':
      return ['s', t.fields.map((f) => [f.name, strip(f.type), f.nullable])];
    default:
      return sqlKey(t);
  }
}

/** True when a VARIANT is anywhere in `t`: Spark neither compares, orders nor groups by one. */
export function containsVariant(t: DataType): boolean {
  if (t.kind === 'array') return containsVariant(t.elementType);
  if (t.kind === 'map') return containsVariant(t.keyType) || containsVariant(t.valueType);
  if (t.kind === 'struct') return t.fields.some((f) => containsVariant(f.type));
  return t.kind === 'primitive' && t.name === 'variant';
}
