/**
 * EXECUTE IMMEDIATE (sql-ref-syntax-aux-exec-imm.html, SqlBaseParser.g4 `executeImmediate`): a statement
 * held in a string literal or a session variable, run with parameter markers bound to the USING arguments,
 * its rows optionally assigned INTO session variables.
 */
import type { Span } from './common.js';
import type { Expression } from './expressions.js';

/** Where the statement's text comes from: a string literal or a session variable's name. */
export type ExecuteImmediateSource =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'variable'; readonly name: readonly string[]; readonly span: Span };

/** One USING argument: `expr [AS name]`; `name` binds a `:name` marker. */
export interface ExecuteImmediateArgument {
  readonly expr: Expression;
  readonly name: string | null;
  readonly span: Span;
}

export interface ExecuteImmediate {
  readonly kind: 'executeImmediate';
  readonly source: ExecuteImmediateSource;
  /** INTO targets (variables); empty without INTO. */
  readonly into: readonly (readonly string[])[];
  readonly args: readonly ExecuteImmediateArgument[];
  readonly span: Span;
}
