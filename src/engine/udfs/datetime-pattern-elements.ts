/**
 * A compiled Spark datetime pattern: the printer-parsers java.time's DateTimeFormatterBuilder#appendPattern
 * would build for it (sql-ref-datetime-pattern.html), as kind-tagged data that the formatter and the parser
 * each walk.
 */

/** The ChronoFields Spark's pattern letters reach. */
export type DatetimeField =
  | 'era'
  | 'yearOfEra'
  | 'year'
  | 'quarterOfYear'
  | 'monthOfYear'
  | 'dayOfYear'
  | 'dayOfMonth'
  | 'alignedDayOfWeekInMonth'
  | 'dayOfWeek'
  | 'amPmOfDay'
  | 'hourOfDay'
  | 'clockHourOfDay'
  | 'hourOfAmPm'
  | 'clockHourOfAmPm'
  | 'minuteOfHour'
  | 'secondOfMinute'
  | 'modifiedJulianDay';

/** java.time.format.SignStyle, as appendValue uses it. */
export type SignStyle = 'normal' | 'notNegative' | 'exceedsPad';

export type TextStyle = 'short' | 'full' | 'narrow';

/**
 * DateTimeFormatterBuilder.OffsetIdPrinterParser's patterns: hours always; minutes and seconds `required`,
 * `optional` (printed when non-zero) or `none`; with or without colons.
 */
export interface OffsetPattern {
  readonly minutes: 'required' | 'optional' | 'none';
  readonly seconds: 'required' | 'optional' | 'none';
  readonly colons: boolean;
}

export type PatternElement =
  | { readonly kind: 'literal'; readonly text: string }
  | {
      readonly kind: 'number';
      readonly field: DatetimeField;
      readonly minWidth: number;
      readonly maxWidth: number;
      readonly sign: SignStyle;
    }
  /** Two-digit year, base 2000 (appendValueReduced(field, 2, 2, 2000-01-01)). */
  | { readonly kind: 'reducedYear'; readonly field: DatetimeField }
  | { readonly kind: 'text'; readonly field: DatetimeField; readonly style: TextStyle }
  /** Fraction of second from the nano-of-second, `minWidth`..`maxWidth` digits, no decimal point. */
  | { readonly kind: 'fraction'; readonly minWidth: number; readonly maxWidth: number }
  | { readonly kind: 'offset'; readonly pattern: OffsetPattern; readonly noOffsetText: string }
  | { readonly kind: 'localizedOffset'; readonly style: 'short' | 'full' }
  | { readonly kind: 'zoneId' }
  | { readonly kind: 'zoneText'; readonly style: 'short' | 'full' | 'genericShort' | 'genericFull' }
  | { readonly kind: 'optional'; readonly elements: readonly PatternElement[] };
