/**
 * Which casts Spark allows: Cast.canCast (legacy), Cast.canAnsiCast (ANSI), Cast.canTryCast (try_cast),
 * UpCastRule.canUpCast, Cast.canANSIStoreAssign (INSERT under the ANSI store-assignment policy), and the
 * analysis error of a refused cast (Cast.typeCheckFailureMessage). Spark: expressions/Cast.scala.
 */
import { LakesqlError } from '../../errors/index.js';
import type { DataType } from '../../types/data-types.js';
import { isTighterThan, isWiderThan } from './decimal-precision.js';
import {
  decimalForType,
  isAnsiInterval,
  isAtomic,
  isDatetime,
  isIntegral,
  isNull,
  isNumeric,
  isStringLike,
  NUMERIC_PRECEDENCE,
  sameType,
  typesEqual,
} from './type-classes.js';
import { toSqlType } from './type-sql.js';

export type CastMode = 'ansi' | 'try' | 'legacy';

const is = (t: DataType, name: string) => t.kind === 'primitive' && t.name === name;
const nullable = (from: boolean, to: boolean) => !from || to;

/**
 * Casts from and to VARIANT (Cast.canCast's VariantType cases): a variant casts to every atomic type (the
 * value decides at run time), and the atomic types cast to a variant, as do arrays, structs and maps with
 * string keys of them. Undefined when neither side is a variant.
 */
function variantCast(from: DataType, to: DataType): boolean | undefined {
  if (is(from, 'variant')) return is(to, 'variant') || (isAtomic(to) && !isAnsiInterval(to));
  if (!is(to, 'variant')) return undefined;
  return castableToVariant(from);
}

function castableToVariant(t: DataType): boolean {
  if (t.kind === 'array') return castableToVariant(t.elementType);
  if (t.kind === 'map') return isStringLike(t.keyType) && castableToVariant(t.valueType);
  if (t.kind === 'struct') return t.fields.every((f) => castableToVariant(f.type));
  return is(t, 'variant') || isNull(t) || (isAtomic(t) && !isAnsiInterval(t));
}

/** Cast.canCast: the legacy (non-ANSI) casts. */
export function canCast(from: DataType, to: DataType): boolean {
  const variant = variantCast(from, to);
  if (variant !== undefined) return variant;
  if (typesEqual(from, to) || isNull(from) || isStringLike(to)) return true;
  if (is(to, 'binary')) return isStringLike(from) || isIntegral(from);
  if (is(to, 'boolean'))
    return isStringLike(from) || is(from, 'date') || is(from, 'timestamp') || isNumeric(from);
  if (is(to, 'timestamp')) {
    return (
      isStringLike(from) ||
      is(from, 'boolean') ||
      is(from, 'date') ||
      isNumeric(from) ||
      is(from, 'timestamp_ntz')
    );
  }
  if (is(to, 'timestamp_ntz')) return isStringLike(from) || is(from, 'date') || is(from, 'timestamp');
  if (is(to, 'date')) return isStringLike(from) || is(from, 'timestamp') || is(from, 'timestamp_ntz');
  if (to.kind === 'calendarInterval') return isStringLike(from);
  if (isAnsiInterval(to)) {
    if (isStringLike(from) || from.kind === 'decimal') return true;
    if (from.kind === to.kind) return true;
    return isIntegral(from);
  }
  if (isNumeric(to)) {
    return (
      isStringLike(from) ||
      is(from, 'boolean') ||
      is(from, 'date') ||
      is(from, 'timestamp') ||
      isNumeric(from) ||
      (isAnsiInterval(from) && (isIntegral(to) || to.kind === 'decimal'))
    );
  }
  return complexCast(from, to, canCast, true);
}

/** Cast.canAnsiCast: ANSI mode refuses e.g. int -> binary, date -> int, boolean -> timestamp. */
export function canAnsiCast(from: DataType, to: DataType): boolean {
  const variant = variantCast(from, to);
  if (variant !== undefined) return variant;
  if (typesEqual(from, to) || isNull(from) || isStringLike(to)) return true;
  if (is(to, 'binary')) return isStringLike(from);
  if (is(to, 'boolean')) return isStringLike(from) || isNumeric(from);
  if (is(to, 'timestamp'))
    return isStringLike(from) || is(from, 'date') || is(from, 'timestamp_ntz') || isNumeric(from);
  if (is(to, 'timestamp_ntz')) return isStringLike(from) || is(from, 'date') || is(from, 'timestamp');
  if (is(to, 'date')) return isStringLike(from) || is(from, 'timestamp') || is(from, 'timestamp_ntz');
  if (to.kind === 'calendarInterval') return isStringLike(from);
  if (isAnsiInterval(to))
    return isStringLike(from) || isIntegral(from) || from.kind === 'decimal' || from.kind === to.kind;
  if (isNumeric(to)) {
    return (
      isNumeric(from) ||
      isStringLike(from) ||
      is(from, 'boolean') ||
      is(from, 'timestamp') ||
      (isAnsiInterval(from) && (isIntegral(to) || to.kind === 'decimal'))
    );
  }
  return complexCast(from, to, canAnsiCast, false);
}

/** Cast.canTryCast: ANSI's casts, but complex types may use every legacy element cast. */
export function canTryCast(from: DataType, to: DataType): boolean {
  if (from.kind === to.kind && (from.kind === 'array' || from.kind === 'map' || from.kind === 'struct')) {
    return complexCast(from, to, canCast, true);
  }
  return canAnsiCast(from, to);
}

export function canCastInMode(from: DataType, to: DataType, mode: CastMode): boolean {
  switch (mode) {
    case 'ansi':
      return canAnsiCast(from, to);
    case 'try':
      return canTryCast(from, to);
    case 'legacy':
      return canCast(from, to);
  }
}

/** UpCastRule.canUpCast: casts that can neither fail nor lose information. */
export function canUpCast(from: DataType, to: DataType): boolean {
  if (typesEqual(from, to) || isNull(from)) return true;
  if (to.kind === 'decimal' && isNumeric(from) && from.kind !== 'decimal') {
    return isIntegral(from) && isWiderThan(to, from);
  }
  if (from.kind === 'decimal' && to.kind === 'decimal') return isTighterThan(from, to);
  if (from.kind === 'decimal' && isIntegral(to)) return isTighterThan(from, to);
  const fi = NUMERIC_PRECEDENCE.findIndex((t) => sameType(t, from));
  const ti = NUMERIC_PRECEDENCE.findIndex((t) => sameType(t, to));
  if (fi >= 0 && ti >= 0) return fi <= ti;
  if (is(from, 'date') && (is(to, 'timestamp') || is(to, 'timestamp_ntz'))) return true;
  if (is(from, 'timestamp_ntz') && is(to, 'timestamp')) return true;
  if (is(from, 'timestamp') && is(to, 'timestamp_ntz')) return true;
  if ((isAtomic(from) || from.kind === 'calendarInterval') && isStringLike(to)) return true;
  if ((is(from, 'timestamp') && is(to, 'long')) || (is(from, 'long') && is(to, 'timestamp'))) return true;
  if (isAnsiInterval(from) && from.kind === to.kind) return true;
  return complexStrict(from, to, canUpCast);
}

/** Cast.canANSIStoreAssign: what INSERT accepts under spark.sql.storeAssignmentPolicy=ANSI. */
export function canStoreAssign(from: DataType, to: DataType): boolean {
  if (typesEqual(from, to) || isNull(from)) return true;
  if (isNumeric(from) && isNumeric(to)) return true;
  if ((isAtomic(from) || from.kind === 'calendarInterval') && isStringLike(to)) return true;
  if (isDatetime(from) && isDatetime(to)) return true;
  return complexStrict(from, to, canStoreAssign);
}

/** Array, map and struct casts element by element, honouring nullability (Cast.forceNullable simplified). */
function complexCast(
  from: DataType,
  to: DataType,
  f: (a: DataType, b: DataType) => boolean,
  forceNullableCheck: boolean,
): boolean {
  const force = (a: DataType, b: DataType) => forceCheckNullable(forceNullableCheck, a, b);
  if (from.kind === 'array' && to.kind === 'array') {
    return (
      f(from.elementType, to.elementType) &&
      nullable(from.containsNull || force(from.elementType, to.elementType), to.containsNull)
    );
  }
  if (from.kind === 'map' && to.kind === 'map') {
    return (
      f(from.keyType, to.keyType) &&
      !force(from.keyType, to.keyType) &&
      f(from.valueType, to.valueType) &&
      nullable(from.valueContainsNull || force(from.valueType, to.valueType), to.valueContainsNull)
    );
  }
  if (from.kind === 'struct' && to.kind === 'struct') {
    return (
      from.fields.length === to.fields.length &&
      from.fields.every((ff, i) => {
        const tf = to.fields[i]!;
        return f(ff.type, tf.type) && nullable(ff.nullable || force(ff.type, tf.type), tf.nullable);
      })
    );
  }
  return false;
}

function complexStrict(from: DataType, to: DataType, f: (a: DataType, b: DataType) => boolean): boolean {
  return complexCast(from, to, f, false);
}

/** Cast.forceNullable: can a non-null input become NULL through this cast (legacy casts only)? */
function forceCheckNullable(enabled: boolean, from: DataType, to: DataType): boolean {
  if (!enabled || isNull(from) || typesEqual(from, to)) return false;
  if (isStringLike(from)) return !(is(to, 'binary') || isStringLike(to));
  if (isStringLike(to)) return false;
  if (is(from, 'timestamp') && (is(to, 'byte') || is(to, 'short') || is(to, 'integer'))) return true;
  if ((is(from, 'float') || is(from, 'double')) && is(to, 'timestamp')) return true;
  if (is(from, 'timestamp') && is(to, 'date')) return false;
  if (is(to, 'date')) return true;
  if (is(from, 'date') && is(to, 'timestamp')) return false;
  if (is(from, 'date') || to.kind === 'calendarInterval') return true;
  if (to.kind === 'decimal') {
    const d = is(from, 'boolean')
      ? { kind: 'decimal' as const, precision: 1, scale: 0 }
      : decimalForType(from);
    if (d === undefined) return true;
    if (from.kind === 'decimal') return !(to.precision - to.scale > from.precision - from.scale);
    return !isWiderThan(to, d);
  }
  return (is(from, 'float') || is(from, 'double') || from.kind === 'decimal') && isIntegral(to);
}

/**
 * The analysis error of a cast the mode refuses (Cast.typeCheckFailureMessage): a function suggestion
 * for numeric <-> datetime, the ANSI config suggestion when legacy mode would allow it, else none.
 */
export function castTypeMismatch(
  from: DataType,
  to: DataType,
  mode: CastMode,
  sqlExpr: string,
): LakesqlError {
  const srcType = toSqlType(from);
  const targetType = toSqlType(to);
  const withFunctions = (names: string[]) =>
    new LakesqlError('DATATYPE_MISMATCH.CAST_WITH_FUNC_SUGGESTION', {
      sqlExpr,
      srcType,
      targetType,
      functionNames: names.map((n) => `\`${n}\``).join('/'),
    });
  if (mode !== 'legacy') {
    if (isNumeric(from) && is(to, 'timestamp'))
      return withFunctions(['TIMESTAMP_SECONDS', 'TIMESTAMP_MILLIS', 'TIMESTAMP_MICROS']);
    if (is(from, 'timestamp') && isNumeric(to))
      return withFunctions(['UNIX_SECONDS', 'UNIX_MILLIS', 'UNIX_MICROS']);
    if (isNumeric(from) && is(to, 'date')) return withFunctions(['DATE_FROM_UNIX_DATE']);
    if (is(from, 'date') && isNumeric(to)) return withFunctions(['UNIX_DATE']);
  }
  if (mode === 'ansi' && canCast(from, to)) {
    return new LakesqlError('DATATYPE_MISMATCH.CAST_WITH_CONF_SUGGESTION', {
      sqlExpr,
      srcType,
      targetType,
      config: '"spark.sql.ansi.enabled"',
      configVal: "'false'",
    });
  }
  return new LakesqlError('DATATYPE_MISMATCH.CAST_WITHOUT_SUGGESTION', { sqlExpr, srcType, targetType });
}

/** Throws Spark's analysis error when `mode` refuses the cast. */
export function checkCast(from: DataType, to: DataType, mode: CastMode, sqlExpr: string): void {
  if (!canCastInMode(from, to, mode)) throw castTypeMismatch(from, to, mode, sqlExpr);
}
