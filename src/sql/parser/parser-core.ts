/**
 * The token cursor every parsing function shares: lookahead, keyword and operator matching, identifiers,
 * spans, Spark-shaped syntax errors and a recursion-depth guard (deeply nested input must fail with a
 * ParseError, never a stack overflow).
 */

import type { ErrorClass, MessageParameters } from '../../errors/index.js';
import type { DataType } from '../../types/data-types.js';
import type { Span } from '../ast/common.js';
import type { ParameterArguments } from '../bind-parameters.js';
import { type Token, tokenize } from '../lexer.js';
import { ParseError } from '../parse-error.js';

/** Deep enough for any real query, shallow enough that the JS stack never overflows. */
export const MAX_DEPTH = 400;

/**
 * Words that never become an implicit alias or a bare column name, because they start or continue a clause
 * (the role Spark's grammar gives its reserved and strict-non-reserved keywords in those positions).
 */
export const CLAUSE_WORDS: ReadonlySet<string> = new Set([
  'FROM',
  'WHERE',
  'GROUP',
  'HAVING',
  'QUALIFY',
  'ORDER',
  'LIMIT',
  'OFFSET',
  'UNION',
  'EXCEPT',
  'INTERSECT',
  'MINUS',
  'WINDOW',
  'SORT',
  'CLUSTER',
  'DISTRIBUTE',
  'JOIN',
  'INNER',
  'LEFT',
  'RIGHT',
  'FULL',
  'CROSS',
  'NATURAL',
  'SEMI',
  'ANTI',
  'ON',
  'USING',
  'LATERAL',
  'PIVOT',
  'UNPIVOT',
  'TABLESAMPLE',
  'AS',
  'SELECT',
  'WITH',
  'VALUES',
  'INSERT',
  'WHEN',
  'THEN',
  'ELSE',
  'END',
  'AND',
  'OR',
  'NOT',
  'IS',
  'IN',
  'BETWEEN',
  'LIKE',
  'ILIKE',
  'RLIKE',
  'REGEXP',
  'BY',
  'SET',
  'OVER',
  'FILTER',
  'FOR',
  'ESCAPE',
  'ASC',
  'DESC',
  'NULLS',
  'CASE',
  'DIV',
  'ROWS',
  'RANGE',
  'PRECEDING',
  'FOLLOWING',
  'IGNORE',
  'RESPECT',
  'WITHIN',
  'OUTER',
  'VERSION',
  'TIMESTAMP',
  'PARTITION',
  'REPLACE',
  'OPTIONS',
  'TBLPROPERTIES',
  'LOCATION',
  'COMMENT',
  'PARTITIONED',
  'CLUSTERED',
  'STORED',
  'ROW',
  'ZORDER',
  'RETAIN',
  'DRY',
  'FILEFORMAT',
  'PATTERN',
  'FORMAT_OPTIONS',
  'COPY_OPTIONS',
  'FILES',
  'DEFAULT',
  'GENERATED',
  'CONSTRAINT',
  'NULL',
  'PRIMARY',
  'FOREIGN',
  'CHECK',
  'TO',
]);

/** A session variable's type and value by name, as IDENTIFIER(v) reads it while parsing. */
export type VariableLookup = (
  parts: readonly string[],
) => { readonly type: DataType; readonly value: unknown } | undefined;

export class Parser {
  readonly text: string;
  readonly tokens: Token[];
  pos = 0;
  private depth = 0;
  /** Count of `?` markers seen, to number positional parameters. */
  positionalCount = 0;
  /** The arguments of `spark.sql(text, args)`: a marker with one parses as its argument. */
  parameters: ParameterArguments | undefined;
  /** spark.sql.timestampType is TIMESTAMP_NTZ: the type name TIMESTAMP means TIMESTAMP_NTZ (parse.ts). */
  timestampNtz = false;
  /** spark.sql.parser.quotedRegexColumnNames: a backquoted name in a select item may be a regex. */
  quotedRegexColumnNames = false;
  /** How many select items (Spark's namedExpression) enclose the current token. */
  namedExpressionDepth = 0;
  /** The session variables, for IDENTIFIER(v) (parse.ts ParseOptions.variable). */
  variable: VariableLookup | undefined;

  constructor(text: string, tokens: Token[] = tokenize(text)) {
    this.text = text;
    this.tokens = tokens;
  }

  get tok(): Token {
    return this.tokens[this.pos]!;
  }

  peek(k = 1): Token {
    return this.tokens[Math.min(this.pos + k, this.tokens.length - 1)]!;
  }

  /** The last consumed token (for span ends). */
  get prev(): Token {
    return this.tokens[Math.max(0, this.pos - 1)]!;
  }

  advance(): Token {
    const t = this.tok;
    if (t.type !== 'eof') this.pos++;
    return t;
  }

  atEnd(): boolean {
    return this.tok.type === 'eof';
  }

  isKw(kw: string, k = 0): boolean {
    const t = k === 0 ? this.tok : this.peek(k);
    return t.type === 'word' && t.upper === kw;
  }

  isAnyKw(kws: readonly string[]): boolean {
    return this.tok.type === 'word' && kws.includes(this.tok.upper);
  }

  isAnyKwAt(k: number, kws: readonly string[]): boolean {
    const t = this.peek(k);
    return t.type === 'word' && kws.includes(t.upper);
  }

  /** Consumes the keyword sequence if all of it is next. */
  acceptKw(...kws: string[]): boolean {
    for (let i = 0; i < kws.length; i++) if (!this.isKw(kws[i]!, i)) return false;
    this.pos += kws.length;
    return true;
  }

  expectKw(...kws: string[]): Token {
    const first = this.tok;
    for (const kw of kws) {
      if (!this.isKw(kw)) throw this.error();
      this.pos++;
    }
    return first;
  }

  isOp(op: string, k = 0): boolean {
    const t = k === 0 ? this.tok : this.peek(k);
    return t.type === 'op' && t.value === op;
  }

  acceptOp(op: string): boolean {
    if (!this.isOp(op)) return false;
    this.pos++;
    return true;
  }

  expectOp(op: string): Token {
    if (!this.isOp(op)) throw this.error();
    return this.advance();
  }

  /** Consumes a `>` closing a type's angle brackets, splitting a `>>` / `>>>` / `>=` token. */
  expectCloseAngle(): void {
    const t = this.tok;
    if (t.type === 'op' && (t.value === '>>' || t.value === '>>>' || t.value === '>=')) {
      this.tokens[this.pos] = {
        ...t,
        value: t.value.slice(1),
        start: t.start + 1,
        column: t.column + 1,
      };
      return;
    }
    this.expectOp('>');
  }

  isIdentifier(k = 0): boolean {
    const t = k === 0 ? this.tok : this.peek(k);
    return t.type === 'word' || t.type === 'quoted';
  }

  /** An identifier that is not a clause word (used where an identifier could be confused with a clause). */
  isPlainIdentifier(k = 0): boolean {
    const t = k === 0 ? this.tok : this.peek(k);
    return t.type === 'quoted' || (t.type === 'word' && !CLAUSE_WORDS.has(t.upper));
  }

  identifier(): string {
    const t = this.tok;
    if (t.type === 'word' || t.type === 'quoted') {
      this.pos++;
      return t.value;
    }
    throw this.error();
  }

  /**
   * An identifier where Spark's grammar reads `errorCapturingIdentifier` (names of tables and schemas, AS
   * aliases): `a-b` there is INVALID_IDENTIFIER, not a subtraction.
   */
  errorCapturingIdentifier(): string {
    const start = this.tok.start;
    const name = this.identifier();
    if (!this.isOp('-') || !this.isIdentifier(1)) return name;
    while (this.isOp('-') && this.isIdentifier(1)) {
      this.advance();
      this.advance();
    }
    const ident = this.text.slice(start, this.prev.end);
    throw this.errorOver('INVALID_IDENTIFIER', { ident }, start, this.prev.end);
  }

  /** `a.b.c` */
  multipartIdentifier(): string[] {
    const parts = [this.identifier()];
    while (this.isOp('.') && this.isIdentifier(1)) {
      this.pos++;
      parts.push(this.identifier());
    }
    return parts;
  }

  /** `(a, b, c)` */
  identifierList(): string[] {
    this.expectOp('(');
    const out = [this.identifier()];
    while (this.acceptOp(',')) out.push(this.identifier());
    this.expectOp(')');
    return out;
  }

  commaList<T>(item: () => T): T[] {
    const out = [item()];
    while (this.acceptOp(',')) out.push(item());
    return out;
  }

  spanFrom(start: number): Span {
    return { start, end: Math.max(start, this.prev.end) };
  }

  /** Spark's PARSE_SYNTAX_ERROR at a token: `'tok'`, or `end of input`. */
  error(t: Token = this.tok, hint = ''): ParseError {
    const error = t.type === 'eof' ? 'end of input' : `'${this.text.slice(t.start, t.end)}'`;
    return new ParseError(
      'PARSE_SYNTAX_ERROR',
      { error, hint },
      { line: t.line, column: t.column, offset: t.start },
    );
  }

  /** A named error over the source fragment [start, end). */
  errorOver(errorClass: ErrorClass, params: MessageParameters, start: number, end: number): ParseError {
    let line = 1;
    let lineStart = 0;
    for (let k = 0; k < start; k++) {
      if (this.text.charCodeAt(k) === 10) {
        line++;
        lineStart = k + 1;
      }
    }
    return new ParseError(
      errorClass,
      params,
      { line, column: start - lineStart + 1, offset: start },
      Math.max(start, end - 1),
    );
  }

  /** Runs `f` one level deeper, failing cleanly when the input nests too deeply. */
  nested<T>(f: () => T): T {
    if (this.depth >= MAX_DEPTH) throw this.error();
    this.depth++;
    try {
      return f();
    } finally {
      this.depth--;
    }
  }

  /** Tries `f`; on a syntax error rewinds and returns undefined (for the few ambiguous spots). */
  attempt<T>(f: () => T): T | undefined {
    const saved = this.pos;
    const savedTokens = this.tokens.slice(saved, saved + 1);
    try {
      return f();
    } catch (e) {
      if (!(e instanceof ParseError)) throw e;
      this.pos = saved;
      if (savedTokens[0]) this.tokens[saved] = savedTokens[0];
      return undefined;
    }
  }
}
