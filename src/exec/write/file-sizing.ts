/**
 * How big the data files of a write are: the table's `delta.targetFileSize` (Databricks' property), else
 * the session's `lakesql.delta.targetFileSize`, else 128 MB; and at most `spark.sql.files.maxRecordsPerFile`
 * rows per file, which the DataFrame writer's `maxRecordsPerFile` option overrides (it is laid over the
 * session configuration for the write, as Databricks documents: the session key is then ignored).
 */
import { byteStringAsBytes } from '../../delta/byte-string.js';
import { DEFAULT_TARGET_FILE_SIZE, targetFileSizeBytes } from '../../delta/table-properties.js';
import { checkConfValue } from '../conf/check-conf.js';
import { MAX_RECORDS_PER_FILE, TARGET_FILE_SIZE } from '../conf/conf-entries.js';

export interface FileSizing {
  readonly targetFileSizeBytes: number;
  /** 0: no limit. */
  readonly maxRecordsPerFile: number;
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
  return {
    targetFileSizeBytes:
      targetFileSizeBytes(configuration) ??
      (sessionTarget === undefined ? undefined : byteStringAsBytes(sessionTarget)) ??
      DEFAULT_TARGET_FILE_SIZE,
    maxRecordsPerFile: n > 0 ? n : 0,
  };
}
