/**
 * assert_true and raise_error (misc.scala AssertTrue, RaiseError) and spark_partition_id. raise_error(msg)
 * raises USER_RAISED_EXCEPTION with `errorMessage` = msg (`null` for NULL); raise_error(errorClass, parms)
 * raises that class with the map's parameters (exec/functions/raise-error-class.ts); assert_true(cond[, msg]) is NULL
 * when cond is true and raises otherwise (a NULL cond too), with Spark's default message
 * `'<cond>' is not true!` (the condition as lakesql prints it: Spark adds its attribute ids).
 * spark_partition_id() is 0: lakesql hands DuckDB one logical partition.
 */
import { LakesqlError } from '../../errors/index.js';
import { type DataType, IntegerType, mapOf, StringType } from '../../types/data-types.js';
import type { FunctionSignature } from './function-signature.js';
import { checkArity, custom, expectArg, simple, unexpectedInputType } from './signature-kit.js';

const NullType: DataType = { kind: 'primitive', name: 'void' };

export const ASSERTION_FUNCTIONS: readonly FunctionSignature[] = [
  custom('raise_error', 'scalar', (args) => {
    checkArity('raise_error', args, 1, 2);
    const inputTypes = [expectArg('raise_error', args, 0, 'string')];
    if (args.length === 2) {
      // Spark 4's raise_error(errorClass, parms MAP<STRING, STRING>): the class must be a constant here.
      const t = args[1]!.type;
      const stringMap =
        t.kind === 'map' &&
        t.keyType.kind === 'primitive' &&
        t.keyType.name === 'string' &&
        t.valueType.kind === 'primitive' &&
        (t.valueType.name === 'string' || t.valueType.name === 'void');
      if (!stringMap) throw unexpectedInputType('raise_error', args, 1, '"MAP<STRING, STRING>"');
      if (!args[0]!.foldable || typeof args[0]!.value !== 'string') {
        throw new LakesqlError('UNSUPPORTED_FEATURE', {
          feature: 'raise_error with an error class that is not a constant string',
        });
      }
      inputTypes.push(mapOf(StringType, StringType));
    }
    return { inputTypes, returnType: NullType };
  }),
  custom(
    'assert_true',
    'scalar',
    (args) => {
      checkArity('assert_true', args, 1, 2);
      const types = [expectArg('assert_true', args, 0, 'boolean')];
      if (args.length > 1) types.push(expectArg('assert_true', args, 1, 'string'));
      const text = `'${args[0]!.sql}' is not true!`;
      return { inputTypes: types, returnType: NullType, text };
    },
    {
      // Spark's AssertTrue shows its default message among its parameters.
      prettyName: (a) =>
        a.length === 1 ? `assert_true(${a[0]}, '${a[0]}' is not true!)` : `assert_true(${a.join(', ')})`,
    },
  ),
  simple('spark_partition_id', { args: [], returns: IntegerType, nullable: false }),
];
