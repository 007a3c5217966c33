/**
 * Delta table properties (PROTOCOL.md "Table Properties" and Delta's DeltaConfigs) that this layer honours,
 * with their defaults. Values are strings in metaData.configuration; parse them here, once.
 */
import { LakesqlError } from '../errors/index.js';
import { parseIntervalMs } from './calendar-interval.js';

type Configuration = Readonly<Record<string, string>>;

export const DEFAULT_CHECKPOINT_INTERVAL = 10;

export function checkpointInterval(conf: Configuration): number {
  const raw = conf['delta.checkpointInterval'];
  const n = raw === undefined ? DEFAULT_CHECKPOINT_INTERVAL : Number(raw);
  if (!Number.isInteger(n) || n <= 0) {
    throw new LakesqlError('INTERNAL_ERROR', {
      message: `delta.checkpointInterval must be a positive integer, got ${raw}`,
    });
  }
  return n;
}

export function isAppendOnly(conf: Configuration): boolean {
  return conf['delta.appendOnly']?.toLowerCase() === 'true';
}

export function dataSkippingNumIndexedCols(conf: Configuration): number {
  const raw = conf['delta.dataSkippingNumIndexedCols'];
  return raw === undefined ? 32 : Number(raw);
}

/** delta.logRetentionDuration, default `interval 30 days`. */
export function logRetentionMs(conf: Configuration): number {
  return parseIntervalMs(conf['delta.logRetentionDuration'] ?? 'interval 30 days');
}

/** delta.deletedFileRetentionDuration, default `interval 1 week`. */
export function deletedFileRetentionMs(conf: Configuration): number {
  return parseIntervalMs(conf['delta.deletedFileRetentionDuration'] ?? 'interval 1 week');
}

export function expiredLogCleanupEnabled(conf: Configuration): boolean {
  return conf['delta.enableExpiredLogCleanup']?.toLowerCase() !== 'false';
}
