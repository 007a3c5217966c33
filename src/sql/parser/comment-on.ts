/**
 * COMMENT ON (sql-ref-syntax-ddl-comment.html; Databricks adds COLUMN) and ALTER DATABASE … SET
 * DBPROPERTIES, as the statements that change the same things:
 * - COMMENT ON TABLE t IS 'c' is ALTER TABLE t SET TBLPROPERTIES ('comment' = 'c'); IS NULL unsets it.
 * - COMMENT ON COLUMN t.c IS 'c' is ALTER TABLE t ALTER COLUMN c COMMENT 'c' (NULL: an empty comment).
 * - COMMENT ON DATABASE|SCHEMA|NAMESPACE d IS 'c' | NULL changes the database's comment.
 */
import type { Statement } from '../ast/statements.js';
import { parseObjectName, parseProperties, parseString } from './clauses.js';
import type { Parser } from './parser-core.js';

export function parseCommentOn(p: Parser, start: number): Statement {
  p.expectKw('COMMENT', 'ON');
  if (p.isAnyKw(['DATABASE', 'SCHEMA', 'NAMESPACE'])) {
    p.advance();
    const name = parseObjectName(p);
    return { kind: 'alterDatabase', name, properties: [], comment: commentText(p), span: p.spanFrom(start) };
  }
  if (p.acceptKw('TABLE')) {
    const name = parseObjectName(p);
    const comment = commentText(p);
    const action =
      comment === null
        ? { kind: 'unsetProperties' as const, keys: ['comment'], ifExists: true }
        : { kind: 'setProperties' as const, properties: [{ key: 'comment', value: comment }] };
    return { kind: 'alterTable', view: false, name, action, span: p.spanFrom(start) };
  }
  p.expectKw('COLUMN');
  const nameStart = p.tok.start;
  const parts = p.multipartIdentifier();
  if (parts.length < 2) throw p.error(p.prev);
  const name = { kind: 'objectName' as const, parts: parts.slice(0, -1), span: p.spanFrom(nameStart) };
  const comment = commentText(p) ?? '';
  return {
    kind: 'alterTable',
    view: false,
    name,
    action: {
      kind: 'alterColumn',
      verb: 'ALTER',
      column: parts.slice(-1),
      changes: [{ kind: 'comment', comment }],
    },
    span: p.spanFrom(start),
  };
}

/** `IS 'text'` or `IS NULL`. */
function commentText(p: Parser): string | null {
  p.expectKw('IS');
  return p.acceptKw('NULL') ? null : parseString(p);
}

/** ALTER DATABASE|SCHEMA|NAMESPACE d SET DBPROPERTIES|PROPERTIES (k = v, …). */
export function parseAlterDatabase(p: Parser, start: number): Statement {
  p.expectKw('ALTER');
  p.advance();
  const name = parseObjectName(p);
  p.expectKw('SET');
  if (!p.acceptKw('DBPROPERTIES')) p.expectKw('PROPERTIES');
  return { kind: 'alterDatabase', name, properties: parseProperties(p), span: p.spanFrom(start) };
}
