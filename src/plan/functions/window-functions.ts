/**
 * Spark's ranking and offset window functions (windowExpressions.scala). Ranks are INT, percent_rank and
 * cume_dist DOUBLE; lag/lead/nth_value return their input's type. first_value/last_value are the aggregates
 * first/last used over a window (aggregate-functions.ts).
 */
import { type DataType, DoubleType, IntegerType } from '../../types/data-types.js';
import { commonType } from './common-type.js';
import type { FunctionSignature } from './function-signature.js';
import { checkArity, custom, expectArg, simple } from './signature-kit.js';

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
  simple('ntile', { kind: 'window', args: ['int'], returns: IntegerType }),
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
