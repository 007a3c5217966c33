/**
 * Whether a write is followed by auto compaction and whether it is an optimized write, and with which sizes:
 * the session keys `spark.databricks.delta.autoCompact.enabled` / `optimizeWrite.enabled` when set (Databricks:
 * "session configurations take precedence over table properties"), else the table's
 * `delta.autoOptimize.autoCompact` / `delta.autoOptimize.optimizeWrite`, else off.
 */
import { byteStringAsBytes } from '../../delta/byte-string.js';
import { autoCompactProperty, optimizeWriteProperty } from '../../delta/table-properties.js';
import { checkConfValue } from '../conf/check-conf.js';
import { confEntry } from '../conf/conf-entries.js';

type Conf = ReadonlyMap<string, string> | undefined;
type Configuration = Readonly<Record<string, string>>;

export const AUTO_COMPACT_ENABLED_CONF = 'spark.databricks.delta.autoCompact.enabled';
export const AUTO_COMPACT_MIN_NUM_FILES_CONF = 'spark.databricks.delta.autoCompact.minNumFiles';
export const AUTO_COMPACT_MAX_FILE_SIZE_CONF = 'spark.databricks.delta.autoCompact.maxFileSize';
export const AUTO_COMPACT_MIN_FILE_SIZE_CONF = 'spark.databricks.delta.autoCompact.minFileSize';
export const OPTIMIZE_WRITE_ENABLED_CONF = 'spark.databricks.delta.optimizeWrite.enabled';
export const OPTIMIZE_WRITE_BIN_SIZE_CONF = 'spark.databricks.delta.optimizeWrite.binSize';

const MIB = 1024 * 1024;

export interface AutoCompactSettings {
  /** A partition is compacted once it holds at least this many small files. */
  readonly minNumFiles: number;
  /** Files smaller than this are small: counted and rewritten. */
  readonly minFileSize: number;
  /** The most input bytes packed into one output file. */
  readonly maxFileSize: number;
}

/** The settings of auto compaction after a write to a table with `configuration`, or undefined when it is off. */
export function autoCompactSettings(
  conf: Conf,
  configuration: Configuration,
): AutoCompactSettings | undefined {
  const session = settingOf(conf, AUTO_COMPACT_ENABLED_CONF);
  const on =
    session !== undefined ? session.trim().toLowerCase() !== 'false' : autoCompactProperty(configuration);
  if (on !== true) return undefined;
  const maxFileSize = bytesOf(conf, AUTO_COMPACT_MAX_FILE_SIZE_CONF);
  const minText = settingOf(conf, AUTO_COMPACT_MIN_FILE_SIZE_CONF);
  return {
    minNumFiles: Number(settingOf(conf, AUTO_COMPACT_MIN_NUM_FILES_CONF)),
    // Delta's default: half of maxFileSize.
    minFileSize:
      minText === undefined ? Math.floor(maxFileSize / 2) : bytesOf(conf, AUTO_COMPACT_MIN_FILE_SIZE_CONF),
    maxFileSize,
  };
}

/** The bin size of an optimized write to a table with `configuration`, or undefined when the write is plain. */
export function optimizeWriteBinSize(conf: Conf, configuration: Configuration): number | undefined {
  const session = settingOf(conf, OPTIMIZE_WRITE_ENABLED_CONF);
  const on =
    session !== undefined ? session.trim().toLowerCase() === 'true' : optimizeWriteProperty(configuration);
  if (on !== true) return undefined;
  const text = settingOf(conf, OPTIMIZE_WRITE_BIN_SIZE_CONF) ?? '512';
  // Delta declares binSize in MiB (bytesConf(ByteUnit.MiB)): a bare number is MiB, a unit says otherwise.
  return /^\s*\d+\s*$/.test(text) ? Number(text.trim()) * MIB : bytesOf(conf, OPTIMIZE_WRITE_BIN_SIZE_CONF);
}

/** The session's value, else the registry's default; checked as SET checks it (a writer option skips SET). */
function settingOf(conf: Conf, key: string): string | undefined {
  const set = conf?.get(key);
  if (set !== undefined) {
    checkConfValue(key, set);
    return set;
  }
  const d = confEntry(key)?.default;
  return typeof d === 'string' ? d : undefined;
}

function bytesOf(conf: Conf, key: string): number {
  return byteStringAsBytes(settingOf(conf, key) ?? '') ?? 0;
}
