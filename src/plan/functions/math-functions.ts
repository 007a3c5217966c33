/**
 * Spark's math functions (mathExpressions.scala, arithmetic.scala). ceil/floor of a non-decimal return BIGINT;
 * round/bround keep the input type (decimals get Spark's precision rule, DecimalType.bounded(p - s + d, d)).
 */

import { type DataType, DoubleType, decimal, LongType, StringType } from '../../types/data-types.js';
import { resolveBinaryOperator } from '../types/binary-operator.js';
import { findWiderCommonType } from '../types/type-coercion.js';
import { commonType } from './common-type.js';
import type { FunctionSignature } from './function-signature.js';
import { callSql, checkArity, custom, expectArg, sameTypeArgs, simple } from './signature-kit.js';

const double1 = (name: string, aliases?: readonly string[]): FunctionSignature =>
  simple(name, { args: ['double'], returns: DoubleType, ...(aliases ? { aliases } : {}) });

/** round(x, d): Spark's RoundBase.dataType; decimal(p, s) -> decimal(p - s + d + 1?, d) bounded at 38. */
function rounding(name: string): FunctionSignature {
  return custom(name, 'scalar', (args) => {
    checkArity(name, args, 1, 2);
    const t = expectArg(name, args, 0, 'numeric');
    const scaleType = args.length > 1 ? expectArg(name, args, 1, 'int') : undefined;
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

/** ceil/floor: BIGINT for non-decimals, decimal(p - s + 1, 0) for decimals (Spark's CeilFloor). */
function ceilFloor(name: string, aliases?: readonly string[]): FunctionSignature {
  return custom(
    name,
    'scalar',
    (args) => {
      checkArity(name, args, 1, 2);
      const t = expectArg(name, args, 0, 'numeric');
      if (args.length === 2) {
        return {
          inputTypes: [t, expectArg(name, args, 1, 'int')],
          returnType: t.kind === 'decimal' ? t : DoubleType,
        };
      }
      const returnType =
        t.kind === 'decimal' ? decimal(Math.min(38, t.precision - t.scale + 1), 0) : LongType;
      return { inputTypes: [t], returnType };
    },
    aliases ? { aliases } : {},
  );
}

function extremum(name: string): FunctionSignature {
  return custom(name, 'scalar', (args) => {
    checkArity(name, args, 2, Number.POSITIVE_INFINITY);
    const t = sameTypeArgs(name, args, commonType(args.map((a) => a.type)));
    return { inputTypes: args.map(() => t), returnType: t };
  });
}

export const MATH_FUNCTIONS: readonly FunctionSignature[] = [
  simple('abs', { args: ['numeric'], returns: (i) => i[0] ?? DoubleType }),
  simple('positive', { args: ['numeric'], returns: (i) => i[0] ?? DoubleType }),
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
  simple('signum', { aliases: ['sign'], args: ['double'], returns: DoubleType }),
  simple('atan2', { args: ['double', 'double'], returns: DoubleType }),
  simple('hypot', { args: ['double', 'double'], returns: DoubleType }),
  simple('log', { args: ['double', 'double'], optionalFrom: 1, returns: DoubleType }),
  simple('power', { aliases: ['pow'], args: ['double', 'double'], returns: DoubleType }),
  rounding('round'),
  rounding('bround'),
  ceilFloor('ceil', ['ceiling']),
  ceilFloor('floor'),
  simple('pi', { args: [], returns: DoubleType, nullable: false }),
  simple('e', { args: [], returns: DoubleType, nullable: false }),
  simple('rand', {
    aliases: ['random'],
    args: ['long'],
    optionalFrom: 0,
    returns: DoubleType,
    nullable: false,
  }),
  simple('randn', { args: ['long'], optionalFrom: 0, returns: DoubleType, nullable: false }),
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
  simple('width_bucket', { args: ['double', 'double', 'double', 'long'], returns: LongType }),
];
