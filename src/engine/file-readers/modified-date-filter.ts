/**
 * Spark's `modifiedBefore` / `modifiedAfter` read options (PathFilterStrategies' ModifiedDateFilter): only
 * files modified strictly before / after a timestamp are read. The timestamp is read in the `timeZone`
 * option's zone, or the session's. Spark compares that instant with the file's modification time taken as
 * a wall clock in the same zone (ModifiedDateFilter.localTime), which shifts the comparison by the zone's
 * offset outside UTC; lakesql compares the same way so that the same files are read.
 */
import { parseTimestampText, utcToWallClock, wallClockToUtc } from '../../delta/datetime-text.js';
import { LakesqlError } from '../../errors/index.js';
import type { DataSourceOptions } from '../../formats/data-source-options.js';

export function modifiedDateFilter(
  options: DataSourceOptions,
  sessionTimeZone: string,
): ((lastModifiedMs: number) => boolean) | undefined {
  const beforeText = options.get('modifiedBefore');
  const afterText = options.get('modifiedAfter');
  if (beforeText === undefined && afterText === undefined) return undefined;
  const zone = options.get('timeZone') ?? sessionTimeZone;
  const threshold = (option: string, text: string | undefined): bigint | undefined => {
    if (text === undefined) return undefined;
    const parsed = parseTimestampText(text.trim());
    if (parsed === undefined) {
      throw new LakesqlError('INVALID_OPTION_VALUE', {
        value: `'${text}'`,
        option,
        reason: "the expected format is 'YYYY-MM-DDTHH:mm:ss'",
      });
    }
    return parsed.offsetMicros === undefined
      ? wallClockToUtc(parsed.wallMicros, zone)
      : parsed.wallMicros - parsed.offsetMicros;
  };
  const before = threshold('modifiedBefore', beforeText);
  const after = threshold('modifiedAfter', afterText);
  return (lastModifiedMs) => {
    const local = utcToWallClock(BigInt(Math.trunc(lastModifiedMs)) * 1000n, zone);
    return (before === undefined || local < before) && (after === undefined || local > after);
  };
}
