/**
 * Entry points. Each parses the whole text and fails on anything left over, as Spark's
 * `singleStatement`, `singleExpression` and `singleDataType` rules do with their trailing EOF.
 */
import { isStackOverflow } from '../errors/index.js';
import type { DataType } from '../types/index.js';
import type { Expression } from './ast/expressions.js';
import type { Statement } from './ast/statements.js';
import type { ParameterArguments } from './bind-parameters.js';
import { type LexOptions, type Token, tokenize } from './lexer.js';
import { ParseError } from './parse-error.js';
import { parseDataType as parseType } from './parser/data-types.js';
import { parseExpression as parseExpr } from './parser/expressions.js';
import { Parser, type VariableLookup } from './parser/parser-core.js';
import { parseStatementAt } from './parser/statement.js';

/** What the session's configuration changes in parsing. */
export interface ParseOptions {
  /**
   * The type the name TIMESTAMP stands for: spark.sql.timestampType (Spark's DataTypeAstBuilder reads
   * SqlApiConf.timestampType for a bare TIMESTAMP); TIMESTAMP_LTZ and TIMESTAMP_NTZ are fixed.
   */
  readonly timestampNtz?: boolean;
  /** The session's variables: IDENTIFIER(v) names what a STRING variable holds. */
  readonly variable?: VariableLookup;
  /** spark.sql.parser.quotedRegexColumnNames: a backquoted name in a select item may be a column regex. */
  readonly quotedRegexColumnNames?: boolean;
  /** `"…"` is a quoted identifier (spark.sql.ansi.doubleQuotedIdentifiers under ANSI mode). */
  readonly doubleQuotedIdentifiers?: boolean;
}

function lexOptions(options?: ParseOptions): LexOptions {
  return { doubleQuotedIdentifiers: options?.doubleQuotedIdentifiers === true };
}

function guarded<T>(text: string, f: (p: Parser) => T, tokens?: Token[], options?: ParseOptions): T {
  try {
    const p = new Parser(text, tokens ?? tokenize(text, lexOptions(options)));
    p.timestampNtz = options?.timestampNtz === true;
    p.variable = options?.variable;
    p.quotedRegexColumnNames = options?.quotedRegexColumnNames === true;
    const result = f(p);
    if (!p.atEnd()) throw p.error();
    return result;
  } catch (e) {
    if (e instanceof ParseError) throw e;
    // A statement too deep for the stack: Spark's parser answers its StackOverflowError the same way.
    if (isStackOverflow(e)) {
      throw new ParseError('FAILED_TO_PARSE_TOO_COMPLEX', {}, { line: 1, column: 1, offset: 0 });
    }
    // Anything else is a parser bug; still surface it as a syntax error so callers only ever see ours.
    if (e instanceof RangeError) {
      throw new ParseError(
        'PARSE_SYNTAX_ERROR',
        { error: "'('", hint: '' },
        { line: 1, column: 1, offset: 0 },
      );
    }
    throw e;
  }
}

/**
 * One statement; a trailing `;` is allowed. `parameters` bind its parameter markers as it is parsed
 * (bind-parameters.ts checks what is left unbound).
 */
export function parseStatement(
  text: string,
  parameters?: ParameterArguments,
  options?: ParseOptions,
): Statement {
  return guarded(
    text,
    (p) => {
      p.parameters = parameters;
      if (p.atEnd()) throw new ParseError('PARSE_EMPTY_STATEMENT', {}, { line: 1, column: 1, offset: 0 });
      const s = parseStatementAt(p);
      while (p.acceptOp(';')) {}
      return s;
    },
    undefined,
    options,
  );
}

export function parseExpression(text: string): Expression {
  return guarded(text, (p) => parseExpr(p));
}

export function parseDataType(text: string): DataType {
  return guarded(text, (p) => parseType(p));
}

/**
 * A script: statements separated by `;` outside strings, identifiers and comments (the lexer already
 * skipped those), empty statements dropped. Each statement's spans are offsets into the whole script.
 */
export function parseStatements(text: string, options?: ParseOptions): Statement[] {
  const tokens = tokenize(text, lexOptions(options));
  const out: Statement[] = [];
  let from = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type === 'eof' || (t.type === 'op' && t.value === ';')) {
      if (i > from) {
        const slice = tokens.slice(from, i);
        slice.push({ ...t, type: 'eof', value: '', upper: '' });
        out.push(guarded(text, (p) => parseStatementAt(p), slice, options));
      }
      from = i + 1;
    }
  }
  return out;
}

/** The source text of each statement of a script (for echoing, REPL history, error context). */
export function splitStatements(text: string): string[] {
  const tokens = tokenize(text);
  const out: string[] = [];
  let from = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type === 'eof' || (t.type === 'op' && t.value === ';')) {
      if (i > from) out.push(text.slice(tokens[from]!.start, tokens[i - 1]!.end));
      from = i + 1;
    }
  }
  return out;
}
