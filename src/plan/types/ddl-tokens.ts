/**
 * The tokens of a type or schema DDL string: words, backquoted identifiers, numbers, quoted strings and the
 * symbols `< > ( ) , :`. A small lexer of its own so that schema strings parse without the full SQL parser.
 */
import { LakesqlError } from '../../errors/index.js';

export type DdlToken =
  | { readonly kind: 'word'; readonly text: string }
  | { readonly kind: 'quoted'; readonly text: string }
  | { readonly kind: 'number'; readonly text: string }
  | { readonly kind: 'string'; readonly text: string }
  | { readonly kind: 'symbol'; readonly text: string }
  | { readonly kind: 'end'; readonly text: '' };

const SYMBOLS = new Set(['<', '>', '(', ')', ',', ':']);

export function tokenizeDdl(text: string): DdlToken[] {
  const tokens: DdlToken[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i += 1;
    } else if (SYMBOLS.has(c)) {
      tokens.push({ kind: 'symbol', text: c });
      i += 1;
    } else if (c === '`') {
      const [value, end] = readQuoted(text, i, '`');
      tokens.push({ kind: 'quoted', text: value });
      i = end;
    } else if (c === "'" || c === '"') {
      const [value, end] = readQuoted(text, i, c);
      tokens.push({ kind: 'string', text: value });
      i = end;
    } else if (/[0-9]/.test(c)) {
      const m = /^[0-9]+/.exec(text.slice(i))!;
      tokens.push({ kind: 'number', text: m[0] });
      i += m[0].length;
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_0-9]+/.exec(text.slice(i))!;
      tokens.push({ kind: 'word', text: m[0] });
      i += m[0].length;
    } else {
      throw new LakesqlError('PARSE_SYNTAX_ERROR', { error: `'${c}'`, hint: '' });
    }
  }
  tokens.push({ kind: 'end', text: '' });
  return tokens;
}

/**
 * A quoted run starting at `start`: the quote doubled stands for itself (`` `a``b` ``), and inside string
 * literals a backslash escapes the next character, as in Spark's string literals.
 */
function readQuoted(text: string, start: number, quote: string): [string, number] {
  let out = '';
  let i = start + 1;
  while (i < text.length) {
    const c = text[i]!;
    if (c === quote) {
      if (text[i + 1] === quote) {
        out += quote;
        i += 2;
        continue;
      }
      return [out, i + 1];
    }
    if (c === '\\' && quote !== '`' && i + 1 < text.length) {
      out += text[i + 1];
      i += 2;
      continue;
    }
    out += c;
    i += 1;
  }
  throw new LakesqlError('PARSE_SYNTAX_ERROR', { error: 'end of input', hint: '' });
}
