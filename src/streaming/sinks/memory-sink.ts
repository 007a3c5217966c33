/**
 * The memory sink (Spark's MemorySink): every batch's rows are appended to an in-memory table that is a
 * temporary view named by queryName, so `spark.table(name)` and SQL see all rows written so far. In
 * complete mode each batch is the whole result, which replaces the rows.
 */

import type { OutputMode } from '../execution/output-mode.js';
import type { BatchExecutor } from './batch-executor.js';

export class MemorySink<Row> {
  readonly #rows: Row[] = [];

  constructor(
    readonly name: string,
    private readonly mode: OutputMode,
  ) {}

  async addBatch(batch: BatchExecutor<Row>): Promise<void> {
    const collected = await batch.collect();
    if (this.mode === 'complete') this.#rows.length = 0;
    this.#rows.push(...collected);
    await batch.replaceTempView(this.name, this.#rows);
  }
}
