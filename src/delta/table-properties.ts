/**
 * Delta table properties (PROTOCOL.md "Table Properties" and Delta's DeltaConfigs) that this layer honours,
 * with their defaults. Values are strings in metaData.configuration; parse them here, once.
 */
import { LakesqlError } from '../errors/index.js';
import { byteStringAsBytes } from './byte-string.js';
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

/**
 * delta.dropFeatureTruncateHistory.retentionDuration, default `interval 24 hours`: how old the log before
 * a DROP FEATURE … TRUNCATE HISTORY checkpoint must be before the drop may delete it.
 */
export function truncateHistoryRetentionMs(conf: Configuration): number {
  return parseIntervalMs(conf['delta.dropFeatureTruncateHistory.retentionDuration'] ?? 'interval 24 hours');
}

export function expiredLogCleanupEnabled(conf: Configuration): boolean {
  return conf['delta.enableExpiredLogCleanup']?.toLowerCase() !== 'false';
}

/** Writers split their output at this size unless the table or the session says otherwise (Delta's 128 MB). */
export const DEFAULT_TARGET_FILE_SIZE = 128 * 1024 * 1024;

/**
 * delta.targetFileSize (Databricks: "104857600 (bytes) or 100mb"), or undefined when the table has none.
 * A value that is not a positive byte string fails as Delta's DeltaConfig validation does.
 */
export function targetFileSizeBytes(conf: Configuration): number | undefined {
  const raw = conf['delta.targetFileSize'];
  if (raw === undefined) return undefined;
  const bytes = byteStringAsBytes(raw);
  if (bytes === undefined || bytes <= 0) {
    throw new LakesqlError('DELTA_INVALID_TABLE_PROPERTY_VALUE', {
      key: 'delta.targetFileSize',
      requirement: 'needs to be a positive size in bytes or higher units, e.g. 104857600 or 100mb',
      value: raw,
    });
  }
  return bytes;
}

/**
 * delta.autoOptimize.autoCompact (Delta's DeltaConfigs.AUTO_COMPACT): `true`, `auto` and `legacy` turn auto
 * compaction on (lakesql runs one kind of it: Delta's bin packing of the partitions a write touched), `false`
 * off; undefined when the table does not say. Other values fail as Delta's DeltaConfig validation does.
 */
export function autoCompactProperty(conf: Configuration): boolean | undefined {
  const raw = conf['delta.autoOptimize.autoCompact'];
  if (raw === undefined) return undefined;
  const value = raw.trim().toLowerCase();
  if (value === 'false') return false;
  if (value === 'true' || value === 'auto' || value === 'legacy') return true;
  throw new LakesqlError('DELTA_INVALID_TABLE_PROPERTY_VALUE', {
    key: 'delta.autoOptimize.autoCompact',
    requirement: "needs to be 'auto', 'legacy', 'true' or 'false'",
    value: raw,
  });
}

/** delta.autoOptimize.optimizeWrite (Delta's DeltaConfigs.OPTIMIZE_WRITE), a boolean; undefined when unset. */
export function optimizeWriteProperty(conf: Configuration): boolean | undefined {
  const raw = conf['delta.autoOptimize.optimizeWrite'];
  if (raw === undefined) return undefined;
  const value = raw.trim().toLowerCase();
  if (value === 'true' || value === 'false') return value === 'true';
  throw new LakesqlError('DELTA_INVALID_TABLE_PROPERTY_VALUE', {
    key: 'delta.autoOptimize.optimizeWrite',
    requirement: 'needs to be a boolean',
    value: raw,
  });
}
