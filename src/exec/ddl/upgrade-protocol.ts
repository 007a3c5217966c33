/**
 * DeltaTable.upgradeTableProtocol(readerVersion, writerVersion) (Delta's DeltaLog.upgradeProtocol): one
 * commit of a new protocol action, operation UPGRADE PROTOCOL with `newProtocol` as its parameter. The
 * new protocol is the union of the current one and the versions asked for (a legacy table moving to
 * writer 7 names its implicit features explicitly); asking for a lower version than the table has is
 * Delta's DELTA_INVALID_PROTOCOL_DOWNGRADE, and asking for the versions it already has commits nothing.
 */
import type { Protocol } from '../../delta/actions.js';
import { upgradedProtocol } from '../../delta/protocol-upgrade.js';
import { LakesqlError } from '../../errors/index.js';
import type { CommandContext } from '../command-context.js';
import { CommitBuilder } from '../write/commit-builder.js';
import { resolveDeltaAlterTarget } from './delta-alter-target.js';

export async function upgradeTableProtocol(
  session: CommandContext,
  parts: readonly string[],
  readerVersion: number,
  writerVersion: number,
): Promise<void> {
  if (readerVersion < 1 || readerVersion > 3 || writerVersion < 1 || writerVersion > 7) {
    throw new LakesqlError('UNSUPPORTED_FEATURE', {
      feature: `protocol (${readerVersion}, ${writerVersion}): Delta has reader versions 1 to 3 and writer versions 1 to 7`,
    });
  }
  if (readerVersion === 3 && writerVersion !== 7) {
    throw new LakesqlError('UNSUPPORTED_FEATURE', {
      feature: `protocol (3, ${writerVersion}): reader version 3 (table features) needs writer version 7`,
    });
  }
  const target = await resolveDeltaAlterTarget(session, parts);
  const current = target.snapshot.protocol;
  const asked: Protocol = {
    minReaderVersion: readerVersion,
    minWriterVersion: writerVersion,
    ...(readerVersion === 3 ? { readerFeatures: [] } : {}),
    ...(writerVersion === 7 ? { writerFeatures: [] } : {}),
  };
  if (readerVersion < current.minReaderVersion || writerVersion < current.minWriterVersion) {
    throw new LakesqlError('DELTA_INVALID_PROTOCOL_DOWNGRADE', {
      oldProtocol: `${current.minReaderVersion},${current.minWriterVersion}`,
      newProtocol: `${readerVersion},${writerVersion}`,
    });
  }
  const next = upgradedProtocol(current, asked);
  if (!next) return;
  const txn = CommitBuilder.on(target, session.parquet);
  txn.updateProtocol(next);
  await txn.commit({ name: 'UPGRADE PROTOCOL', parameters: { newProtocol: next } });
}
