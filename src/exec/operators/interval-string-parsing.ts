/**
 * Building blocks of CAST(string AS <ANSI interval>) in DuckDB SQL, after IntervalUtils.castStringToYMInterval
 * and castStringToDTInterval: Spark tries a list of regular expressions in order on the trimmed string, each
 * giving fields that Java parses and range-checks (`require`, Math.*Exact) before they add up. Here each form
 * is a CASE branch (`regexp_full_match`), each Java check one WHEN that raises Spark's error, so the whole cast
 * is one CASE per row. Numbers are HUGEINT, where Java's LONG arithmetic cannot overflow unseen.
 */
import { toSqlType } from '../../plan/types/type-sql.js';
import type { DayTimeIntervalType, YearMonthIntervalType } from '../../types/data-types.js';
import type { CastEvalMode } from './compile-cast.js';
import { lit, raiseSql } from './sql-helpers.js';

export const LONG_MAX = 9_223_372_036_854_775_807n;
export const LONG_MIN = -9_223_372_036_854_775_808n;

/** One Java check: when `fails` holds, Spark throws `error`. */
export interface Check {
  readonly fails: string;
  readonly error: string;
}

/** What one matching form gives: its checks in Spark's order, then the value (months or microseconds). */
export interface Parsed {
  readonly checks: readonly Check[];
  readonly value: string;
}

/** One regular expression Spark tries, and how its groups become a value. */
export interface IntervalForm {
  readonly regex: string;
  readonly parse: (group: (index: number) => string) => Parsed;
}

export class IntervalStringCast {
  /** The input as written (Spark's `input.toString`), and trimmed (UTF8String.trimAll). */
  readonly raw: string;
  readonly trimmed: string;

  constructor(
    sql: string,
    readonly kind: 'year-month' | 'day-time',
    readonly to: YearMonthIntervalType | DayTimeIntervalType,
    readonly mode: CastEvalMode,
  ) {
    this.raw = `(${sql})::VARCHAR`;
    this.trimmed = `regexp_replace(${this.raw}, '^[\\x00-\\x20]+|[\\x00-\\x20]+$', '', 'g')`;
  }

  matches(regex: string): string {
    return `regexp_full_match(${this.trimmed}, ${lit(regex)})`;
  }

  group(regex: string, index: number): string {
    return `regexp_extract(${this.trimmed}, ${lit(regex)}, ${index})`;
  }

  /**
   * safeToInterval: a Java exception while parsing becomes INVALID_INTERVAL_FORMAT.INTERVAL_PARSING with the
   * exception's message (NULL under TRY_CAST).
   */
  parsingError(messageSql: string): string {
    if (this.mode === 'try') return 'NULL';
    return raiseSql('INVALID_INTERVAL_FORMAT.INTERVAL_PARSING', {
      input: { sql: this.trimmed },
      interval: { text: this.kind },
      msg: { sql: messageSql },
    });
  }

  /** throwIllegalIntervalFormatException: no form matched (day-time ones add the legacy-parser notice). */
  unmatched(supportedFormats: readonly string[]): string {
    if (this.mode === 'try') return 'NULL';
    const params = {
      intervalStr: { text: this.kind },
      supportedFormat: { text: supportedFormats.map((f) => `\`${f}\``).join(', ') },
      // DataType.typeName: `interval day to second`, `interval year`.
      typeName: { text: toSqlType(this.to).replaceAll('"', '').toLowerCase() },
      input: { sql: this.raw },
    };
    return this.kind === 'day-time'
      ? raiseSql('INVALID_INTERVAL_FORMAT.UNMATCHED_FORMAT_STRING_WITH_NOTICE', params)
      : raiseSql('INVALID_INTERVAL_FORMAT.UNMATCHED_FORMAT_STRING', params);
  }

  /** Java's `Long.parseLong` of a digit group: NumberFormatException past a LONG. */
  parseLong(digits: string): { readonly value: string; readonly check: Check } {
    const value = `try_cast(${digits} AS HUGEINT)`;
    return {
      value,
      check: {
        fails: `coalesce(${value} > ${LONG_MAX}, true)`,
        error: this.parsingError(`'For input string: "' || ${digits} || '"'`),
      },
    };
  }

  /** toLongWithRange's `require`: `requirement failed: hour 24 outside range [0, 23]`. */
  inRange(field: string, value: string, min: bigint | number, max: bigint | number): Check {
    return {
      fails: `NOT (${value} BETWEEN ${min} AND ${max})`,
      error: this.parsingError(
        `'requirement failed: ${field} ' || (${value})::VARCHAR || ' outside range [${min}, ${max}]'`,
      ),
    };
  }

  /** Math.addExact / toIntExact failing: ArithmeticException("integer overflow" / "long overflow"). */
  fitsOrOverflow(value: string, range: 'int' | 'long'): Check {
    const [min, max] = range === 'int' ? [-2147483648n, 2147483647n] : [LONG_MIN, LONG_MAX];
    return {
      fails: `NOT (${value} BETWEEN ${min} AND ${max})`,
      error: this.parsingError(lit(range === 'int' ? 'integer overflow' : 'long overflow')),
    };
  }

  /** The forms in order, then the format error: one CASE, NULL for a NULL input. */
  compile(forms: readonly IntervalForm[], supportedFormats: readonly string[]): string {
    const branches = forms.map((form) => {
      const { checks, value } = form.parse((i) => this.group(form.regex, i));
      const body =
        checks.length === 0
          ? value
          : `CASE ${checks.map((c) => `WHEN ${c.fails} THEN ${c.error}`).join(' ')} ELSE ${value} END`;
      return `WHEN ${this.matches(form.regex)} THEN ${body}`;
    });
    return `(CASE WHEN ${this.raw} IS NULL THEN NULL ${branches.join(' ')} ELSE ${this.unmatched(supportedFormats)} END)`;
  }
}

/**
 * finalSign: the product of the sign before the quotes and the one inside them. Spark's sign class is
 * `[+|-]`, which also takes a literal `|` (as a plus).
 */
export function finalSign(first: string, second = "''"): string {
  return `(CASE WHEN (${first} = '-') <> (${second} = '-') THEN -1 ELSE 1 END)`;
}

export const SIGN = '([+|-])?';
/** `INTERVAL [+|-]'…' <qualifier>`, case-insensitively, as Spark's *LiteralRegex patterns. */
export const literalRegex = (inner: string, qualifier: string) =>
  `(?i)^INTERVAL\\s+${SIGN}'${inner}'\\s+${qualifier.split(' ').join('\\s+')}$`;
