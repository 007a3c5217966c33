/**
 * Calendar arithmetic on the proleptic Gregorian calendar, which java.time's IsoChronology (and so Spark 3+)
 * uses for every date, including those before the 1582 Gregorian reform. Days count from 1970-01-01 (Spark's
 * DateType value); years are proleptic (year 0 is 1 BC).
 */

export interface LocalDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

export const SECONDS_PER_DAY = 86_400;
export const MICROS_PER_SECOND = 1_000_000n;

export function floorDiv(a: number, b: number): number {
  return Math.floor(a / b);
}

export function floorMod(a: number, b: number): number {
  return a - Math.floor(a / b) * b;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function lengthOfMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (java.time.LocalDate#toEpochDay). */
export function epochDayOf(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = floorDiv(y, 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = floorDiv(153 * mp + 2, 5) + day - 1;
  const doe = yoe * 365 + floorDiv(yoe, 4) - floorDiv(yoe, 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** Days since 1970-01-01 of a proleptic Gregorian date, or undefined when no such date exists (Feb 30). */
export function epochDayOfValid(year: number, month: number, day: number): number | undefined {
  if (month < 1 || month > 12 || day < 1 || day > lengthOfMonth(year, month)) return undefined;
  return epochDayOf(year, month, day);
}

/** The proleptic Gregorian date of an epoch day (java.time.LocalDate#ofEpochDay). */
export function localDateOf(epochDay: number): LocalDate {
  const z = epochDay + 719_468;
  const era = floorDiv(z, 146_097);
  const doe = z - era * 146_097;
  const yoe = floorDiv(doe - floorDiv(doe, 1460) + floorDiv(doe, 36_524) - floorDiv(doe, 146_096), 365);
  const doy = doe - (365 * yoe + floorDiv(yoe, 4) - floorDiv(yoe, 100));
  const mp = floorDiv(5 * doy + 2, 153);
  const day = doy - floorDiv(153 * mp + 2, 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** ISO day of week, 1 = Monday … 7 = Sunday (1970-01-01 was a Thursday). */
export function dayOfWeek(epochDay: number): number {
  return floorMod(epochDay + 3, 7) + 1;
}

export function dayOfYear(date: LocalDate): number {
  return epochDayOf(date.year, date.month, date.day) - epochDayOf(date.year, 1, 1) + 1;
}

/** Splits epoch microseconds into whole epoch seconds (floored) and the micro-of-second. */
export function splitMicros(micros: bigint): { readonly seconds: number; readonly microOfSecond: number } {
  let seconds = micros / MICROS_PER_SECOND;
  let rem = micros % MICROS_PER_SECOND;
  if (rem < 0n) {
    rem += MICROS_PER_SECOND;
    seconds -= 1n;
  }
  return { seconds: Number(seconds), microOfSecond: Number(rem) };
}
