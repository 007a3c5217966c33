/**
 * `spark_encode(text, charset, legacyCharsets, replaceErrors) -> BLOB` and
 * `spark_decode(bytes, charset, legacyCharsets, replaceErrors) -> VARCHAR`: Spark's encode/decode in a charset
 * other than UTF-8 (charset-text.ts has the rules; UTF-8 stays in DuckDB's own encode/decode). The two flags
 * are spark.sql.legacy.javaCharsets and spark.sql.legacy.codingErrorAction as the query was compiled.
 * A NULL argument gives NULL, as Spark's null-safe eval does.
 */
import { BLOB, BOOLEAN, DuckDBBlobValue, type DuckDBConnection, VARCHAR } from '@duckdb/node-api';
import { decodeText, encodeText } from './charset-text.js';
import { rowFunction } from './register-datetime-udfs.js';

export function registerCharsetUdfs(connection: DuckDBConnection): void {
  const add = (...[name, params, result, fn]: Parameters<typeof rowFunction>) =>
    connection.registerScalarFunction(
      rowFunction(name, params, result, (args) => (args.includes(null) ? null : fn(args))),
    );
  add('spark_encode', [VARCHAR, VARCHAR, BOOLEAN, BOOLEAN], BLOB, ([text, charset, legacy, replace]) => {
    const rules = { legacyCharsets: legacy as boolean, replaceErrors: replace as boolean };
    return new DuckDBBlobValue(encodeText(text as string, charset as string, rules));
  });
  add('spark_decode', [BLOB, VARCHAR, BOOLEAN, BOOLEAN], VARCHAR, ([bytes, charset, legacy, replace]) => {
    const rules = { legacyCharsets: legacy as boolean, replaceErrors: replace as boolean };
    return decodeText((bytes as { bytes: Uint8Array }).bytes, charset as string, rules);
  });
}
