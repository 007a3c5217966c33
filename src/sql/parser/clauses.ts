/**
 * Pieces shared by statements: object names (a quoted path counts as delta.`path`), string values,
 * property lists (OPTIONS / TBLPROPERTIES), PARTITION specs and column definitions.
 */

import type { ObjectName, Property, PropertyValue } from '../ast/common.js';
import type {
  ColumnDefinition,
  ColumnPosition,
  GeneratedColumn,
  PartitionSpecEntry,
} from '../ast/statements-ddl.js';
import { parseDataType } from './data-types.js';
import { parseExpression } from './expressions.js';
import { isIdentifierClause, parseIdentifierClause } from './identifier-clause.js';
import type { Parser } from './parser-core.js';

export function parseObjectName(p: Parser): ObjectName {
  const start = p.tok.start;
  if (p.tok.type === 'string') {
    const path = p.advance().value;
    return { kind: 'objectName', parts: ['delta', path], span: p.spanFrom(start) };
  }
  const parts = isIdentifierClause(p) ? parseIdentifierClause(p) : p.multipartIdentifier();
  return { kind: 'objectName', parts, span: p.spanFrom(start) };
}

/**
 * A name in statements whose Spark grammar takes only an identifier (CREATE/DROP SCHEMA, DROP TABLE,
 * ALTER TABLE, USE): a string there is a syntax error, not a path.
 */
export function parseIdentifierName(p: Parser): ObjectName {
  if (p.tok.type === 'string') throw p.error();
  return parseObjectName(p);
}

export function parseString(p: Parser): string {
  if (p.tok.type !== 'string') throw p.error();
  let value = p.advance().value;
  while (p.tok.type === 'string') value += p.advance().value;
  return value;
}

function propertyKey(p: Parser): string {
  if (p.tok.type === 'string') return parseString(p);
  return p.multipartIdentifier().join('.');
}

function propertyValue(p: Parser): PropertyValue {
  const t = p.tok;
  if (t.type === 'string') return parseString(p);
  if (t.type === 'number') {
    p.advance();
    return Number(t.value);
  }
  if (p.isOp('-') && p.peek().type === 'number') {
    p.advance();
    return -Number(p.advance().value);
  }
  if (t.type === 'word' && (t.upper === 'TRUE' || t.upper === 'FALSE')) {
    p.advance();
    return t.upper === 'TRUE';
  }
  return p.identifier();
}

/** `(key [=] value, …)`; with keysOnly, `(key, …)`. */
export function parseProperties(p: Parser, keysOnly = false): Property[] {
  p.expectOp('(');
  const out: Property[] = [];
  if (!p.isOp(')')) {
    do {
      const key = propertyKey(p);
      if (keysOnly) out.push({ key, value: null });
      else {
        p.acceptOp('=');
        out.push({ key, value: propertyValue(p) });
      }
    } while (p.acceptOp(','));
  }
  p.expectOp(')');
  return out;
}

/** `PARTITION (p = v, q)` (the keyword already consumed by the caller or not). */
export function parsePartitionSpec(p: Parser): PartitionSpecEntry[] {
  p.expectKw('PARTITION');
  p.expectOp('(');
  const entries = p.commaList((): PartitionSpecEntry => {
    const column = p.identifier();
    if (p.acceptOp('=')) return { column, value: parseExpression(p) };
    return { column, value: null };
  });
  p.expectOp(')');
  return entries;
}

function parseGenerated(p: Parser): GeneratedColumn {
  p.expectKw('GENERATED');
  let always = true;
  if (p.acceptKw('BY', 'DEFAULT')) always = false;
  else p.expectKw('ALWAYS');
  p.expectKw('AS');
  if (p.acceptKw('IDENTITY')) {
    let start: bigint | null = null;
    let step: bigint | null = null;
    if (p.acceptOp('(')) {
      while (!p.isOp(')')) {
        if (p.acceptKw('START', 'WITH')) start = signedInteger(p);
        else if (p.acceptKw('INCREMENT', 'BY')) step = signedInteger(p);
        else throw p.error();
      }
      p.expectOp(')');
    }
    return { kind: 'identity', always, start, step };
  }
  if (!always) throw p.error();
  p.expectOp('(');
  const expr = parseExpression(p);
  p.expectOp(')');
  return { kind: 'expression', expr };
}

function signedInteger(p: Parser): bigint {
  const negative = p.acceptOp('-');
  const t = p.tok;
  if (t.type !== 'number' || !/^\d+[lL]?$/.test(t.value)) throw p.error();
  p.advance();
  const v = BigInt(t.value.replace(/[lL]$/, ''));
  return negative ? -v : v;
}

export function parseColumnPosition(p: Parser): ColumnPosition | null {
  if (p.acceptKw('FIRST')) return { kind: 'first' };
  if (p.acceptKw('AFTER')) return { kind: 'after', column: p.identifier() };
  return null;
}

/** `name type [NOT NULL] [GENERATED …] [DEFAULT e] [COMMENT 'c'] [FIRST | AFTER c]`, options in any order. */
export function parseColumnDefinition(
  p: Parser,
  allowPosition = false,
  qualifiedName = false,
): ColumnDefinition {
  const start = p.tok.start;
  const parts = qualifiedName ? p.multipartIdentifier() : [p.identifier()];
  const name = parts[parts.length - 1]!;
  p.acceptOp(':');
  const dataType = parseDataType(p);
  let nullable = true;
  let comment: string | null = null;
  let defaultExpr = null;
  let defaultText: string | undefined;
  let generated: GeneratedColumn | null = null;
  let position: ColumnPosition | null = null;
  for (;;) {
    if (p.acceptKw('NOT', 'NULL')) nullable = false;
    else if (p.isKw('NULL')) p.advance();
    else if (p.acceptKw('COMMENT')) comment = parseString(p);
    else if (p.acceptKw('DEFAULT')) {
      const from = p.tok.start;
      defaultExpr = parseExpression(p);
      defaultText = p.text.slice(from, p.prev.end);
    } else if (p.isKw('GENERATED')) generated = parseGenerated(p);
    else if (allowPosition && (p.isKw('FIRST') || p.isKw('AFTER'))) position = parseColumnPosition(p);
    else break;
  }
  return {
    name,
    ...(parts.length > 1 ? { parentPath: parts.slice(0, -1) } : {}),
    dataType,
    nullable,
    comment,
    default: defaultExpr,
    ...(defaultText !== undefined ? { defaultText } : {}),
    generated,
    position,
    span: p.spanFrom(start),
  };
}
