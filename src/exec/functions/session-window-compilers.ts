/**
 * DuckDB SQL for a row's own session window and for window_time (plan/functions/session-window-functions.ts).
 * The session is [time, time + gap); merging a group's overlapping sessions is the analyzer's
 * (analyzer/session-windows.ts), with window functions over these structs.
 */
import { durationMicros } from '../../plan/functions/time-window-functions.js';
import { compilers } from './compiler-kit.js';

/** The gap as a DuckDB INTERVAL: constant text folded here, other text cast per row (NULL when invalid). */
function gapSql(
  sql: string,
  arg: { readonly value?: unknown; readonly type: { readonly kind: string } },
): string {
  if (arg.type.kind === 'dayTimeInterval' || arg.type.kind === 'calendarInterval') return sql;
  if (typeof arg.value === 'string') {
    try {
      return `to_microseconds(${durationMicros(arg.value, arg.value)})`;
    } catch {
      // Months, years or text the window parser does not read: DuckDB's interval cast decides, per row.
    }
  }
  const text = `regexp_replace(${sql}, '^\\s*interval\\s+', '', 'i')`;
  return `TRY_CAST(${text} AS INTERVAL)`;
}

export const SESSION_WINDOW_COMPILERS = compilers({
  session_window: ([t, gap], args) =>
    `struct_pack("start" := ${t}, "end" := ${t} + ${gapSql(gap as string, args[1]!)})`,
  // Spark's WindowTime: the window's end minus one microsecond, the last instant the window holds.
  window_time: ([w]) => `(${w})."end" - INTERVAL 1 MICROSECOND`,
});
