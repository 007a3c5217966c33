/**
 * Generated column names of string literals that collation coercion re-typed: Spark's Literal.sql prints a
 * collated string as `'a' collate UTF8_LCASE` (an indeterminate one as `'a' collate null`), and its
 * generated names show it (`contains(l, 'a' collate UTF8_LCASE)`).
 */
import type { Expression } from '../../sql/ast/expressions.js';
import type { BoundExpr } from '../logical/bound-expression.js';
import { resolvedLiteralSql } from './pretty-sql.js';

export function nameCollatedLiterals(asts: readonly Expression[], bound: readonly BoundExpr[]): void {
  asts.forEach((ast, i) => {
    const b = bound[i];
    if (ast.kind !== 'literal' || ast.value.type !== 'string' || b?.kind !== 'literal') return;
    if (b.type.kind !== 'primitive' || b.type.collation === undefined || typeof b.value !== 'string') return;
    resolvedLiteralSql.set(
      ast,
      `'${b.value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}' collate ${b.type.collation}`,
    );
  });
}
