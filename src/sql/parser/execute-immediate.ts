/**
 * EXECUTE IMMEDIATE (SqlBaseParser.g4 `executeImmediate`, AstBuilder.visitExecuteImmediate):
 *   EXECUTE IMMEDIATE {stringLit | multipartIdentifier} [INTO multipartIdentifierList]
 *     [USING ( namedExpressionSeq ) | USING namedExpressionSeq]
 * Two arguments with the same alias fail here, as in Spark's AstBuilder
 * (EXEC_IMMEDIATE_DUPLICATE_ARGUMENT_ALIASES); what an argument may be is checked when the statement runs.
 */
import type { Statement } from '../ast/statements.js';
import type { ExecuteImmediateArgument, ExecuteImmediateSource } from '../ast/statements-execute.js';
import { quoteIdentifier } from '../printer/quoting.js';
import type { Parser } from './parser-core.js';
import { stringValue } from './primary.js';
import { parseNamedExpression } from './query.js';

export function isExecuteImmediate(p: Parser): boolean {
  return p.isKw('EXECUTE') && p.isKw('IMMEDIATE', 1);
}

export function parseExecuteImmediate(p: Parser, start: number): Statement {
  p.expectKw('EXECUTE', 'IMMEDIATE');
  const source = parseSource(p);
  const into = p.acceptKw('INTO') ? p.commaList(() => p.multipartIdentifier()) : [];
  const args = p.isKw('USING') ? parseUsing(p) : [];
  return { kind: 'executeImmediate', source, into, args, span: p.spanFrom(start) };
}

function parseSource(p: Parser): ExecuteImmediateSource {
  if (p.tok.type === 'string') return { kind: 'text', text: stringValue(p) };
  const start = p.tok.start;
  const name = p.multipartIdentifier();
  return { kind: 'variable', name, span: p.spanFrom(start) };
}

function parseUsing(p: Parser): ExecuteImmediateArgument[] {
  const start = p.tok.start;
  p.expectKw('USING');
  // `USING (a, b)` is the parenthesized list only when the parenthesis closes the statement: in
  // `USING (SELECT 42) AS x, …` it opens the first argument.
  const args =
    p.attempt(() => {
      p.expectOp('(');
      const list = p.commaList(() => parseArgument(p));
      p.expectOp(')');
      if (!(p.atEnd() || p.isOp(';'))) throw p.error();
      return list;
    }) ?? p.commaList(() => parseArgument(p));
  const seen = new Set<string>();
  const duplicates: string[] = [];
  for (const a of args) {
    if (a.name === null) continue;
    if (seen.has(a.name) && !duplicates.includes(a.name)) duplicates.push(a.name);
    seen.add(a.name);
  }
  if (duplicates.length > 0) {
    throw p.errorOver(
      'EXEC_IMMEDIATE_DUPLICATE_ARGUMENT_ALIASES',
      { aliases: duplicates.map(quoteIdentifier).join(', ') },
      start,
      p.prev.end,
    );
  }
  return args;
}

function parseArgument(p: Parser): ExecuteImmediateArgument {
  const e = parseNamedExpression(p);
  return e.kind === 'alias'
    ? { expr: e.expr, name: e.name, span: e.span }
    : { expr: e, name: null, span: e.span };
}
