/**
 * Spark's math functions (mathExpressions.scala, arithmetic.scala). ceil/floor of a non-decimal return BIGINT;
 * round/bround keep the input type (decimals get Spark's precision rule, DecimalType.bounded(p - s + d, d)).
 */

import { LakesqlError } from '../../errors/index.js';
import { type DataType, DoubleType, decimal, LongType, StringType } from '../../types/data-types.js';
import { resolveBinaryOperator } from '../types/binary-operator.js';
import { isAnsiInterval } from '../types/type-classes.js';
import { findWiderCommonType, findWiderTypeWithoutStringPromotion } from '../types/type-coercion.js';
import type { FunctionSignature, ResolvedCall } from './function-signature.js';
import { resolveRoundCeilFloor } from './round-ceil-floor.js';
import { callSql, checkArity, custom, expectArg, sameTypeArgs, simple } from './signature-kit.js';
import { quotedType } from './spark-type-text.js';

const double1 = (name: string): FunctionSignature =>
  simple(name, { args: ['double'], returns: DoubleType, prettyName: mathName(name) });

/** round(x, d): Spark's RoundBase.dataType; decimal(p, s) -> decimal(p - s + d + 1?, d) bounded at 38. */
function rounding(name: string): FunctionSignature {
  return custom(name, 'scalar', (args) => {
    checkArity(name, args, 1, 2);
    const t = expectArg(name, args, 0, 'numeric');
    const scaleType = args.length > 1 ? expectArg(name, args, 1, 'int') : undefined;
    // RoundBase.checkInputDataTypes: the scale must be a constant (it fixes the result type).
    const scaleArg = args[1];
    if (scaleType && scaleArg && !scaleArg.foldable) {
      throw new LakesqlError('DATATYPE_MISMATCH.NON_FOLDABLE_INPUT', {
        sqlExpr: callSql(name, args),
        inputName: '`scale`',
        inputType: quotedType(scaleType),
        inputExpr: `"${scaleArg.sql}"`,
      });
    }
    const d = typeof args[1]?.value === 'number' ? args[1].value : 0;
    let returnType: DataType = t;
    if (t.kind === 'decimal') {
      const intDigits = t.precision - t.scale;
      const scale = Math.max(0, Math.min(d, t.scale));
      returnType = decimal(Math.min(38, intDigits + scale + 1), scale);
    }
    return { inputTypes: scaleType ? [t, scaleType] : [t], returnType };
  });
}

/**
 * ceil/floor: BIGINT for non-decimals, decimal(p - s + 1, 0) for decimals (Spark's CeilFloor); with a scale,
 * Spark's RoundCeil/RoundFloor (round-ceil-floor.ts).
 */
function ceilFloor(name: string, aliases?: readonly string[]): FunctionSignature {
  return custom(
    name,
    'scalar',
    (args) => {
      checkArity(name, args, 1, 2);
      if (args.length === 2) return resolveRoundCeilFloor(name, args);
      const t = expectArg(name, args, 0, 'numeric');
      const returnType =
        t.kind === 'decimal' ? decimal(Math.min(38, t.precision - t.scale + 1), 0) : LongType;
      return { inputTypes: [t], returnType };
    },
    {
      ...(aliases ? { aliases } : {}),
      // Ceil/Floor print their UnaryMathExpression name; the two-argument RoundCeil/RoundFloor their node name.
      prettyName: (args, written) =>
        args.length === 1 && (written ?? name) === name
          ? `${name.toUpperCase()}(${args.join(', ')})`
          : `${written ?? name}(${args.join(', ')})`,
    },
  );
}

/** Greatest/Least: findWiderTypeWithoutStringPromotion, so a string and a number are refused, not compared. */
function extremum(name: string): FunctionSignature {
  return custom(name, 'scalar', (args, semantics) => {
    checkArity(name, args, 2, Number.POSITIVE_INFINITY);
    const t = sameTypeArgs(
      name,
      args,
      findWiderTypeWithoutStringPromotion(
        args.map((a) => a.type),
        semantics,
      ),
    );
    return { inputTypes: args.map(() => t), returnType: t };
  });
}

/**
 * The column name of a math function Spark implements as a UnaryMathExpression/BinaryMathExpression (or a
 * LeafMathExpression): its prettyName is the upper-case name the class passes (`SIN(1)`, `POWER(2, 3)`,
 * `PI()`), unless it was called through a name registered with `setAlias` (`sign`, `pow`, `ceiling`), which
 * FunctionRegistry tags on the expression and prettyName then prints as written. Log's and Rint's own
 * prettyName overrides print `ln` and `rint`.
 */
const MATH_CLASS_NAMES: Readonly<Record<string, string>> = {
  acos: 'ACOS',
  asin: 'ASIN',
  atan: 'ATAN',
  cbrt: 'CBRT',
  cos: 'COS',
  cosh: 'COSH',
  cot: 'COT',
  csc: 'CSC',
  sec: 'SEC',
  degrees: 'DEGREES',
  exp: 'EXP',
  expm1: 'EXPM1',
  log10: 'LOG10',
  log1p: 'LOG1P',
  log2: 'LOG2',
  radians: 'RADIANS',
  sin: 'SIN',
  sinh: 'SINH',
  sqrt: 'SQRT',
  tan: 'TAN',
  tanh: 'TANH',
  acosh: 'ACOSH',
  asinh: 'ASINH',
  atanh: 'ATANH',
  signum: 'SIGNUM',
  atan2: 'ATAN2',
  hypot: 'HYPOT',
  power: 'POWER',
  pi: 'PI',
  e: 'E',
};

function mathName(name: string): (args: readonly string[], written?: string) => string {
  return (args, written) => {
    const shown = (written ?? name) === name ? (MATH_CLASS_NAMES[name] ?? name) : (written as string);
    return `${shown}(${args.join(', ')})`;
  };
}

export const MATH_FUNCTIONS: readonly FunctionSignature[] = [
  // Abs and Signum take NumericAndAnsiInterval / TypeCollection(DoubleType, DayTimeIntervalType,
  // YearMonthIntervalType): an ANSI interval passes as it is.
  orInterval(simple('abs', { args: ['numeric'], returns: (i) => i[0] ?? DoubleType }), (t) => t, [
    '"NUMERIC"',
    '"INTERVAL DAY TO SECOND"',
    '"INTERVAL YEAR TO MONTH"',
  ]),
  // UnaryPositive's sql is the operator form, `(+ x)`, whatever name called it.
  simple('positive', {
    args: ['numeric'],
    returns: (i) => i[0] ?? DoubleType,
    prettyName: (a) => `(+ ${a[0] ?? ''})`,
  }),
  simple('negative', { args: ['numeric'], returns: (i) => i[0] ?? DoubleType }),
  ...[
    'acos',
    'asin',
    'atan',
    'cbrt',
    'cos',
    'cosh',
    'cot',
    'csc',
    'sec',
    'degrees',
    'exp',
    'expm1',
    'ln',
    'log10',
    'log1p',
    'log2',
    'radians',
    'rint',
    'sin',
    'sinh',
    'sqrt',
    'tan',
    'tanh',
    'acosh',
    'asinh',
    'atanh',
  ].map((n) => double1(n)),
  orInterval(
    simple('signum', {
      aliases: ['sign'],
      args: ['double'],
      returns: DoubleType,
      prettyName: mathName('signum'),
    }),
    () => DoubleType,
    ['"DOUBLE"', '"INTERVAL DAY TO SECOND"', '"INTERVAL YEAR TO MONTH"'],
  ),
  simple('atan2', { args: ['double', 'double'], returns: DoubleType, prettyName: mathName('atan2') }),
  simple('hypot', { args: ['double', 'double'], returns: DoubleType, prettyName: mathName('hypot') }),
  // Logarithm (BinaryMathExpression "LOG"); log(x) is Logarithm(EulerNumber(), x), printed with its `E()`.
  simple('log', {
    args: ['double', 'double'],
    optionalFrom: 1,
    returns: DoubleType,
    prettyName: (a) => `LOG(${(a.length === 1 ? ['E()', ...a] : a).join(', ')})`,
  }),
  simple('power', {
    aliases: ['pow'],
    args: ['double', 'double'],
    returns: DoubleType,
    prettyName: mathName('power'),
  }),
  rounding('round'),
  rounding('bround'),
  ceilFloor('ceil', ['ceiling']),
  ceilFloor('floor'),
  simple('pi', { args: [], returns: DoubleType, nullable: false, prettyName: mathName('pi') }),
  simple('e', { args: [], returns: DoubleType, nullable: false, prettyName: mathName('e') }),
  // Listed for the function catalogue; calls never reach this signature: the analyzer (expressions.ts) turns
  // pmod(a, b) into the binary arithmetic operator it is in Spark, with the operator's coercion and errors.
  custom('pmod', 'scalar', (args, semantics) => {
    checkArity('pmod', args, 2);
    for (let i = 0; i < args.length; i++) expectArg('pmod', args, i, 'numeric');
    const t = sameTypeArgs(
      'pmod',
      args,
      findWiderCommonType(
        args.map((a) => a.type),
        semantics,
      ),
    );
    return { inputTypes: [t, t], returnType: t };
  }),
  // Listed for the function catalogue like pmod: the analyzer turns mod(a, b) into the `%` operator.
  custom('mod', 'scalar', (args, semantics) => {
    checkArity('mod', args, 2);
    const r = resolveBinaryOperator('%', args[0]!.type, args[1]!.type, semantics, {
      sqlExpr: callSql('mod', args),
    });
    return { inputTypes: [r.leftCast, r.rightCast], returnType: r.resultType };
  }),
  extremum('greatest'),
  extremum('least'),
  simple('factorial', { args: ['int'], returns: LongType }),
  simple('conv', { args: ['string', 'int', 'int'], returns: StringType }),
  widthBucket(simple('width_bucket', { args: ['double', 'double', 'double', 'long'], returns: LongType })),
];

/**
 * A one-argument numeric function that also takes an ANSI interval: `returns` gives the result type for an
 * interval argument; any other argument resolves as `numeric` does, with the whole collection in its error.
 */
function orInterval(
  numeric: FunctionSignature,
  returns: (t: DataType) => DataType,
  requiredTypes: readonly string[],
): FunctionSignature {
  return {
    ...numeric,
    resolve(args, semantics) {
      const t = args[0]?.type;
      if (args.length === 1 && t !== undefined && isAnsiInterval(t))
        return { inputTypes: [t], returnType: returns(t) };
      return withRequiredType(() => numeric.resolve(args, semantics), `(${requiredTypes.join(' or ')})`);
    },
  };
}

/**
 * WidthBucket: value, minimum and maximum are each DOUBLE or an ANSI interval, and all three intervals of one
 * family or none; a mix is DATA_DIFF_TYPES (TypeUtils.checkSameType).
 */
function widthBucket(numeric: FunctionSignature): FunctionSignature {
  return {
    ...numeric,
    resolve(args, semantics) {
      const bounds = args.slice(0, 3).map((a) => a.type);
      if (args.length !== 4 || !bounds.some(isAnsiInterval)) return numeric.resolve(args, semantics);
      const family = bounds.find(isAnsiInterval)!.kind;
      if (!bounds.every((t) => t.kind === family)) {
        sameTypeArgs('width_bucket', args.slice(0, 3), undefined);
      }
      const count = expectArg('width_bucket', args, 3, 'long');
      return { inputTypes: [...bounds, count], returnType: LongType };
    },
  };
}

/** Runs `resolve`, giving an UNEXPECTED_INPUT_TYPE it raises the function's whole type collection. */
function withRequiredType(resolve: () => ResolvedCall, requiredType: string): ResolvedCall {
  try {
    return resolve();
  } catch (e) {
    if (
      e instanceof LakesqlError &&
      e.errorClass === 'DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE' &&
      e.messageParameters.paramIndex === 'first'
    ) {
      throw new LakesqlError('DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE', {
        ...e.messageParameters,
        requiredType,
      });
    }
    throw e;
  }
}
