/**
 * Delta's idempotent writes: a write tagged with an application id and a version (the DataFrameWriter's
 * `txnAppId` / `txnVersion` options, or the session keys they set) commits a SetTransaction action with
 * them, and a write whose version is not above the table's last one for that application is skipped, so
 * that a retried job (or a streaming batch re-run after a crash) does not write its rows twice.
 */
import type { Snapshot } from '../../delta/snapshot.js';
import { LakesqlError } from '../../errors/index.js';
import type { CommandContext } from '../command-context.js';
import type { CommitBuilder } from './commit-builder.js';

export const TXN_APP_ID_KEY = 'spark.databricks.delta.write.txnAppId';
export const TXN_VERSION_KEY = 'spark.databricks.delta.write.txnVersion';

export interface IdempotentWrite {
  readonly appId: string;
  readonly version: number;
}

/** The write's application id and version, when both are set; one without the other is an error. */
export function idempotentWriteOf(session: Pick<CommandContext, 'conf'>): IdempotentWrite | undefined {
  const appId = session.conf.get(TXN_APP_ID_KEY);
  const versionText = session.conf.get(TXN_VERSION_KEY);
  if (appId === undefined && versionText === undefined) return undefined;
  if (appId === undefined || versionText === undefined) {
    throw new LakesqlError('DELTA_INVALID_IDEMPOTENT_WRITES_OPTIONS', {
      reason: 'Both txnVersion and txnAppId must be specified for idempotent data frame writes',
    });
  }
  const version = Number(versionText);
  if (!/^\d+$/.test(versionText.trim()) || !Number.isSafeInteger(version)) {
    throw new LakesqlError('DELTA_INVALID_IDEMPOTENT_WRITES_OPTIONS', {
      reason: `txnVersion must be a non-negative integer, got '${versionText}'`,
    });
  }
  return { appId, version };
}

/** True when the table already holds this application's write of this version (or a later one). */
export function alreadyWritten(snapshot: Snapshot, write: IdempotentWrite | undefined): boolean {
  if (write === undefined) return false;
  return (snapshot.transactionVersion(write.appId) ?? -1) >= write.version;
}

/**
 * Records the session's idempotent write in the commit: the SetTransaction action, and a read of the
 * application's version, so that a concurrent commit of the same application conflicts.
 */
export function recordIdempotentWrite(session: Pick<CommandContext, 'conf'>, txn: CommitBuilder): void {
  txn.idempotentWrite(idempotentWriteOf(session));
}
