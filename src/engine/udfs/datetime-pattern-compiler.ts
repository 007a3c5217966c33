/**
 * Compiles a Spark datetime pattern (sql-ref-datetime-pattern.html) into PatternElements, with Spark's own
 * checks first (DateTimeFormatterHelper.convertIncompatiblePattern: week-based letters, unsupported letters,
 * narrow text styles and 7+ `y` are refused; `y` becomes the proleptic `u` unless an era `G` is present) and
 * then java.time's DateTimeFormatterBuilder#appendPattern rules on letter counts.
 *
 * A pattern the new formatter refuses but the legacy java.text.SimpleDateFormat accepts fails with
 * INCONSISTENT_BEHAVIOR_CROSS_VERSION.DATETIME_PATTERN_RECOGNITION (Spark's checkLegacyFormatter); otherwise
 * Spark's own error class stands, and java.time's refusals become INVALID_DATETIME_PATTERN.WITH_SUGGESTION.
 */
import { LakesqlError } from '../../errors/index.js';
import type { DatetimeField, OffsetPattern, PatternElement } from './datetime-pattern-elements.js';

export interface PatternOptions {
  /** Parsing forbids text fields Spark cannot parse reliably (E F q Q) and reads fractions of 1..n digits. */
  readonly parsing: boolean;
  /** False for TIMESTAMP_NTZ parsing, where Spark skips the legacy-formatter comparison. */
  readonly checkLegacy?: boolean;
}

const SPARK_DOC_ROOT = 'https://spark.apache.org/docs/latest';
const WEEK_BASED_LETTERS = new Set(['Y', 'W', 'w', 'u', 'e', 'c']);
const UNSUPPORTED_LETTERS = new Set(['A', 'B', 'n', 'N', 'p']);
const UNSUPPORTED_FOR_PARSING = new Set(['E', 'F', 'q', 'Q']);
const UNSUPPORTED_LENGTHS = ['GGGGG', 'MMMMM', 'LLLLL', 'EEEEE', 'QQQQQ', 'qqqqq', 'yyyyyyy'];
const LEGACY_LETTERS = 'GyMdkHmsSEDFwWahKzZYuXL';

/** java.time refused the pattern (an IllegalArgumentException from appendPattern). */
class JavaPatternError extends Error {}

const sqlString = (s: string): string => `'${s.replaceAll("'", "\\'")}'`;

/** Spark's convertIncompatiblePattern: validates the unquoted parts and turns `y` into `u` without `G`. */
export function convertIncompatiblePattern(pattern: string, parsing: boolean): string {
  const parts = pattern.split("'");
  const hasEra = parts.some((p, i) => i % 2 === 0 && p.includes('G'));
  return parts
    .map((part, i) => {
      if (i % 2 === 1) return part;
      for (const c of part) {
        if (WEEK_BASED_LETTERS.has(c))
          throw new LakesqlError('INCONSISTENT_BEHAVIOR_CROSS_VERSION.DATETIME_WEEK_BASED_PATTERN', { c });
      }
      for (const c of part) {
        if (UNSUPPORTED_LETTERS.has(c) || (parsing && UNSUPPORTED_FOR_PARSING.has(c)))
          throw new LakesqlError('INVALID_DATETIME_PATTERN.ILLEGAL_CHARACTER', { c, pattern });
      }
      const tooLong = UNSUPPORTED_LENGTHS.find((style) => part.includes(style));
      if (tooLong) throw new LakesqlError('INVALID_DATETIME_PATTERN.LENGTH', { pattern: tooLong });
      return hasEra ? part : part.replaceAll('y', 'u');
    })
    .join("'");
}

const isAsciiLetter = (c: string): boolean => (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');

/** Whether java.text.SimpleDateFormat#compile accepts the pattern. */
export function legacyFormatterAccepts(pattern: string): boolean {
  let inQuote = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === "'") {
      if (pattern[i + 1] === "'") i++;
      else inQuote = !inQuote;
      continue;
    }
    if (inQuote || !isAsciiLetter(c)) continue;
    if (!LEGACY_LETTERS.includes(c)) return false;
    let count = 1;
    while (pattern[i + 1] === c) {
      i++;
      count++;
    }
    if (c === 'X' && count > 3) return false;
  }
  return !inQuote;
}

const OFFSET_PATTERNS: readonly OffsetPattern[] = [
  { minutes: 'none', seconds: 'none', colons: false }, // +HH
  { minutes: 'optional', seconds: 'none', colons: false }, // +HHmm
  { minutes: 'optional', seconds: 'none', colons: true }, // +HH:mm
  { minutes: 'required', seconds: 'none', colons: false }, // +HHMM
  { minutes: 'required', seconds: 'none', colons: true }, // +HH:MM
  { minutes: 'required', seconds: 'optional', colons: false }, // +HHMMss
  { minutes: 'required', seconds: 'optional', colons: true }, // +HH:MM:ss
];

const FIELDS: Readonly<Record<string, DatetimeField>> = {
  G: 'era',
  y: 'yearOfEra',
  u: 'year',
  Q: 'quarterOfYear',
  q: 'quarterOfYear',
  M: 'monthOfYear',
  L: 'monthOfYear',
  D: 'dayOfYear',
  d: 'dayOfMonth',
  // JDK 17 (Spark 4's runtime) maps F to ALIGNED_DAY_OF_WEEK_IN_MONTH (JDK-8169833).
  F: 'alignedDayOfWeekInMonth',
  E: 'dayOfWeek',
  a: 'amPmOfDay',
  H: 'hourOfDay',
  k: 'clockHourOfDay',
  K: 'hourOfAmPm',
  h: 'clockHourOfAmPm',
  m: 'minuteOfHour',
  s: 'secondOfMinute',
  g: 'modifiedJulianDay',
};

const tooMany = (c: string) => new JavaPatternError(`Too many pattern letters: ${c}`);
const num = (
  field: DatetimeField,
  minWidth: number,
  maxWidth = 19,
  sign: 'normal' | 'notNegative' | 'exceedsPad' = 'normal',
): PatternElement => ({
  kind: 'number',
  field,
  minWidth,
  maxWidth,
  sign,
});

/** DateTimeFormatterBuilder#parseField for the letters in FIELDS. */
function fieldElement(c: string, count: number, field: DatetimeField): PatternElement {
  switch (c) {
    case 'u':
    case 'y':
      if (count === 2) return { kind: 'reducedYear', field };
      return count < 4 ? num(field, count) : num(field, count, 19, 'exceedsPad');
    case 'L':
    case 'q':
    case 'M':
    case 'Q':
    case 'E':
      if (count <= 2) {
        if (c === 'E') return { kind: 'text', field, style: 'short' };
        return count === 1 ? num(field, 1) : num(field, 2, 2, 'notNegative');
      }
      if (count > 5) throw tooMany(c);
      return { kind: 'text', field, style: count === 3 ? 'short' : count === 4 ? 'full' : 'narrow' };
    case 'a':
      if (count !== 1) throw tooMany(c);
      return { kind: 'text', field, style: 'short' };
    case 'G':
      if (count > 5) throw tooMany(c);
      return { kind: 'text', field, style: count <= 3 ? 'short' : count === 4 ? 'full' : 'narrow' };
    case 'F':
      if (count !== 1) throw tooMany(c);
      return num(field, 1);
    case 'D':
      if (count === 1) return num(field, 1);
      if (count > 3) throw tooMany(c);
      return num(field, count, 3, 'notNegative');
    case 'g':
      return num(field, count);
    default:
      if (count === 1) return num(field, 1);
      if (count === 2) return num(field, 2, 2, 'notNegative');
      throw tooMany(c);
  }
}

function letterElement(c: string, count: number, varLenFraction: boolean): PatternElement {
  const field = FIELDS[c];
  if (field) return fieldElement(c, count, field);
  switch (c) {
    case 'S':
      if (count > 9)
        throw new JavaPatternError(`Minimum width must be from 0 to 9 inclusive but was ${count}`);
      // Spark parses fractions of 1..n digits (createBuilderWithVarLengthSecondFraction).
      return { kind: 'fraction', minWidth: varLenFraction ? 1 : count, maxWidth: count };
    case 'z':
      if (count > 4) throw tooMany(c);
      return { kind: 'zoneText', style: count === 4 ? 'full' : 'short' };
    case 'V':
      if (count !== 2) throw new JavaPatternError(`Pattern letter count must be 2: ${c}`);
      return { kind: 'zoneId' };
    case 'v':
      if (count !== 1 && count !== 4) throw new JavaPatternError(`Wrong number of  pattern letters: ${c}`);
      return { kind: 'zoneText', style: count === 1 ? 'genericShort' : 'genericFull' };
    case 'Z':
      if (count < 4)
        return { kind: 'offset', pattern: OFFSET_PATTERNS[3] as OffsetPattern, noOffsetText: '+0000' };
      if (count === 4) return { kind: 'localizedOffset', style: 'full' };
      if (count === 5)
        return { kind: 'offset', pattern: OFFSET_PATTERNS[6] as OffsetPattern, noOffsetText: 'Z' };
      throw tooMany(c);
    case 'O':
      if (count !== 1 && count !== 4) throw new JavaPatternError(`Pattern letter count must be 1 or 4: ${c}`);
      return { kind: 'localizedOffset', style: count === 1 ? 'short' : 'full' };
    case 'X':
    case 'x': {
      if (count > 5) throw tooMany(c);
      const pattern = OFFSET_PATTERNS[count + (count === 1 ? 0 : 1)] as OffsetPattern;
      const zero = c === 'X' ? 'Z' : count === 1 ? '+00' : count % 2 === 0 ? '+0000' : '+00:00';
      return { kind: 'offset', pattern, noOffsetText: zero };
    }
    default:
      throw new JavaPatternError(`Unknown pattern letter: ${c}`);
  }
}

/** DateTimeFormatterBuilder#appendPattern. */
function appendPattern(pattern: string, varLenFraction: boolean): readonly PatternElement[] {
  const stack: PatternElement[][] = [[]];
  const current = () => stack[stack.length - 1] as PatternElement[];
  for (let pos = 0; pos < pattern.length; pos++) {
    const c = pattern[pos] as string;
    if (isAsciiLetter(c)) {
      let count = 1;
      while (pattern[pos + 1] === c) {
        pos++;
        count++;
      }
      current().push(letterElement(c, count, varLenFraction));
    } else if (c === "'") {
      const start = pos++;
      for (; pos < pattern.length; pos++) {
        if (pattern[pos] === "'") {
          if (pattern[pos + 1] === "'") pos++;
          else break;
        }
      }
      if (pos >= pattern.length)
        throw new JavaPatternError(`Pattern ends with an incomplete string literal: ${pattern}`);
      const text = pattern.slice(start + 1, pos);
      current().push({ kind: 'literal', text: text === '' ? "'" : text.replaceAll("''", "'") });
    } else if (c === '[') {
      stack.push([]);
    } else if (c === ']') {
      if (stack.length === 1)
        throw new JavaPatternError('Pattern invalid as it contains ] without previous [');
      const elements = stack.pop() as PatternElement[];
      current().push({ kind: 'optional', elements });
    } else if (c === '{' || c === '}' || c === '#') {
      throw new JavaPatternError(`Pattern includes reserved character: '${c}'`);
    } else {
      current().push({ kind: 'literal', text: c });
    }
  }
  while (stack.length > 1) {
    const elements = stack.pop() as PatternElement[];
    current().push({ kind: 'optional', elements });
  }
  return stack[0] as PatternElement[];
}

const cache = new Map<string, readonly PatternElement[]>();

/** The elements of a Spark datetime pattern, or Spark's error for an invalid one. */
export function compileDatetimePattern(pattern: string, options: PatternOptions): readonly PatternElement[] {
  const checkLegacy = options.checkLegacy ?? true;
  const key = `${options.parsing ? 'p' : 'f'}${checkLegacy ? 'l' : ''}|${pattern}`;
  const cached = cache.get(key);
  if (cached) return cached;
  let elements: readonly PatternElement[];
  try {
    const converted = convertIncompatiblePattern(pattern, options.parsing);
    elements = appendPattern(converted, options.parsing && converted.includes('S'));
  } catch (e) {
    if (checkLegacy && legacyFormatterAccepts(pattern)) {
      throw new LakesqlError('INCONSISTENT_BEHAVIOR_CROSS_VERSION.DATETIME_PATTERN_RECOGNITION', {
        pattern: sqlString(pattern),
        config: '"spark.sql.legacy.timeParserPolicy"',
        docroot: SPARK_DOC_ROOT,
      });
    }
    if (e instanceof JavaPatternError) {
      throw new LakesqlError('INVALID_DATETIME_PATTERN.WITH_SUGGESTION', {
        pattern: sqlString(pattern),
        docroot: SPARK_DOC_ROOT,
      });
    }
    throw e;
  }
  if (cache.size > 1000) cache.clear();
  cache.set(key, elements);
  return elements;
}
