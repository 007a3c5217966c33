/**
 * A ParquetHandler for protocol tests that stores rows as JSON instead of Parquet, so that replay and
 * checkpoint logic can be tested without DuckDB. Real checkpoints are covered by engine tests.
 */
import type { ObjectStore } from '../../storage/object-store.js';
import type { StructType } from '../../types/data-types.js';
import type { DeltaWarning } from '../log-warnings.js';
import type { ParquetHandler } from '../parquet-handler.js';

export class FakeParquetHandler implements ParquetHandler {
  /** The Delta layer's warnings, collected for the test to check. */
  readonly warnings: DeltaWarning[] = [];
  readonly onWarning = (w: DeltaWarning): void => void this.warnings.push(w);

  async readRows(store: ObjectStore, path: string): Promise<Record<string, unknown>[]> {
    return JSON.parse(new TextDecoder().decode(await store.get(path))) as Record<string, unknown>[];
  }

  async writeRows(
    store: ObjectStore,
    path: string,
    _schema: StructType,
    rows: readonly Record<string, unknown>[],
  ): Promise<{ size: number }> {
    const bytes = new TextEncoder().encode(JSON.stringify(rows));
    await store.put(path, bytes);
    return { size: bytes.length };
  }
}
