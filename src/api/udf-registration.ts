/**
 * spark.udf (PySpark's UDFRegistration): JavaScript functions callable from SQL and DataFrames of this
 * session. `register(name, fn, returnType)` makes a temporary function (gone with the session) that hides a
 * builtin of the same name, as Spark's createOrReplaceTempFunction does. The function gets each row's
 * arguments as collect() gives values (value-to-js.ts; NULL as null) and its result becomes the declared
 * return type (default STRING, as in PySpark); a result that does not fit that type is NULL, as PySpark
 * makes it. Rows reach the function a chunk at a time through DuckDB's scalar function API.
 */
import { LakesqlError } from '../errors/index.js';
import type { SqlSession } from '../exec/session/sql-session.js';
import { jsScalarFunction, registerUserFunction } from '../exec/udf/js-scalar-function.js';
import { parseDataTypeString } from '../plan/types/parse-data-type.js';
import { call } from '../sql/ast/node-builders.js';
import { type DataType, StringType, sqlTypeName } from '../types/data-types.js';
import type { Value } from '../types/value.js';
import { Column } from './column.js';
import { jsToValue } from './dataframe/js-to-value.js';
import { DataTypeWrapper } from './dataframe/schema.js';
import { type JsValue, valueToJs } from './dataframe/value-to-js.js';
import { type ColumnOrName, columnParam } from './function-arguments.js';

/** A JavaScript function as registered: called row by row with the arguments' values. */
export type JsFunction = (...args: JsValue[]) => unknown;

/** What register() returns: call it with columns to use the function in a DataFrame (PySpark's UDF object). */
export interface UserDefinedFunction {
  (...cols: ColumnOrName[]): Column;
  readonly functionName: string;
  readonly returnType: DataType;
  readonly deterministic: boolean;
  /** The function registered again as nondeterministic: never folded, evaluated per row wherever it stands. */
  asNondeterministic(): UserDefinedFunction;
}

export class UDFRegistration {
  constructor(private readonly session: SqlSession) {}

  register(
    name: string,
    fn: JsFunction,
    returnType: DataType | DataTypeWrapper | string = StringType,
  ): UserDefinedFunction {
    if (typeof fn !== 'function') {
      throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: `registering ${typeof fn} as a function` });
    }
    return this.define(name, fn, declaredType(returnType), true);
  }

  private define(name: string, fn: JsFunction, returnType: DataType, deterministic: boolean) {
    const userFunction = jsScalarFunction(this.session.engine, {
      name,
      returnType,
      deterministic,
      rowFunction: (argumentTypes) => (args) =>
        resultValue(fn(...args.map((v, i) => valueToJs(v, argumentTypes[i]!))), returnType),
    });
    registerUserFunction(this.session.catalog.userFunctions, userFunction);
    const apply = (...cols: ColumnOrName[]) =>
      new Column(
        call(
          name,
          cols.map((c) => columnParam(c, 'cols')),
        ),
      );
    return Object.assign(apply, {
      functionName: name,
      returnType,
      deterministic,
      asNondeterministic: () => this.define(name, fn, returnType, false),
    });
  }
}

function declaredType(t: DataType | DataTypeWrapper | string): DataType {
  if (t instanceof DataTypeWrapper) return t.type;
  return typeof t === 'string' ? parseDataTypeString(t) : t;
}

/**
 * The function's result as a Value of the declared type. A string type takes the text of any primitive (as
 * PySpark's converter takes str()); any other mismatch is NULL, as PySpark returns None for a value of
 * the wrong type.
 */
function resultValue(result: unknown, type: DataType): Value {
  if (result === null || result === undefined) return null;
  if (type.kind === 'primitive' && type.name === 'string') {
    const kind = typeof result;
    return kind === 'string' || kind === 'number' || kind === 'bigint' || kind === 'boolean'
      ? String(result)
      : null;
  }
  try {
    return jsToValue(result, type, sqlTypeName(type));
  } catch {
    return null;
  }
}
