/**
 * CAST(interval AS STRING) in Spark's text, as DuckDB SQL (Spark's ToStringBase): ANSI intervals in
 * IntervalUtils.toYearMonthIntervalString / toDayTimeIntervalString's ANSI_STYLE (`INTERVAL '1-2' YEAR TO
 * MONTH`, `INTERVAL '-3 04:05:06.789' DAY TO SECOND`, `INTERVAL '01:02' HOUR TO MINUTE`), the legacy
 * CalendarInterval as CalendarInterval#toString (`1 years 2 months 3 days 4 hours 5.5 seconds`). The same
 * texts for values already read are in types/interval-text.ts.
 *
 * Intervals are DuckDB INTERVALs: a year-month one holds months only, a day-time one days and microseconds
 * (DuckDB's day is 24 hours, as Spark's is). The arithmetic is HUGEINT, so the absolute value of Long.MinValue
 * microseconds needs none of Spark's special casing. Each field is one expression; no per-row list.
 */
import type { DayTimeIntervalType, YearMonthIntervalType } from '../../types/data-types.js';

const MICROS_PER_SECOND = 1_000_000n;
const MICROS_PER_MINUTE = 60n * MICROS_PER_SECOND;
const MICROS_PER_HOUR = 60n * MICROS_PER_MINUTE;
const MICROS_PER_DAY = 24n * MICROS_PER_HOUR;
const DT_FIELDS = ['DAY', 'HOUR', 'MINUTE', 'SECOND'] as const;

const text = (sql: string) => `(${sql})::VARCHAR`;
/** Java's `%02d`: at least two digits (DuckDB's lpad would cut longer numbers). */
const pad2 = (n: string) => `(CASE WHEN ${n} < 10 THEN '0' ELSE '' END || ${text(n)})`;
const signOf = (v: string) => `(CASE WHEN ${v} < 0 THEN '-' ELSE '' END)`;

/**
 * BigDecimal.valueOf(micros, 6).stripTrailingZeros.toPlainString for micros >= 0: `0`, `5`, `6.789`,
 * `0.000001`.
 */
function plainSeconds(micros: string): string {
  const frac = `(${micros} % ${MICROS_PER_SECOND})`;
  return `(${text(`${micros} // ${MICROS_PER_SECOND}`)} || CASE WHEN ${frac} = 0 THEN '' ELSE '.' || rtrim(lpad(${text(frac)}, 6, '0'), '0') END)`;
}

/** The seconds of an ANSI day-time string: two digits before the point (`06.789`, `00`). */
const ansiSeconds = (micros: string) =>
  `(CASE WHEN ${micros} < ${10n * MICROS_PER_SECOND} THEN '0' ELSE '' END || ${plainSeconds(micros)})`;

export function yearMonthIntervalToString(x: string, type: YearMonthIntervalType): string {
  const months = `(datepart('year', ${x}) * 12 + datepart('month', ${x}))`;
  const abs = `abs(${months})`;
  const year = `${signOf(months)} || ${text(`${abs} // 12`)}`;
  const [value, qualifier] =
    type.startField !== type.endField
      ? [`${year} || '-' || ${text(`${abs} % 12`)}`, 'YEAR TO MONTH']
      : type.startField === 0
        ? [year, 'YEAR']
        : [text(months), 'MONTH'];
  return `('INTERVAL ''' || ${value} || ''' ${qualifier}')`;
}

export function dayTimeIntervalToString(x: string, type: DayTimeIntervalType): string {
  const micros = `epoch_us(${x})::HUGEINT`;
  const abs = `abs(${micros})`;
  const { startField: start, endField: end } = type;
  const units = [MICROS_PER_DAY, MICROS_PER_HOUR, MICROS_PER_MINUTE] as const;
  // rest(f): what is left of |micros| below the fields before f; the leading field takes all of it.
  const rest = (f: number) => (f === start ? abs : `(${abs} % ${units[f - 1]!})`);
  const parts: string[] = [];
  for (let f = start; f <= end; f++) {
    if (f === 3) {
      parts.push(`${f === start ? '' : "':' || "}${ansiSeconds(rest(f))}`);
      continue;
    }
    const value = `(${rest(f)} // ${units[f]!})`;
    const digits = f === start && f === 0 ? text(value) : pad2(value);
    parts.push(f === start ? digits : `'${f === 1 ? ' ' : ':'}' || ${digits}`);
  }
  const from = DT_FIELDS[start];
  const qualifier = start === end ? from : `${from} TO ${DT_FIELDS[end]}`;
  return `('INTERVAL ''' || ${signOf(micros)} || ${parts.join(' || ')} || ''' ${qualifier}')`;
}

/**
 * CalendarInterval#toString: each non-zero unit as `<n> <unit>` (Java's truncating `/` and `%`, which
 * DuckDB's datepart of an interval also uses), `0 seconds` for the zero interval.
 */
export function calendarIntervalToString(x: string): string {
  const unit = (value: string, name: string) =>
    `CASE WHEN ${value} <> 0 THEN ${text(value)} || ' ${name}' END`;
  const micros = `datepart('microseconds', ${x})`;
  const seconds = `CASE WHEN ${micros} <> 0 THEN ${signOf(micros)} || ${plainSeconds(`abs(${micros})`)} || ' seconds' END`;
  const parts = [
    unit(`datepart('year', ${x})`, 'years'),
    unit(`datepart('month', ${x})`, 'months'),
    unit(`datepart('day', ${x})`, 'days'),
    unit(`datepart('hour', ${x})`, 'hours'),
    unit(`datepart('minute', ${x})`, 'minutes'),
    seconds,
  ];
  return `(CASE WHEN ${x} IS NULL THEN NULL ELSE coalesce(nullif(concat_ws(' ', ${parts.join(', ')}), ''), '0 seconds') END)`;
}
