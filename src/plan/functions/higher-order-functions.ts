/**
 * Spark's higher-order functions (higherOrderFunctions.scala). The analyzer resolves each lambda body with the
 * parameter types `lambdaParameterTypes` gives, then calls `resolve` with the lambda's ArgInfo (type = body type).
 */
import { LakesqlError } from '../../errors/index.js';
import { arrayOf, BooleanType, type DataType, IntegerType, mapOf } from '../../types/data-types.js';
import { sameType } from '../types/type-classes.js';
import { commonType } from './common-type.js';
import type { ArgInfo, FunctionSignature, ResolvedCall } from './function-signature.js';
import { callSql, checkArity, custom, expectArg, unexpectedInputType } from './signature-kit.js';
import { quotedType } from './spark-type-text.js';

type ParamTypes = (args: readonly ArgInfo[], index: number, arity: number) => readonly DataType[];

function arityError(name: string, args: readonly ArgInfo[], expected: number, actual: number): LakesqlError {
  return new LakesqlError('DATATYPE_MISMATCH.INVALID_LAMBDA_FUNCTION_CALL.NUM_ARGS_MISMATCH', {
    sqlExpr: callSql(name, args),
    expectedNumArgs: expected,
    actualNumArgs: actual,
  });
}

function lambdaArg(name: string, args: readonly ArgInfo[], i: number): ArgInfo {
  const a = args[i];
  if (!a?.lambda) throw unexpectedInputType(name, args, i, '"LAMBDA"');
  return a;
}

function hof(
  name: string,
  params: (args: readonly ArgInfo[], index: number) => readonly DataType[][],
  resolve: (args: readonly ArgInfo[]) => ResolvedCall,
  extra: Partial<Pick<FunctionSignature, 'aliases' | 'prettyName'>> = {},
): FunctionSignature {
  const lambdaParameterTypes: ParamTypes = (args, index, arity) => {
    const allowed = params(args, index);
    const pick = allowed.find((p) => p.length === arity);
    if (!pick) throw arityError(name, args, allowed[0]?.length ?? 1, arity);
    return pick;
  };
  return custom(name, 'scalar', resolve, { lambdaParameterTypes, ...extra });
}

const arrayAt = (name: string, args: readonly ArgInfo[], i: number): DataType & { kind: 'array' } =>
  expectArg(name, args, i, 'array') as DataType & { kind: 'array' };
const arrayElem = (name: string, args: readonly ArgInfo[]) => arrayAt(name, args, 0);
const elemParams = (name: string) => (args: readonly ArgInfo[]) => {
  const e = arrayElem(name, args).elementType;
  return [[e], [e, IntegerType]];
};

type MapType = DataType & { kind: 'map' };
const mapArg = (name: string, args: readonly ArgInfo[], i = 0): MapType =>
  expectArg(name, args, i, 'map') as MapType;
const entryParams = (name: string) => (args: readonly ArgInfo[]) => {
  const m = mapArg(name, args);
  return [[m.keyType, m.valueType]];
};

function orderable(t: DataType): boolean {
  if (t.kind === 'map') return false;
  if (t.kind === 'array') return orderable(t.elementType);
  if (t.kind === 'struct') return t.fields.every((f) => orderable(f.type));
  return true;
}

const isInt = (t: DataType) => t.kind === 'primitive' && t.name === 'integer';

/** MapZipWith's key type: both maps' key types widened to one (TypeCoercion), else MAP_ZIP_WITH_DIFF_TYPES. */
function zipKeyType(args: readonly ArgInfo[]): DataType {
  const l = mapArg('map_zip_with', args, 0);
  const r = mapArg('map_zip_with', args, 1);
  const k = commonType([l.keyType, r.keyType]);
  if (!k) {
    throw new LakesqlError('DATATYPE_MISMATCH.MAP_ZIP_WITH_DIFF_TYPES', {
      sqlExpr: callSql('map_zip_with', args),
      functionName: '`map_zip_with`',
      leftType: quotedType(l.keyType),
      rightType: quotedType(r.keyType),
    });
  }
  return k;
}

/** ArraySort.defaultComparator, as Spark prints it in the 1-argument array_sort's name. */
export const DEFAULT_SORT_COMPARATOR =
  'lambdafunction((IF(((left IS NULL) AND (right IS NULL)), 0, (IF((left IS NULL), 1, (IF((right IS NULL), -1, (IF((left < right), -1, (IF((left > right), 1, 0)))))))))), left, right)';

function predicate(name: string, result: (a: DataType) => DataType, withIndex = false): FunctionSignature {
  const params = withIndex
    ? elemParams(name)
    : (args: readonly ArgInfo[]) => [[arrayElem(name, args).elementType]];
  return hof(name, params, (args) => {
    checkArity(name, args, 2);
    const a = arrayElem(name, args);
    const f = lambdaArg(name, args, 1);
    if (!(f.type.kind === 'primitive' && f.type.name === 'boolean'))
      throw unexpectedInputType(name, args, 1, '"BOOLEAN"');
    return { inputTypes: [a, f.type], returnType: result(a) };
  });
}

export const HIGHER_ORDER_FUNCTIONS: readonly FunctionSignature[] = [
  hof('transform', elemParams('transform'), (args) => {
    checkArity('transform', args, 2);
    const a = arrayElem('transform', args);
    const f = lambdaArg('transform', args, 1);
    return { inputTypes: [a, f.type], returnType: arrayOf(f.type, true) };
  }),
  predicate('filter', (a) => a, true),
  predicate('exists', () => BooleanType),
  predicate('forall', () => BooleanType),
  hof(
    'zip_with',
    (args) => [[arrayElem('zip_with', args).elementType, arrayAt('zip_with', args, 1).elementType]],
    (args) => {
      checkArity('zip_with', args, 3);
      const a = arrayElem('zip_with', args);
      const b = arrayAt('zip_with', args, 1);
      const f = lambdaArg('zip_with', args, 2);
      return { inputTypes: [a, b, f.type], returnType: arrayOf(f.type, true) };
    },
  ),
  hof(
    'array_sort',
    (args) => {
      const e = arrayElem('array_sort', args).elementType;
      return [[e, e]];
    },
    (args) => {
      checkArity('array_sort', args, 1, 2);
      const a = arrayElem('array_sort', args);
      if (args.length === 1) {
        // The default comparator's `left < right` needs an orderable element type (no MAP inside).
        if (!orderable(a.elementType)) {
          throw new LakesqlError('DATATYPE_MISMATCH.INVALID_ORDERING_TYPE', {
            sqlExpr: '"(left < right)"',
            functionName: '`<`',
            dataType: quotedType(a.elementType),
          });
        }
        return { inputTypes: [a], returnType: a };
      }
      const f = lambdaArg('array_sort', args, 1);
      if (!isInt(f.type)) {
        throw new LakesqlError('DATATYPE_MISMATCH.UNEXPECTED_RETURN_TYPE', {
          sqlExpr: callSql('array_sort', args),
          functionName: '`lambdafunction`',
          expectedType: '"INT"',
          actualType: quotedType(f.type),
        });
      }
      return { inputTypes: [a, f.type], returnType: a };
    },
    { prettyName: (a) => `array_sort(${a[0] ?? ''}, ${a[1] ?? DEFAULT_SORT_COMPARATOR})` },
  ),
  hof('map_filter', entryParams('map_filter'), (args) => {
    checkArity('map_filter', args, 2);
    const m = mapArg('map_filter', args);
    const f = lambdaArg('map_filter', args, 1);
    if (!(f.type.kind === 'primitive' && f.type.name === 'boolean'))
      throw unexpectedInputType('map_filter', args, 1, '"BOOLEAN"');
    return { inputTypes: [m, f.type], returnType: m };
  }),
  hof('transform_values', entryParams('transform_values'), (args) => {
    checkArity('transform_values', args, 2);
    const m = mapArg('transform_values', args);
    const f = lambdaArg('transform_values', args, 1);
    return { inputTypes: [m, f.type], returnType: mapOf(m.keyType, f.type, true) };
  }),
  hof('transform_keys', entryParams('transform_keys'), (args) => {
    checkArity('transform_keys', args, 2);
    const m = mapArg('transform_keys', args);
    const f = lambdaArg('transform_keys', args, 1);
    return { inputTypes: [m, f.type], returnType: mapOf(f.type, m.valueType, m.valueContainsNull) };
  }),
  hof(
    'map_zip_with',
    (args) => [
      [
        zipKeyType(args),
        mapArg('map_zip_with', args, 0).valueType,
        mapArg('map_zip_with', args, 1).valueType,
      ],
    ],
    (args) => {
      checkArity('map_zip_with', args, 3);
      const k = zipKeyType(args);
      const l = mapArg('map_zip_with', args, 0);
      const r = mapArg('map_zip_with', args, 1);
      const f = lambdaArg('map_zip_with', args, 2);
      return {
        inputTypes: [
          mapOf(k, l.valueType, l.valueContainsNull),
          mapOf(k, r.valueType, r.valueContainsNull),
          f.type,
        ],
        returnType: mapOf(k, f.type, true),
      };
    },
  ),
  hof(
    'aggregate',
    (args, index) => {
      const e = arrayElem('aggregate', args).elementType;
      const zero = args[1]?.type as DataType;
      return index === 2 ? [[zero, e]] : [[args[2]?.type ?? zero]];
    },
    (args) => {
      checkArity('aggregate', args, 3, 4);
      const a = arrayElem('aggregate', args);
      const merge = lambdaArg('aggregate', args, 2);
      const finish = args[3] ? lambdaArg('aggregate', args, 3) : undefined;
      // ArrayAggregate: the merge lambda must keep the start value's type (aggregate(xs, 0, …) over BIGINTs fails).
      const zero = args[1] as ArgInfo;
      if (!sameType(zero.type, merge.type)) {
        throw new LakesqlError('DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE', {
          sqlExpr: callSql('aggregate', args),
          paramIndex: 'third',
          requiredType: quotedType(zero.type),
          inputSql: `"${(args[2] as ArgInfo).sql}"`,
          inputType: quotedType(merge.type),
        });
      }
      return {
        inputTypes: [a, merge.type, merge.type, ...(finish ? [finish.type] : [])],
        returnType: finish ? finish.type : merge.type,
      };
    },
    { aliases: ['reduce'] },
  ),
];
