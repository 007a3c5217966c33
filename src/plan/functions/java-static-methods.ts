/**
 * The Java static methods reflect / java_method / try_reflect can call here. lakesql runs no JVM, so a call is
 * resolved against this catalogue the way CallMethodViaReflection.findMethod resolves it against the class:
 * the method must be static, take as many parameters as there are arguments, and each parameter's class must
 * accept the argument's JVM class (typeMapping: INT is int or Integer, STRING is String, and Object, Number,
 * CharSequence accept their subclasses). A class outside the JDK's packages cannot be loaded
 * (UNEXPECTED_CLASS_TYPE); a JDK method that exists but is not modelled here fails with UNSUPPORTED_FEATURE.
 */
import type { DataType } from '../../types/data-types.js';

/** A JVM parameter class, as Class.getName spells it without the `java.lang.` prefix of boxed classes. */
export type JavaParam =
  | 'boolean'
  | 'byte'
  | 'short'
  | 'int'
  | 'long'
  | 'float'
  | 'double'
  | 'String'
  | 'Object'
  | 'Number'
  | 'CharSequence';

/** Spark's typeMapping, widened by isAssignableFrom to the supertypes a modelled overload may declare. */
const ACCEPTING: Readonly<Record<string, readonly JavaParam[]>> = {
  boolean: ['boolean', 'Object'],
  byte: ['byte', 'Object', 'Number'],
  short: ['short', 'Object', 'Number'],
  integer: ['int', 'Object', 'Number'],
  long: ['long', 'Object', 'Number'],
  float: ['float', 'Object', 'Number'],
  double: ['double', 'Object', 'Number'],
  string: ['String', 'Object', 'CharSequence'],
};

/** The Spark types a reflective call accepts as method arguments (CallMethodViaReflection.typeMapping). */
export function reflectArgumentType(t: DataType): boolean {
  return t.kind === 'primitive' && t.name in ACCEPTING;
}

/** An overload that exists in the JDK but has no SQL here: calling it fails with UNSUPPORTED_FEATURE. */
interface UnmodelledOverload {
  readonly unmodelled: readonly string[];
}
/** Parameter classes (JavaParam names). */
type Overload = readonly string[] | UnmodelledOverload;

/**
 * Each modelled class: every public static method name it has (so that a wrong or instance method is
 * UNEXPECTED_STATIC_METHOD), with its overloads that a SQL argument list can match, or null when none is
 * modelled here.
 */
const CLASSES: Readonly<Record<string, Readonly<Record<string, readonly Overload[] | null>>>> = {
  'java.lang.Object': {},
  'java.lang.String': {
    // copyValueOf, format and join take arrays (varargs), which no SQL argument matches.
    copyValueOf: [],
    format: [],
    join: [],
    valueOf: [['boolean'], ['int'], ['long'], ['float'], ['double'], ['Object']],
  },
  'java.lang.Math': {
    ...Object.fromEntries(
      (
        'absExact acos addExact asin atan atan2 cbrt ceil ceilDiv ceilDivExact ceilMod clamp copySign cos cosh ' +
        'decrementExact divideExact exp expm1 floor floorDiv floorDivExact floorMod fma getExponent hypot ' +
        'IEEEremainder incrementExact log log10 log1p multiplyExact multiplyFull multiplyHigh negateExact nextAfter ' +
        'nextDown nextUp pow random rint round scalb signum sin sinh sqrt subtractExact tan tanh toDegrees ' +
        'toIntExact toRadians ulp unsignedMultiplyHigh'
      )
        .split(' ')
        .map((m) => [m, null]),
    ),
    abs: [['int'], ['long'], ['float'], ['double']],
    max: [
      ['int', 'int'],
      ['long', 'long'],
      ['float', 'float'],
      ['double', 'double'],
    ],
    min: [
      ['int', 'int'],
      ['long', 'long'],
      ['float', 'float'],
      ['double', 'double'],
    ],
  },
  'java.lang.Integer': {
    ...Object.fromEntries(
      (
        'bitCount compare compareUnsigned compress decode divideUnsigned expand getInteger hashCode highestOneBit ' +
        'lowestOneBit max min numberOfLeadingZeros numberOfTrailingZeros parseUnsignedInt remainderUnsigned reverse ' +
        'reverseBytes rotateLeft rotateRight signum sum toBinaryString toHexString toOctalString toUnsignedLong ' +
        'toUnsignedString'
      )
        .split(' ')
        .map((m) => [m, null]),
    ),
    parseInt: [['String'], ['String', 'int'], { unmodelled: ['CharSequence', 'int', 'int', 'int'] }],
    valueOf: [['String'], ['String', 'int'], ['int']],
    toString: [['int'], { unmodelled: ['int', 'int'] }],
  },
  'java.util.UUID': { fromString: [['String']], nameUUIDFromBytes: [], randomUUID: null },
  'java.net.URLDecoder': { decode: [['String'], { unmodelled: ['String', 'String'] }] },
  'java.net.URLEncoder': { encode: [['String'], { unmodelled: ['String', 'String'] }] },
};

/** Packages whose classes exist in Spark's JVM; a class elsewhere cannot be loaded there either. */
const JVM_PACKAGES = new Set(
  (
    'java.io java.lang java.lang.invoke java.lang.reflect java.math java.net java.nio java.nio.charset ' +
    'java.nio.file java.security java.sql java.text java.time java.time.format java.time.temporal java.util ' +
    'java.util.concurrent java.util.function java.util.regex java.util.stream java.util.zip scala scala.math'
  ).split(' '),
);

export type JavaMethodLookup =
  | { readonly kind: 'found'; readonly id: string; readonly params: readonly JavaParam[] }
  | { readonly kind: 'noClass' }
  | { readonly kind: 'noMethod' }
  | { readonly kind: 'unmodelled' };

/** findMethod over the catalogue; `id` names the overload (`java.lang.Math.max(int,int)`). */
export function findJavaStaticMethod(
  className: string,
  methodName: string,
  argTypes: readonly DataType[],
): JavaMethodLookup {
  const cls = CLASSES[className];
  if (!cls) {
    const dot = className.lastIndexOf('.');
    const known =
      JVM_PACKAGES.has(className.slice(0, Math.max(dot, 0))) || className.startsWith('org.apache.spark.');
    return known ? { kind: 'unmodelled' } : { kind: 'noClass' };
  }
  if (!Object.hasOwn(cls, methodName)) return { kind: 'noMethod' };
  const overloads = cls[methodName];
  if (overloads === null || overloads === undefined) return { kind: 'unmodelled' };
  const accepting = argTypes.map((t) => (t.kind === 'primitive' ? (ACCEPTING[t.name] ?? []) : []));
  const overload = overloads.find((o) => {
    const ps = 'unmodelled' in o ? o.unmodelled : o;
    return ps.length === argTypes.length && ps.every((p, i) => accepting[i]!.includes(p as JavaParam));
  });
  if (!overload) return { kind: 'noMethod' };
  if ('unmodelled' in overload) return { kind: 'unmodelled' };
  const params = overload as readonly JavaParam[];
  return { kind: 'found', id: `${className}.${methodName}(${params.join(',')})`, params };
}
