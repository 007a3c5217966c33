/**
 * try_sum and try_avg (Spark's Sum / Average with EvalMode.TRY): sum's and avg's result types, NULL where
 * sum and avg would overflow. They take numbers and ANSI intervals (a string is cast to DOUBLE).
 */
import { type DataType, DoubleType, decimal, LongType } from '../../types/data-types.js';
import type { FunctionSignature } from './function-signature.js';
import { checkArity, custom, unexpectedInputType } from './signature-kit.js';
import { isFractional, isNumeric, isStringLike, isVoid } from './type-classes.js';

const bounded = (p: number, s: number): DataType => decimal(Math.min(p, 38), Math.min(s, 38));

function input(name: string, args: Parameters<FunctionSignature['resolve']>[0]): DataType {
  checkArity(name, args, 1);
  const t = args[0]?.type as DataType;
  if (isNumeric(t) || t.kind === 'yearMonthInterval' || t.kind === 'dayTimeInterval') return t;
  if (isVoid(t) || isStringLike(t)) return DoubleType;
  throw unexpectedInputType(name, args, 0, '("NUMERIC" or "ANSI INTERVAL")');
}

export const TRY_AGGREGATE_FUNCTIONS: readonly FunctionSignature[] = [
  custom('try_sum', 'aggregate', (args) => {
    const t = input('try_sum', args);
    const returnType =
      t.kind === 'decimal'
        ? bounded(t.precision + 10, t.scale)
        : isFractional(t)
          ? DoubleType
          : t.kind === 'yearMonthInterval' || t.kind === 'dayTimeInterval'
            ? t
            : LongType;
    return { inputTypes: [t], returnType };
  }),
  custom('try_avg', 'aggregate', (args) => {
    const t = input('try_avg', args);
    const returnType =
      t.kind === 'decimal'
        ? bounded(t.precision + 4, t.scale + 4)
        : t.kind === 'yearMonthInterval' || t.kind === 'dayTimeInterval'
          ? t
          : DoubleType;
    return { inputTypes: [t], returnType };
  }),
];
