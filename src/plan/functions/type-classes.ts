/**
 * The abstract input types Spark's functions declare (ExpectsInputTypes: NumericType, IntegralType,
 * TypeCollection(StringType, BinaryType), …) and the implicit casts ANSI coercion allows into them
 * (AnsiTypeCoercion.implicitCast): NULL into anything, any atomic value into STRING, STRING into any atomic
 * type (the cast raises CAST_INVALID_INPUT at run time), and numeric widening.
 */
import {
  BinaryType,
  BooleanType,
  type DataType,
  DateType,
  DoubleType,
  IntegerType,
  LongType,
  StringType,
  TimestampType,
} from '../../types/data-types.js';

export type InputClass =
  | 'string'
  | 'binary'
  | 'boolean'
  | 'int'
  | 'long'
  | 'double'
  | 'date'
  | 'timestamp'
  | 'numeric'
  | 'integral'
  | 'stringOrBinary'
  | 'array'
  | 'map'
  | 'any';

/** The `requiredType` parameter Spark prints for each class. */
export const REQUIRED_TYPE_TEXT: Readonly<Record<InputClass, string>> = {
  string: '"STRING"',
  binary: '"BINARY"',
  boolean: '"BOOLEAN"',
  int: '"INT"',
  long: '"BIGINT"',
  double: '"DOUBLE"',
  date: '"DATE"',
  timestamp: '"TIMESTAMP"',
  numeric: '"NUMERIC"',
  integral: '"INTEGRAL"',
  stringOrBinary: '("STRING" or "BINARY")',
  array: '"ARRAY"',
  map: '"MAP"',
  any: '"ANY"',
};

const INTEGRAL = new Set(['byte', 'short', 'integer', 'long']);
const FRACTIONAL = new Set(['float', 'double']);

export function isVoid(t: DataType): boolean {
  return t.kind === 'primitive' && t.name === 'void';
}
export function isStringLike(t: DataType): boolean {
  return (t.kind === 'primitive' && t.name === 'string') || t.kind === 'char' || t.kind === 'varchar';
}
export function isIntegral(t: DataType): boolean {
  return t.kind === 'primitive' && INTEGRAL.has(t.name);
}
export function isNumeric(t: DataType): boolean {
  return t.kind === 'decimal' || (t.kind === 'primitive' && (INTEGRAL.has(t.name) || FRACTIONAL.has(t.name)));
}
export function isFractional(t: DataType): boolean {
  return t.kind === 'primitive' && FRACTIONAL.has(t.name);
}
export function isAtomic(t: DataType): boolean {
  return t.kind !== 'array' && t.kind !== 'map' && t.kind !== 'struct';
}
export function isPrimitiveNamed(t: DataType, name: string): boolean {
  return t.kind === 'primitive' && t.name === name;
}

const INTEGRAL_RANK: Readonly<Record<string, number>> = { byte: 1, short: 2, integer: 3, long: 4 };

/** The type an argument of type `t` is cast to for `cls`, or undefined when Spark refuses the call. */
export function implicitCast(t: DataType, cls: InputClass): DataType | undefined {
  if (cls === 'any') return isVoid(t) ? StringType : t;
  const fromString = isStringLike(t);
  switch (cls) {
    case 'string':
      return isVoid(t) || (isAtomic(t) && !isVoid(t)) ? StringType : undefined;
    case 'binary':
      return isVoid(t) || fromString || isPrimitiveNamed(t, 'binary') ? BinaryType : undefined;
    case 'boolean':
      return isVoid(t) || fromString || isPrimitiveNamed(t, 'boolean') ? BooleanType : undefined;
    case 'int':
      return isVoid(t) ||
        fromString ||
        (isIntegral(t) && (INTEGRAL_RANK[(t as { name: string }).name] ?? 9) <= 3)
        ? IntegerType
        : undefined;
    case 'long':
      // Any numeric value casts to a BIGINT parameter (bin(25.5), width_bucket's count): ANSI's implicitCast
      // allows what Cast.canANSIStoreAssign allows, numeric to numeric, and legacy coercion does the same.
      return isVoid(t) || fromString || isNumeric(t) ? LongType : undefined;
    case 'double':
      return isVoid(t) || fromString || isNumeric(t) ? DoubleType : undefined;
    case 'date':
      return isVoid(t) || fromString || isPrimitiveNamed(t, 'date') || isTimestampLike(t)
        ? DateType
        : undefined;
    case 'timestamp':
      if (isPrimitiveNamed(t, 'timestamp_ntz')) return t;
      return isVoid(t) || fromString || isPrimitiveNamed(t, 'date') || isPrimitiveNamed(t, 'timestamp')
        ? TimestampType
        : undefined;
    case 'numeric':
      if (isNumeric(t)) return t;
      return isVoid(t) || fromString ? DoubleType : undefined;
    case 'integral':
      if (isIntegral(t)) return t;
      return isVoid(t) || fromString ? LongType : undefined;
    case 'stringOrBinary':
      if (isPrimitiveNamed(t, 'binary')) return t;
      return isVoid(t) || isAtomic(t) ? StringType : undefined;
    case 'array':
      return t.kind === 'array' ? t : undefined;
    case 'map':
      return t.kind === 'map' ? t : undefined;
    default:
      return cls satisfies never;
  }
}

export function isTimestampLike(t: DataType): boolean {
  return isPrimitiveNamed(t, 'timestamp') || isPrimitiveNamed(t, 'timestamp_ntz');
}
