/**
 * A literal regex pattern is checked when the query compiles, as Spark's Pattern.compile fails analysis with
 * INVALID_PARAMETER_VALUE.PATTERN. DuckDB's RE2 accepts a different dialect than Java's, so only faults Java
 * rejects as well are caught here: unbalanced parentheses, an unclosed character class, a quantifier with nothing
 * to repeat.
 */
import { LakesqlError } from '../../errors/index.js';

function patternFault(p: string): boolean {
  let depth = 0;
  let atStart = true;
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    if (c === '\\') {
      if (p[i + 1] === 'Q') {
        const end = p.indexOf('\\E', i + 2);
        if (end < 0) return false;
        i = end + 1;
      } else i++;
      atStart = false;
      continue;
    }
    if (c === '[') {
      let j = i + 1;
      if (p[j] === '^') j++;
      if (p[j] === ']') j++;
      let nested = 0;
      for (; j < p.length; j++) {
        if (p[j] === '\\') j++;
        else if (p[j] === '[') nested++;
        else if (p[j] === ']') {
          if (nested === 0) break;
          nested--;
        }
      }
      if (j >= p.length) return true;
      i = j;
      atStart = false;
      continue;
    }
    if (c === '(') depth++;
    else if (c === ')' && --depth < 0) return true;
    if ((c === '*' || c === '+' || c === '?') && atStart) return true;
    atStart = c === '(' || c === '|';
    if (c === '(' && p[i + 1] === '?') i++;
  }
  return depth !== 0;
}

/** Throws Spark's INVALID_PARAMETER_VALUE.PATTERN for a literal pattern Java's regex would not compile. */
export function checkRegexPattern(pattern: unknown, functionName: string): void {
  if (typeof pattern !== 'string' || !patternFault(pattern)) return;
  throw new LakesqlError('INVALID_PARAMETER_VALUE.PATTERN', {
    parameter: '`regexp`',
    functionName: `\`${functionName}\``,
    value: `'${pattern.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`,
  });
}
