/**
 * The statement dispatcher (Spark's `singleStatement`): looks at the leading keywords and hands over to
 * the family parsers (queries, DDL, DML, the rest).
 */
import type { Statement } from '../ast/statements.js';
import { parseObjectName, parsePartitionSpec } from './clauses.js';
import { parseAlterDatabase, parseCommentOn } from './comment-on.js';
import { isDropFunction, parseDropFunction } from './create-function.js';
import { parseAlter, parseCreate, parseDrop } from './ddl.js';
import { parseDelete, parseInsert, parseMerge, parseMultiInsert, parseUpdate } from './dml.js';
import { isExecuteImmediate, parseExecuteImmediate } from './execute-immediate.js';
import {
  parseAnalyze,
  parseCache,
  parseConvert,
  parseCopyInto,
  parseDescribe,
  parseExplain,
  parseFsck,
  parseGenerate,
  parseMsck,
  parseOptimize,
  parseRefresh,
  parseReorg,
  parseReset,
  parseRestore,
  parseSet,
  parseShow,
  parseUncache,
  parseUse,
  parseVacuum,
} from './misc.js';
import type { Parser } from './parser-core.js';
import { isQueryStart, parseQuery, parseWith } from './query.js';
import { parseFromClause } from './relations.js';
import {
  isDropVariable,
  isSetVariable,
  parseDeclareVariable,
  parseDropVariable,
  parseSetVariable,
} from './variables.js';

export function parseStatementAt(p: Parser): Statement {
  return p.nested(() => dispatch(p));
}

function dispatch(p: Parser): Statement {
  const start = p.tok.start;
  const t = p.tok;
  if (t.type === 'word') {
    switch (t.upper) {
      case 'CREATE':
        return parseCreate(p, start);
      case 'REPLACE':
        if (p.isKw('TABLE', 1)) return parseCreate(p, start);
        break;
      case 'DROP':
        if (isDropFunction(p)) return parseDropFunction(p, start);
        return isDropVariable(p) ? parseDropVariable(p, start) : parseDrop(p, start);
      case 'EXECUTE':
        if (isExecuteImmediate(p)) return parseExecuteImmediate(p, start);
        break;
      case 'DECLARE':
        return parseDeclareVariable(p, start);
      case 'ALTER':
        return p.isAnyKwAt(1, ['DATABASE', 'SCHEMA', 'NAMESPACE'])
          ? parseAlterDatabase(p, start)
          : parseAlter(p, start);
      case 'COMMENT':
        if (p.isKw('ON', 1)) return parseCommentOn(p, start);
        break;
      case 'TRUNCATE': {
        p.expectKw('TRUNCATE', 'TABLE');
        const name = parseObjectName(p);
        const partition = p.isKw('PARTITION') ? parsePartitionSpec(p) : [];
        return { kind: 'truncateTable', name, partition, span: p.spanFrom(start) };
      }
      case 'INSERT':
        return parseInsert(p, start);
      case 'UPDATE':
        return parseUpdate(p, start);
      case 'DELETE':
        return parseDelete(p, start);
      case 'MERGE':
        return parseMerge(p, start);
      case 'SET':
        return isSetVariable(p) ? parseSetVariable(p, start) : parseSet(p, start);
      case 'RESET':
        return parseReset(p, start);
      case 'USE':
        return parseUse(p, start);
      case 'SHOW':
        return parseShow(p, start);
      case 'DESC':
      case 'DESCRIBE':
        return parseDescribe(p, start);
      case 'EXPLAIN':
        return parseExplain(p, start, (q) => parseStatementAt(q));
      case 'CACHE':
        return parseCache(p, start);
      case 'UNCACHE':
        return parseUncache(p, start);
      case 'CLEAR':
        p.expectKw('CLEAR', 'CACHE');
        return { kind: 'clearCache', span: p.spanFrom(start) };
      case 'ANALYZE':
        return parseAnalyze(p, start);
      case 'REFRESH':
        return parseRefresh(p, start);
      case 'MSCK':
        return parseMsck(p, start);
      case 'RESTORE':
        return parseRestore(p, start);
      case 'OPTIMIZE':
        return parseOptimize(p, start);
      case 'VACUUM':
        return parseVacuum(p, start);
      case 'FSCK':
        return parseFsck(p, start);
      case 'REORG':
        return parseReorg(p, start);
      case 'GENERATE':
        return parseGenerate(p, start);
      case 'CONVERT':
        return parseConvert(p, start);
      case 'COPY':
        return parseCopyInto(p, start);
      case 'WITH': {
        // WITH … INSERT: the CTEs belong to the insert's query.
        const saved = p.pos;
        const withClause = parseWith(p);
        if (p.isKw('INSERT')) {
          return parseInsert(p, start, (q) => ({
            ...q,
            with: { recursive: withClause.recursive, ctes: [...withClause.ctes, ...(q.with?.ctes ?? [])] },
          }));
        }
        p.pos = saved;
        break;
      }
      case 'FROM': {
        // FROM src INSERT … is Spark's multi-insert; FROM src SELECT … a query.
        const saved = p.pos;
        parseFromClause(p);
        const isInsert = p.isKw('INSERT');
        p.pos = saved;
        if (isInsert) return parseMultiInsert(p, start);
        break;
      }
    }
  }
  if (isQueryStart(p)) {
    const query = parseQuery(p);
    return { kind: 'queryStatement', query, span: p.spanFrom(start) };
  }
  throw p.error();
}
