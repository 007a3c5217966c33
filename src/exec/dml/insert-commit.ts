/**
 * The one commit of an INSERT into a Delta table: the new data files, the removes (and rewritten files) of
 * an overwrite or REPLACE, and a new metaData when the schema evolved or identity high-water marks moved.
 * commitInfo as Delta records a SQL insert: operation WRITE, mode Append / Overwrite, `predicate` for a
 * replaceWhere-style overwrite, and the WRITE operationMetrics.
 */
import type { AddFile } from '../../delta/actions.js';
import { columnMappingMode } from '../../delta/column-mapping.js';
import { serializeSchema } from '../../delta/schema.js';
import type { Snapshot } from '../../delta/snapshot.js';
import { dataSkippingNumIndexedCols } from '../../delta/table-properties.js';
import type { CommitResult } from '../../delta/transaction.js';
import { writeDataFiles } from '../../engine/data-file-writer.js';
import type { StructType } from '../../types/data-types.js';
import type { CommandContext } from '../command-context.js';
import { autoCompactAfterCommit } from '../write/auto-compact.js';
import { CommitBuilder } from '../write/commit-builder.js';
import { writeFileSizing } from '../write/file-sizing.js';
import { recordIdempotentWrite } from '../write/idempotent-write.js';
import { writeReplaceChanges } from './change-data-write.js';
import { type Removal, recordsOf } from './insert-replace.js';
import { userMetadataOf } from './user-metadata.js';

export interface InsertCommitRequest {
  readonly snapshot: Snapshot;
  readonly sourceSql: string;
  /** The table schema the rows are written with (evolved, when new columns were added). */
  readonly schema: StructType;
  /** The schema to record after the write (identity high-water marks moved), given the rows written. */
  readonly schemaAfter: (numOutputRows: number) => StructType;
  readonly overwrite: boolean;
  readonly predicate?: readonly string[];
  /** Decides the removes once the new files are known (dynamic partition overwrite needs them). */
  readonly removal: (adds: readonly AddFile[], now: number) => Promise<Removal>;
  /** Another operation than WRITE for the commitInfo (COPY INTO). */
  readonly operation?: CommitOperation;
}

/** A commitInfo operation name and parameters that replace WRITE's. */
export interface CommitOperation {
  readonly name: string;
  readonly parameters: Readonly<Record<string, unknown>>;
}

export interface InsertCommitResult {
  readonly commit: CommitResult;
  readonly numOutputRows: number;
  readonly removal: Removal;
  readonly adds: readonly AddFile[];
}

export async function commitInsert(
  session: CommandContext,
  req: InsertCommitRequest,
): Promise<InsertCommitResult> {
  const { snapshot } = req;
  const txn = CommitBuilder.onSnapshot(snapshot, session.parquet);
  const adds = await writeDataFiles(session.engine, snapshot.store, {
    sourceSql: req.sourceSql,
    schema: req.schema,
    partitionColumns: snapshot.partitionColumns,
    columnMappingMode: columnMappingMode(snapshot.configuration),
    numIndexedCols: dataSkippingNumIndexedCols(snapshot.configuration),
    ...writeFileSizing(session.conf, snapshot.configuration),
  });
  const now = Date.now();
  const removal = await req.removal(adds, now);
  const numOutputRows = adds.reduce((n, a) => n + recordsOf(a), 0);
  const after = req.schemaAfter(numOutputRows);
  const afterText = serializeSchema(after);
  if (afterText !== snapshot.metadata.schemaString) {
    txn.updateMetadata({ ...snapshot.metadata, schemaString: afterText });
  }
  if (removal.removes.length > 0 || req.overwrite) {
    txn.readTable();
    txn.readFiles(snapshot.activeFiles().filter((f) => removal.removes.some((r) => r.path === f.path)));
  }
  txn.removeActions(removal.removes);
  txn.addFiles([...adds, ...removal.rewritten]);
  // Rewritten files: the commit's changes are read from its change files alone, the new rows included.
  const changeFiles = removal.changeFiles
    ? [
        ...removal.changeFiles,
        ...(await writeReplaceChanges(session.engine, snapshot, req.schema, { inserted: adds })),
      ]
    : [];
  txn.addChangeFiles(changeFiles);
  const written = [...adds, ...removal.rewritten];
  const metrics: Record<string, number> = {
    numFiles: written.length,
    numOutputRows: numOutputRows + removal.numCopiedRows,
    numOutputBytes: written.reduce((n, a) => n + a.size, 0),
  };
  if (req.overwrite) {
    metrics.numRemovedFiles = removal.removes.length;
    metrics.numRemovedBytes = removal.removes.reduce((n, r) => n + (r.size ?? 0), 0);
    metrics.numCopiedRows = removal.numCopiedRows;
    metrics.numDeletedRows = removal.numDeletedRows;
    metrics.numAddedChangeFiles = changeFiles.length;
  }
  recordIdempotentWrite(session, txn);
  const commit = await txn.commit({
    name: req.operation?.name ?? 'WRITE',
    parameters: req.operation?.parameters ?? {
      mode: req.overwrite ? 'Overwrite' : 'Append',
      partitionBy: [],
      ...(req.predicate ? { predicate: req.predicate } : {}),
    },
    metrics,
    ...userMetadataOf(session),
  });
  await autoCompactAfterCommit(session, txn, commit);
  return { commit, numOutputRows, removal, adds };
}
