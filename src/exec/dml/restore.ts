/**
 * `RESTORE [TABLE] t TO VERSION AS OF n | TIMESTAMP AS OF ts`, as Delta's RestoreTableCommand runs it:
 * one new commit that adds back the files live at the old version but not now and removes those live now
 * but not then (both with dataChange = true), restores the old metaData where it differs, and the old
 * protocol merged with the current one (a RESTORE never downgrades the protocol: Protocol.merge).
 * Before committing, every file to add back must still exist: a VACUUM may have deleted it, and a RESTORE
 * that re-added a missing file would leave a table that cannot be read (Delta's
 * checkSnapshotFilesAvailability; Delta raises it unless spark.sql.files.ignoreMissingFiles is set).
 * Result and commitInfo carry Delta's restore metrics (DeltaOperationMetrics.RESTORE).
 */
import type { AddFile, Protocol } from '../../delta/actions.js';
import type { Snapshot } from '../../delta/snapshot.js';
import { loadSnapshot } from '../../delta/snapshot.js';
import { readerFeaturesOf, writerFeaturesOf } from '../../delta/table-features.js';
import { resolveFileLocation } from '../../delta/table-paths.js';
import { LakesqlError } from '../../errors/index.js';
import { analyzerContext } from '../../plan/analyzer/analyzer-context.js';
import { constantEnv } from '../../plan/analyzer/relations.js';
import { resolveTimeTravel } from '../../plan/analyzer/time-travel.js';
import type { TimeTravel } from '../../sql/ast/query.js';
import type { MiscStatement } from '../../sql/ast/statements-misc.js';
import { LongType } from '../../types/data-types.js';
import type { CommandContext } from '../command-context.js';
import type { StatementResult } from '../statement-result.js';
import { clusteringDomainForRestore } from '../write/clustering-definition.js';
import { CommitBuilder } from '../write/commit-builder.js';
import { totalSize } from '../write/optimize-metrics.js';
import { userMetadataOf } from './user-metadata.js';
import { resolveWriteTarget } from './write-target.js';

export type Restore = Extract<MiscStatement, { kind: 'restore' }>;

/** Where to restore to, evaluated: a version number or a timestamp (text Delta parses, or ms since epoch). */
export type RestoreTarget =
  | { readonly kind: 'version'; readonly version: number }
  | { readonly kind: 'timestamp'; readonly timestamp: string };

export async function restoreTable(session: CommandContext, stmt: Restore): Promise<StatementResult> {
  return restoreTo(session, stmt.table.parts, await evaluateTimeTravel(session, stmt.timeTravel));
}

export async function restoreTo(
  session: CommandContext,
  tableParts: readonly string[],
  to: RestoreTarget,
): Promise<StatementResult> {
  const target = await resolveWriteTarget(session, tableParts);
  if (target.kind !== 'delta') {
    throw new LakesqlError('UNSUPPORTED_FEATURE', {
      feature: `RESTORE of a non-Delta table ${target.displayName}`,
    });
  }
  const latest = target.snapshot;
  const old = await loadSnapshot(
    target.store,
    session.parquet,
    to.kind === 'version' ? { version: to.version } : { timestamp: to.timestamp },
  );
  const key = (f: AddFile) => `${f.path}\u0000${f.deletionVector ? JSON.stringify(f.deletionVector) : ''}`;
  const oldFiles = old.activeFiles();
  const liveFiles = latest.activeFiles();
  const liveKeys = new Set(liveFiles.map(key));
  const oldKeys = new Set(oldFiles.map(key));
  const toRestore = oldFiles.filter((f) => !liveKeys.has(key(f)));
  const toRemove = liveFiles.filter((f) => !oldKeys.has(key(f)));
  await assertFilesAvailable(latest, toRestore, old.version);

  const txn = CommitBuilder.on({ store: target.store, snapshot: latest }, session.parquet);
  txn.readTable();
  const protocol = mergeProtocols(latest.protocol, old.protocol);
  if (JSON.stringify(protocol) !== JSON.stringify(latest.protocol)) txn.updateProtocol(protocol);
  if (JSON.stringify(old.metadata) !== JSON.stringify(latest.metadata)) txn.updateMetadata(old.metadata);
  const clustering = clusteringDomainForRestore(latest, old);
  if (clustering) txn.setDomainMetadata(clustering);
  txn.removeFiles(toRemove);
  txn.addFiles(toRestore.map((f) => ({ ...f, dataChange: true })));
  const metrics = {
    tableSizeAfterRestore: totalSize(oldFiles),
    numOfFilesAfterRestore: oldFiles.length,
    numRemovedFiles: toRemove.length,
    numRestoredFiles: toRestore.length,
    removedFilesSize: totalSize(toRemove),
    restoredFilesSize: totalSize(toRestore),
  };
  await txn.commit({
    name: 'RESTORE',
    parameters: to.kind === 'version' ? { version: to.version } : { timestamp: to.timestamp },
    metrics,
    ...userMetadataOf(session),
  });
  return {
    kind: 'rows',
    columns: RESTORE_COLUMNS.map((name) => ({ name, type: LongType, nullable: false })),
    rows: [
      [
        BigInt(metrics.tableSizeAfterRestore),
        BigInt(metrics.numOfFilesAfterRestore),
        BigInt(metrics.numRemovedFiles),
        BigInt(metrics.numRestoredFiles),
        BigInt(metrics.removedFilesSize),
        BigInt(metrics.restoredFilesSize),
      ],
    ],
  };
}

/** Databricks' RESTORE result columns (RestoreTableCommand.outputSchema). */
export const RESTORE_COLUMNS = [
  'table_size_after_restore',
  'num_of_files_after_restore',
  'num_removed_files',
  'num_restored_files',
  'removed_files_size',
  'restored_files_size',
] as const;

async function assertFilesAvailable(
  latest: Snapshot,
  files: readonly AddFile[],
  version: number,
): Promise<void> {
  const missing: string[] = [];
  for (const f of files) {
    const { location, isAbsolute } = resolveFileLocation(latest.store.rootUrl, f.path);
    if (isAbsolute) continue; // a file outside the table (shallow clone): not ours to check
    try {
      await latest.store.head(location);
    } catch {
      missing.push(location);
    }
  }
  if (missing.length > 0) {
    throw new LakesqlError('DELTA_FILE_NOT_FOUND_DETAILED', {
      filePath:
        `${missing.slice(0, 100).join(', ')} (needed to restore version ${version}; ` +
        'a VACUUM may have deleted them: restore a more recent version)',
    });
  }
}

/** Delta's Protocol.merge: the higher of each version and the union of the features; never a downgrade. */
export function mergeProtocols(current: Protocol, old: Protocol): Protocol {
  const minReaderVersion = Math.max(current.minReaderVersion, old.minReaderVersion);
  const minWriterVersion = Math.max(current.minWriterVersion, old.minWriterVersion);
  const union = (a: string[], b: string[]) => [...new Set([...a, ...b])];
  return {
    minReaderVersion,
    minWriterVersion,
    ...(minReaderVersion >= 3
      ? { readerFeatures: union(readerFeaturesOf(current), readerFeaturesOf(old)) }
      : {}),
    ...(minWriterVersion >= 7
      ? { writerFeatures: union(writerFeaturesOf(current), writerFeaturesOf(old)) }
      : {}),
  };
}

/** The AS OF clause folded to a version or timestamp, by the rules SELECT's time travel follows. */
export async function evaluateTimeTravel(
  session: Pick<CommandContext, 'relations' | 'semantics' | 'conf'>,
  t: TimeTravel,
): Promise<RestoreTarget> {
  const ctx = analyzerContext(session.relations, session.semantics, session.conf);
  const spec = await resolveTimeTravel(t, constantEnv({ ctx, ctes: new Map(), outer: undefined }));
  if (spec.version !== undefined) return { kind: 'version', version: spec.version };
  return { kind: 'timestamp', timestamp: spec.timestamp! };
}
