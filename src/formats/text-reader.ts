/**
 * Spark's text data source: one `value string` column, one row per line (`lineSep` or any of `\n`, `\r\n`,
 * `\r`), or one row per file with `wholetext`. The line terminator is not part of the value; a final
 * terminator does not start an empty row.
 */
import { field, StringType, struct } from '../types/data-types.js';
import type { DataSourceOptions } from './data-source-options.js';
import type { FileRows, FileText } from './file-rows.js';

export function readText(files: readonly FileText[], options: DataSourceOptions): FileRows {
  const schema = struct([field('value', StringType, true)]);
  const whole = options.bool('wholetext', false);
  const sep = options.get('lineSep');
  const rows = files.flatMap((f) => {
    if (whole) return [[f.text]];
    const lines = sep === undefined ? f.text.split(/\r\n|\r|\n/) : f.text.split(sep);
    if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
    return lines.map((l) => [l]);
  });
  return { schema, rows };
}
