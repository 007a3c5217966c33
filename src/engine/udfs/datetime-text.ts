/**
 * English (Locale.US) text of the fields java.time prints as text, per TextStyle; the standalone forms (`L`,
 * `q`) are the same words in English.
 */
import type { DatetimeField, TextStyle } from './datetime-pattern-elements.js';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const QUARTERS_FULL = ['1st quarter', '2nd quarter', '3rd quarter', '4th quarter'];

/** Every value of a text field as [value, text] for a style (the parser matches against these). */
export function fieldTexts(field: DatetimeField, style: TextStyle): readonly (readonly [number, string])[] {
  const key = `${field}|${style}`;
  let texts = memo.get(key);
  if (!texts) {
    texts = computeTexts(field, style);
    memo.set(key, texts);
  }
  return texts;
}

const memo = new Map<string, readonly (readonly [number, string])[]>();

function computeTexts(field: DatetimeField, style: TextStyle): readonly (readonly [number, string])[] {
  const pick = (
    full: readonly string[],
    short: (s: string, i: number) => string,
    narrow: (s: string) => string,
  ) => full.map((f, i) => [i, style === 'full' ? f : style === 'short' ? short(f, i) : narrow(f)] as const);
  switch (field) {
    case 'era':
      return pick(
        ['Before Christ', 'Anno Domini'],
        (_, i) => (i === 0 ? 'BC' : 'AD'),
        (f) => f.slice(0, 1),
      );
    case 'monthOfYear':
      return pick(
        MONTHS,
        (f) => f.slice(0, 3),
        (f) => f.slice(0, 1),
      ).map(([i, t]) => [i + 1, t] as const);
    case 'dayOfWeek':
      return pick(
        DAYS,
        (f) => f.slice(0, 3),
        (f) => f.slice(0, 1),
      ).map(([i, t]) => [i + 1, t] as const);
    case 'quarterOfYear':
      return pick(
        QUARTERS_FULL,
        (_, i) => `Q${i + 1}`,
        (f) => f.slice(0, 1),
      ).map(([i, t]) => [i + 1, t] as const);
    case 'amPmOfDay':
      return pick(
        ['AM', 'PM'],
        (f) => f,
        (f) => f.slice(0, 1).toLowerCase(),
      );
    default:
      return [];
  }
}

/** The text of one value, or undefined when the field has no text (java.time then prints the number). */
export function fieldText(field: DatetimeField, style: TextStyle, value: number): string | undefined {
  return fieldTexts(field, style).find(([v]) => v === value)?.[1];
}
