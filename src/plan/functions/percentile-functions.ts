/**
 * Spark's percentile aggregates: percentile (exact, Percentile), median, percentile_cont and percentile_disc
 * (WITHIN GROUP; the analyzer passes the ordering as the first argument), percentile_approx /
 * approx_percentile (ApproximatePercentile) and mode. Result types: percentile, median, percentile_cont and
 * percentile_disc give DOUBLE for numbers and the interval (YEAR TO MONTH / DAY TO SECOND) for ANSI intervals,
 * an array of it for an array of percentages; percentile_approx gives the input's type; mode the input's type.
 */
import { LakesqlError } from '../../errors/index.js';
import { arrayOf, type DataType, DoubleType, LongType } from '../../types/data-types.js';
import type { ArgInfo, FunctionSignature } from './function-signature.js';
import { checkArity, custom, expectArg, unexpectedInputType, wrongNumArgs } from './signature-kit.js';
import { quotedType } from './spark-type-text.js';
import { isNumeric, isStringLike, isVoid } from './type-classes.js';

const isAnsiInterval = (t: DataType) => t.kind === 'yearMonthInterval' || t.kind === 'dayTimeInterval';

/** Percentile's child: NumericAndAnsiInterval (a string is cast to DOUBLE, Spark's implicit cast). */
function percentileInput(name: string, args: readonly ArgInfo[], sqlExpr: string): DataType {
  const t = args[0]?.type as DataType;
  if (isNumeric(t) || isAnsiInterval(t)) return t;
  if (isVoid(t) || isStringLike(t)) return DoubleType;
  const e = unexpectedInputType(
    name,
    args,
    0,
    '("NUMERIC" or "INTERVAL YEAR TO MONTH" or "INTERVAL DAY TO SECOND")',
  );
  throw new LakesqlError('DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE', { ...e.messageParameters, sqlExpr });
}

/** Percentile's result for an input type: DOUBLE, or the default YEAR TO MONTH / DAY TO SECOND interval. */
function percentileResult(t: DataType): DataType {
  if (t.kind === 'yearMonthInterval') return { kind: 'yearMonthInterval', startField: 0, endField: 1 };
  if (t.kind === 'dayTimeInterval') return { kind: 'dayTimeInterval', startField: 0, endField: 3 };
  return DoubleType;
}

/** Spark's toSQLValue of a DOUBLE: `0.5D`. */
function doubleSql(v: number): string {
  const s = Number.isInteger(v) ? v.toFixed(1) : String(v);
  return `${s}D`;
}

/**
 * PercentileBase.checkInputDataTypes / ApproximatePercentile's: the percentage(s) must be a constant, not NULL,
 * within [0.0, 1.0]. Answers the percentage argument's type (DOUBLE or ARRAY<DOUBLE>).
 */
function percentages(name: string, args: readonly ArgInfo[], index: number, sqlExpr: string): DataType {
  const arg = args[index] as ArgInfo;
  let type: DataType;
  if (arg.type.kind === 'array') {
    const el = arg.type.elementType;
    if (!(isNumeric(el) || isVoid(el) || isStringLike(el)))
      throw new LakesqlError('DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE', {
        ...unexpectedInputType(name, args, index, '"ARRAY<DOUBLE>"').messageParameters,
        sqlExpr,
      });
    type = arrayOf(DoubleType, false);
  } else {
    const t = isVoid(arg.type) ? DoubleType : expectArg(name, args, index, 'double');
    type = t;
  }
  if (!arg.foldable)
    throw new LakesqlError('DATATYPE_MISMATCH.NON_FOLDABLE_INPUT', {
      sqlExpr,
      inputName: '`percentage`',
      inputType: quotedType(type),
      inputExpr: `"${arg.sql}"`,
    });
  const v = arg.numeric;
  if (v === null || isVoid(arg.type))
    throw new LakesqlError('DATATYPE_MISMATCH.UNEXPECTED_NULL', { sqlExpr, exprName: 'percentage' });
  const values = v === undefined ? [] : Array.isArray(v) ? v : [v as number];
  if (values.some((p) => p !== null && (p < 0 || p > 1)))
    throw new LakesqlError('DATATYPE_MISMATCH.VALUE_OUT_OF_RANGE', {
      sqlExpr,
      exprName: 'percentage',
      valueRange: '[0.0, 1.0]',
      currentValue: values.map((p) => (p === null ? 'NULL' : doubleSql(p))).join(','),
    });
  return type;
}

const resultFor = (pct: DataType, element: DataType) =>
  pct.kind === 'array' ? arrayOf(element, false) : element;

const percentile = custom(
  'percentile',
  'aggregate',
  (args) => {
    checkArity('percentile', args, 2, 3);
    const sqlExpr = `"percentile(${args.map((a) => a.sql).join(', ')}${args.length === 2 ? ', 1' : ''})"`;
    const t = percentileInput('percentile', args, sqlExpr);
    const pct = percentages('percentile', args, 1, sqlExpr);
    const freq = args.length === 3 ? expectArg('percentile', args, 2, 'integral') : undefined;
    return {
      inputTypes: freq ? [t, pct, freq] : [t, pct],
      returnType: resultFor(pct, percentileResult(t)),
      argumentSql: args.map((a) => a.sql),
    };
  },
  { prettyName: (a) => `percentile(${[...a, ...(a.length === 2 ? ['1'] : [])].join(', ')})` },
);

const median = custom('median', 'aggregate', (args) => {
  checkArity('median', args, 1);
  const t = percentileInput('median', args, `"median(${args[0]?.sql})"`);
  return { inputTypes: [t], returnType: percentileResult(t) };
});

/** percentile_cont / percentile_disc: (x, percentage) once the analyzer folded WITHIN GROUP in. */
const inverseDistribution = (name: 'percentile_cont' | 'percentile_disc'): FunctionSignature =>
  custom(name, 'aggregate', (args, _semantics) => {
    if (args.length !== 2) throw wrongNumArgs(name, '1', Math.max(args.length - 1, 0));
    const sqlExpr = `"${name}(${args[1]?.sql}) WITHIN GROUP (ORDER BY ${args[0]?.sql})"`;
    const t = percentileInput(name, args, sqlExpr);
    const pct = percentages(name, args, 1, sqlExpr);
    return { inputTypes: [t, pct], returnType: resultFor(pct, percentileResult(t)) };
  });

const APPROX_INPUT =
  '("NUMERIC" or "DATE" or "TIMESTAMP" or "TIMESTAMP_NTZ" or "INTERVAL YEAR TO MONTH" or "INTERVAL DAY TO SECOND")';

/** ApproximatePercentile: the accuracy (default 10000) is a constant in (0, 2147483647]. */
const percentileApprox = custom(
  'percentile_approx',
  'aggregate',
  (args) => {
    checkArity('percentile_approx', args, 2, 3);
    const sqlExpr = `"percentile_approx(${args.map((a) => a.sql).join(', ')}${args.length === 2 ? ', 10000' : ''})"`;
    const first = args[0]?.type as DataType;
    const t = isVoid(first) || isStringLike(first) ? DoubleType : first;
    const ok =
      isNumeric(t) ||
      isAnsiInterval(t) ||
      (t.kind === 'primitive' && ['date', 'timestamp', 'timestamp_ntz'].includes(t.name));
    if (!ok)
      throw new LakesqlError('DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE', {
        ...unexpectedInputType('percentile_approx', args, 0, APPROX_INPUT).messageParameters,
        sqlExpr,
      });
    const pct = percentages('percentile_approx', args, 1, sqlExpr);
    let accuracy: DataType = LongType;
    const acc = args[2];
    if (acc) {
      accuracy = isVoid(acc.type) ? LongType : expectArg('percentile_approx', args, 2, 'integral');
      if (!acc.foldable)
        throw new LakesqlError('DATATYPE_MISMATCH.NON_FOLDABLE_INPUT', {
          sqlExpr,
          inputName: '`accuracy`',
          inputType: quotedType(accuracy),
          inputExpr: `"${acc.sql}"`,
        });
      if (acc.numeric === null || isVoid(acc.type))
        throw new LakesqlError('DATATYPE_MISMATCH.UNEXPECTED_NULL', { sqlExpr, exprName: 'accuracy' });
      const n = typeof acc.numeric === 'number' ? acc.numeric : undefined;
      if (n !== undefined && (n <= 0 || n > 2147483647))
        throw new LakesqlError('DATATYPE_MISMATCH.VALUE_OUT_OF_RANGE', {
          sqlExpr,
          exprName: 'accuracy',
          valueRange: '(0, 2147483647]',
          currentValue: `${n}L`,
        });
    }
    return {
      inputTypes: acc ? [t, pct, accuracy] : [t, pct],
      returnType: resultFor(pct, t),
    };
  },
  {
    aliases: ['approx_percentile'],
    prettyName: (a, written = 'percentile_approx') =>
      `${written}(${[...a, ...(a.length === 2 ? ['10000'] : [])].join(', ')})`,
  },
);

/**
 * mode(x [, deterministic]): the most frequent value, ties broken arbitrarily or, when deterministic, by the
 * smallest. Spark names mode(x, true) after the ordered form it builds: `mode() WITHIN GROUP (ORDER BY x DESC)`.
 */
const mode = custom(
  'mode',
  'aggregate',
  (args) => {
    if (args.length < 1 || args.length > 2) throw wrongNumArgs('mode', '0', args.length);
    const t = args[0]?.type as DataType;
    const det = args[1];
    if (det) {
      if (!det.foldable)
        throw new LakesqlError('NON_FOLDABLE_ARGUMENT', {
          funcName: '`mode`',
          paramName: '`deterministic`',
          paramType: '"BOOLEAN"',
        });
      if (det.value === null || isVoid(det.type))
        throw new LakesqlError('DATATYPE_MISMATCH.UNEXPECTED_NULL', {
          sqlExpr: `"${det.sql}"`,
          exprName: '`deterministic`',
        });
      if (!(det.type.kind === 'primitive' && det.type.name === 'boolean'))
        throw new LakesqlError('UNEXPECTED_INPUT_TYPE', {
          functionName: '`mode`',
          paramIndex: '2',
          requiredType: '"BOOLEAN"',
          inputSql: `"${det.sql}"`,
          inputType: quotedType(det.type),
        });
    }
    return { inputTypes: args.map((a) => a.type), returnType: t };
  },
  {
    prettyName: (a, written = 'mode') =>
      a.length === 2 && a[1] === 'true'
        ? `${written}() WITHIN GROUP (ORDER BY ${a[0]} DESC)`
        : `${written}(${a[0]})`,
  },
);

export const PERCENTILE_FUNCTIONS: readonly FunctionSignature[] = [
  percentile,
  median,
  inverseDistribution('percentile_cont'),
  inverseDistribution('percentile_disc'),
  percentileApprox,
  mode,
];
