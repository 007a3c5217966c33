/**
 * A JavaScript scalar function as a session function (plan/analyzer/user-function.ts). A call binds to a
 * DuckDB scalar function registered for its argument types (engine/udfs/user-function-udf.ts): one per
 * distinct list of argument types, kept for the session, so a query that is analyzed again registers nothing
 * new. The call is never folded: Spark evaluates a UDF per row, even over constants.
 */

import type { SqlFunctions } from '../../catalog/sql-functions.js';
import type { EngineSession } from '../../engine/engine-session.js';
import { userFunctionResultType } from '../../engine/udfs/user-function-udf.js';
import { LakesqlError } from '../../errors/index.js';
import type { UserFunction } from '../../plan/analyzer/user-function.js';
import { type BoundExpr, typeOf } from '../../plan/logical/bound-expression.js';
import { type DataType, sqlTypeName } from '../../types/data-types.js';
import type { Value } from '../../types/value.js';

export interface JsScalarSpec {
  /** As registered (its case kept for messages); looked up case-insensitively. */
  readonly name: string;
  readonly returnType: DataType;
  readonly deterministic: boolean;
  /** The per-row function for one call's argument types: Values in, a Value of `returnType` out. */
  rowFunction(argumentTypes: readonly DataType[]): (args: readonly Value[]) => Value;
}

export function jsScalarFunction(engine: EngineSession, spec: JsScalarSpec): UserFunction {
  if (!userFunctionResultType(spec.returnType)) {
    throw new LakesqlError('UNSUPPORTED_FEATURE', {
      feature: `a JavaScript function returning ${sqlTypeName(spec.returnType)}`,
    });
  }
  const engineNames = new Map<string, string>();
  return {
    name: spec.name.toLowerCase(),
    kind: 'scalar',
    bind(args: readonly BoundExpr[]): BoundExpr {
      const argumentTypes = args.map(typeOf);
      const key = argumentTypes.map(sqlTypeName).join(', ');
      let engineName = engineNames.get(key);
      if (engineName === undefined) {
        engineName = engine.uniqueName('lakesql_udf');
        engine.registerUserFunction({
          engineName,
          displayName: spec.name,
          argumentTypes,
          returnType: spec.returnType,
          deterministic: spec.deterministic,
          apply: spec.rowFunction(argumentTypes),
        });
        engineNames.set(key, engineName);
      }
      return {
        kind: 'call',
        name: spec.name.toLowerCase(),
        args,
        resolved: { inputTypes: argumentTypes, returnType: spec.returnType, engineFunction: engineName },
        type: spec.returnType,
      };
    },
  };
}

/** Registers (or replaces) a session function: Spark's createOrReplaceTempFunction. */
export function registerUserFunction(functions: SqlFunctions<unknown>, fn: UserFunction): void {
  functions.setTemporary(fn.name, fn);
}
