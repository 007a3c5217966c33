/**
 * A session's JavaScript function (spark.udf.register) as a DuckDB scalar function: DuckDB hands it one data
 * chunk per call, the rows are converted to lakesql Values (result-reader.ts's converters, by the Spark types
 * the analyzer bound), the function runs once per row in JS, and its results are written back as the declared
 * return type. NULL arguments reach the function as null (PySpark passes None), so DuckDB's default NULL
 * short-cut is turned off. A throw becomes Spark's FAILED_EXECUTE_UDF, crossing DuckDB as `[CLASS] {params}`
 * text that EngineSession turns back into a LakesqlError.
 */
import {
  ANY,
  BIGINT,
  BLOB,
  BOOLEAN,
  DATE,
  DECIMAL,
  DOUBLE,
  DuckDBBlobValue,
  DuckDBDateValue,
  DuckDBDecimalValue,
  DuckDBScalarFunction,
  DuckDBTimestampTZValue,
  DuckDBTimestampValue,
  type DuckDBType,
  FLOAT,
  INTEGER,
  SMALLINT,
  TIMESTAMP,
  TIMESTAMPTZ,
  TINYINT,
  VARCHAR,
} from '@duckdb/node-api';
import { LakesqlError } from '../../errors/index.js';
import { type DataType, sqlTypeName } from '../../types/data-types.js';
import type { Value } from '../../types/value.js';
import { converterFor } from '../result-reader.js';

export interface UserFunctionUdf {
  /** The DuckDB name the compiled SQL calls (unique per instance). */
  readonly engineName: string;
  /** The function's name as the user registered it, for FAILED_EXECUTE_UDF. */
  readonly displayName: string;
  readonly argumentTypes: readonly DataType[];
  readonly returnType: DataType;
  /** False for asNondeterministic(): DuckDB must call it per row, never fold or cache it. */
  readonly deterministic: boolean;
  /** Applies the function to one row's arguments; the result is a Value of `returnType` (or null). */
  readonly apply: (args: readonly Value[]) => Value;
}

/** The DuckDB type a UDF result is written as; undefined for the types a JS UDF cannot return yet. */
export function userFunctionResultType(t: DataType): DuckDBType | undefined {
  if (t.kind === 'decimal') return DECIMAL(t.precision, t.scale);
  if (t.kind !== 'primitive') return undefined;
  const types: Partial<Record<string, DuckDBType>> = {
    string: VARCHAR,
    boolean: BOOLEAN,
    byte: TINYINT,
    short: SMALLINT,
    integer: INTEGER,
    long: BIGINT,
    float: FLOAT,
    double: DOUBLE,
    date: DATE,
    timestamp: TIMESTAMPTZ,
    timestamp_ntz: TIMESTAMP,
    binary: BLOB,
  };
  return types[t.name];
}

export function userFunctionScalar(udf: UserFunctionUdf): DuckDBScalarFunction {
  const returnType = userFunctionResultType(udf.returnType);
  // exec/udf/js-scalar-function.ts refuses the other return types when the function is registered.
  if (!returnType) throw new Error(`no engine type for ${sqlTypeName(udf.returnType)}`);
  const converters = udf.argumentTypes.map(converterFor);
  const write = engineValue(udf.returnType);
  const signature = udf.argumentTypes.map(sqlTypeName).join(', ');
  return DuckDBScalarFunction.create({
    name: udf.engineName,
    returnType,
    parameterTypes: [],
    // The analyzer fixed the argument types; ANY lets one registration take them as they are.
    varArgsType: ANY,
    specialHandling: true,
    volatile: !udf.deterministic,
    mainFunction: (_info, input, output) => {
      const columns = converters.map((_, i) => input.getColumnVector(i));
      for (let row = 0; row < input.rowCount; row++) {
        const args = columns.map((c, i) => converters[i]!(c.getItem(row)));
        let result: Value;
        try {
          result = udf.apply(args);
        } catch (e) {
          throw failedUdf(udf, signature, e);
        }
        output.setItem(row, (result === null ? null : write(result)) as never);
      }
      output.flush();
    },
  });
}

/** Spark's FAILED_EXECUTE_UDF (ScalaUDF.udfErrorMessage), in the text form DuckDB carries back. */
function failedUdf(udf: UserFunctionUdf, signature: string, e: unknown): Error {
  const reason = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  const params = {
    functionName: udf.displayName,
    signature,
    result: sqlTypeName(udf.returnType),
    reason,
  };
  const error = new LakesqlError('FAILED_EXECUTE_UDF', params);
  return new Error(`[${error.errorClass}] ${JSON.stringify(error.messageParameters)}`);
}

/** A Value of Spark type `t` as the item DuckDB's vector writer takes for the result type above. */
function engineValue(t: DataType): (v: Value) => unknown {
  if (t.kind === 'decimal') return (v) => new DuckDBDecimalValue(v as bigint, t.precision, t.scale);
  if (t.kind === 'primitive') {
    switch (t.name) {
      case 'date':
        return (v) => new DuckDBDateValue(v as number);
      case 'timestamp':
        return (v) => new DuckDBTimestampTZValue(v as bigint);
      case 'timestamp_ntz':
        return (v) => new DuckDBTimestampValue(v as bigint);
      case 'binary':
        return (v) => new DuckDBBlobValue(v as Uint8Array);
      default:
        return (v) => v;
    }
  }
  return (v) => v;
}
