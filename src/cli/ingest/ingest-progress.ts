/**
 * What `lakesql ingest` shows while it runs: on a terminal one line redrawn in place on stderr (batches,
 * files, rows, rows/s), erased at the end; off a terminal one JSON object a line per batch on stderr
 * (`{"batchId":0,"files":3,"rows":1200,…}`), for scripts and logs to follow.
 */
import { ERASE_LINE, type ProgressStream } from '../progress-line.js';

export interface IngestBatch {
  readonly batchId: number;
  readonly files: number;
  readonly rows: number;
  readonly durationMs: number;
}

export interface IngestTotals {
  readonly batches: number;
  readonly files: number;
  readonly rows: number;
  /** Rows per second over the run so far. */
  readonly rowsPerSecond: number;
}

export class IngestProgress {
  readonly #started = performance.now();
  #totals = { batches: 0, files: 0, rows: 0 };
  #shown = false;

  constructor(private readonly stream: ProgressStream) {}

  batchDone(batch: IngestBatch): void {
    this.#totals = {
      batches: this.#totals.batches + 1,
      files: this.#totals.files + batch.files,
      rows: this.#totals.rows + batch.rows,
    };
    const totals = this.totals();
    if (!this.stream.isTTY) {
      this.stream.write(`${JSON.stringify({ ...batch, total: totals })}\n`);
      return;
    }
    const rate = Math.round(totals.rowsPerSecond).toLocaleString('en-US');
    this.stream.write(
      `${ERASE_LINE}ingest: ${totals.batches} batches, ${totals.files} files, ${totals.rows.toLocaleString('en-US')} rows, ${rate} rows/s`,
    );
    this.#shown = true;
  }

  totals(): IngestTotals {
    const seconds = (performance.now() - this.#started) / 1000;
    return { ...this.#totals, rowsPerSecond: seconds > 0 ? this.#totals.rows / seconds : 0 };
  }

  end(): void {
    if (this.#shown) this.stream.write(ERASE_LINE);
    this.#shown = false;
  }
}
