/**
 * Spark's higher-order functions (higherOrderFunctions.scala). The analyzer resolves each lambda body with the
 * parameter types `lambdaParameterTypes` gives, then calls `resolve` with the lambda's ArgInfo (type = body type).
 */
import { LakesqlError } from '../../errors/index.js';
import { arrayOf, BooleanType, type DataType, IntegerType } from '../../types/data-types.js';
import type { ArgInfo, FunctionSignature, ResolvedCall } from './function-signature.js';
import { callSql, checkArity, custom, expectArg, unexpectedInputType } from './signature-kit.js';

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
): FunctionSignature {
  const lambdaParameterTypes: ParamTypes = (args, index, arity) => {
    const allowed = params(args, index);
    const pick = allowed.find((p) => p.length === arity);
    if (!pick) throw arityError(name, args, allowed[0]?.length ?? 1, arity);
    return pick;
  };
  return custom(name, 'scalar', resolve, { lambdaParameterTypes });
}

const arrayElem = (name: string, args: readonly ArgInfo[]): DataType & { kind: 'array' } =>
  expectArg(name, args, 0, 'array') as DataType & { kind: 'array' };
const elemParams = (name: string) => (args: readonly ArgInfo[]) => {
  const e = arrayElem(name, args).elementType;
  return [[e], [e, IntegerType]];
};

function predicate(name: string, result: (a: DataType) => DataType): FunctionSignature {
  return hof(name, elemParams(name), (args) => {
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
  predicate('filter', (a) => a),
  predicate('exists', () => BooleanType),
  predicate('forall', () => BooleanType),
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
      return {
        inputTypes: [a, merge.type, merge.type, ...(finish ? [finish.type] : [])],
        returnType: finish ? finish.type : merge.type,
      };
    },
  ),
];
