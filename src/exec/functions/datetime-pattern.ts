/**
 * Spark datetime pattern letters (sql-ref-datetime-pattern.html) to DuckDB strftime/strptime specifiers.
 * Letters with no strftime equivalent (e.g. `Q`, `VV`, `SSSS` beyond micros) are refused, so a wrong answer is
 * never produced silently. Quoted text `'…'` and `''` follow Java's DateTimeFormatter.
 */
import { LakesqlError } from '../../errors/index.js';

const LETTERS: Readonly<Record<string, string>> = {
  yyyy: '%Y',
  yy: '%y',
  y: '%Y',
  MMMM: '%B',
  MMM: '%b',
  MM: '%m',
  M: '%-m',
  LLLL: '%B',
  LLL: '%b',
  LL: '%m',
  L: '%-m',
  dd: '%d',
  d: '%-d',
  DDD: '%j',
  D: '%-j',
  HH: '%H',
  H: '%-H',
  hh: '%I',
  h: '%-I',
  mm: '%M',
  m: '%-M',
  ss: '%S',
  s: '%-S',
  SSSSSS: '%f',
  SSS: '%g',
  a: '%p',
  EEEE: '%A',
  EEE: '%a',
  E: '%a',
  XXX: '%z',
  Z: '%z',
  z: '%Z',
};

export function sparkPatternToStrftime(pattern: string): string {
  let out = '';
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i] as string;
    if (c === "'") {
      const end = pattern.indexOf("'", i + 1);
      if (end === i + 1) out += "'";
      else out += (end < 0 ? pattern.slice(i + 1) : pattern.slice(i + 1, end)).replaceAll('%', '%%');
      i = end < 0 ? pattern.length : end + 1;
      continue;
    }
    if (/[A-Za-z]/.test(c)) {
      let j = i;
      while (pattern[j] === c) j++;
      const run = pattern.slice(i, j);
      const spec = LETTERS[run];
      if (spec === undefined)
        throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: `datetime pattern letters '${run}'` });
      out += spec;
      i = j;
      continue;
    }
    out += c === '%' ? '%%' : c;
    i++;
  }
  return out;
}
