/**
 * Whether two result sets hold the same rows, as multisets: column names are ignored (each side names its
 * expressions its own way) and values are normalised so that the two engines' types agree. Spark keeps
 * `avg` and decimal division as decimals rounded to a scale (6 for an `avg` of decimal(15,2)) where DuckDB
 * returns a DOUBLE; `extract` is INT in Spark and BIGINT in DuckDB; dates come as text from one reader and
 * as Date from the other; the last digits of a floating-point sum depend on the order of the additions.
 * So rows are sorted by a coarse key (numbers to 6 significant digits) and then compared pairwise: a number
 * agrees when it is within 1e-9 relative, or within half a unit of the last place of lakesql's decimal text
 * (DuckDB's double rounded to Spark's scale).
 */

type Cell = { readonly num: number; readonly scale?: number } | { readonly text: string };

function cell(v: unknown): Cell {
  if (v === null || v === undefined) return { text: 'NULL' };
  if (typeof v === 'bigint' || typeof v === 'number') return { num: Number(v) };
  if (v instanceof Date) return { text: v.toISOString().slice(0, 10) };
  const text = typeof v === 'string' ? v : typeof v === 'object' ? String(v) : JSON.stringify(v);
  const decimal = /^-?\d+(?:\.(\d+))?$/.exec(text);
  if (decimal) return { num: Number(text), scale: decimal[1]?.length ?? 0 };
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return { text };
  return { text: JSON.stringify(v) };
}

function key(c: Cell): string {
  return 'text' in c ? c.text : c.num === 0 ? '0' : Number(c.num.toPrecision(6)).toString();
}

function agree(lake: Cell, duck: Cell): boolean {
  if ('text' in lake || 'text' in duck) return 'text' in lake && 'text' in duck && lake.text === duck.text;
  const diff = Math.abs(lake.num - duck.num);
  if (diff <= 1e-9 * Math.max(Math.abs(lake.num), Math.abs(duck.num))) return true;
  return lake.scale !== undefined && diff <= 0.5 * 10 ** -lake.scale + 1e-12 * Math.abs(duck.num);
}

function show(row: readonly Cell[]): string {
  return row.map((c) => ('text' in c ? c.text : String(c.num))).join(' | ');
}

function sorted(rows: readonly Record<string, unknown>[]): Cell[][] {
  return rows
    .map((row) => Object.values(row).map(cell))
    .map((cells) => ({ cells, k: cells.map(key).join(' | ') }))
    .sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0))
    .map((r) => r.cells);
}

/** `undefined` when equal as multisets; otherwise a one-line description of the first difference. */
export function compareRows(
  lakesql: readonly Record<string, unknown>[],
  duckdb: readonly Record<string, unknown>[],
): string | undefined {
  if (lakesql.length !== duckdb.length) {
    return `${lakesql.length} rows from lakesql, ${duckdb.length} from DuckDB`;
  }
  const a = sorted(lakesql);
  const b = sorted(duckdb);
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.length !== y.length || x.some((c, j) => !agree(c, y[j]!))) {
      return `rows differ: lakesql [${show(x)}] vs DuckDB [${show(y)}]`;
    }
  }
  return undefined;
}
