/**
 * CAST(string AS numeric / boolean / date / timestamp / binary) with Spark's semantics (Cast.scala): the text
 * is trimmed of whitespace and control characters (UTF8String.trimAll), then parsed; what does not parse is
 * CAST_INVALID_INPUT under ANSI and NULL otherwise.
 *
 * Each cast is written as `coalesce(fast, slow, failure)`. `fast` is DuckDB's own parse, guarded so that it
 * only accepts text whose value is certainly Spark's (a canonical number or date); DuckDB evaluates the later
 * arguments of coalesce only for the rows where the earlier ones are NULL, so the full Spark parse (`slow`,
 * which repeats the trimmed text) and the error run only for untrimmed, unusual, invalid or NULL text. The
 * operand is written out again in those branches rather than bound through a per-row list, unless repeating
 * it could change its value or cost much (isRepeatable).
 */
import { isFloating, isIntegral } from '../../plan/types/type-classes.js';
import { toSqlType } from '../../plan/types/type-sql.js';
import type { DataType, DecimalType } from '../../types/data-types.js';
import type { CastEvalMode } from './compile-cast.js';
import { ANSI_CONFIG, duckType, integralRange, lit, raiseSql, reuse } from './sql-helpers.js';

const is = (t: DataType, name: string) => t.kind === 'primitive' && t.name === name;

/** UTF8String.trimAll: Spark trims whitespace and ASCII control characters around numbers, dates and booleans. */
const trimmed = (v: string) => `regexp_replace(${v}, '^[\\x00-\\x20]+|[\\x00-\\x20]+$', '', 'g')`;

/** A plain decimal integer, the text every integral parse accepts as DuckDB does. */
const CANONICAL_INTEGER = "'[+-]?[0-9]+'";

/** A plain decimal number with an optional exponent, which Java's parseDouble and DuckDB read alike. */
const CANONICAL_NUMBER = "'[+-]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][+-]?[0-9]+)?'";

export function compileCastFromString(sql: string, to: DataType, mode: CastEvalMode): string {
  return reuse(`(${sql})::VARCHAR`, (raw) => castText(raw, to, mode));
}

function castText(raw: string, to: DataType, mode: CastEvalMode): string {
  const target = duckType(to);
  const fail = invalidInput(raw, to, mode);
  // The parse, else NULL for a NULL input, else the failure (only rows that did not parse reach it).
  const guard = (...parsed: string[]) =>
    `coalesce(${[...parsed, `CASE WHEN ${raw} IS NULL THEN NULL ELSE ${fail} END`].join(', ')})`;
  const canonical = (pattern: string, type = target) =>
    `CASE WHEN regexp_full_match(${raw}, ${pattern}) THEN TRY_CAST(${raw} AS ${type}) END`;
  const s = trimmed(raw);
  if (isIntegral(to)) {
    const range = integralRange(to)!;
    // ANSI (UTF8String.toIntExact): digits only. Legacy (toInt): a fractional part is truncated away.
    const pattern = mode === 'legacy' ? '^[+-]?[0-9]+(\\.[0-9]*)?$|^[+-]?\\.[0-9]+$' : '^[+-]?[0-9]+$';
    const whole = `try_cast(CASE WHEN split_part(${s}, '.', 1) IN ('', '+', '-') THEN '0' ELSE split_part(${s}, '.', 1) END AS HUGEINT)`;
    return guard(
      canonical(CANONICAL_INTEGER),
      `CASE WHEN regexp_full_match(${s}, ${lit(pattern)}) AND ${whole} BETWEEN ${range.min} AND ${range.max} THEN ${whole}::${target} END`,
    );
  }
  if (isFloating(to)) {
    // Cast.processFloatingPointSpecialLiterals, then Java's parseDouble (which also takes a d/f suffix).
    return guard(
      canonical(CANONICAL_NUMBER),
      `CASE lower(${s}) WHEN 'inf' THEN 'inf'::${target} WHEN '+inf' THEN 'inf'::${target} WHEN 'infinity' THEN 'inf'::${target} WHEN '+infinity' THEN 'inf'::${target}
          WHEN '-inf' THEN '-inf'::${target} WHEN '-infinity' THEN '-inf'::${target} WHEN 'nan' THEN 'nan'::${target}
          ELSE CASE WHEN regexp_full_match(${s}, '[+-]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][+-]?[0-9]+)?[dDfF]?') THEN try_cast(regexp_replace(${s}, '[dDfF]$', '') AS ${target}) END END`,
    );
  }
  if (to.kind === 'decimal') return castToDecimal(raw, s, to, mode);
  if (is(to, 'boolean')) {
    return guard(
      `CASE WHEN lower(${s}) IN ('t', 'true', 'y', 'yes', '1') THEN true WHEN lower(${s}) IN ('f', 'false', 'n', 'no', '0') THEN false END`,
    );
  }
  if (is(to, 'date')) {
    return guard(canonical("'[0-9]{4}-[0-9]{2}-[0-9]{2}'"), `TRY_CAST(${sparkDateText(raw)} AS DATE)`);
  }
  if (is(to, 'timestamp') || is(to, 'timestamp_ntz')) {
    // DuckDB parses the timestamp forms (zone offsets, `T`, `Z`) and trims spaces itself; the date-only forms
    // it refuses (`2024`, `2024-1`) are midnight in the session time zone, as Spark's.
    const dateOnly = `^[0-9]{4}(-[0-9]{1,2}(-[0-9]{1,2})?)?$`;
    return guard(
      `TRY_CAST(${raw} AS ${target})`,
      `CASE WHEN regexp_full_match(${s}, ${lit(dateOnly)}) THEN TRY_CAST(${sparkDateText(s)} AS DATE)::${target} ELSE TRY_CAST(${s} AS ${target}) END`,
    );
  }
  if (is(to, 'binary')) return `encode(${raw})`;
  if (to.kind === 'calendarInterval') return castToCalendarInterval(raw);
  return guard(`try_cast(${s} AS ${target})`);
}

/** A signed number and a unit of IntervalUtils.stringToInterval (values may be fractional, units plural). */
const INTERVAL_PAIR =
  '[\\x00-\\x20]*[+-]?[\\x00-\\x20]*([0-9]+(\\.[0-9]*)?|\\.[0-9]+)[\\x00-\\x20]+(years?|months?|weeks?|days?|hours?|minutes?|seconds?|milliseconds?|microseconds?)';

/**
 * CAST(string AS INTERVAL) is IntervalUtils.safeStringToInterval: NULL for malformed text in every mode. The
 * text is an optional `interval` word, then value-unit pairs, each value with its own optional sign, which
 * may stand apart from the digits (`- 1 second`). Text of that form is handed to DuckDB's interval cast
 * with the `interval` word dropped and each sign joined to its digits (`+` dropped).
 */
function castToCalendarInterval(raw: string): string {
  const form = `(?i)[\\x00-\\x20]*(interval)?(${INTERVAL_PAIR})+[\\x00-\\x20]*`;
  const withoutWord = `regexp_replace(${raw}, '(?i)^[\\x00-\\x20]*interval', '')`;
  const signsJoined = `regexp_replace(regexp_replace(${withoutWord}, '\\+[\\x00-\\x20]*', '', 'g'), '-[\\x00-\\x20]*', '-', 'g')`;
  return `(CASE WHEN regexp_full_match(${raw}, ${lit(form)}) THEN try_cast(${signsJoined} AS INTERVAL) END)`;
}

/**
 * DateTimeUtils.stringToDate's forms (`yyyy`, `yyyy-[m]m`, `yyyy-[m]m-[d]d`, and anything after `T` or a space),
 * around whitespace, rewritten by one regexp_replace as `y-m-d` text for DuckDB's date cast. The text gets a
 * `#` before and `|-1-1` after: a form that matches loses both, its missing month and day taken from the
 * suffix; text that does not match keeps the `#` and does not parse.
 */
function sparkDateText(text: string): string {
  const ws = '[\\x00-\\x20]*';
  const y = '[0-9]{4,6}';
  const md = '[0-9]{1,2}';
  const pattern = `^#${ws}(?:(${y}-${md}-${md})(?:[ T].*)?${ws}\\|-1-1|(${y}-${md})${ws}\\|(-1)-1|(${y})${ws}\\|(-1-1))$`;
  return `regexp_replace('#' || ${text} || '|-1-1', ${lit(pattern)}, '\\1\\2\\3\\4\\5')`;
}

function invalidInput(v: string, to: DataType, mode: CastEvalMode): string {
  if (mode !== 'ansi') return 'NULL';
  return raiseSql('CAST_INVALID_INPUT', {
    expression: { sql: `'''' || ${v} || ''''` },
    sourceType: { text: '"STRING"' },
    targetType: { text: toSqlType(to) },
    ansiConfig: ANSI_CONFIG,
  });
}

/** String to decimal: Java BigDecimal syntax (exponents allowed), HALF_UP to the scale; too many digits overflow. */
function castToDecimal(raw: string, s: string, to: DecimalType, mode: CastEvalMode): string {
  const fail = invalidInput(raw, to, mode);
  // Canonical text is read as it is; only the other rows pay for the trim.
  const text = `(CASE WHEN regexp_full_match(${raw}, ${CANONICAL_NUMBER}) THEN ${raw} ELSE ${s} END)`;
  const scale = Math.min(to.scale + 1, 38);
  // Read with one more digit of scale, so that the HALF_UP rounding is ours; a value with 38 - scale integer
  // digits has no room for it and is read at its own scale. Text that still does not read is past 38 digits:
  // NUMERIC_VALUE_OUT_OF_RANGE under ANSI (it was NULL, as if the cast had been a try_cast).
  const read = `coalesce(try_cast(${text} AS DECIMAL(38,${scale})), try_cast(${text} AS DECIMAL(38,${to.scale})))`;
  const outOfRange =
    mode === 'ansi'
      ? raiseSql('NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION', {
          value: { sql: text },
          precision: { text: String(to.precision) },
          scale: { text: String(to.scale) },
          config: ANSI_CONFIG,
        })
      : 'NULL';
  const full = `CASE WHEN ${raw} IS NULL THEN NULL WHEN NOT regexp_full_match(${text}, ${CANONICAL_NUMBER}) THEN ${fail} ELSE coalesce(TRY_CAST(${read} AS ${duckType(to)}), ${outOfRange}) END`;
  if (scale >= 18) return full;
  // DuckDB reads text into a DECIMAL(38) (HUGEINT), and narrows one, a hundred times slower than a DECIMAL(18):
  // canonical text whose value fits the narrow type is read and fitted through it, other rows take the full path.
  return `coalesce(CASE WHEN regexp_full_match(${raw}, ${CANONICAL_NUMBER}) THEN TRY_CAST(try_cast(${raw} AS DECIMAL(18,${scale})) AS ${duckType(to)}) END, ${full})`;
}
