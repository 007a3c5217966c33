/**
 * The IDENTIFIER clause (sql-ref-identifier-clause.html): `IDENTIFIER(expr)` where a table, column or
 * function name goes, `expr` a constant STRING (a literal, a bound parameter marker, a STRING session
 * variable, a CAST to STRING, or their concatenation with `||` or concat()) holding a possibly qualified,
 * possibly backquoted name. It is resolved here, while parsing, since everything it may hold is known by
 * then. As Spark's analyzer does, a NULL is NOT_A_CONSTANT_STRING.NULL, another type
 * NOT_A_CONSTANT_STRING.WRONG_TYPE, and an empty string PARSE_EMPTY_STATEMENT.
 */
import type { DataType } from '../../types/data-types.js';
import { sqlTypeName } from '../../types/data-types.js';
import type { Expression, Literal } from '../ast/expressions.js';
import { tokenize } from '../lexer.js';
import { printExpression } from '../printer/expressions.js';
import { parseExpression } from './expressions.js';
import { Parser } from './parser-core.js';

export function isIdentifierClause(p: Parser): boolean {
  return p.isKw('IDENTIFIER') && p.isOp('(', 1);
}

/** What the clause's expression folds to. */
type Folded =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'null' }
  | { readonly kind: 'wrongType'; readonly typeName: string }
  | { readonly kind: 'notConstant' };

/** The name parts `IDENTIFIER(expr)` at the cursor holds. */
export function parseIdentifierClause(p: Parser): string[] {
  const start = p.tok.start;
  p.advance();
  p.expectOp('(');
  const expr = parseExpression(p);
  p.expectOp(')');
  const folded = fold(p, expr);
  const params = { expr: `"${printExpression(expr)}"`, name: '`IDENTIFIER`' };
  switch (folded.kind) {
    case 'notConstant':
      throw p.errorOver('NOT_A_CONSTANT_STRING.NOT_CONSTANT', params, start, p.prev.end);
    case 'null':
      throw p.errorOver('NOT_A_CONSTANT_STRING.NULL', params, start, p.prev.end);
    case 'wrongType':
      throw p.errorOver(
        'NOT_A_CONSTANT_STRING.WRONG_TYPE',
        { ...params, dataType: folded.typeName },
        start,
        p.prev.end,
      );
    case 'text':
      break;
  }
  if (folded.text.trim() === '') throw p.errorOver('PARSE_EMPTY_STATEMENT', {}, start, p.prev.end);
  const inner = new Parser(folded.text, tokenize(folded.text));
  const parts = inner.multipartIdentifier();
  if (!inner.atEnd()) throw inner.error();
  return parts;
}

const NOT_CONSTANT: Folded = { kind: 'notConstant' };
const NULL: Folded = { kind: 'null' };

function fold(p: Parser, e: Expression): Folded {
  switch (e.kind) {
    case 'literal':
      return literal(e.value);
    case 'column':
      return variable(p, e.nameParts);
    case 'cast': {
      // CAST(x AS STRING) of a constant: NULL stays NULL; a string stays itself.
      if (!isStringType(e.dataType)) return NOT_CONSTANT;
      const inner = fold(p, e.value);
      return inner.kind === 'wrongType' ? NOT_CONSTANT : inner;
    }
    case 'binary':
      return e.op === '||' ? concatenated(p, [e.left, e.right]) : NOT_CONSTANT;
    case 'function':
      return e.name.length === 1 && e.name[0]!.toLowerCase() === 'concat'
        ? concatenated(p, e.args)
        : NOT_CONSTANT;
    default:
      return NOT_CONSTANT;
  }
}

function literal(l: Literal): Folded {
  if (l.type === 'null') return NULL;
  if (l.type === 'string') return { kind: 'text', text: l.value };
  return { kind: 'wrongType', typeName: l.type === 'timestamp_ltz' ? 'timestamp' : l.type };
}

/** A session variable (Spark folds a VariableReference): its STRING value. */
function variable(p: Parser, parts: readonly string[]): Folded {
  const v = p.variable?.(parts);
  if (!v) return NOT_CONSTANT;
  if (!isStringType(v.type)) return { kind: 'wrongType', typeName: sqlTypeName(v.type) };
  return v.value === null ? NULL : { kind: 'text', text: String(v.value) };
}

function isStringType(t: DataType): boolean {
  return (t.kind === 'primitive' && t.name === 'string') || t.kind === 'varchar' || t.kind === 'char';
}

function concatenated(p: Parser, parts: readonly Expression[]): Folded {
  let out = '';
  for (const part of parts) {
    const s = fold(p, part);
    if (s.kind === 'null') return NULL;
    if (s.kind !== 'text') return NOT_CONSTANT;
    out += s.text;
  }
  return { kind: 'text', text: out };
}
