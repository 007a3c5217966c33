/**
 * to_binary(str[, fmt]) and try_to_binary (Spark's ToBinary): hex is Unhex(failOnError), utf-8/utf8 is
 * Encode(str, 'UTF-8'), base64 is UnBase64(failOnError). Text that is not valid in the format is
 * CONVERSION_INVALID_INPUT for to_binary and NULL for try_to_binary. The analyzer has checked a literal
 * format (to-binary-functions.ts); a format that is a constant expression is chosen when the query runs.
 */

import { tryable } from '../operators/sql-helpers.js';
import { type CompileFn, compilers, raise, str } from './compiler-kit.js';
import type { CompiledArg, FunctionCompiler } from './function-compiler.js';

/** Java's Character.isWhitespace: the separators except the no-break spaces, and \t-\r, \x1C-\x1F. */
const JAVA_WHITESPACE = String.raw`\t-\r\x1C-\x1F \x{1680}\x{2000}-\x{2006}\x{2008}-\x{200A}\x{2028}\x{2029}\x{205F}\x{3000}`;
const BASE64_ALPHABET = 'A-Za-z0-9+/';

/** Unhex pads an odd length with a leading 0; NULL where a character is not a hex digit. */
const hexOrNull = (text: string) =>
  tryable(text, (s) => `try(unhex(CASE WHEN length(${s}) % 2 = 1 THEN '0' || ${s} ELSE ${s} END))`);

/**
 * UnBase64.isValidBase64: groups of four alphabet symbols with whitespace anywhere before the padding; the
 * last group holds at least two symbols, and when `=` padding (at most two, ending the text) is present the
 * group is exactly four with it. Valid text decodes as Java's MIME decoder does, skipping the whitespace.
 */
function base64OrNull(s: string): string {
  const symbols = `length(regexp_replace(${s}, ${str(`[^${BASE64_ALPHABET}]`)}, '', 'g'))`;
  const padding = `(length(${s}) - length(rtrim(${s}, '=')))`;
  const shape = `regexp_full_match(${s}, ${str(`[${BASE64_ALPHABET}${JAVA_WHITESPACE}]*={0,2}`)})`;
  const groups = `CASE WHEN ${padding} > 0 THEN ${symbols} % 4 >= 2 AND (${symbols} + ${padding}) % 4 = 0 ELSE ${symbols} % 4 <> 1 END`;
  const body = `regexp_replace(${s}, ${str(`[^${BASE64_ALPHABET}]`)}, '', 'g')`;
  return `CASE WHEN ${shape} AND ${groups} THEN from_base64(${body} || repeat('=', (4 - ${symbols} % 4) % 4)) END`;
}

function checked(s: string, orNull: string, format: string, tryMode: boolean): string {
  if (tryMode) return orNull;
  const invalid = raise('CONVERSION_INVALID_INPUT', {
    str: `'''' || ${s} || ''''`,
    fmt: str(`'${format}'`),
    targetType: `'"BINARY"'`,
    suggestion: "'`try_to_binary`'",
  });
  return `CASE WHEN ${s} IS NULL THEN NULL WHEN ${orNull} IS NULL THEN ${invalid} ELSE ${orNull} END`;
}

function byFormat(s: string, format: string, tryMode: boolean): string | undefined {
  switch (format.toLowerCase()) {
    case 'hex':
      return checked(s, hexOrNull(s), 'HEX', tryMode);
    case 'utf-8':
    case 'utf8':
      return `encode(${s})`;
    case 'base64':
      return checked(s, base64OrNull(s), 'BASE64', tryMode);
    default:
      return undefined;
  }
}

const toBinary =
  (tryMode: boolean): CompileFn =>
  ([s], args) => {
    const text = s as string;
    const fmt = args[1] as CompiledArg | undefined;
    if (fmt === undefined) return byFormat(text, 'hex', tryMode) as string;
    if (fmt.value === null) return 'CAST(NULL AS BLOB)';
    if (typeof fmt.value === 'string') return byFormat(text, fmt.value, tryMode) ?? 'CAST(NULL AS BLOB)';
    // A constant expression: ToBinary evaluates it once; here each row picks its branch.
    const branches = ['hex', 'utf-8', 'utf8', 'base64'].map(
      (f) => `WHEN ${str(f)} THEN ${byFormat(text, f, tryMode)}`,
    );
    return `CASE lower(${fmt.sql}) ${branches.join(' ')} END`;
  };

export const TO_BINARY_COMPILERS: readonly FunctionCompiler[] = compilers({
  to_binary: toBinary(false),
  try_to_binary: toBinary(true),
});
