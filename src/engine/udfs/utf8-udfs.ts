/**
 * `spark_make_valid_utf8(BLOB) → VARCHAR`: bytes as text with every invalid UTF-8 sequence replaced by U+FFFD
 * (Spark's UTF8String.makeValid, behind make_valid_utf8 of a binary value). DuckDB's decode() can only fail on
 * such bytes, and its VARCHAR cannot hold them, so the replacement happens here.
 */
import {
  BLOB,
  type DuckDBConnection,
  type DuckDBDataChunk,
  DuckDBScalarFunction,
  VARCHAR,
} from '@duckdb/node-api';

const lenient = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

export function registerUtf8Udfs(connection: DuckDBConnection): void {
  connection.registerScalarFunction(
    DuckDBScalarFunction.create({
      name: 'spark_make_valid_utf8',
      returnType: VARCHAR,
      parameterTypes: [BLOB],
      specialHandling: true,
      mainFunction: (_info, input: DuckDBDataChunk, output) => {
        const values = input.getColumnVector(0);
        for (let i = 0; i < input.rowCount; i++) {
          const v = values.getItem(i) as { bytes: Uint8Array } | null;
          output.setItem(i, (v === null ? null : lenient.decode(v.bytes)) as never);
        }
        output.flush();
      },
    }),
  );
}
