/**
 * The datetime-pattern UDFs the function library compiles to (exec/functions/datetime-compilers.ts). Each takes
 * the session time zone as an argument, so one registration serves every session. NULL in, NULL out (rowFunction
 * does it: DuckDB calls a UDF with the NULL rows of its input too); an invalid pattern throws Spark's error, whose `[CLASS] {params}` text EngineSession turns
 * back into a LakesqlError.
 *
 *   spark_date_format(micros BIGINT, pattern VARCHAR, zone VARCHAR) -> VARCHAR
 *   spark_parse_datetime(text VARCHAR, pattern VARCHAR, zone VARCHAR, target VARCHAR) -> BIGINT (NULL if unparsable)
 *   spark_parse_datetime_error(text, pattern, zone, target) -> VARCHAR: java.time's message for unparsable
 *     text (NULL when it parses), for the SQL to raise CANNOT_PARSE_TIMESTAMP with under ANSI.
 */
import {
  BIGINT,
  type DuckDBConnection,
  type DuckDBDataChunk,
  DuckDBScalarFunction,
  type DuckDBType,
  VARCHAR,
} from '@duckdb/node-api';
import { LakesqlError } from '../../errors/index.js';
import { allocationFailure } from '../result-size.js';
import { formatTimestamp } from './spark-datetime-format.js';
import { type ParseTarget, parseDatetime } from './spark-datetime-parse.js';

/**
 * A LakesqlError crosses DuckDB as `[CLASS] {json params}` (engine-session.ts sparkErrorRaisedInSql); V8
 * refusing an allocation (a value past its string or array limits) crosses as MEMORY_LIMIT_EXCEEDED.
 */
function rethrowForDuckDB(e: unknown, name: string): never {
  const error = allocationFailure(e, `the function ${name}`) ?? e;
  if (error instanceof LakesqlError) {
    throw new Error(`[${error.errorClass}] ${JSON.stringify(error.messageParameters)}`);
  }
  throw e;
}

/**
 * A scalar UDF applied row by row; a row with a NULL argument is NULL without calling `fn`. DuckDB's default
 * NULL handling only folds constant NULL arguments: the main function still receives NULL rows of a vector
 * (as `null` items), which made bigint arithmetic in `fn` throw "Cannot mix BigInt and other types".
 */
export function rowFunction(
  name: string,
  parameterTypes: readonly DuckDBType[],
  returnType: DuckDBType,
  fn: (args: readonly unknown[]) => unknown,
): DuckDBScalarFunction {
  return DuckDBScalarFunction.create({
    name,
    returnType,
    parameterTypes: [...parameterTypes],
    mainFunction: (_info, input: DuckDBDataChunk, output) => {
      const columns = parameterTypes.map((_, i) => input.getColumnVector(i));
      try {
        for (let row = 0; row < input.rowCount; row++) {
          const args = columns.map((c) => c.getItem(row));
          output.setItem(row, (args.includes(null) ? null : fn(args)) as never);
        }
      } catch (e) {
        rethrowForDuckDB(e, name);
      }
      output.flush();
    },
  });
}

const target = (v: unknown): ParseTarget => v as ParseTarget;

export function registerDatetimeUdfs(connection: DuckDBConnection): void {
  connection.registerScalarFunction(
    rowFunction('spark_date_format', [BIGINT, VARCHAR, VARCHAR], VARCHAR, ([micros, pattern, zone]) =>
      formatTimestamp(micros as bigint, pattern as string, zone as string),
    ),
  );
  connection.registerScalarFunction(
    rowFunction(
      'spark_parse_datetime',
      [VARCHAR, VARCHAR, VARCHAR, VARCHAR],
      BIGINT,
      ([text, pattern, zone, t]) => {
        const r = parseDatetime(text as string, pattern as string, zone as string, target(t));
        return r.kind === 'parsed' ? r.value : null;
      },
    ),
  );
  connection.registerScalarFunction(
    rowFunction(
      'spark_parse_datetime_error',
      [VARCHAR, VARCHAR, VARCHAR, VARCHAR],
      VARCHAR,
      ([text, pattern, zone, t]) => {
        const r = parseDatetime(text as string, pattern as string, zone as string, target(t));
        return r.kind === 'failed' ? r.message : null;
      },
    ),
  );
}
