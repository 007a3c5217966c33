/**
 * Shortcuts for the shapes most CSV cells have, answering exactly what the general parsers in
 * java-number-text.ts and datetime-text.ts answer for them (each returns undefined when the text is not of
 * its simple shape, and the caller then asks the general parser):
 * - an optional `-` and 1 to 9 ASCII digits: always a Java int;
 * - an optional `-`, digits, optionally `.` and digits: a Java double whose value is Number(text);
 * - `yyyy-mm-dd` with ASCII digits: a date (both the strict default-format check and the lenient cast).
 */
import { epochDayOfValid } from '../../types/proleptic-calendar.js';

const isDigit = (c: number): boolean => c >= 48 && c <= 57;

/** True when `s` is `-?\d{1,9}`, which Integer.parseInt always accepts. */
export function shortIntShape(s: string): boolean {
  const n = s.length;
  const first = s.charCodeAt(0) === 45 ? 1 : 0;
  if (n === first || n - first > 9) return false;
  for (let i = first; i < n; i++) if (!isDigit(s.charCodeAt(i))) return false;
  return true;
}

/** Exact powers of ten as doubles (10^22 is the last one a double holds exactly). */
const POW10 = Array.from({ length: 23 }, (_, k) => 10 ** k);

/**
 * Number(s) when `s` is `-?\d+(\.\d+)?` (which Double.parseDouble reads as that value), else undefined.
 * Up to 15 significant digits the value is computed directly: the digits as an integer are exact in a
 * double, so is 10^k for k <= 22, and IEEE division rounds their exact quotient correctly, which is the
 * double nearest the decimal (Clinger's fast path); longer texts go through Number.
 */
export function plainDecimal(s: string): number | undefined {
  const n = s.length;
  const negative = s.charCodeAt(0) === 45;
  let i = negative ? 1 : 0;
  const digitsFrom = i;
  let m = 0;
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) break;
    m = m * 10 + (c - 48);
  }
  const intDigits = i - digitsFrom;
  if (intDigits === 0) return undefined;
  let fracDigits = 0;
  if (i < n) {
    if (s.charCodeAt(i) !== 46) return undefined;
    i += 1;
    for (; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c < 48 || c > 57) return undefined;
      m = m * 10 + (c - 48);
      fracDigits += 1;
    }
    if (fracDigits === 0) return undefined;
  }
  if (intDigits + fracDigits > 15) return Number(s);
  const v = fracDigits === 0 ? m : m / POW10[fracDigits]!;
  return negative ? -v : v;
}

/**
 * Days since the epoch of a valid `yyyy-mm-dd` (exactly ten characters, ASCII digits): the value
 * parseDateDays gives, and a date by isDefaultFormatDate. Undefined for any other text.
 */
export function isoDateDays(s: string): number | undefined {
  if (s.length !== 10 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return undefined;
  let y = 0;
  for (let i = 0; i < 4; i++) {
    const c = s.charCodeAt(i);
    if (!isDigit(c)) return undefined;
    y = y * 10 + c - 48;
  }
  const m1 = s.charCodeAt(5);
  const m2 = s.charCodeAt(6);
  const d1 = s.charCodeAt(8);
  const d2 = s.charCodeAt(9);
  if (!isDigit(m1) || !isDigit(m2) || !isDigit(d1) || !isDigit(d2)) return undefined;
  const m = (m1 - 48) * 10 + m2 - 48;
  const d = (d1 - 48) * 10 + d2 - 48;
  return epochDayOfValid(y, m, d);
}
