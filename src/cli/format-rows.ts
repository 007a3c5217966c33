/**
 * Rendering result rows for the terminal (`--format table`), as JSON lines (`--format json`: one line per
 * result holding a JSON array of row objects) and as CSV, per ARCHITECTURE.md's CLI contract.
 */
import Table from 'cli-table3';

export type OutputFormat = 'table' | 'json' | 'csv';

export function formatRows(
  rows: readonly Record<string, unknown>[],
  columns: readonly string[],
  format: OutputFormat,
): string {
  switch (format) {
    case 'json':
      return JSON.stringify(rows.map((r) => Object.fromEntries(columns.map((c) => [c, toJsonValue(r[c])]))));
    case 'csv':
      return [
        columns.map(csvField).join(','),
        ...rows.map((r) => columns.map((c) => csvField(cellText(r[c]))).join(',')),
      ].join('\n');
    case 'table': {
      const table = new Table({ head: [...columns], style: { head: [], border: [] } });
      for (const r of rows) table.push(columns.map((c) => cellText(r[c])));
      return `${table.toString()}\n(${rows.length} ${rows.length === 1 ? 'row' : 'rows'})`;
    }
    default: {
      const never: never = format;
      throw new Error(`unknown format ${String(never)}`);
    }
  }
}

/** Spark prints NULL as NULL in its shell; values print as their SQL text. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') return JSON.stringify(toJsonValue(v));
  return String(v);
}

function toJsonValue(v: unknown): unknown {
  if (typeof v === 'bigint') return Number.isSafeInteger(Number(v)) ? Number(v) : v.toString();
  if (v instanceof Date) return v.toISOString();
  if (v instanceof Uint8Array) return Buffer.from(v).toString('base64');
  if (Array.isArray(v)) return v.map(toJsonValue);
  if (v && typeof v === 'object')
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, toJsonValue(x)]));
  return v;
}

function csvField(s: string): string {
  return /[",\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}
