/**
 * Spark's text data source: one `value string` column, one row per line (`lineSep` or any of `\n`, `\r\n`,
 * `\r`), or one row per file with `wholetext`. The line terminator is not part of the value; a final
 * terminator does not start an empty row.
 *
 * Also the decoding every row format starts from (decodeFileText): a file's bytes as text in the charset
 * its reader uses.
 */
import { field, StringType, struct } from '../types/data-types.js';
import { csvCharset, decodeBytes, detectJsonCharset, UTF8 } from './charsets.js';
import type { DataSourceOptions } from './data-source-options.js';
import { type FileRows, type FileText, fileLines } from './file-rows.js';
import { jsonCharset } from './json/json-reader.js';

export function readText(files: readonly FileText[], options: DataSourceOptions): FileRows {
  const schema = struct([field('value', StringType, true)]);
  const whole = options.bool('wholetext', false);
  const sep = options.get('lineSep');
  const rows = files.flatMap((f) => {
    if (whole) return [[f.text]];
    return fileLines(f.text, sep).map((l) => [l]);
  });
  return { schema, rows };
}

/**
 * A file's bytes as the text its reader parses: CSV in its `encoding`/`charset` (UTF-8 by default; Spark
 * 4's allow-list unless `legacyJavaCharsets`, i.e. spark.sql.legacy.javaCharsets), JSON in its
 * `encoding` (checked as JSONOptionsInRead checks it) or, multi-line without one, in the charset Jackson
 * detects; text is UTF-8 (Spark's text source has no encoding option). Throws Spark's error for a charset
 * it refuses.
 */
export function decodeFileText(
  bytes: Uint8Array,
  format: string,
  options: DataSourceOptions,
  legacyJavaCharsets = false,
): string {
  switch (format.toLowerCase()) {
    case 'csv':
      return decodeBytes(bytes, csvCharset(options, legacyJavaCharsets));
    case 'json': {
      const given = jsonCharset(options);
      if (given !== undefined) return decodeBytes(bytes, given);
      return decodeBytes(bytes, options.bool('multiLine', false) ? detectJsonCharset(bytes) : UTF8);
    }
    default:
      return decodeBytes(bytes, UTF8);
  }
}
