/**
 * Spark's session windows and window_time:
 * - session_window(timeColumn, gapDuration) (SessionWindow, resolved by the SessionWindowing rule): per row
 *   the struct<start, end> of the row's own session, [time, time + gap). The gap is a constant string
 *   ('5 minutes'), or a string or interval expression evaluated per row. Rows whose session is empty (a NULL
 *   time, a NULL, zero or negative gap) are dropped by the analyzer (analyzer/session-windows.ts), and in a
 *   GROUP BY the sessions of a group that overlap are merged (Spark's MergingSessionsExec).
 * - window_time(window) (WindowTime): the last instant of a time window, its end minus one microsecond.
 */
import { field, StringType, struct, TimestampType } from '../../types/data-types.js';
import type { FunctionSignature } from './function-signature.js';
import { checkArity, custom, expectArg, unexpectedInputType } from './signature-kit.js';
import { isPrimitiveNamed, isStringLike } from './type-classes.js';

const WINDOW_STRUCT = '"STRUCT<start: TIMESTAMP, end: TIMESTAMP>"';

export const SESSION_WINDOW_FUNCTIONS: readonly FunctionSignature[] = [
  custom(
    'session_window',
    'scalar',
    (args) => {
      checkArity('session_window', args, 2);
      const t = expectArg('session_window', args, 0, 'timestamp');
      const timeType = isPrimitiveNamed(t, 'timestamp_ntz') ? t : TimestampType;
      const gap = args[1]!.type;
      const isInterval = gap.kind === 'dayTimeInterval' || gap.kind === 'calendarInterval';
      if (!isInterval && !isStringLike(gap) && !isPrimitiveNamed(gap, 'void'))
        throw unexpectedInputType('session_window', args, 1, '("INTERVAL" or "STRING")');
      return {
        inputTypes: [timeType, isInterval ? gap : StringType],
        returnType: struct([field('start', timeType), field('end', timeType)]),
      };
    },
    // Spark's SessionWindowing aliases the struct `session_window`.
    { prettyName: () => 'session_window' },
  ),
  custom('window_time', 'scalar', (args) => {
    checkArity('window_time', args, 1);
    const t = args[0]!.type;
    const fields = t.kind === 'struct' ? t.fields : [];
    const start = fields[0]?.type;
    const end = fields[1]?.type;
    const timestamp = (x: typeof start) =>
      x !== undefined && (isPrimitiveNamed(x, 'timestamp') || isPrimitiveNamed(x, 'timestamp_ntz'));
    if (
      fields.length !== 2 ||
      !timestamp(start) ||
      !timestamp(end) ||
      fields[1]?.name.toLowerCase() !== 'end'
    )
      throw unexpectedInputType('window_time', args, 0, WINDOW_STRUCT);
    return { inputTypes: [t], returnType: end! };
  }),
];
