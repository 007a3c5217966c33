/**
 * How big the data files of a write are: the table's `delta.targetFileSize` (Databricks' property), else
 * the session's `lakesql.delta.targetFileSize`, else 128 MB; and at most `spark.sql.files.maxRecordsPerFile`
 * rows per file, which the DataFrame writer's `maxRecordsPerFile` option overrides (it is laid over the
 * session configuration for the write, as Databricks documents: the session key is then ignored). An
 * optimized write (`delta.autoOptimize.optimizeWrite`, `spark.databricks.delta.optimizeWrite.enabled`) groups
 * its rows by partition and aims at `optimizeWrite.binSize` unless the table sets delta.targetFileSize.
 */
import { byteStringAsBytes } from '../../delta/byte-string.js';
import { DEFAULT_TARGET_FILE_SIZE, targetFileSizeBytes } from '../../delta/table-properties.js';
import { checkConfValue } from '../conf/check-conf.js';
import { MAX_RECORDS_PER_FILE, TARGET_FILE_SIZE } from '../conf/conf-entries.js';
import { autoCompactSettings, optimizeWriteBinSize } from './auto-optimize.js';

export interface FileSizing {
  readonly targetFileSizeBytes: number;
  /** 0: no limit. */
  readonly maxRecordsPerFile: number;
  /** Delta's optimized write (auto-optimize.ts): rows grouped by partition, files of the bin size. */
  readonly optimizedWrite: boolean;
}

export function writeFileSizing(
  conf: ReadonlyMap<string, string> | undefined,
  configuration: Readonly<Record<string, string>>,
): FileSizing {
  const sessionTarget = conf?.get(TARGET_FILE_SIZE);
  const maxRecords = conf?.get(MAX_RECORDS_PER_FILE);
  // A writer option reaches here without SET's check: check it now, naming the key it stands for.
  if (sessionTarget !== undefined) checkConfValue(TARGET_FILE_SIZE, sessionTarget);
  if (maxRecords !== undefined) checkConfValue(MAX_RECORDS_PER_FILE, maxRecords);
  const n = maxRecords === undefined ? 0 : Number(maxRecords.trim());
  const binSize = optimizeWriteBinSize(conf, configuration);
  // Auto compaction reads its settings after the write commits: check them here, before, so that a bad value
  // fails the statement while it has changed nothing.
  autoCompactSettings(conf, configuration);
  return {
    // The table's own target wins; an optimized write aims at its bin size, other writes at the session's.
    targetFileSizeBytes:
      targetFileSizeBytes(configuration) ??
      binSize ??
      (sessionTarget === undefined ? undefined : byteStringAsBytes(sessionTarget)) ??
      DEFAULT_TARGET_FILE_SIZE,
    maxRecordsPerFile: n > 0 ? n : 0,
    optimizedWrite: binSize !== undefined,
  };
}
