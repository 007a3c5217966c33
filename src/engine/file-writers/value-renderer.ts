/** The engine's ValueRenderer for the CSV and JSON writers: Spark datetime patterns and Java number text. */
import { formatJavaDouble, formatJavaFloat } from '../../delta/number-text.js';
import type { ValueRenderer } from '../../formats/writers/value-text.js';
import { formatTimestamp } from '../udfs/spark-datetime-format.js';

const MICROS_PER_DAY = 86_400_000_000n;

export function valueRenderer(timeZone: string): ValueRenderer {
  return {
    timestamp: (micros, pattern) => formatTimestamp(micros, pattern, timeZone),
    // Wall-clock values are printed as if in UTC, which leaves their fields untouched.
    timestampNtz: (micros, pattern) => formatTimestamp(micros, pattern, 'UTC'),
    date: (days, pattern) => formatTimestamp(BigInt(days) * MICROS_PER_DAY, pattern, 'UTC'),
    double: formatJavaDouble,
    float: formatJavaFloat,
  };
}
