/**
 * A literal regex pattern is checked when the query compiles, as Spark's Pattern.compile fails analysis with
 * INVALID_PARAMETER_VALUE.PATTERN. DuckDB's RE2 accepts a different dialect than Java's, so only faults Java
 * rejects as well are caught here: unbalanced parentheses, an unclosed character class, a quantifier with nothing
 * to repeat.
 */
import { LakesqlError } from '../../errors/index.js';

/**
 * The end of the literal atom at `i` that both scans below step over whole: an escape (`\x`), a quoted
 * run (`\Q…\E`, to the end when unclosed) or a character class (`[…]`, nested classes included), as the
 * index of its last character; -1 for a class that never closes; undefined when `i` starts none of them.
 */
function literalAtomEnd(p: string, i: number): number | undefined {
  if (p[i] === '\\') {
    if (p[i + 1] !== 'Q') return i + 1;
    const end = p.indexOf('\\E', i + 2);
    return end < 0 ? p.length : end + 1;
  }
  if (p[i] !== '[') return undefined;
  let j = i + 1;
  if (p[j] === '^') j++;
  if (p[j] === ']') j++;
  let nested = 0;
  for (; j < p.length; j++) {
    if (p[j] === '\\') j++;
    else if (p[j] === '[') nested++;
    else if (p[j] === ']') {
      if (nested === 0) return j;
      nested--;
    }
  }
  return -1;
}

function patternFault(p: string): boolean {
  let depth = 0;
  let atStart = true;
  for (let i = 0; i < p.length; i++) {
    const atomEnd = literalAtomEnd(p, i);
    if (atomEnd !== undefined) {
      if (atomEnd < 0) return true;
      i = atomEnd;
      atStart = false;
      continue;
    }
    const c = p[i];
    if (c === '(') depth++;
    else if (c === ')' && --depth < 0) return true;
    if ((c === '*' || c === '+' || c === '?') && atStart) return true;
    atStart = c === '(' || c === '|';
    if (c === '(' && p[i + 1] === '?') {
      const construct = GROUP_CONSTRUCT.exec(p.slice(i + 2));
      if (!construct) return true;
      i += 1 + construct[0].length;
      // `(?i)` closes at once: the flags group holds nothing, and what follows starts afresh.
      if (construct[0].endsWith(')')) depth--;
    }
  }
  return depth !== 0;
}

/**
 * What Java's Pattern accepts after `(?`: a non-capturing or atomic group, a lookaround, a named group, or
 * inline flags (idmsuxU, with `-` to turn them off) closing the group or opening a non-capturing one.
 */
const GROUP_CONSTRUCT = /^(?:[:=!>]|<[=!]|<[A-Za-z][A-Za-z0-9]*>|[idmsuxU]*(?:-[idmsuxU]*)?[:)])/;

/**
 * The number of capturing groups of a pattern (Matcher.groupCount): each `(` outside the literal atoms that
 * is not `(?…`, or is a named group `(?<name>`.
 */
export function capturingGroupCount(p: string): number {
  let count = 0;
  for (let i = 0; i < p.length; i++) {
    const atomEnd = literalAtomEnd(p, i);
    if (atomEnd !== undefined) {
      if (atomEnd < 0) return count;
      i = atomEnd;
    } else if (p[i] === '(' && (p[i + 1] !== '?' || /^<[A-Za-z]/.test(p.slice(i + 2)))) count++;
  }
  return count;
}

/**
 * Constructs Java's regex has and DuckDB's RE2 lacks (it guarantees linear time): lookahead and lookbehind,
 * backreferences, atomic groups and possessive quantifiers.
 */
const BEYOND_RE2 = /\(\?(?:[=!>]|<[=!])|(?<!\\)(?:\\\\)*\\[1-9]|[*+?}]\+/;

/**
 * Throws Spark's INVALID_PARAMETER_VALUE.PATTERN for a literal pattern Java's regex would not compile, and
 * UNSUPPORTED_FEATURE for one that only Java's would.
 */
export function checkRegexPattern(pattern: unknown, functionName: string): void {
  if (typeof pattern !== 'string') return;
  const fault = patternFault(pattern);
  if (!fault && BEYOND_RE2.test(pattern)) {
    throw new LakesqlError('UNSUPPORTED_FEATURE', {
      feature: `the regular expression '${pattern}' in ${functionName}: lookaround, backreferences, atomic groups and possessive quantifiers are not supported (lakesql's regex engine runs in linear time)`,
    });
  }
  if (!fault) return;
  throw new LakesqlError('INVALID_PARAMETER_VALUE.PATTERN', {
    parameter: '`regexp`',
    functionName: `\`${functionName}\``,
    value: `'${pattern.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`,
  });
}
