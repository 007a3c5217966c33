/**
 * The IDENTIFIER clause (sql-ref-identifier-clause.html): `IDENTIFIER(expr)` where a table, column or
 * function name goes, `expr` a constant STRING (a literal, a bound parameter marker, or their
 * concatenation with `||` or concat()) holding a possibly qualified, possibly backquoted name. It is
 * resolved here, while parsing, since everything it may hold is known by then.
 */
import type { Expression } from '../ast/expressions.js';
import { tokenize } from '../lexer.js';
import { printExpression } from '../printer/expressions.js';
import { parseExpression } from './expressions.js';
import { Parser } from './parser-core.js';

export function isIdentifierClause(p: Parser): boolean {
  return p.isKw('IDENTIFIER') && p.isOp('(', 1);
}

/** The name parts `IDENTIFIER(expr)` at the cursor holds. */
export function parseIdentifierClause(p: Parser): string[] {
  const start = p.tok.start;
  p.advance();
  p.expectOp('(');
  const expr = parseExpression(p);
  p.expectOp(')');
  const text = constantString(expr);
  if (text === undefined) {
    throw p.errorOver(
      'NOT_A_CONSTANT_STRING.NOT_CONSTANT',
      { expr: `"${printExpression(expr)}"`, name: '`IDENTIFIER`' },
      start,
      p.prev.end,
    );
  }
  const inner = new Parser(text, tokenize(text));
  const parts = inner.multipartIdentifier();
  if (!inner.atEnd()) throw inner.error();
  return parts;
}

function constantString(e: Expression): string | undefined {
  switch (e.kind) {
    case 'literal':
      return e.value.type === 'string' ? e.value.value : undefined;
    case 'binary':
      if (e.op !== '||') return undefined;
      return concatenated([e.left, e.right]);
    case 'function':
      return e.name.length === 1 && e.name[0]!.toLowerCase() === 'concat' ? concatenated(e.args) : undefined;
    default:
      return undefined;
  }
}

function concatenated(parts: readonly Expression[]): string | undefined {
  let out = '';
  for (const part of parts) {
    const s = constantString(part);
    if (s === undefined) return undefined;
    out += s;
  }
  return out;
}
