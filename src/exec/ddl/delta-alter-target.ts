/**
 * The Delta table an ALTER TABLE changes, and the commit that records the change: every ALTER is one
 * Delta commit of a new metaData (and a protocol upgrade when the new metadata needs a feature) with
 * the operation name Delta's DeltaOperations gives it, on a transaction opened at the snapshot the
 * statement read — so a concurrent metadata change makes it fail rather than silently overwrite.
 */

import type { CatalogDataTable } from '../../catalog/catalog-types.js';
import type { Metadata } from '../../delta/actions.js';
import { protocolForNewTable } from '../../delta/new-table-protocol.js';
import { upgradedProtocol } from '../../delta/protocol-upgrade.js';
import { serializeSchema } from '../../delta/schema.js';
import { loadSnapshot, type Snapshot } from '../../delta/snapshot.js';
import type { CommitResult } from '../../delta/transaction.js';
import { LakesqlError } from '../../errors/index.js';
import type { ObjectStore } from '../../storage/object-store.js';
import { storeForUrl } from '../../storage/store-for-url.js';
import type { StructType } from '../../types/data-types.js';
import type { CommandContext } from '../command-context.js';
import { CommitBuilder } from '../write/commit-builder.js';
import { locateTable, targetDisplayName } from '../write/table-target.js';

export interface DeltaAlterTarget {
  readonly store: ObjectStore;
  readonly snapshot: Snapshot;
  /** undefined for delta.`/path`. */
  readonly table: CatalogDataTable | undefined;
  /** `spark_catalog.db.t` or delta.`/path`, as Delta's messages name the table. */
  readonly qualifiedName: string;
  /** The name as SQL text, for the queries that check existing rows. */
  readonly sqlName: string;
}

export async function resolveDeltaAlterTarget(
  session: CommandContext,
  parts: readonly string[],
): Promise<DeltaAlterTarget> {
  const location = await locateTable(session, parts);
  if (location.kind === 'path') {
    const snapshot = await loadSnapshot(location.store, session.parquet);
    const quoted = `delta.\`${location.path.replaceAll('`', '``')}\``;
    return { store: location.store, snapshot, table: undefined, qualifiedName: quoted, sqlName: quoted };
  }
  const { id } = location;
  const table = location.entry!;
  if (table.tableType === 'VIEW') {
    throw new LakesqlError('EXPECT_TABLE_NOT_VIEW.NO_ALTERNATIVE', {
      viewName: `\`spark_catalog\`.\`${id.database}\`.\`${id.name}\``,
      operation: 'ALTER TABLE',
    });
  }
  if (table.provider !== 'delta') {
    throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: `ALTER TABLE on a ${table.provider} table` });
  }
  const store = storeForUrl(table.location);
  const snapshot = await loadSnapshot(store, session.parquet);
  return {
    store,
    snapshot,
    table,
    qualifiedName: `spark_catalog.${id.database}.${id.name}`,
    sqlName: targetDisplayName(location),
  };
}

export interface MetadataChange {
  readonly schema?: StructType;
  readonly configuration?: Readonly<Record<string, string>>;
  readonly partitionColumns?: readonly string[];
  /** The table comment (metaData.description); null removes it. */
  readonly description?: string | null;
  /** Protocol versions asked for explicitly (SET TBLPROPERTIES delta.minReaderVersion / minWriterVersion). */
  readonly minReaderVersion?: number;
  readonly minWriterVersion?: number;
  /** Delta's operation name (ADD COLUMNS, SET TBLPROPERTIES, …) and its parameters. */
  readonly operation: string;
  readonly parameters: Readonly<Record<string, unknown>>;
}

/** Commits the new metadata (and the protocol it needs) as one Delta commit. */
export async function commitMetadataChange(
  session: CommandContext,
  target: DeltaAlterTarget,
  change: MetadataChange,
): Promise<CommitResult> {
  const current = target.snapshot.metadata;
  const schema = change.schema ?? target.snapshot.schema;
  const metadata: Metadata = {
    ...current,
    schemaString: change.schema ? serializeSchema(change.schema) : current.schemaString,
    configuration: change.configuration ?? current.configuration,
    partitionColumns: change.partitionColumns ?? current.partitionColumns,
  };
  if (change.description !== undefined) {
    if (change.description === null) delete (metadata as { description?: string | null }).description;
    else (metadata as { description?: string | null }).description = change.description;
  }
  const txn = CommitBuilder.on(target, session.parquet);
  txn.updateMetadata(metadata);
  let required = protocolForNewTable(metadata.configuration, schema);
  if (change.minReaderVersion !== undefined || change.minWriterVersion !== undefined) {
    required =
      upgradedProtocol(required, {
        minReaderVersion: change.minReaderVersion ?? 1,
        minWriterVersion: change.minWriterVersion ?? 2,
      }) ?? required;
  }
  const protocol = upgradedProtocol(target.snapshot.protocol, required);
  if (protocol) txn.updateProtocol(protocol);
  return txn.commit({ name: change.operation, parameters: change.parameters });
}
