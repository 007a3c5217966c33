/**
 * Spark's common-type rules, in both of its coercion systems:
 * - ANSI (spark.sql.ansi.enabled=true, the default): AnsiTypeCoercion.scala, with the string promotion of
 *   AnsiStringPromotionTypeCoercion.findWiderTypeForString (string meets integral -> bigint, fractional or
 *   decimal -> double, any other atomic type -> that type).
 * - legacy: TypeCoercion.scala (string meets an atomic type other than binary/boolean/ANSI interval -> string;
 *   integral and float -> float).
 * The shared parts (decimal widening, datetime widening, complex types) are TypeCoercionHelper's.
 */
import {
  arrayOf,
  type DataType,
  DoubleType,
  field,
  LongType,
  mapOf,
  StringType,
  type StructField,
  struct,
  TimestampNtzType,
  TimestampType,
} from '../../types/data-types.js';
import { isWiderThan, widerDecimalType } from './decimal-precision.js';
import {
  decimalForType,
  isAnsiInterval,
  isAtomic,
  isDatetime,
  isFloating,
  isFractionalOrDecimal,
  isIntegral,
  isNull,
  isNumeric,
  isStringLike,
  NUMERIC_PRECEDENCE,
  NullType,
  sameType,
} from './type-classes.js';

export interface CoercionMode {
  /** spark.sql.ansi.enabled */
  readonly ansi: boolean;
}

/** CHAR/VARCHAR take part in expressions as plain strings (Spark replaces them before coercion). */
export function asExpressionType(t: DataType): DataType {
  if (t.kind === 'char' || t.kind === 'varchar') return StringType;
  if (t.kind === 'array') return arrayOf(asExpressionType(t.elementType), t.containsNull);
  if (t.kind === 'map')
    return mapOf(asExpressionType(t.keyType), asExpressionType(t.valueType), t.valueContainsNull);
  if (t.kind === 'struct') {
    return struct(t.fields.map((f) => ({ ...f, type: asExpressionType(f.type) })));
  }
  return t;
}

/**
 * findTightestCommonType: a common type reachable without losing anything (no string promotion, no
 * decimal widening beyond an integral that already fits).
 */
export function findTightestCommonType(a: DataType, b: DataType, mode: CoercionMode): DataType | undefined {
  const t1 = asExpressionType(a);
  const t2 = asExpressionType(b);
  if (sameType(t1, t2)) return mergeNullability(t1, t2) ?? t1;
  if (isNull(t1)) return t2;
  if (isNull(t2)) return t1;
  if (isIntegral(t1) && t2.kind === 'decimal' && isWiderThan(t2, t1)) return t2;
  if (t1.kind === 'decimal' && isIntegral(t2) && isWiderThan(t1, t2)) return t1;
  if (isNumeric(t1) && isNumeric(t2) && t1.kind !== 'decimal' && t2.kind !== 'decimal') {
    const index = Math.max(precedence(t1), precedence(t2));
    const wider = NUMERIC_PRECEDENCE[index]!;
    // AnsiTypeCoercion: integral and float meet at double, so that the integral keeps its precision.
    if (
      mode.ansi &&
      wider.kind === 'primitive' &&
      wider.name === 'float' &&
      !(isFloating(t1) && isFloating(t2))
    ) {
      return DoubleType;
    }
    return wider;
  }
  if (isDatetime(t1) && isDatetime(t2)) return widerDateTimeType(t1, t2);
  if (t1.kind === 'dayTimeInterval' && t2.kind === 'dayTimeInterval') {
    return {
      kind: 'dayTimeInterval',
      startField: Math.min(t1.startField, t2.startField) as 0 | 1 | 2 | 3,
      endField: Math.max(t1.endField, t2.endField) as 0 | 1 | 2 | 3,
    };
  }
  if (t1.kind === 'yearMonthInterval' && t2.kind === 'yearMonthInterval') {
    return {
      kind: 'yearMonthInterval',
      startField: Math.min(t1.startField, t2.startField) as 0 | 1,
      endField: Math.max(t1.endField, t2.endField) as 0 | 1,
    };
  }
  return findTypeForComplex(t1, t2, (x, y) => findTightestCommonType(x, y, mode));
}

/** findWiderTypeForTwo: tightest, else decimal widening, else string promotion, else complex types. */
export function findWiderTypeForTwo(a: DataType, b: DataType, mode: CoercionMode): DataType | undefined {
  const t1 = asExpressionType(a);
  const t2 = asExpressionType(b);
  return (
    findTightestCommonType(t1, t2, mode) ??
    findWiderTypeForDecimal(t1, t2) ??
    (mode.ansi ? ansiStringPromotion(t1, t2) : legacyStringPromotion(t1, t2)) ??
    findTypeForComplex(t1, t2, (x, y) => findWiderTypeForTwo(x, y, mode))
  );
}

/**
 * findWiderCommonType over many types (CASE, COALESCE, IN, UNION, array(), map()). The legacy rules fold
 * string-bearing types first because findWiderTypeForTwo is not associative with string promotion
 * (TypeCoercion.findWiderCommonType); ANSI folds in order.
 */
export function findWiderCommonType(types: readonly DataType[], mode: CoercionMode): DataType | undefined {
  const ordered = mode.ansi
    ? types
    : [...dedupe(types.filter(hasStringType)), ...types.filter((t) => !hasStringType(t))];
  let acc: DataType | undefined = NullType;
  for (const t of ordered) {
    if (acc === undefined) return undefined;
    acc = findWiderTypeForTwo(acc, t, mode);
  }
  return acc;
}

/**
 * findWiderTypeWithoutStringPromotion (Greatest, Least): as findWiderCommonType, but a string never absorbs
 * another type nor is promoted to one, so `greatest(1, 'a')` is refused rather than compared as text.
 */
export function findWiderTypeWithoutStringPromotion(
  types: readonly DataType[],
  mode: CoercionMode,
): DataType | undefined {
  const two = (a: DataType, b: DataType): DataType | undefined => {
    const t1 = asExpressionType(a);
    const t2 = asExpressionType(b);
    return (
      findTightestCommonType(t1, t2, mode) ??
      findWiderTypeForDecimal(t1, t2) ??
      findTypeForComplex(t1, t2, two)
    );
  };
  let acc: DataType | undefined = NullType;
  for (const t of types) {
    if (acc === undefined) return undefined;
    acc = two(acc, t);
  }
  return acc;
}

/** TypeCoercionHelper.findWiderTypeForDecimal. */
export function findWiderTypeForDecimal(t1: DataType, t2: DataType): DataType | undefined {
  if (t1.kind === 'decimal' && t2.kind === 'decimal') return widerDecimalType(t1, t2);
  if (isIntegral(t1) && t2.kind === 'decimal') return widerDecimalType(decimalForType(t1)!, t2);
  if (t1.kind === 'decimal' && isIntegral(t2)) return widerDecimalType(t1, decimalForType(t2)!);
  if ((isFloating(t1) && t2.kind === 'decimal') || (t1.kind === 'decimal' && isFloating(t2)))
    return DoubleType;
  return undefined;
}

/** AnsiStringPromotionTypeCoercion.findWiderTypeForString. */
export function ansiStringPromotion(t1: DataType, t2: DataType): DataType | undefined {
  if (isStringLike(t1) && !isStringLike(t2)) return ansiStringWith(t2);
  if (isStringLike(t2) && !isStringLike(t1)) return ansiStringWith(t1);
  return undefined;
}

function ansiStringWith(other: DataType): DataType | undefined {
  if (isIntegral(other)) return LongType;
  if (isFractionalOrDecimal(other)) return DoubleType;
  if (isNull(other)) return StringType;
  if (isAnsiInterval(other)) return undefined;
  return isAtomic(other) ? other : undefined;
}

/** TypeCoercion.stringPromotion (legacy): the other side becomes a string. */
function legacyStringPromotion(t1: DataType, t2: DataType): DataType | undefined {
  const promotable = (t: DataType) =>
    isAtomic(t) &&
    !isStringLike(t) &&
    !isAnsiInterval(t) &&
    !(t.kind === 'primitive' && (t.name === 'binary' || t.name === 'boolean'));
  if (isStringLike(t1) && promotable(t2)) return StringType;
  if (isStringLike(t2) && promotable(t1)) return StringType;
  return undefined;
}

/** findWiderDateTimeType: DATE widens to either timestamp; TIMESTAMP (LTZ) wins over TIMESTAMP_NTZ. */
function widerDateTimeType(t1: DataType, t2: DataType): DataType {
  const names = [t1, t2].map((t) => (t.kind === 'primitive' ? t.name : ''));
  if (names.includes('timestamp')) return TimestampType;
  if (names.includes('timestamp_ntz')) return TimestampNtzType;
  return t1;
}

/** TypeCoercionHelper.findTypeForComplex: element-wise common types; nullability is or-ed. */
function findTypeForComplex(
  t1: DataType,
  t2: DataType,
  f: (a: DataType, b: DataType) => DataType | undefined,
): DataType | undefined {
  if (t1.kind === 'array' && t2.kind === 'array') {
    const e = f(t1.elementType, t2.elementType);
    return e === undefined ? undefined : arrayOf(e, t1.containsNull || t2.containsNull);
  }
  if (t1.kind === 'map' && t2.kind === 'map') {
    const k = f(t1.keyType, t2.keyType);
    const v = f(t1.valueType, t2.valueType);
    return k === undefined || v === undefined
      ? undefined
      : mapOf(k, v, t1.valueContainsNull || t2.valueContainsNull);
  }
  if (t1.kind === 'struct' && t2.kind === 'struct') {
    if (t1.fields.length !== t2.fields.length) return undefined;
    const fields: StructField[] = [];
    for (let i = 0; i < t1.fields.length; i++) {
      const a = t1.fields[i]!;
      const b = t2.fields[i]!;
      // The default resolver is case-insensitive (spark.sql.caseSensitive=false).
      if (a.name.toLowerCase() !== b.name.toLowerCase()) return undefined;
      const t = f(a.type, b.type);
      if (t === undefined) return undefined;
      fields.push(field(a.name, t, a.nullable || b.nullable));
    }
    return struct(fields);
  }
  return undefined;
}

/** Two structurally equal types whose nullability flags differ meet at the more nullable one. */
function mergeNullability(t1: DataType, t2: DataType): DataType | undefined {
  return findTypeForComplex(t1, t2, (a, b) => mergeNullability(a, b) ?? a);
}

function precedence(t: DataType): number {
  return NUMERIC_PRECEDENCE.findIndex((p) => sameType(p, t));
}

function hasStringType(t: DataType): boolean {
  if (isStringLike(t)) return true;
  return t.kind === 'array' && hasStringType(t.elementType);
}

function dedupe(types: readonly DataType[]): DataType[] {
  const out: DataType[] = [];
  for (const t of types) if (!out.some((o) => sameType(o, t))) out.push(t);
  return out;
}
