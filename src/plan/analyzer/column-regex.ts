/**
 * The column names a quoted regex selects (Spark's UnresolvedRegex.expand): Java's `String.matches`, so the
 * whole name must match, case-insensitively as Spark prefixes `(?i)` under spark.sql.caseSensitive=false.
 * Column names are few and short, so JavaScript's RegExp runs the match at analysis time; Java's possessive
 * quantifiers (`?+`, `*+`, `++`, `{n,m}+`), which column regexes use to mean "all but", are rewritten to the
 * equivalent atomic form `(?=(?<g>X?))\k<g>`, since JavaScript has neither.
 */
import { LakesqlError } from '../../errors/index.js';

export function columnRegex(pattern: string): RegExp {
  try {
    return new RegExp(`^(?:${withoutPossessives(pattern.replace(/^\(\?i\)/, ''))})$`, 'iu');
  } catch {
    throw new LakesqlError('UNSUPPORTED_FEATURE', {
      feature: `the column regex \`${pattern}\`: it is not a regular expression lakesql can read`,
    });
  }
}

/** Rewrites each possessive quantifier over the atom before it as a lookahead capture and backreference. */
function withoutPossessives(p: string): string {
  let out = '';
  let atomStart = 0;
  const groupStarts: number[] = [];
  let group = 0;
  for (let i = 0; i < p.length; ) {
    const c = p[i]!;
    const quantifier = /^(?:[?*+]|\{\d+(?:,\d*)?\})/.exec(p.slice(i));
    if (quantifier && out.length > 0) {
      i += quantifier[0].length;
      if (p[i] === '+') {
        const name = `possessive${group++}`;
        out = `${out.slice(0, atomStart)}(?=(?<${name}>${out.slice(atomStart)}${quantifier[0]}))\\k<${name}>`;
        i++;
      } else {
        out += quantifier[0];
        if (p[i] === '?') out += p[i++];
      }
      continue;
    }
    if (c === '(') {
      groupStarts.push(out.length);
      out += c;
      i++;
      continue;
    }
    if (c === ')') {
      atomStart = groupStarts.pop() ?? 0;
      out += c;
      i++;
      continue;
    }
    atomStart = out.length;
    const end = atomEnd(p, i);
    out += p.slice(i, end);
    i = end;
  }
  return out;
}

/** The index after the single atom at `i`: an escape, a character class or one character. */
function atomEnd(p: string, i: number): number {
  if (p[i] === '\\') return Math.min(p.length, i + 2);
  if (p[i] !== '[') return i + 1;
  let j = i + 1;
  if (p[j] === '^') j++;
  if (p[j] === ']') j++;
  for (; j < p.length; j++) {
    if (p[j] === '\\') j++;
    else if (p[j] === ']') return j + 1;
  }
  return p.length;
}
