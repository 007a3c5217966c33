/**
 * Session variables (sql-ref-syntax-ddl-declare-variable.html, sql-ref-syntax-aux-set-var.html,
 * sql-ref-syntax-ddl-drop-variable.html): DECLARE, SET VAR and DROP TEMPORARY VARIABLE. A variable's name is
 * written `v`, `session.v` or `system.session.v`.
 */
import type { Span } from './common.js';
import type { DataType } from './data-types.js';
import type { Expression } from './expressions.js';
import type { Query } from './query.js';

/** The value a SET VAR assigns: an expression, or DEFAULT (the variable's declared default, evaluated anew). */
export type VariableValue =
  | { readonly kind: 'expression'; readonly expr: Expression }
  | { readonly kind: 'default' };

export type VariableStatement =
  | {
      readonly kind: 'declareVariable';
      readonly replace: boolean;
      readonly name: readonly string[];
      /** null: the type of the default expression. */
      readonly dataType: DataType | null;
      /** null: DEFAULT NULL (a type is then required). */
      readonly defaultExpr: Expression | null;
      readonly span: Span;
    }
  /** SET VAR a = x, b = DEFAULT. */
  | {
      readonly kind: 'setVariables';
      readonly assignments: readonly { readonly name: readonly string[]; readonly value: VariableValue }[];
      readonly span: Span;
    }
  /** SET VAR (a, b) = (SELECT …): at most one row, none sets NULLs. */
  | {
      readonly kind: 'setVariablesFromQuery';
      readonly names: readonly (readonly string[])[];
      readonly query: Query;
      readonly span: Span;
    }
  | {
      readonly kind: 'dropVariable';
      readonly name: readonly string[];
      readonly ifExists: boolean;
      readonly span: Span;
    };
