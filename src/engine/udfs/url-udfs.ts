/**
 * The UDFs behind url_encode / url_decode / try_url_decode / parse_url / try_parse_url, soundex and to_char
 * of a number (url-text.ts and to-char-number.ts have the algorithms). Each runs chunk at a time; a NULL
 * input is NULL (DuckDB's default NULL handling). A URL that cannot be decoded or parsed raises Spark's
 * error, or gives NULL for the try_ forms.
 */
import {
  type DuckDBConnection,
  type DuckDBDataChunk,
  DuckDBScalarFunction,
  type DuckDBType,
  VARCHAR,
} from '@duckdb/node-api';
import { LakesqlError } from '../../errors/index.js';
import { formatTokens, toCharNumber } from './to-char-number.js';
import { javaUrlDecode, javaUrlEncode, soundex, splitUrl, urlPart } from './url-text.js';

function stringFunction(
  name: string,
  parameterTypes: readonly DuckDBType[],
  fn: (args: readonly (string | null)[]) => string | null,
): DuckDBScalarFunction {
  return DuckDBScalarFunction.create({
    name,
    returnType: VARCHAR,
    parameterTypes: [...parameterTypes],
    mainFunction: (_info, input: DuckDBDataChunk, output) => {
      const columns = parameterTypes.map((_, i) => input.getColumnVector(i));
      try {
        for (let row = 0; row < input.rowCount; row++) {
          output.setItem(row, fn(columns.map((c) => c.getItem(row) as string | null)) as never);
        }
      } catch (e) {
        if (e instanceof LakesqlError)
          throw new Error(`[${e.errorClass}] ${JSON.stringify(e.messageParameters)}`);
        throw e;
      }
      output.flush();
    },
  });
}

function decode(url: string | null, orNull: boolean): string | null {
  if (url === null) return null;
  const decoded = javaUrlDecode(url);
  if (decoded !== undefined) return decoded;
  if (orNull) return null;
  throw new LakesqlError('CANNOT_DECODE_URL', { url });
}

function parse(url: string | null, part: string | null, key: string | null | undefined, orNull: boolean) {
  if (url === null || part === null) return null;
  const parts = splitUrl(url);
  if (parts) return urlPart(parts, part, key);
  if (orNull) return null;
  throw new LakesqlError('INVALID_URL', { url, ansiConfig: '"spark.sql.ansi.enabled"' });
}

export function registerUrlUdfs(connection: DuckDBConnection): void {
  const fns = [
    stringFunction('spark_url_encode', [VARCHAR], ([s]) => (s == null ? null : javaUrlEncode(s))),
    stringFunction('spark_url_decode', [VARCHAR], ([s]) => decode(s ?? null, false)),
    stringFunction('spark_try_url_decode', [VARCHAR], ([s]) => decode(s ?? null, true)),
    stringFunction('spark_parse_url', [VARCHAR, VARCHAR], ([u, p]) =>
      parse(u ?? null, p ?? null, undefined, false),
    ),
    stringFunction('spark_parse_url', [VARCHAR, VARCHAR, VARCHAR], ([u, p, k]) =>
      parse(u ?? null, p ?? null, k ?? null, false),
    ),
    stringFunction('spark_try_parse_url', [VARCHAR, VARCHAR], ([u, p]) =>
      parse(u ?? null, p ?? null, undefined, true),
    ),
    stringFunction('spark_try_parse_url', [VARCHAR, VARCHAR, VARCHAR], ([u, p, k]) =>
      parse(u ?? null, p ?? null, k ?? null, true),
    ),
    stringFunction('spark_to_char_number', [VARCHAR, VARCHAR], ([v, f]) =>
      v == null || f == null ? null : toCharNumber(v, formatTokens(f)),
    ),
    stringFunction('spark_soundex', [VARCHAR], ([s]) => (s == null ? null : soundex(s))),
  ];
  for (const f of fns) connection.registerScalarFunction(f);
}
