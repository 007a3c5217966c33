/**
 * exec/value-format: Spark's string forms of result values. HiveResult (golden files, spark-sql CLI),
 * ToPrettyString and Dataset.showString (DataFrame.show()), and the JSON form of `lakesql sql --format json`.
 */

export { decimalToPlainString } from '../../types/decimal-text.js';
export {
  calendarIntervalText,
  dayTimeIntervalText,
  yearMonthIntervalText,
} from '../../types/interval-text.js';
export { javaDoubleToString, javaFloatToString } from '../../types/java-double-text.js';
export { formatDate, formatTimestamp, formatTimestampNtz } from './datetime-text.js';
export { hiveResultLine, hiveResultString } from './hive-result.js';
export { type JsonValue, jsonValue } from './json-value.js';
export { prettyString } from './pretty-string.js';
export type { FormatOptions } from './scalar-text.js';
export { type ShowOptions, showString } from './show-string.js';
