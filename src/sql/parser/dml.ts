/**
 * INSERT (all forms incl. REPLACE WHERE / USING / ON and BY NAME), multi-insert FROM … INSERT …,
 * UPDATE, DELETE and MERGE with every clause kind (Databricks' MERGE INTO reference).
 */
import type { ObjectName } from '../ast/common.js';
import type { Expression } from '../ast/expressions.js';
import type { Query } from '../ast/query.js';
import type { PartitionSpecEntry } from '../ast/statements-ddl.js';
import type { Assignment, DmlStatement, Insert, InsertReplace, MergeClause } from '../ast/statements-dml.js';
import { parseObjectName, parsePartitionSpec } from './clauses.js';
import { parseExpression } from './expressions.js';
import type { Parser } from './parser-core.js';
import { parseQuery, parseQueryOrganization, parseSelect } from './query.js';
import { type FromClause, parseFromClause, parseRelation } from './relations.js';

interface InsertHead {
  overwrite: boolean;
  schemaEvolution: boolean;
  table: ObjectName;
  partition: PartitionSpecEntry[];
  ifNotExists: boolean;
  columns: string[] | null;
  byName: boolean;
  replace: InsertReplace | null;
}

function parseInsertHead(p: Parser): InsertHead {
  p.expectKw('INSERT');
  const schemaEvolution = p.acceptKw('WITH', 'SCHEMA', 'EVOLUTION');
  const overwrite = p.acceptKw('OVERWRITE');
  if (!overwrite) p.expectKw('INTO');
  p.acceptKw('TABLE');
  const table = parseObjectName(p);
  const partition = p.isKw('PARTITION') ? parsePartitionSpec(p) : [];
  const ifNotExists = p.acceptKw('IF', 'NOT', 'EXISTS');
  let columns: string[] | null = null;
  let byName = false;
  if (p.acceptKw('BY', 'NAME')) byName = true;
  else if (
    p.isOp('(') &&
    p.isIdentifier(1) &&
    !p.isKw('SELECT', 1) &&
    !p.isKw('WITH', 1) &&
    !p.isKw('VALUES', 1) &&
    !p.isKw('FROM', 1)
  ) {
    columns = p.identifierList();
  }
  let replace: InsertReplace | null = null;
  if (p.acceptKw('REPLACE')) {
    if (p.acceptKw('WHERE')) replace = { kind: 'where', condition: parseExpression(p) };
    else if (p.acceptKw('USING')) replace = { kind: 'using', columns: p.identifierList() };
    else {
      p.expectKw('ON');
      replace = { kind: 'on', condition: parseExpression(p) };
    }
  }
  return { overwrite, schemaEvolution, table, partition, ifNotExists, columns, byName, replace };
}

export function parseInsert(p: Parser, start: number, withQuery?: (q: Query) => Query): Insert {
  const head = parseInsertHead(p);
  let query = parseQuery(p);
  if (withQuery) query = withQuery(query);
  return { kind: 'insert', ...head, query, span: p.spanFrom(start) };
}

/** FROM src INSERT INTO a SELECT … [INSERT INTO b SELECT …]: each SELECT reads `FROM src`. */
export function parseMultiInsert(p: Parser, start: number): DmlStatement {
  const from: FromClause = parseFromClause(p);
  const inserts: Insert[] = [];
  while (p.isKw('INSERT')) {
    const insStart = p.tok.start;
    const head = parseInsertHead(p);
    const selStart = p.tok.start;
    const select = parseSelect(p, from, selStart);
    const query = parseQueryOrganization(p, null, select, selStart);
    inserts.push({ kind: 'insert', ...head, query, span: p.spanFrom(insStart) });
  }
  if (inserts.length === 0) throw p.error();
  return { kind: 'multiInsert', inserts, span: p.spanFrom(start) };
}

function parseAssignments(p: Parser): Assignment[] {
  return p.commaList(() => {
    const column = p.multipartIdentifier();
    p.expectOp('=');
    return { column, value: parseExpression(p) };
  });
}

function aliasName(p: Parser): string | null {
  if (p.acceptKw('AS')) return p.identifier();
  if (p.isPlainIdentifier()) return p.identifier();
  return null;
}

export function parseUpdate(p: Parser, start: number): DmlStatement {
  p.expectKw('UPDATE');
  const table = parseObjectName(p);
  const alias = aliasName(p);
  p.expectKw('SET');
  const assignments = parseAssignments(p);
  const where = p.acceptKw('WHERE') ? parseExpression(p) : null;
  return { kind: 'update', table, alias, assignments, where, span: p.spanFrom(start) };
}

export function parseDelete(p: Parser, start: number): DmlStatement {
  p.expectKw('DELETE', 'FROM');
  const table = parseObjectName(p);
  const alias = aliasName(p);
  const where = p.acceptKw('WHERE') ? parseExpression(p) : null;
  return { kind: 'delete', table, alias, where, span: p.spanFrom(start) };
}

export function parseMerge(p: Parser, start: number): DmlStatement {
  p.expectKw('MERGE');
  const schemaEvolution = p.acceptKw('WITH', 'SCHEMA', 'EVOLUTION');
  p.expectKw('INTO');
  const target = parseObjectName(p);
  const targetAlias = aliasName(p);
  p.expectKw('USING');
  const source = parseRelation(p);
  p.expectKw('ON');
  const condition = parseExpression(p);
  const clauses: MergeClause[] = [];
  while (p.acceptKw('WHEN')) clauses.push(parseMergeClause(p));
  if (clauses.length === 0) throw p.error();
  return {
    kind: 'merge',
    schemaEvolution,
    target,
    targetAlias,
    source,
    condition,
    clauses,
    span: p.spanFrom(start),
  };
}

function parseMergeClause(p: Parser): MergeClause {
  const notMatched = p.acceptKw('NOT');
  p.expectKw('MATCHED');
  let bySource = false;
  if (notMatched && p.acceptKw('BY')) {
    bySource = p.advance().upper === 'SOURCE';
    if (!bySource && p.prev.upper !== 'TARGET') throw p.error(p.prev);
  }
  const condition: Expression | null = p.acceptKw('AND') ? parseExpression(p) : null;
  p.expectKw('THEN');
  if (!notMatched || bySource) {
    if (p.acceptKw('DELETE')) {
      return bySource
        ? { kind: 'notMatchedBySource', condition, action: { kind: 'delete' } }
        : { kind: 'matched', condition, action: { kind: 'delete' } };
    }
    p.expectKw('UPDATE', 'SET');
    if (!bySource && p.acceptOp('*')) return { kind: 'matched', condition, action: { kind: 'updateAll' } };
    const assignments = parseAssignments(p);
    return bySource
      ? { kind: 'notMatchedBySource', condition, action: { kind: 'update', assignments } }
      : { kind: 'matched', condition, action: { kind: 'update', assignments } };
  }
  p.expectKw('INSERT');
  if (p.acceptOp('*')) return { kind: 'notMatched', condition, action: { kind: 'insertAll' } };
  let columns: string[][] | null = null;
  if (p.isOp('(')) {
    p.advance();
    columns = p.commaList(() => p.multipartIdentifier());
    p.expectOp(')');
  }
  p.expectKw('VALUES');
  p.expectOp('(');
  const values = p.commaList(() => parseExpression(p));
  p.expectOp(')');
  return { kind: 'notMatched', condition, action: { kind: 'insert', columns, values } };
}
