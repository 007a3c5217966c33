/**
 * The reader options `versionAsOf` / `timestampAsOf` (keys case-insensitive, as Spark's options are) as the
 * same time travel clause SQL's `VERSION AS OF` / `TIMESTAMP AS OF` is, so a read by option and a read by SQL
 * resolve one snapshot the one way and fail with the same errors (a version or timestamp out of range).
 * Both options at once are refused as each entry point refuses them: Delta's DeltaDataSource for a load of
 * a path (DELTA_ONEOF_IN_TIMETRAVEL), Spark's TimeTravelSpec.fromOptions for table() (INVALID_TIME_TRAVEL_SPEC).
 */
import { LakesqlError } from '../../errors/index.js';
import { stringLiteral } from '../../sql/ast/node-builders.js';
import type { TimeTravel } from '../../sql/ast/query.js';

const VERSION_KEY = 'versionAsOf';
const TIMESTAMP_KEY = 'timestampAsOf';

export function timeTravelFromOptions(
  options: ReadonlyMap<string, string>,
  entry: 'load' | 'table',
): TimeTravel | null {
  const get = (key: string) =>
    [...options].find(([k]) => k.toLowerCase() === key.toLowerCase())?.[1] ?? undefined;
  const version = get(VERSION_KEY);
  const timestamp = get(TIMESTAMP_KEY);
  if (version !== undefined && timestamp !== undefined) {
    if (entry === 'load') throw new LakesqlError('DELTA_ONEOF_IN_TIMETRAVEL', {});
    throw new LakesqlError('INVALID_TIME_TRAVEL_SPEC', {} as never);
  }
  if (timestamp !== undefined) {
    return { kind: 'timestamp', timestamp: stringLiteral(timestamp), fromOption: true };
  }
  if (version === undefined) return null;
  // Delta reads the version with Scala's toLong: an optional sign and digits, nothing else.
  if (!/^[+-]?\d+$/.test(version)) {
    throw new LakesqlError('DELTA_TIME_TRAVEL_INVALID_BEGIN_VALUE', { timeTravelKey: VERSION_KEY });
  }
  return { kind: 'version', version: stringLiteral(version) };
}
