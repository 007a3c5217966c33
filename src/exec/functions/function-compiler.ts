/**
 * The DuckDB side of a Spark function: given the compiled SQL of its (already cast) arguments, the SQL that
 * computes exactly Spark's result, including Spark's NULL, overflow and error behaviour (ANSI errors are
 * raised with DuckDB's `error()` carrying a `[ERROR_CLASS]` prefix that the engine turns into a LakesqlError).
 */
import type { ResolvedCall, SessionSemantics } from '../../plan/functions/function-signature.js';
import type { DataType } from '../../types/data-types.js';
import type { ScalarValue } from '../../types/scalar.js';

export interface CompiledArg {
  readonly sql: string;
  readonly type: DataType;
  /** Set when the argument is a literal, for functions whose SQL depends on a constant (patterns, formats). */
  readonly value?: ScalarValue;
  /**
   * Set when the argument is a lambda: `params` are the DuckDB identifiers (unquoted) that `bodySql` uses for
   * the lambda's parameters; `sql` is then the whole DuckDB lambda (`lambda x: body`), ready to splice.
   */
  readonly lambda?: {
    readonly params: readonly string[];
    readonly bodySql: string;
    /** The body with each parameter replaced by the given SQL (a struct field, a shifted index, a value). */
    apply(paramSql: readonly string[]): string;
  };
}

export interface FunctionCompiler {
  readonly name: string;
  compile(args: readonly CompiledArg[], resolved: ResolvedCall, semantics: SessionSemantics): string;
}
