/**
 * Spark's aggregate functions (catalyst.expressions.aggregate) with their result types: sum(integral) ->
 * BIGINT, sum(decimal(p,s)) -> decimal(p+10,s), avg(integral) -> DOUBLE, avg(decimal(p,s)) ->
 * decimal(p+4,s+4), both bounded at 38 (Sum.resultType, Average.resultType). DISTINCT and FILTER are the
 * analyzer's business.
 */

import { LakesqlError } from '../../errors/index.js';
import {
  arrayOf,
  BooleanType,
  type DataType,
  DoubleType,
  decimal,
  field,
  LongType,
  struct,
} from '../../types/data-types.js';
import type { FunctionSignature } from './function-signature.js';
import { PERCENTILE_FUNCTIONS } from './percentile-functions.js';
import { checkArity, custom, expectArg, simple, unexpectedInputType } from './signature-kit.js';
import { quotedType } from './spark-type-text.js';
import { TRY_AGGREGATE_FUNCTIONS } from './try-aggregate-functions.js';
import { isFractional, isNumeric, isVoid } from './type-classes.js';

/** DecimalType.bounded. */
const bounded = (p: number, s: number): DataType => decimal(Math.min(p, 38), Math.min(s, 38));

function sumType(t: DataType): DataType {
  if (t.kind === 'decimal') return bounded(t.precision + 10, t.scale);
  if (isFractional(t)) return DoubleType;
  if (t.kind === 'yearMonthInterval' || t.kind === 'dayTimeInterval') return t;
  return LongType;
}

function avgType(t: DataType): DataType {
  if (t.kind === 'decimal') return bounded(t.precision + 4, t.scale + 4);
  if (t.kind === 'yearMonthInterval' || t.kind === 'dayTimeInterval') return t;
  return DoubleType;
}

const agg = (
  name: string,
  resolve: FunctionSignature['resolve'],
  aliases?: readonly string[],
): FunctionSignature => custom(name, 'aggregate', resolve, aliases ? { aliases } : {});

/** One argument of any type, result of the same type (min, max, first, …). */
const sameAsInput = (name: string, max = 1, aliases?: readonly string[]): FunctionSignature =>
  agg(
    name,
    (args) => {
      checkArity(name, args, 1, max);
      const t = args[0]?.type as DataType;
      return {
        inputTypes: args.map((_, i) => (i === 0 ? t : expectArg(name, args, i, 'boolean'))),
        returnType: t,
      };
    },
    aliases,
  );

const numericStat = (name: string, aliases?: readonly string[]): FunctionSignature =>
  simple(name, { kind: 'aggregate', args: ['double'], returns: DoubleType, ...(aliases ? { aliases } : {}) });

function isAnsiInterval(t: DataType): boolean {
  return t.kind === 'yearMonthInterval' || t.kind === 'dayTimeInterval';
}

export const AGGREGATE_FUNCTIONS: readonly FunctionSignature[] = [
  custom(
    'count',
    'aggregate',
    (args) => {
      checkArity('count', args, 1, Number.POSITIVE_INFINITY);
      return { inputTypes: args.map((a) => a.type), returnType: LongType, nullable: false };
    },
    {
      prettyName: (args) => (args.length === 1 && args[0] === '*' ? 'count(1)' : `count(${args.join(', ')})`),
    },
  ),
  agg('sum', (args) => {
    checkArity('sum', args, 1);
    const a = args[0]?.type as DataType;
    // Sum of an ANSI interval keeps its type (Spark's Sum.resultType).
    if (isAnsiInterval(a)) return { inputTypes: [a], returnType: a };
    const t = isVoid(args[0]?.type as DataType) ? DoubleType : expectArg('sum', args, 0, 'numeric');
    return { inputTypes: [t], returnType: sumType(t) };
  }),
  agg(
    'avg',
    (args) => {
      checkArity('avg', args, 1);
      const a = args[0]?.type as DataType;
      // Average of an ANSI interval is the widest interval of its kind (Spark's Average.resultType).
      if (a.kind === 'yearMonthInterval')
        return { inputTypes: [a], returnType: { kind: 'yearMonthInterval', startField: 0, endField: 1 } };
      if (a.kind === 'dayTimeInterval')
        return { inputTypes: [a], returnType: { kind: 'dayTimeInterval', startField: 0, endField: 3 } };
      const t = isVoid(args[0]?.type as DataType) ? DoubleType : expectArg('avg', args, 0, 'numeric');
      return { inputTypes: [t], returnType: avgType(t) };
    },
    ['mean'],
  ),
  sameAsInput('min'),
  sameAsInput('max'),
  sameAsInput('first', 2, ['first_value']),
  sameAsInput('last', 2, ['last_value']),
  sameAsInput('any_value', 2),
  // array_agg is collect_list in Spark's plan, so its column is named collect_list(…).
  custom(
    'collect_list',
    'aggregate',
    (args) => {
      checkArity('collect_list', args, 1);
      const t = args[0]?.type as DataType;
      return { inputTypes: [t], returnType: arrayOf(t, false), nullable: false };
    },
    { aliases: ['array_agg'], prettyName: (a) => `collect_list(${a.join(', ')})` },
  ),
  agg('collect_set', (args) => {
    checkArity('collect_set', args, 1);
    const t = args[0]?.type as DataType;
    return { inputTypes: [t], returnType: arrayOf(t, false), nullable: false };
  }),
  numericStat('stddev', ['std', 'stddev_samp']),
  numericStat('stddev_pop'),
  numericStat('variance', ['var_samp']),
  numericStat('var_pop'),
  numericStat('skewness'),
  numericStat('kurtosis'),
  simple('corr', { kind: 'aggregate', args: ['double', 'double'], returns: DoubleType }),
  simple('covar_pop', { kind: 'aggregate', args: ['double', 'double'], returns: DoubleType }),
  simple('covar_samp', { kind: 'aggregate', args: ['double', 'double'], returns: DoubleType }),
  simple('bool_and', { kind: 'aggregate', aliases: ['every'], args: ['boolean'], returns: BooleanType }),
  simple('bool_or', { kind: 'aggregate', aliases: ['some', 'any'], args: ['boolean'], returns: BooleanType }),
  simple('count_if', { kind: 'aggregate', args: ['boolean'], returns: LongType, nullable: false }),
  simple('approx_count_distinct', {
    kind: 'aggregate',
    args: ['any', 'double'],
    optionalFrom: 1,
    returns: LongType,
    nullable: false,
  }),
  // HistogramNumeric: numeric, datetime or interval values; x keeps the input's type, y is a DOUBLE count.
  agg('histogram_numeric', (args) => {
    checkArity('histogram_numeric', args, 2);
    const first = args[0]?.type as DataType;
    const t = isVoid(first) ? DoubleType : first;
    const histogramInput =
      isNumeric(t) ||
      t.kind === 'yearMonthInterval' ||
      t.kind === 'dayTimeInterval' ||
      (t.kind === 'primitive' && ['date', 'timestamp', 'timestamp_ntz'].includes(t.name));
    if (!histogramInput)
      throw unexpectedInputType(
        'histogram_numeric',
        args,
        0,
        '("NUMERIC" or "DATE" or "TIMESTAMP" or "TIMESTAMP_NTZ" or "INTERVAL YEAR TO MONTH" or "INTERVAL DAY TO SECOND")',
      );
    const nb = expectArg('histogram_numeric', args, 1, 'int');
    return {
      inputTypes: [t, nb],
      returnType: arrayOf(struct([field('x', t), field('y', DoubleType)])),
    };
  }),
  agg('max_by', (args) => {
    checkArity('max_by', args, 2);
    return { inputTypes: args.map((a) => a.type), returnType: args[0]?.type as DataType };
  }),
  agg('min_by', (args) => {
    checkArity('min_by', args, 2);
    return { inputTypes: args.map((a) => a.type), returnType: args[0]?.type as DataType };
  }),
  ...PERCENTILE_FUNCTIONS,
  ...TRY_AGGREGATE_FUNCTIONS,
  // Regression (y, x): pairs with a NULL are skipped. regr_count and regr_avgx/avgy take numbers (avg's
  // result type); the others DOUBLE.
  simple('regr_count', {
    kind: 'aggregate',
    args: ['numeric', 'numeric'],
    returns: LongType,
    nullable: false,
  }),
  agg('regr_avgx', (args) => {
    checkArity('regr_avgx', args, 2);
    const y = expectArg('regr_avgx', args, 0, 'numeric');
    const x = expectArg('regr_avgx', args, 1, 'numeric');
    return { inputTypes: [y, x], returnType: avgType(x) };
  }),
  agg('regr_avgy', (args) => {
    checkArity('regr_avgy', args, 2);
    const y = expectArg('regr_avgy', args, 0, 'numeric');
    const x = expectArg('regr_avgy', args, 1, 'numeric');
    return { inputTypes: [y, x], returnType: avgType(y) };
  }),
  ...['regr_sxx', 'regr_syy', 'regr_sxy', 'regr_slope', 'regr_intercept', 'regr_r2'].map((name) =>
    simple(name, { kind: 'aggregate', args: ['double', 'double'], returns: DoubleType }),
  ),
  // BitAggregate: integral input, same-typed result.
  ...['bit_and', 'bit_or', 'bit_xor'].map((name) =>
    agg(name, (args) => {
      checkArity(name, args, 1);
      const t = expectArg(name, args, 0, 'integral');
      return { inputTypes: [t], returnType: t };
    }),
  ),
  // ListAgg: a string or binary value (other atomic values are cast to STRING), a constant delimiter of the
  // same type or NULL (no delimiter, the default, shown as NULL in the column name).
  custom(
    'listagg',
    'aggregate',
    (args) => {
      checkArity('listagg', args, 1, 2);
      const t = expectArg('listagg', args, 0, 'stringOrBinary');
      const d = args[1];
      if (!d) return { inputTypes: [t], returnType: t };
      const dt = isVoid(d.type) ? d.type : expectArg('listagg', args, 1, 'stringOrBinary');
      const sqlExpr = `"listagg(${args.map((a) => a.sql).join(', ')})"`;
      if (!d.foldable)
        throw new LakesqlError('DATATYPE_MISMATCH.NON_FOLDABLE_INPUT', {
          sqlExpr,
          inputName: '`delimiter`',
          inputType: quotedType(dt),
          inputExpr: `"${d.sql}"`,
        });
      if (!isVoid(dt) && dt.kind === 'primitive' && t.kind === 'primitive' && dt.name !== t.name)
        throw new LakesqlError('DATATYPE_MISMATCH.DATA_DIFF_TYPES', {
          sqlExpr,
          functionName: '`listagg`',
          dataType: `(${quotedType(t)} or ${quotedType(dt)})`,
        });
      return { inputTypes: [t, isVoid(dt) ? t : dt], returnType: t };
    },
    {
      aliases: ['string_agg'],
      prettyName: (a, written = 'listagg') =>
        `${written}(${[...a, ...(a.length === 1 ? ['NULL'] : [])].join(', ')})`,
    },
  ),
];
