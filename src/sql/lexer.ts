/**
 * The Spark SQL lexer (SqlBaseLexer.g4): words (keywords and identifiers alike, told apart by the parser as
 * Spark's non-reserved keyword rules allow), backquoted identifiers, string literals with Spark's escapes,
 * numeric literals with their type suffixes, operators, parameter markers and hint brackets.
 * Comments and whitespace are dropped. Every token carries its 0-based offsets, line and column.
 */
import { errorAt, syntaxErrorAt } from './parse-error.js';

export type TokenType =
  /** A keyword or a plain identifier; `upper` holds the upper-cased text. */
  | 'word'
  /** A backquoted identifier; `value` is the name with `` `` `` unescaped. */
  | 'quoted'
  /** A '…' or "…" literal (`value` unescaped) or a raw r'…' literal. */
  | 'string'
  /** A numeric literal, `text` as written (suffix included). */
  | 'number'
  /** Punctuation and operators; `value` is the operator. */
  | 'op'
  /** `:name` (value = name) or `?` (value = '') parameter marker. */
  | 'param'
  | 'eof';

export interface Token {
  readonly type: TokenType;
  /** Decoded value: identifier name, unescaped string, operator text, number text. */
  readonly value: string;
  /** Upper-cased word text ('' for other tokens). */
  readonly upper: string;
  readonly start: number;
  readonly end: number;
  readonly line: number;
  readonly column: number;
}

// Longest first: the lexer tries these in order.
const OPERATORS = [
  '<=>',
  '/*+',
  '==',
  '<>',
  '!=',
  '<=',
  '>=',
  '||',
  // SQL pipe syntax (Spark 4): `FROM t |> WHERE …`.
  '|>',
  '::',
  '=>',
  '->',
  '<<',
  '>>>',
  '>>',
  '=',
  '<',
  '>',
  '+',
  '-',
  '*',
  '/',
  '%',
  '~',
  '&',
  '|',
  '^',
  '!',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  ',',
  '.',
  ';',
  ':',
  '@',
  '?',
];
const OPS_BY_FIRST = new Map<string, string[]>();
for (const op of [...OPERATORS].sort((a, b) => b.length - a.length)) {
  const list = OPS_BY_FIRST.get(op[0]!) ?? [];
  list.push(op);
  OPS_BY_FIRST.set(op[0]!, list);
}

const isDigit = (c: number) => c >= 48 && c <= 57;
const isIdentChar = (c: number) =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c > 127;

/** Spark's numeric literal shapes: digits, decimal digits, exponent, then an optional type suffix. */
const NUMBER_RE = /(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?(?:[bB][dD]|[lLsSyYdDfF])?/y;

/** What the session's configuration changes in lexing. */
export interface LexOptions {
  /**
   * spark.sql.ansi.doubleQuotedIdentifiers (in effect under ANSI mode): `"…"` is a quoted identifier, as
   * `` `…` `` is, rather than a string literal (SqlBaseLexer's DOUBLEQUOTED_STRING read by quotedIdentifier).
   */
  readonly doubleQuotedIdentifiers?: boolean;
}

export function tokenize(text: string, options: LexOptions = {}): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  let line = 1;
  let lineStart = 0;
  let hintDepth = 0;
  const n = text.length;
  const push = (type: TokenType, value: string, start: number, upper = '') => {
    tokens.push({ type, value, upper, start, end: i, line, column: start - lineStart + 1 });
  };
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      i++;
      line++;
      lineStart = i;
      continue;
    }
    if (c === 32 || c === 9 || c === 13 || c === 12) {
      i++;
      continue;
    }
    const start = i;
    // -- comment to end of line
    if (c === 45 && text.charCodeAt(i + 1) === 45) {
      while (i < n && text.charCodeAt(i) !== 10) i++;
      continue;
    }
    // /* nested */ comments; /*+ opens a hint, kept as tokens so SELECT can read it.
    if (c === 47 && text.charCodeAt(i + 1) === 42) {
      if (text.charCodeAt(i + 2) === 43) {
        i += 3;
        hintDepth++;
        push('op', '/*+', start);
        continue;
      }
      let depth = 0;
      while (i < n) {
        if (text.charCodeAt(i) === 47 && text.charCodeAt(i + 1) === 42) {
          depth++;
          i += 2;
        } else if (text.charCodeAt(i) === 42 && text.charCodeAt(i + 1) === 47) {
          depth--;
          i += 2;
          if (depth === 0) break;
        } else {
          if (text.charCodeAt(i) === 10) {
            line++;
            lineStart = i + 1;
          }
          i++;
        }
      }
      if (depth !== 0) {
        throw errorAt(text, 'UNCLOSED_BRACKETED_COMMENT', {}, start, i);
      }
      continue;
    }
    if (hintDepth > 0 && c === 42 && text.charCodeAt(i + 1) === 47) {
      i += 2;
      hintDepth--;
      push('op', '*/', start);
      continue;
    }
    // raw strings r'…' / R"…": no escapes at all.
    if ((c === 114 || c === 82) && (text[i + 1] === "'" || text[i + 1] === '"')) {
      const q = text[i + 1]!;
      const close = text.indexOf(q, i + 2);
      if (close < 0) throw syntaxErrorAt(text, start, `'${text.slice(start, start + 2)}'`);
      i = close + 1;
      push('string', text.slice(start + 2, close), start);
      continue;
    }
    // X'ab' hex literals are lexed as the word X followed by a string, as in Spark.
    if (isDigit(c) || (c === 46 && isDigit(text.charCodeAt(i + 1)))) {
      NUMBER_RE.lastIndex = i;
      const m = NUMBER_RE.exec(text);
      const numEnd = i + (m ? m[0].length : 0);
      if (m && !isIdentChar(text.charCodeAt(numEnd))) {
        i = numEnd;
        push('number', m[0], start);
        continue;
      }
      // Spark's IDENTIFIER may start with digits (`1a`); a number glued to letters is one.
      if (c !== 46 && !m![0].includes('.')) {
        while (i < n && isIdentChar(text.charCodeAt(i))) i++;
        const word = text.slice(start, i);
        push('word', word, start, word.toUpperCase());
        continue;
      }
      i = numEnd;
      push('number', m![0], start);
      continue;
    }
    if (isIdentChar(c)) {
      while (i < n && isIdentChar(text.charCodeAt(i))) i++;
      const word = text.slice(start, i);
      push('word', word, start, word.toUpperCase());
      continue;
    }
    if (c === 96) {
      const startLine = line;
      const startCol = start - lineStart + 1;
      let value = '';
      i++;
      for (;;) {
        if (i >= n) throw syntaxErrorAt(text, start, `'${text.slice(start, start + 1)}'`);
        const ch = text[i]!;
        if (ch === '`') {
          if (text[i + 1] === '`') {
            value += '`';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (ch === '\n') {
          line++;
          lineStart = i + 1;
        }
        value += ch;
        i++;
      }
      tokens.push({
        type: 'quoted',
        value,
        upper: '',
        start,
        end: i,
        line: startLine,
        column: startCol,
      });
      continue;
    }
    if (c === 34 && options.doubleQuotedIdentifiers) {
      // Spark's PostProcessor takes the text between the quotes and turns `""` into `"`; no other escapes.
      let close = i + 1;
      for (;;) {
        close = text.indexOf('"', close);
        if (close < 0) throw syntaxErrorAt(text, start, `'"'`);
        if (text[close + 1] !== '"') break;
        close += 2;
      }
      const startCol = start - lineStart + 1;
      const startLine = line;
      for (let k = start; k < close; k++) {
        if (text.charCodeAt(k) === 10) {
          line++;
          lineStart = k + 1;
        }
      }
      i = close + 1;
      const value = text.slice(start + 1, close).replaceAll('""', '"');
      tokens.push({ type: 'quoted', value, upper: '', start, end: i, line: startLine, column: startCol });
      continue;
    }
    if (c === 39 || c === 34) {
      const startLine = line;
      const startCol = start - lineStart + 1;
      const [value, end] = readString(text, start);
      for (let k = start; k < end; k++) {
        if (text.charCodeAt(k) === 10) {
          line++;
          lineStart = k + 1;
        }
      }
      i = end;
      tokens.push({ type: 'string', value, upper: '', start, end, line: startLine, column: startCol });
      continue;
    }
    // `:name` is a parameter marker only where a value starts: right after a name, a backquoted name or a
    // closing bracket, `:` separates (`STRUCT<a:INT>`, Databricks' `col:field` JSON path).
    if (c === 58 && isIdentChar(text.charCodeAt(i + 1)) && !followsOperand(text.charCodeAt(i - 1))) {
      i++;
      while (i < n && isIdentChar(text.charCodeAt(i))) i++;
      push('param', text.slice(start + 1, i), start);
      continue;
    }
    if (c === 63) {
      i++;
      push('param', '', start);
      continue;
    }
    const ops = OPS_BY_FIRST.get(text[i]!);
    const op = ops?.find((o) => text.startsWith(o, i) && o !== '/*+');
    if (op) {
      i += op.length;
      push('op', op, start);
      continue;
    }
    // Spark's UNRECOGNIZED token: the parser reports it as a syntax error.
    i++;
    push('op', text.slice(start, i), start);
  }
  tokens.push({
    type: 'eof',
    value: '',
    upper: '',
    start: n,
    end: n,
    line,
    column: n - lineStart + 1,
  });
  return tokens;
}

/**
 * Reads a quoted literal and applies Spark's `unescapeSQLString`: \b \n \r \t \Z \0, octal \NNN,
 * \uXXXX, \% and \_ kept with their backslash (LIKE patterns need them), any other \x is x.
 * A doubled quote inside the literal stands for one quote.
 */
function readString(text: string, start: number): [string, number] {
  const q = text[start]!;
  let i = start + 1;
  let out = '';
  for (;;) {
    if (i >= text.length) throw syntaxErrorAt(text, start, `'${q}'`);
    const ch = text[i]!;
    if (ch === q) {
      if (text[i + 1] === q) {
        out += q;
        i += 2;
        continue;
      }
      return [out, i + 1];
    }
    if (ch !== '\\') {
      out += ch;
      i++;
      continue;
    }
    const e = text[i + 1];
    if (e === undefined) throw syntaxErrorAt(text, start, `'${q}'`);
    if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
      out += String.fromCharCode(Number.parseInt(text.slice(i + 2, i + 6), 16));
      i += 6;
      continue;
    }
    if (/^[0-3][0-7][0-7]$/.test(text.slice(i + 1, i + 4))) {
      out += String.fromCharCode(Number.parseInt(text.slice(i + 1, i + 4), 8));
      i += 4;
      continue;
    }
    i += 2;
    switch (e) {
      case '0':
        out += '\u0000';
        break;
      case 'b':
        out += '\b';
        break;
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      case 't':
        out += '\t';
        break;
      case 'Z':
        out += '\u001A';
        break;
      case '%':
      case '_':
        out += `\\${e}`;
        break;
      default:
        out += e;
    }
  }
}

/** True for the character codes that end an operand (a string literal too): `:` after one is not a parameter marker. */
function followsOperand(prev: number): boolean {
  return (
    prev === 58 ||
    prev === 96 ||
    prev === 93 ||
    prev === 41 ||
    prev === 39 ||
    prev === 34 ||
    isIdentChar(prev)
  );
}
