/**
 * The console sink (Spark's ConsoleSink / ConsoleWriter): each batch is printed where show() prints, under
 * the banner Spark prints, as `show(numRows, truncate)` shows it. Options are checked when the query starts.
 */

import { LakesqlError } from '../../errors/index.js';
import { DataSourceOptions } from '../../formats/data-source-options.js';
import type { BatchExecutor } from './batch-executor.js';

const BANNER_RULE = '-------------------------------------------';

export interface ConsoleSinkOptions {
  readonly numRows: number;
  readonly truncate: boolean;
}

/** `numRows` (default 20, a positive integer) and `truncate` (default true), the two options ConsoleSink reads. */
export function consoleSinkOptions(options: ReadonlyMap<string, string>): ConsoleSinkOptions {
  const opts = new DataSourceOptions([...options.entries()]);
  const numRows = opts.number('numRows', 20);
  if (!Number.isSafeInteger(numRows) || numRows < 1) {
    throw new LakesqlError('INVALID_OPTION_VALUE', {
      value: opts.string('numRows', ''),
      option: 'numRows',
      reason: 'it must be a positive integer',
    });
  }
  return { numRows, truncate: opts.bool('truncate', true) };
}

/** Prints one batch: the banner with its batch id, then its rows. */
export async function printConsoleBatch<Row>(
  batch: BatchExecutor<Row>,
  batchId: number,
  options: ConsoleSinkOptions,
): Promise<void> {
  batch.print(`${BANNER_RULE}\nBatch: ${batchId}\n${BANNER_RULE}\n`);
  await batch.show(options.numRows, options.truncate);
  // Dataset.show is println(showString): the table's own last line break, then println's.
  batch.print('\n');
}
