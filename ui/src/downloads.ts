/**
 * A result saved from the page, built from the grid's own cells (no statement runs again):
 *  - CSV as `lakesql sql --format csv` writes it: a header, RFC 4180 quoting, NULL as an empty field and the
 *    empty string as `""`.
 *  - JSON, an array of row objects; a number column's value is a JSON number when that number reads back
 *    as the same text, else its exact text (a BIGINT past 2^53, a DECIMAL of many digits).
 *  - Parquet, which the page cannot write: the server runs the result's query again and streams the file
 *    its engine wrote (GET /api/download), with the result's own types.
 */
import type { Cell, ErrorPayload, ResultSet } from './api.js';

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

const token = new URLSearchParams(location.search).get('token') ?? '';

export async function parquetDownload(
  sql: string,
  fileName: string,
): Promise<{ blob: Blob } | { error: ErrorPayload }> {
  const query = new URLSearchParams({ format: 'parquet', sql, name: fileName });
  const res = await fetch(`/api/download?${query}`, { headers: { 'x-lakesql-token': token } });
  if (res.ok) return { blob: await res.blob() };
  const body = (await res.json()) as { error?: ErrorPayload; message?: string };
  return {
    error: body.error ?? {
      errorClass: 'INTERNAL_ERROR',
      sqlState: 'XX000',
      message: body.message ?? `HTTP ${res.status}`,
      position: { from: 0, to: 0, line: 1, column: 0 },
    },
  };
}

export function download(fileName: string, content: string | Blob, type: string): void {
  const url = URL.createObjectURL(content instanceof Blob ? content : new Blob([content], { type }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
