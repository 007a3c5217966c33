/** Every statement the parser produces: one union over the statement families. */
import type { Span } from './common.js';
import type { Query } from './query.js';
import type { DdlStatement } from './statements-ddl.js';
import type { DmlStatement } from './statements-dml.js';
import type { ExecuteImmediate } from './statements-execute.js';
import type { FunctionStatement } from './statements-functions.js';
import type { MiscStatement } from './statements-misc.js';
import type { VariableStatement } from './statements-variables.js';

export type { DdlStatement } from './statements-ddl.js';
export type { DmlStatement } from './statements-dml.js';
export type { ExecuteImmediate, ExecuteImmediateArgument } from './statements-execute.js';
export type { CreateFunction, FunctionStatement } from './statements-functions.js';
export type { ExplainMode, MiscStatement } from './statements-misc.js';
export type { VariableStatement, VariableValue } from './statements-variables.js';

/** A query used as a statement. */
export interface QueryStatement {
  readonly kind: 'queryStatement';
  readonly query: Query;
  readonly span: Span;
}

export type Statement =
  | QueryStatement
  | DdlStatement
  | DmlStatement
  | MiscStatement
  | VariableStatement
  | ExecuteImmediate
  | FunctionStatement;
export type StatementKind = Statement['kind'];
