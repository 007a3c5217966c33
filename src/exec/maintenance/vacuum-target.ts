/**
 * The Delta table a VACUUM or FSCK addresses, at its latest snapshot: a `delta.\`/path\`` or a catalog
 * table (located by write/table-target.ts). A view or a table of another format is not a Delta table.
 */
import { loadSnapshot, type Snapshot } from '../../delta/snapshot.js';
import { LakesqlError } from '../../errors/index.js';
import { storeForUrl } from '../../storage/store-for-url.js';
import type { CommandContext } from '../command-context.js';
import { locateTable, targetDisplayName } from '../write/table-target.js';

export async function latestDeltaSnapshot(ctx: CommandContext, parts: readonly string[]): Promise<Snapshot> {
  const location = await locateTable(ctx, parts);
  if (location.kind === 'path') return loadSnapshot(location.store, ctx.parquet);
  const entry = location.entry!;
  if (entry.tableType === 'VIEW' || entry.provider !== 'delta') {
    throw new LakesqlError('DELTA_MISSING_DELTA_TABLE', { path: targetDisplayName(location) });
  }
  return loadSnapshot(storeForUrl(entry.location), ctx.parquet);
}
