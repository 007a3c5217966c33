/**
 * Session variable statements (SqlBaseParser.g4 `createVariable`, `setVariable`, `dropVariable`):
 * DECLARE [OR REPLACE] [VARIABLE] name [type] [{DEFAULT | =} expr], SET {VAR | VARIABLE} assignments or
 * (names) = (query), DROP TEMPORARY {VAR | VARIABLE} [IF EXISTS] name.
 */
import type { Statement } from '../ast/statements.js';
import type { VariableValue } from '../ast/statements-variables.js';
import { parseDataType } from './data-types.js';
import { parseExpression } from './expressions.js';
import type { Parser } from './parser-core.js';
import { parseQuery } from './query.js';

export function parseDeclareVariable(p: Parser, start: number): Statement {
  p.expectKw('DECLARE');
  const replace = p.acceptKw('OR', 'REPLACE');
  if (p.isAnyKw(['VARIABLE', 'VAR']) && p.isIdentifier(1)) p.advance();
  const name = p.multipartIdentifier();
  const dataType = atStatementEnd(p) || p.isKw('DEFAULT') || p.isOp('=') ? null : parseDataType(p);
  const defaultExpr = p.acceptKw('DEFAULT') || p.acceptOp('=') ? parseExpression(p) : null;
  if (dataType === null && defaultExpr === null) {
    throw p.errorOver('INVALID_SQL_SYNTAX.VARIABLE_TYPE_OR_DEFAULT_REQUIRED', {}, start, p.prev.end);
  }
  return { kind: 'declareVariable', replace, name, dataType, defaultExpr, span: p.spanFrom(start) };
}

function atStatementEnd(p: Parser): boolean {
  return p.atEnd() || p.isOp(';');
}

/** Whether the SET at the cursor assigns variables (`SET VAR …`) rather than a configuration key. */
export function isSetVariable(p: Parser): boolean {
  return (
    p.isKw('SET') &&
    p.isAnyKwAt(1, ['VAR', 'VARIABLE']) &&
    (p.isIdentifier(2) || (p.isOp('(', 2) && !p.isOp(')', 3)))
  );
}

export function parseSetVariable(p: Parser, start: number): Statement {
  p.expectKw('SET');
  p.advance(); // VAR | VARIABLE
  if (p.acceptOp('(')) {
    const names = p.commaList(() => p.multipartIdentifier());
    p.expectOp(')');
    p.expectOp('=');
    p.expectOp('(');
    const query = parseQuery(p);
    p.expectOp(')');
    return { kind: 'setVariablesFromQuery', names, query, span: p.spanFrom(start) };
  }
  const assignments = p.commaList(() => {
    const name = p.multipartIdentifier();
    p.expectOp('=');
    return { name, value: assignedValue(p) };
  });
  return { kind: 'setVariables', assignments, span: p.spanFrom(start) };
}

/** `DEFAULT` alone is the variable's default; anything else an expression. */
function assignedValue(p: Parser): VariableValue {
  if (p.isKw('DEFAULT') && (p.isOp(',', 1) || p.isOp(';', 1) || p.peek().type === 'eof')) {
    p.advance();
    return { kind: 'default' };
  }
  return { kind: 'expression', expr: parseExpression(p) };
}

/** Whether the DROP at the cursor drops a variable. */
export function isDropVariable(p: Parser): boolean {
  return p.isKw('DROP') && p.isKw('TEMPORARY', 1) && p.isAnyKwAt(2, ['VAR', 'VARIABLE']);
}

export function parseDropVariable(p: Parser, start: number): Statement {
  p.expectKw('DROP', 'TEMPORARY');
  p.advance(); // VAR | VARIABLE
  const ifExists = p.acceptKw('IF', 'EXISTS');
  const name = p.multipartIdentifier();
  return { kind: 'dropVariable', name, ifExists, span: p.spanFrom(start) };
}
