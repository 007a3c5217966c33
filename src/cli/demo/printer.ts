/**
 * How `lakesql demo` prints: a heading per seed, then numbered steps, each a one-line caption over the
 * step's table (rendered by format-rows.ts, as `lakesql sql` renders results).
 */
import type { DataFrame, Row } from '../../api/dataframe/dataframe.js';
import { formatRows } from '../format-rows.js';

export class DemoPrinter {
  #seed = '';
  #step = 0;

  constructor(private readonly out: (text: string) => void) {}

  line(text = ''): void {
    this.out(text);
  }

  /** Starts a seed's walk-through: its steps are numbered `[<seed>.1]`, `[<seed>.2]`, … */
  seed(seed: string, title: string): void {
    this.#seed = seed;
    this.#step = 0;
    this.out('');
    this.out(`Seed ${seed}: ${title}`);
  }

  /** A step whose table is a DataFrame's rows: collected, printed, and returned for the caller to use. */
  async step(caption: string, df: DataFrame, detail: readonly string[] = []): Promise<Row[]> {
    const rows = await df.collect();
    this.table(caption, rows, await df.columns(), detail);
    return rows;
  }

  /** A step whose table is rows the demo gathered itself; `detail` lines (e.g. SQL text) go under the caption. */
  table(
    caption: string,
    rows: readonly Record<string, unknown>[],
    columns: readonly string[],
    detail: readonly string[] = [],
  ): void {
    this.#step += 1;
    this.out('');
    this.out(`[${this.#seed}.${this.#step}] ${caption}`);
    for (const d of detail) this.out(`    ${d}`);
    this.out(formatRows(rows, columns, 'table'));
  }
}
