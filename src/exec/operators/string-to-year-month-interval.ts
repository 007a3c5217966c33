/**
 * CAST(string AS INTERVAL YEAR [TO MONTH] | MONTH), after IntervalUtils.castStringToYMInterval: `[+|-]y-m` or
 * `INTERVAL [+|-]'[+|-]y-m' YEAR TO MONTH` for YEAR TO MONTH, `[+|-]n` or `INTERVAL [+|-]'[+|-]n' YEAR|MONTH`
 * for a single field. The result is the months, as DuckDB's to_months.
 */
import type { YearMonthIntervalType } from '../../types/data-types.js';
import type { CastEvalMode } from './compile-cast.js';
import {
  finalSign,
  type IntervalForm,
  IntervalStringCast,
  literalRegex,
  type Parsed,
  SIGN,
} from './interval-string-parsing.js';
import { wrapSql } from './sql-helpers.js';

const YEAR_MONTH = `${SIGN}(\\d+)-(\\d+)`;
const SINGLE = `${SIGN}(\\d+)`;

/** IntervalUtils.supportedFormat, by (startField, endField). */
const SUPPORTED: Readonly<Record<string, readonly string[]>> = {
  '0,1': ['[+|-]y-m', "INTERVAL [+|-]'[+|-]y-m' YEAR TO MONTH"],
  '0,0': ['[+|-]y', "INTERVAL [+|-]'[+|-]y' YEAR"],
  '1,1': ['[+|-]m', "INTERVAL [+|-]'[+|-]m' MONTH"],
};

export function castStringToYearMonthInterval(
  sql: string,
  to: YearMonthIntervalType,
  mode: CastEvalMode,
): string {
  const cast = new IntervalStringCast(sql, 'year-month', to, mode);
  const forms: IntervalForm[] = [];
  if (to.startField === 0 && to.endField === 1) {
    forms.push(
      { regex: `^${YEAR_MONTH}$`, parse: (g) => yearAndMonth(cast, finalSign(g(1)), g(2), g(3)) },
      {
        regex: literalRegex(YEAR_MONTH, 'YEAR TO MONTH'),
        parse: (g) => yearAndMonth(cast, finalSign(g(1), g(2)), g(3), g(4)),
      },
    );
  } else {
    // A single field: the bare number, or the literal naming that very field (any other unit falls through
    // to the format error, as Spark's `case _` does).
    const unit = to.startField === 0 ? 'YEAR' : 'MONTH';
    forms.push(
      { regex: `^${SINGLE}$`, parse: (g) => singleField(cast, to, finalSign(g(1)), g(2)) },
      { regex: literalRegex(SINGLE, unit), parse: (g) => singleField(cast, to, finalSign(g(1), g(2)), g(3)) },
    );
  }
  const months = cast.compile(forms, SUPPORTED[`${to.startField},${to.endField}`]!);
  return `to_months((${months})::INTEGER)`;
}

/** toYMInterval: years in [0, Int.MaxValue / 12], months in [0, 11], the signed total an INT. */
function yearAndMonth(
  cast: IntervalStringCast,
  sign: string,
  yearDigits: string,
  monthDigits: string,
): Parsed {
  const year = cast.parseLong(yearDigits);
  const month = cast.parseLong(monthDigits);
  const total = `${sign} * (${year.value} * 12 + ${month.value})`;
  return {
    checks: [
      year.check,
      cast.inRange('year', year.value, 0, 178956970),
      month.check,
      cast.inRange('month', month.value, 0, 11),
      cast.fitsOrOverflow(total, 'int'),
    ],
    value: total,
  };
}

/**
 * YEAR: `sign * Math.toIntExact(value * 12)`, where `value * 12` is Java's unchecked LONG product (it wraps);
 * MONTH: `Math.toIntExact(sign * value)`.
 */
function singleField(
  cast: IntervalStringCast,
  to: YearMonthIntervalType,
  sign: string,
  digits: string,
): Parsed {
  const n = cast.parseLong(digits);
  const unsigned = to.endField === 0 ? wrapSql(`${n.value} * 12`, 64) : `${sign} * ${n.value}`;
  return {
    checks: [n.check, cast.fitsOrOverflow(unsigned, 'int')],
    value: to.endField === 0 ? `${sign} * ${unsigned}` : unsigned,
  };
}
