/**
 * encode(str, charset) and decode(bin, charset) (Spark's Encode and StringDecode). UTF-8, the common case,
 * stays in DuckDB's own encode/decode; any other charset, or one known only when the query runs, goes through
 * the spark_encode/spark_decode UDFs (engine/udfs/charset-text.ts has Java's rules), which also raise Spark's
 * INVALID_PARAMETER_VALUE.CHARSET and MALFORMED_CHARACTER_CODING.
 */
import type { SessionSemantics } from '../../plan/functions/function-signature.js';
import { tryable } from '../operators/sql-helpers.js';
import { raise } from './compiler-kit.js';
import type { CompiledArg } from './function-compiler.js';

const isUtf8 = (charset: CompiledArg | undefined): boolean =>
  typeof charset?.value === 'string' && charset.value.toUpperCase() === 'UTF-8';

const flags = (s: SessionSemantics): string =>
  `${s.legacyJavaCharsets === true}, ${s.legacyCodingErrorAction === true}`;

export function encodeSql(text: string, charset: CompiledArg, semantics: SessionSemantics): string {
  if (isUtf8(charset)) return `encode(${text})`;
  return `spark_encode(${text}, ${charset.sql}, ${flags(semantics)})`;
}

export function decodeSql(bytes: string, charset: CompiledArg, semantics: SessionSemantics): string {
  if (!isUtf8(charset)) return `spark_decode(${bytes}, ${charset.sql}, ${flags(semantics)})`;
  // Java's UTF-8 decoder REPORTs malformed bytes (MALFORMED_CHARACTER_CODING) unless
  // spark.sql.legacy.codingErrorAction makes it REPLACE them with U+FFFD.
  if (semantics.legacyCodingErrorAction === true) return `spark_make_valid_utf8(${bytes})`;
  const malformed = raise('MALFORMED_CHARACTER_CODING', { function: "'`decode`'", charset: charset.sql });
  return tryable(
    bytes,
    (b) =>
      `CASE WHEN ${b} IS NULL THEN NULL WHEN try(decode(${b})) IS NULL THEN ${malformed} ELSE decode(${b}) END`,
  );
}
