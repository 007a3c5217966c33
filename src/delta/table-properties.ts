/**
 * Delta table properties (PROTOCOL.md "Table Properties" and Delta's DeltaConfigs) that this layer honours,
 * with their defaults. Values are strings in metaData.configuration; parse them here, once.
 */
import { LakesqlError } from '../errors/index.js';

type Configuration = Readonly<Record<string, string>>;

export const DEFAULT_CHECKPOINT_INTERVAL = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

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

const UNIT_MS: Record<string, number> = {
  microsecond: 0.001,
  millisecond: 1,
  second: 1000,
  minute: 60_000,
  hour: 3_600_000,
  day: DAY_MS,
  week: 7 * DAY_MS,
};

/** Parses Spark's calendar-interval strings as Delta stores them: `interval 30 days`, `interval 1 week 2 hours`. */
export function parseIntervalMs(text: string): number {
  const parts = text
    .trim()
    .toLowerCase()
    .replace(/^interval\s+/, '')
    .split(/\s+/);
  if (parts.length % 2 !== 0 || parts.length === 0) {
    throw new LakesqlError('INTERNAL_ERROR', { message: `not an interval: ${text}` });
  }
  let total = 0;
  for (let i = 0; i < parts.length; i += 2) {
    const n = Number(parts[i]);
    const unit = parts[i + 1]!.replace(/s$/, '');
    const ms = UNIT_MS[unit];
    if (!Number.isFinite(n) || ms === undefined) {
      throw new LakesqlError('INTERNAL_ERROR', { message: `not an interval: ${text}` });
    }
    total += n * ms;
  }
  return total;
}
