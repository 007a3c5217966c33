/**
 * A result saved from the page, built from the grid's own cells (no statement runs again):
 *  - CSV as `lakesql sql --format csv` writes it: a header, RFC 4180 quoting, NULL as an empty field and the
 *    empty string as `""`.
 *  - JSON, an array of row objects; a number column's value is a JSON number when that number reads back
 *    as the same text, else its exact text (a BIGINT past 2^53, a DECIMAL of many digits).
 */
import type { Cell, ResultSet } from './api.js';

export function csvText(result: ResultSet): string {
  const header = result.columns.map((c) => csvField(c.name)).join(',');
  const lines = result.rows.map((row) => row.map((v) => (v === null ? '' : csvField(v))).join(','));
  return [header, ...lines].join('\n') + '\n';
}

export function jsonText(result: ResultSet): string {
  const rows = result.rows.map((row) =>
    Object.fromEntries(result.columns.map((c, i) => [c.name, jsonCell(row[i] ?? null, c.numeric)])),
  );
  return JSON.stringify(rows, null, 2) + '\n';
}

function jsonCell(value: Cell, numeric: boolean): string | number | null {
  if (value === null || !numeric) return value;
  const n = Number(value);
  return Number.isFinite(n) && String(n) === value ? n : value;
}

function csvField(s: string): string {
  return s === '' || /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export function download(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
