/**
 * `spark_crc32(BLOB) -> BIGINT`: Spark's crc32 (java.util.zip.CRC32 of the bytes, an unsigned 32-bit value as
 * a long). DuckDB has no CRC-32; node:zlib's is the same polynomial. One call per chunk, a loop over its rows.
 */
import { crc32 } from 'node:zlib';
import {
  BIGINT,
  BLOB,
  type DuckDBConnection,
  type DuckDBDataChunk,
  DuckDBScalarFunction,
} from '@duckdb/node-api';

export function registerCrc32Udf(connection: DuckDBConnection): void {
  connection.registerScalarFunction(
    DuckDBScalarFunction.create({
      name: 'spark_crc32',
      returnType: BIGINT,
      parameterTypes: [BLOB],
      mainFunction: (_info, input: DuckDBDataChunk, output) => {
        const values = input.getColumnVector(0);
        for (let i = 0; i < input.rowCount; i++) {
          const v = values.getItem(i) as { bytes: Uint8Array } | null;
          output.setItem(i, (v === null ? null : BigInt(crc32(v.bytes))) as never);
        }
        output.flush();
      },
    }),
  );
}
