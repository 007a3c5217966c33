/**
 * SQL user-defined functions (sql-ref-syntax-ddl-create-sql-function.html): CREATE [OR REPLACE] [TEMPORARY]
 * FUNCTION [IF NOT EXISTS] f(params) RETURNS type | TABLE (…) … RETURN expr | query, and DROP [TEMPORARY]
 * FUNCTION [IF EXISTS] f.
 */
import type { DataType } from '../../types/index.js';
import type { ObjectName, Span } from './common.js';
import type { Expression } from './expressions.js';
import type { Query } from './query.js';

export interface FunctionParameter {
  readonly name: string;
  readonly dataType: DataType;
  /** The DEFAULT expression and its source text; null when the parameter has none. */
  readonly defaultExpr: Expression | null;
  readonly defaultText: string | null;
  readonly comment: string | null;
}

export interface ReturnColumn {
  readonly name: string;
  readonly dataType: DataType;
  readonly comment: string | null;
}

/** RETURNS type (a scalar function) or RETURNS TABLE [(columns)] (a table function). */
export type FunctionReturns =
  | { readonly kind: 'scalar'; readonly dataType: DataType | null }
  | { readonly kind: 'table'; readonly columns: readonly ReturnColumn[] | null };

/** The RETURN clause: an expression, or a query (`RETURN SELECT …`, also a scalar subquery's body). */
export type FunctionBody =
  | { readonly kind: 'expression'; readonly expr: Expression }
  | { readonly kind: 'query'; readonly query: Query };

export interface CreateFunction {
  readonly kind: 'createFunction';
  readonly name: ObjectName;
  readonly orReplace: boolean;
  readonly temporary: boolean;
  readonly ifNotExists: boolean;
  readonly parameters: readonly FunctionParameter[];
  readonly returns: FunctionReturns;
  readonly deterministic: boolean;
  readonly dataAccess: 'CONTAINS SQL' | 'READS SQL DATA';
  readonly comment: string | null;
  readonly body: FunctionBody;
  /** The body's source text, as Spark keeps it (DESCRIBE FUNCTION EXTENDED shows it). */
  readonly bodyText: string;
  readonly span: Span;
}

export type FunctionStatement =
  | CreateFunction
  | {
      readonly kind: 'dropFunction';
      readonly name: ObjectName;
      readonly temporary: boolean;
      readonly ifExists: boolean;
      readonly span: Span;
    };
