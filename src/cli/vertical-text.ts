/**
 * Rows shown one field a line, for results too wide for a table: the REPL's `\x` (psql's expanded display:
 * a `-[ RECORD n ]` header, then `name | value` lines) and `.mode line` (DuckDB's and SQLite's line mode:
 * `name = value`, names right-aligned, a blank line between rows). Values are the HiveResult strings the
 * table prints.
 */
import { type FormatOptions, hiveResultString } from '../exec/value-format/index.js';
import type { RowsResult } from './result-text.js';

export function expandedText(result: RowsResult, options: FormatOptions): string {
  if (result.rows.length === 0) return '(0 rows)';
  const names = result.columns.map((c) => c.name);
  const nameWidth = Math.max(...names.map(width));
  const records = result.rows.map((row) => cells(result, row, options));
  const valueWidth = Math.max(0, ...records.flatMap((r) => r.flatMap((v) => v.split('\n').map(width))));
  return records
    .map((values, i) => {
      const header = `-[ RECORD ${i + 1} ]`;
      const lines = values.map((v, j) => `${pad(names[j]!, nameWidth)} | ${v}`);
      return [header + '-'.repeat(Math.max(0, nameWidth + 3 + valueWidth - width(header))), ...lines].join(
        '\n',
      );
    })
    .join('\n');
}

export function lineModeText(result: RowsResult, options: FormatOptions): string {
  const names = result.columns.map((c) => c.name);
  const nameWidth = Math.max(0, ...names.map(width));
  return result.rows
    .map((row) =>
      cells(result, row, options)
        .map((v, j) => `${' '.repeat(nameWidth - width(names[j]!))}${names[j]} = ${v}`)
        .join('\n'),
    )
    .join('\n\n');
}

function cells(result: RowsResult, row: RowsResult['rows'][number], options: FormatOptions): string[] {
  return result.columns.map((c, i) => hiveResultString(row[i] ?? null, c.type, options));
}

function pad(s: string, w: number): string {
  return s + ' '.repeat(w - width(s));
}

/** Characters as a terminal counts them (code points, not UTF-16 units). */
function width(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}
