/**
 * reflect / java_method and try_reflect (CallMethodViaReflection): a static Java method called on each row,
 * its result as a string (String.valueOf). The checks are Spark's checkInputDataTypes, in its order: at least
 * two arguments, a constant non-NULL class and method name, arguments of typeMapping's types, a class that
 * loads, a static method that matches. Only the methods of java-static-methods.ts run here.
 */
import { LakesqlError } from '../../errors/index.js';
import { StringType } from '../../types/data-types.js';
import type { ArgInfo, FunctionSignature } from './function-signature.js';
import { findJavaStaticMethod, reflectArgumentType } from './java-static-methods.js';
import { callSql, custom, unexpectedInputType, wrongNumArgs } from './signature-kit.js';
import { quotedType } from './spark-type-text.js';

/** Spark names the inner expression `reflect` in every message, whichever function was written. */
const NAME = 'reflect';
const REQUIRED =
  '("BOOLEAN" or "TINYINT" or "SMALLINT" or "INT" or "BIGINT" or "FLOAT" or "DOUBLE" or "STRING")';

function constantName(args: readonly ArgInfo[], index: 0 | 1): string {
  const a = args[index]!;
  const inputName = index === 0 ? '`class`' : '`method`';
  if (!a.foldable || quotedType(a.type) !== '"STRING"') {
    throw new LakesqlError('DATATYPE_MISMATCH.NON_FOLDABLE_INPUT', {
      sqlExpr: callSql(NAME, args),
      inputName,
      inputType: '"STRING"',
      inputExpr: `"${a.sql}"`,
    });
  }
  if (typeof a.value !== 'string') {
    // A constant that is not a plain literal (a concatenation, say) is evaluated by Spark; here only NULL
    // literals and string literals are told apart, so anything else is refused as not foldable enough.
    if (a.value === null) {
      throw new LakesqlError('DATATYPE_MISMATCH.UNEXPECTED_NULL', {
        sqlExpr: callSql(NAME, args),
        exprName: inputName,
      });
    }
    throw new LakesqlError('UNSUPPORTED_FEATURE', {
      feature: `a computed ${inputName} name in reflect`,
    } as never);
  }
  return a.value;
}

const resolveReflect: FunctionSignature['resolve'] = (args) => {
  if (args.length < 2) throw wrongNumArgs(NAME, '> 1', args.length);
  const className = constantName(args, 0);
  const methodName = constantName(args, 1);
  for (let i = 2; i < args.length; i++) {
    if (!reflectArgumentType(args[i]!.type)) throw unexpectedInputType(NAME, args, i, REQUIRED);
  }
  const found = findJavaStaticMethod(
    className,
    methodName,
    args.slice(2).map((a) => a.type),
  );
  switch (found.kind) {
    case 'noClass':
      throw new LakesqlError('DATATYPE_MISMATCH.UNEXPECTED_CLASS_TYPE', {
        sqlExpr: callSql(NAME, args),
        className,
      });
    case 'noMethod':
      throw new LakesqlError('DATATYPE_MISMATCH.UNEXPECTED_STATIC_METHOD', {
        sqlExpr: callSql(NAME, args),
        methodName,
        className,
      });
    case 'unmodelled':
      throw new LakesqlError('UNSUPPORTED_FEATURE', {
        feature: `calling ${className}.${methodName} with these arguments (lakesql runs no JVM; README.md lists the Java methods reflect can call)`,
      } as never);
    case 'found':
      return { inputTypes: args.map((a) => a.type), returnType: StringType, nullable: true };
  }
};

export const REFLECT_FUNCTIONS: readonly FunctionSignature[] = [
  custom('reflect', 'scalar', resolveReflect, { aliases: ['java_method'] }),
  custom('try_reflect', 'scalar', resolveReflect),
];
