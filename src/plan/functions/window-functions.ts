/**
 * Spark's ranking and offset window functions (windowExpressions.scala). Ranks are INT, percent_rank and
 * cume_dist DOUBLE; lag/lead/nth_value return their input's type. first_value/last_value are the aggregates
 * first/last used over a window (aggregate-functions.ts).
 */
import { LakesqlError } from '../../errors/index.js';
import { type DataType, DoubleType, IntegerType } from '../../types/data-types.js';
import { commonType } from './common-type.js';
import type { FunctionSignature } from './function-signature.js';
import { callSql, checkArity, custom, expectArg, simple } from './signature-kit.js';

const rank = (name: string, type: DataType): FunctionSignature =>
  simple(name, { kind: 'window', args: [], returns: type, nullable: false });

function offset(name: string): FunctionSignature {
  return custom(name, 'window', (args) => {
    checkArity(name, args, 1, 3);
    const t = args[0]?.type as DataType;
    const value = args.length === 3 ? (commonType([t, args[2]?.type as DataType]) ?? t) : t;
    const inputTypes = [
      value,
      ...(args.length > 1 ? [expectArg(name, args, 1, 'int')] : []),
      ...(args.length > 2 ? [value] : []),
    ];
    return { inputTypes, returnType: value };
  });
}

export const WINDOW_FUNCTIONS: readonly FunctionSignature[] = [
  rank('row_number', IntegerType),
  rank('rank', IntegerType),
  rank('dense_rank', IntegerType),
  rank('percent_rank', DoubleType),
  rank('cume_dist', DoubleType),
  // NTile.checkInputDataTypes: the number of buckets is a positive constant.
  custom('ntile', 'window', (args) => {
    checkArity('ntile', args, 1);
    const inputType = expectArg('ntile', args, 0, 'int');
    const buckets = args[0]?.value;
    if (typeof buckets === 'number' || typeof buckets === 'bigint') {
      if (buckets <= 0) {
        throw new LakesqlError('DATATYPE_MISMATCH.VALUE_OUT_OF_RANGE', {
          sqlExpr: callSql('ntile', args),
          exprName: 'buckets',
          valueRange: '(0, 2147483647]',
          currentValue: String(buckets),
        });
      }
    }
    return { inputTypes: [inputType], returnType: IntegerType };
  }),
  offset('lag'),
  offset('lead'),
  custom('nth_value', 'window', (args) => {
    checkArity('nth_value', args, 2, 3);
    const t = args[0]?.type as DataType;
    return {
      inputTypes: [
        t,
        expectArg('nth_value', args, 1, 'int'),
        ...(args[2] ? [expectArg('nth_value', args, 2, 'boolean')] : []),
      ],
      returnType: t,
    };
  }),
];
