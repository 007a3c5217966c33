/**
 * DECLARE VARIABLE, SET VAR and DROP TEMPORARY VARIABLE (Spark's CreateVariableExec, SetVariableExec,
 * DropVariableExec). A value is computed by one constant query over the session (so a default or an
 * assigned value may read tables through a scalar subquery, and sees the variables' values before the
 * statement), cast to the variable's type with an ANSI cast as CAST would.
 */

import { normalizeName, quoteNameParts } from '../../catalog/identifiers.js';
import { type SessionVariable, SessionVariables } from '../../catalog/session-variables.js';
import { LakesqlError } from '../../errors/index.js';
import type { Span } from '../../sql/ast/common.js';
import type { Expression } from '../../sql/ast/expressions.js';
import type { Query, Relation } from '../../sql/ast/query.js';
import { plainQuery, plainSelect } from '../../sql/ast/query-builders.js';
import type { VariableStatement } from '../../sql/ast/statements-variables.js';
import { parseExpression, printExpression } from '../../sql/index.js';
import type { DataType } from '../../types/data-types.js';
import type { Value } from '../../types/value.js';
import type { CommandContext } from '../command-context.js';
import type { StatementResult } from '../statement-result.js';
import { refuseMisplacedDefault, resolveQueryDefaults } from './variable-defaults.js';

type VariableContext = Pick<CommandContext, 'catalog' | 'analyze' | 'runQuery'>;

export async function declareVariable(
  ctx: VariableContext,
  stmt: Extract<VariableStatement, { kind: 'declareVariable' }>,
): Promise<StatementResult> {
  if (SessionVariables.variableName(stmt.name) === undefined) ctx.catalog.variables.get(stmt.name);
  let type: DataType;
  let value: Value = null;
  if (stmt.defaultExpr && containsSubquery(stmt.defaultExpr)) {
    // Spark 4 refuses a subquery in a variable's DEFAULT (ResolveDefaultColumns checks DECLARE as a column).
    throw new LakesqlError('INVALID_DEFAULT_VALUE.SUBQUERY_EXPRESSION', {
      statement: 'DECLARE VARIABLE',
      colName: quoteNameParts(['system', 'session', stmt.name[stmt.name.length - 1]!]),
      defaultValue: printExpression(stmt.defaultExpr),
    });
  }
  if (stmt.defaultExpr) {
    const expr = stmt.dataType ? castTo(stmt.defaultExpr, stmt.dataType) : stmt.defaultExpr;
    const result = await ctx.runQuery(constantQuery([expr], stmt.span));
    type = stmt.dataType ?? result.columns[0]!.type;
    value = result.rows[0]?.[0] ?? null;
  } else {
    type = stmt.dataType!;
  }
  const defaultSql = stmt.defaultExpr ? printExpression(stmt.defaultExpr) : 'NULL';
  ctx.catalog.variables.declare(stmt.name, { type, value, defaultSql }, stmt.replace);
  return { kind: 'done' };
}

export async function setVariables(
  ctx: VariableContext,
  stmt: Extract<VariableStatement, { kind: 'setVariables' | 'setVariablesFromQuery' }>,
): Promise<StatementResult> {
  const names = stmt.kind === 'setVariables' ? stmt.assignments.map((a) => a.name) : stmt.names;
  refuseDuplicates(names);
  const targets = names.map((n) => ctx.catalog.variables.get(n));
  const values =
    stmt.kind === 'setVariables'
      ? await assignedValues(ctx, stmt, targets)
      : await queryValues(ctx, stmt, targets);
  ctx.catalog.variables.assign(new Map(targets.map((t, i) => [t, values[i] ?? null])));
  return { kind: 'done' };
}

export function dropVariable(
  ctx: VariableContext,
  stmt: Extract<VariableStatement, { kind: 'dropVariable' }>,
): StatementResult {
  ctx.catalog.variables.drop(stmt.name, stmt.ifExists);
  return { kind: 'done' };
}

/** SET VAR a = x, b = DEFAULT: every value in one query, so each sees the values from before the statement. */
async function assignedValues(
  ctx: VariableContext,
  stmt: Extract<VariableStatement, { kind: 'setVariables' }>,
  targets: readonly SessionVariable[],
): Promise<Value[]> {
  for (const a of stmt.assignments) if (a.value.kind === 'expression') refuseMisplacedDefault(a.value.expr);
  const exprs = stmt.assignments.map((a, i) =>
    castTo(
      a.value.kind === 'default' ? parseExpression(targets[i]!.defaultSql) : a.value.expr,
      targets[i]!.type,
    ),
  );
  const result = await ctx.runQuery(constantQuery(exprs, stmt.span));
  return result.rows[0] ?? [];
}

/**
 * SET VAR (a, b) = (query): the query's columns cast to the variables' types, read once; no row sets NULLs,
 * more than one fails with ROW_SUBQUERY_TOO_MANY_ROWS.
 */
async function queryValues(
  ctx: VariableContext,
  stmt: Extract<VariableStatement, { kind: 'setVariablesFromQuery' }>,
  targets: readonly SessionVariable[],
): Promise<Value[]> {
  const query = await resolveQueryDefaults(
    stmt.query,
    (i) => (targets[i] ? parseExpression(targets[i].defaultSql) : nullLiteral(stmt.span)),
    (q) => ctx.analyze(q),
  );
  const width = (await ctx.analyze(query)).output.length;
  if (width !== targets.length) {
    throw new LakesqlError('ASSIGNMENT_ARITY_MISMATCH', { numTarget: targets.length, numExpr: width });
  }
  const span = stmt.span;
  const columns = targets.map((_, i) => `c${i}`);
  const exprs = targets.map((t, i) => castTo({ kind: 'column', nameParts: [columns[i]!], span }, t.type));
  const source: Relation = {
    kind: 'subquery',
    query,
    lateral: false,
    sample: null,
    alias: { name: 'q', columns },
    span,
  };
  const result = await ctx.runQuery(constantQuery(exprs, span, source));
  if (result.rows.length > 1) throw new LakesqlError('ROW_SUBQUERY_TOO_MANY_ROWS', {});
  return result.rows[0] ?? targets.map(() => null);
}

function refuseDuplicates(names: readonly (readonly string[])[]): void {
  const seen = new Set<string>();
  const duplicates: string[] = [];
  for (const n of names) {
    const key = normalizeName(n[n.length - 1]!);
    if (seen.has(key) && !duplicates.includes(key)) duplicates.push(key);
    seen.add(key);
  }
  if (duplicates.length > 0) {
    throw new LakesqlError('DUPLICATE_ASSIGNMENTS', {
      nameList: duplicates.map((d) => quoteNameParts([d])).join(', '),
    });
  }
}

function containsSubquery(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(containsSubquery);
  if (node === null || typeof node !== 'object' || ArrayBuffer.isView(node)) return false;
  const kind = (node as { kind?: unknown }).kind;
  if (kind === 'scalarSubquery' || kind === 'exists' || kind === 'inSubquery') return true;
  return Object.values(node).some(containsSubquery);
}

function nullLiteral(span: Span): Expression {
  return { kind: 'literal', value: { type: 'null' }, span };
}

function castTo(value: Expression, dataType: DataType): Expression {
  return { kind: 'cast', value, dataType, try: false, span: value.span };
}

/** SELECT exprs [FROM source]: one row of constants, or the rows of `source`. */
function constantQuery(items: readonly Expression[], span: Span, source?: Relation): Query {
  return plainQuery(plainSelect(items, source ? [source] : [], span), span);
}
