/**
 * The table a write addresses: a Delta table (a catalog table or a `delta.\`/path\`` path, at its latest
 * snapshot) or a file table (a catalog table `USING csv|json|text|parquet`, file-table.ts). Located by
 * exec/write/table-target.ts; the snapshot loaded here is the statement's one.
 */

import type { Snapshot } from '../../delta/snapshot.js';
import { loadSnapshot } from '../../delta/snapshot.js';
import { LakesqlError } from '../../errors/index.js';
import type { ObjectStore } from '../../storage/object-store.js';
import { storeForUrl } from '../../storage/store-for-url.js';
import type { StructType } from '../../types/data-types.js';
import type { CommandContext } from '../command-context.js';
import { type FileTable, fileTableOf, isFileTableProvider } from '../file-tables/file-table.js';
import { locateTable, targetDisplayName } from '../write/table-target.js';

export type WriteTarget =
  | {
      readonly kind: 'delta';
      readonly store: ObjectStore;
      readonly snapshot: Snapshot;
      readonly schema: StructType;
      /** The name as Spark's messages show it: `spark_catalog`.`db`.`t` or delta.`/path`. */
      readonly displayName: string;
    }
  | {
      readonly kind: 'fileTable';
      readonly table: FileTable;
      readonly schema: StructType;
      readonly displayName: string;
    };

export async function resolveWriteTarget(
  session: CommandContext,
  parts: readonly string[],
): Promise<WriteTarget> {
  const location = await locateTable(session, parts);
  const displayName = targetDisplayName(location);
  if (location.kind === 'path') {
    const snapshot = await loadSnapshot(location.store, session.parquet);
    return { kind: 'delta', store: location.store, snapshot, schema: snapshot.schema, displayName };
  }
  const { id } = location;
  const table = location.entry!;
  if (table.tableType === 'VIEW') {
    throw new LakesqlError('EXPECT_TABLE_NOT_VIEW.NO_ALTERNATIVE', {
      viewName: `\`${id.database}\`.\`${id.name}\``,
      operation: 'INSERT',
    });
  }
  if (isFileTableProvider(table.provider)) {
    const fileTable = fileTableOf(table);
    return { kind: 'fileTable', table: fileTable, schema: fileTable.schema, displayName };
  }
  if (table.provider !== 'delta') {
    throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: `writing ${table.provider} tables` });
  }
  const store = storeForUrl(table.location);
  const snapshot = await loadSnapshot(store, session.parquet);
  return { kind: 'delta', store, snapshot, schema: snapshot.schema, displayName };
}
