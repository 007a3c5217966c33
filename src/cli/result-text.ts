/**
 * A query result as `lakesql sql` prints it (issue 3, "The command line").
 *  - table: Spark's `Dataset.show(truncate = false)` frame (`+---+` borders, cells left-aligned, nothing
 *    cut), holding each value's HiveResult string, the form spark-sql's CLI prints (NULL as NULL, strings
 *    unquoted at the top level).
 *  - json: one line holding a JSON array of row objects, values by `jsonValue`.
 *  - csv: a header line, then one line per row, fields quoted as RFC 4180 says; as Spark's CSV writer
 *    does, NULL is an empty field and the empty string is `""`.
 */
import type { ResultColumn } from '../exec/query/run-query.js';
import { type FormatOptions, hiveResultString, jsonValue } from '../exec/value-format/index.js';
import type { Value } from '../types/value.js';

export type ResultFormat = 'table' | 'json' | 'csv';

export const RESULT_FORMATS: readonly ResultFormat[] = ['table', 'json', 'csv'];

export interface RowsResult {
  readonly columns: readonly ResultColumn[];
  readonly rows: readonly (readonly Value[])[];
}

/** The result's text, without a final newline. */
export function resultText(result: RowsResult, format: ResultFormat, options: FormatOptions): string {
  switch (format) {
    case 'table':
      return tableText(result, options);
    case 'json':
      return JSON.stringify(
        result.rows.map((row) =>
          Object.fromEntries(
            result.columns.map((c, i) => [c.name, jsonValue(row[i] ?? null, c.type, options)]),
          ),
        ),
      );
    case 'csv':
      return [
        result.columns.map((c) => csvField(c.name)).join(','),
        ...result.rows.map((row) =>
          result.columns
            .map((c, i) => {
              const v = row[i] ?? null;
              return v === null ? '' : csvField(hiveResultString(v, c.type, options));
            })
            .join(','),
        ),
      ].join('\n');
    default:
      return format satisfies never;
  }
}

/** Dataset.showString's `minimumColWidth`. */
const MIN_COLUMN_WIDTH = 3;

function tableText(result: RowsResult, options: FormatOptions): string {
  const header = result.columns.map((c) => c.name);
  const cells = result.rows.map((row) =>
    result.columns.map((c, i) => hiveResultString(row[i] ?? null, c.type, options)),
  );
  const widths = header.map((h, i) =>
    Math.max(MIN_COLUMN_WIDTH, width(h), ...cells.map((r) => width(r[i] ?? ''))),
  );
  const border = `+${widths.map((w) => '-'.repeat(w)).join('+')}+`;
  const line = (texts: readonly string[]) =>
    `|${texts.map((t, i) => t + ' '.repeat((widths[i] ?? 0) - width(t))).join('|')}|`;
  return [border, line(header), border, ...cells.map(line), border].join('\n');
}

/** Characters as a terminal counts them (code points, not UTF-16 units). */
function width(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** RFC 4180 §2: a field holding a comma, quote or line break is quoted, with quotes doubled. */
function csvField(s: string): string {
  return s === '' || /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}
