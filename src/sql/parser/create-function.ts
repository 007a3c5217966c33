/**
 * SQL user-defined functions (SqlBaseParser.g4 `createUserDefinedFunction`, sql-ref-syntax-ddl-create-sql-
 * function.html): CREATE [OR REPLACE] [TEMPORARY] FUNCTION [IF NOT EXISTS] name ([param, …]) [RETURNS type |
 * RETURNS TABLE [(col type, …)]] [characteristics] RETURN {expr | query}, and DROP [TEMPORARY] FUNCTION.
 * A parameter is `name type [DEFAULT expr] [COMMENT 'c']`; NOT NULL and GENERATED are refused as Spark does.
 */
import { LakesqlError } from '../../errors/index.js';
import type { ObjectName } from '../ast/common.js';
import type {
  CreateFunction,
  FunctionBody,
  FunctionParameter,
  FunctionReturns,
  FunctionStatement,
  ReturnColumn,
} from '../ast/statements-functions.js';
import { printExpression } from '../printer/expressions.js';
import { parseColumnDefinition, parseObjectName, parseString } from './clauses.js';
import { parseDataType } from './data-types.js';
import { parseExpression } from './expressions.js';
import type { Parser } from './parser-core.js';
import { isQueryStart, parseQuery } from './query.js';

/** At FUNCTION, after CREATE [OR REPLACE] [TEMPORARY]. */
export function parseCreateFunction(
  p: Parser,
  orReplace: boolean,
  temporary: boolean,
  start: number,
): CreateFunction {
  p.expectKw('FUNCTION');
  const ifNotExists = p.acceptKw('IF', 'NOT', 'EXISTS');
  const name = parseObjectName(p);
  if (p.isKw('AS')) {
    throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: 'CREATE FUNCTION ... AS <class name>' });
  }
  const parameters = parseParameters(p, name);
  const returns = p.acceptKw('RETURNS') ? parseReturns(p) : ({ kind: 'scalar', dataType: null } as const);
  let deterministic = true;
  let dataAccess: CreateFunction['dataAccess'] = 'CONTAINS SQL';
  let comment: string | null = null;
  for (;;) {
    if (p.acceptKw('LANGUAGE')) p.expectKw('SQL');
    else if (p.acceptKw('NOT', 'DETERMINISTIC')) deterministic = false;
    else if (p.acceptKw('DETERMINISTIC')) deterministic = true;
    else if (p.acceptKw('CONTAINS', 'SQL')) dataAccess = 'CONTAINS SQL';
    else if (p.acceptKw('READS', 'SQL', 'DATA')) dataAccess = 'READS SQL DATA';
    else if (p.acceptKw('COMMENT')) comment = parseString(p);
    else if (p.acceptKw('SQL', 'SECURITY', 'DEFINER')) continue;
    else break;
  }
  p.expectKw('RETURN');
  const bodyStart = p.tok.start;
  const body: FunctionBody =
    isQueryStart(p) && !p.isOp('(')
      ? { kind: 'query', query: parseQuery(p) }
      : { kind: 'expression', expr: parseExpression(p) };
  const bodyText = p.text.slice(bodyStart, p.prev.end);
  return {
    kind: 'createFunction',
    name,
    orReplace,
    temporary,
    ifNotExists,
    parameters,
    returns,
    deterministic,
    dataAccess,
    comment,
    body,
    bodyText,
    span: p.spanFrom(start),
  };
}

function parseParameters(p: Parser, name: ObjectName): FunctionParameter[] {
  p.expectOp('(');
  if (p.acceptOp(')')) return [];
  const listStart = p.tok.start;
  const columns = p.commaList(() => parseColumnDefinition(p));
  const listEnd = p.prev.end;
  p.expectOp(')');
  const fnName = name.parts[name.parts.length - 1]!;
  if (columns.some((c) => c.generated)) {
    throw new LakesqlError('INVALID_SQL_SYNTAX.CREATE_FUNC_WITH_GENERATED_COLUMNS_AS_PARAMETERS', {});
  }
  if (columns.some((c) => !c.nullable)) {
    throw new LakesqlError('USER_DEFINED_FUNCTIONS.NOT_NULL_ON_FUNCTION_PARAMETERS', {
      input: p.text.slice(listStart, listEnd),
    });
  }
  // A parameter without a default may not follow one with a default (SQLFunction.checkDefaultsTrailing).
  for (let i = 1; i < columns.length; i++) {
    if (columns[i - 1]!.default && !columns[i]!.default) {
      throw new LakesqlError('USER_DEFINED_FUNCTIONS.NOT_A_VALID_DEFAULT_PARAMETER_POSITION', {
        functionName: fnName,
        parameterName: columns[i - 1]!.name,
        nextParameterName: columns[i]!.name,
      });
    }
  }
  return columns.map((c) => ({
    name: c.name,
    dataType: c.dataType,
    defaultExpr: c.default,
    defaultText: c.default ? printExpression(c.default) : null,
    comment: c.comment,
  }));
}

function parseReturns(p: Parser): FunctionReturns {
  if (!p.acceptKw('TABLE')) return { kind: 'scalar', dataType: parseDataType(p) };
  if (!p.acceptOp('(')) return { kind: 'table', columns: null };
  const listStart = p.tok.start;
  let notNull = false;
  const columns = p.commaList((): ReturnColumn => {
    const name = p.identifier();
    p.acceptOp(':');
    const dataType = parseDataType(p);
    // The result columns are a column list as the parameters are: NOT NULL is refused the same way.
    if (p.acceptKw('NOT', 'NULL')) notNull = true;
    const comment = p.acceptKw('COMMENT') ? parseString(p) : null;
    return { name, dataType, comment };
  });
  const listEnd = p.prev.end;
  p.expectOp(')');
  if (notNull) {
    throw new LakesqlError('USER_DEFINED_FUNCTIONS.NOT_NULL_ON_FUNCTION_PARAMETERS', {
      input: p.text.slice(listStart, listEnd),
    });
  }
  return { kind: 'table', columns };
}

/** Whether the DROP at the cursor drops a function. */
export function isDropFunction(p: Parser): boolean {
  return p.isKw('DROP') && (p.isKw('FUNCTION', 1) || (p.isKw('TEMPORARY', 1) && p.isKw('FUNCTION', 2)));
}

export function parseDropFunction(p: Parser, start: number): FunctionStatement {
  p.expectKw('DROP');
  const temporary = p.acceptKw('TEMPORARY');
  p.expectKw('FUNCTION');
  const ifExists = p.acceptKw('IF', 'EXISTS');
  const name = parseObjectName(p);
  return { kind: 'dropFunction', name, temporary, ifExists, span: p.spanFrom(start) };
}
