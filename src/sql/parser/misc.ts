/**
 * SET / RESET / USE, SHOW …, DESCRIBE …, EXPLAIN, CACHE / UNCACHE / CLEAR CACHE, ANALYZE TABLE, REFRESH,
 * MSCK REPAIR TABLE, and Delta's RESTORE, OPTIMIZE, VACUUM, FSCK REPAIR TABLE, CONVERT TO DELTA, COPY INTO.
 */
import { LakesqlError } from '../../errors/index.js';
import type { Property } from '../ast/common.js';
import type { Statement } from '../ast/statements.js';
import type { ExplainMode, MiscStatement, TimeZoneSetting } from '../ast/statements-misc.js';
import {
  parseColumnDefinition,
  parseIdentifierName,
  parseObjectName,
  parsePartitionSpec,
  parseProperties,
  parseString,
} from './clauses.js';
import { parseStatementTimeTravel } from './ddl.js';
import { parseExpression } from './expressions.js';
import { parseInterval } from './interval.js';
import type { Parser } from './parser-core.js';
import { isQueryStart, parseQuery } from './query.js';

/**
 * SET and RESET take the rest of the statement as raw text (Spark's SET grammar is `.*?`):
 * `SET k = v`, `SET k`, `SET`, `SET -v`.
 */
export function parseSet(p: Parser, start: number): MiscStatement {
  p.expectKw('SET');
  if (p.isKw('TIME') && p.isKw('ZONE', 1)) return parseSetTimeZone(p, start);
  const rest = restText(p);
  if (rest === '') return { kind: 'set', key: null, value: null, verbose: false, span: p.spanFrom(start) };
  if (rest === '-v') return { kind: 'set', key: null, value: null, verbose: true, span: p.spanFrom(start) };
  const eq = rest.indexOf('=');
  const unquote = (s: string) => s.trim().replace(/^`(.*)`$/s, '$1');
  // SparkSqlAstBuilder.visitSetConfiguration: an unquoted key is `[a-zA-Z_0-9.:\\]+`; any other text is
  // INVALID_SET_SYNTAX (special characters need backquotes).
  const key = (eq < 0 ? rest : rest.slice(0, eq)).trim();
  if (!key.startsWith('`') && !/^[a-zA-Z_\d\\.:]+$/.test(key)) {
    throw p.errorOver('INVALID_SET_SYNTAX', {}, start, p.prev.end);
  }
  if (eq < 0)
    return { kind: 'set', key: unquote(rest), value: null, verbose: false, span: p.spanFrom(start) };
  return {
    kind: 'set',
    key: unquote(rest.slice(0, eq)),
    value: rest.slice(eq + 1).trim(),
    verbose: false,
    span: p.spanFrom(start),
  };
}

/**
 * SET TIME ZONE LOCAL | 'zone' | INTERVAL …; any other text after TIME ZONE is Spark's
 * `SET TIME ZONE .*?` alternative, refused with _LEGACY_ERROR_TEMP_0045 (AstBuilder.visitSetTimeZone).
 */
function parseSetTimeZone(p: Parser, start: number): MiscStatement {
  p.expectKw('TIME', 'ZONE');
  const zone = (): TimeZoneSetting | undefined => {
    if (p.acceptKw('LOCAL')) return { form: 'local' };
    if (p.tok.type === 'string') return { form: 'id', id: parseString(p) };
    if (!p.isKw('INTERVAL')) return undefined;
    const saved = p.pos;
    try {
      const literal = parseInterval(p);
      if (literal.kind === 'interval') return { form: 'interval', interval: literal.value };
    } catch {
      p.pos = saved;
    }
    return undefined;
  };
  const setting = zone();
  if (setting === undefined || !p.atEnd()) {
    while (!p.atEnd()) p.advance();
    throw new LakesqlError('_LEGACY_ERROR_TEMP_0045', {});
  }
  return { kind: 'setTimeZone', zone: setting, span: p.spanFrom(start) };
}

export function parseReset(p: Parser, start: number): MiscStatement {
  p.expectKw('RESET');
  const rest = restText(p);
  return { kind: 'reset', key: rest === '' ? null : rest, span: p.spanFrom(start) };
}

/** The source text of the remaining tokens, consuming them. */
function restText(p: Parser): string {
  if (p.atEnd()) return '';
  const from = p.tok.start;
  while (!p.atEnd()) p.advance();
  return p.text.slice(from, p.prev.end).trim();
}

export function parseUse(p: Parser, start: number): MiscStatement {
  p.expectKw('USE');
  let target: 'catalog' | 'database' | null = null;
  if (p.acceptKw('CATALOG')) target = 'catalog';
  else if ((p.isKw('DATABASE') || p.isKw('SCHEMA') || p.isKw('NAMESPACE')) && p.isIdentifier(1)) {
    p.advance();
    target = 'database';
  }
  return { kind: 'use', target, name: parseIdentifierName(p), span: p.spanFrom(start) };
}

function pattern(p: Parser): string | null {
  p.acceptKw('LIKE');
  return p.tok.type === 'string' ? parseString(p) : null;
}

export function parseShow(p: Parser, start: number): MiscStatement {
  p.expectKw('SHOW');
  const span = () => p.spanFrom(start);
  if (p.acceptKw('DATABASES') || p.acceptKw('SCHEMAS') || p.acceptKw('NAMESPACES'))
    return { kind: 'showDatabases', pattern: pattern(p), span: span() };
  if (p.acceptKw('CATALOGS')) return { kind: 'showCatalogs', pattern: pattern(p), span: span() };
  if (p.isKw('TABLES') || p.isKw('VIEWS') || (p.isKw('TABLE') && p.isKw('EXTENDED', 1))) {
    const word = p.advance().upper;
    const extended = word === 'TABLE' && p.acceptKw('EXTENDED');
    const database = p.acceptKw('IN') || p.acceptKw('FROM') ? parseObjectName(p) : null;
    return {
      kind: 'showTables',
      views: word === 'VIEWS',
      database,
      pattern: pattern(p),
      extended,
      span: span(),
    };
  }
  if (p.acceptKw('COLUMNS')) {
    if (!p.acceptKw('IN')) p.expectKw('FROM');
    const table = parseObjectName(p);
    const database = p.acceptKw('IN') || p.acceptKw('FROM') ? parseObjectName(p) : null;
    return { kind: 'showColumns', table, database, span: span() };
  }
  if (p.acceptKw('TBLPROPERTIES')) {
    const table = parseObjectName(p);
    const key = p.isOp('(') ? (parseProperties(p, true)[0]?.key ?? null) : null;
    return { kind: 'showTblProperties', table, key, span: span() };
  }
  if (p.acceptKw('CREATE', 'TABLE')) {
    const table = parseObjectName(p);
    return { kind: 'showCreateTable', table, asSerde: p.acceptKw('AS', 'SERDE'), span: span() };
  }
  if (p.acceptKw('PARTITIONS')) {
    const table = parseObjectName(p);
    return {
      kind: 'showPartitions',
      table,
      partition: p.isKw('PARTITION') ? parsePartitionSpec(p) : [],
      span: span(),
    };
  }
  let scope: 'USER' | 'SYSTEM' | 'ALL' | null = null;
  if (p.isAnyKw(['USER', 'SYSTEM', 'ALL']) && p.isKw('FUNCTIONS', 1)) scope = p.advance().upper as 'USER';
  p.expectKw('FUNCTIONS');
  if (p.acceptKw('IN') || p.acceptKw('FROM')) parseObjectName(p);
  const pat =
    p.tok.type === 'string' || p.isKw('LIKE')
      ? pattern(p)
      : p.isIdentifier()
        ? p.multipartIdentifier().join('.')
        : null;
  return { kind: 'showFunctions', scope, pattern: pat, span: span() };
}

export function parseDescribe(p: Parser, start: number): MiscStatement {
  p.advance();
  const span = () => p.spanFrom(start);
  if (p.acceptKw('DETAIL')) return { kind: 'describeDetail', name: parseObjectName(p), span: span() };
  if (p.acceptKw('HISTORY')) {
    const name = parseObjectName(p);
    let limit: number | null = null;
    if (p.acceptKw('LIMIT')) limit = Number(p.advance().value);
    return { kind: 'describeHistory', name, limit, span: span() };
  }
  if (p.acceptKw('QUERY') || (isQueryStart(p) && !p.isKw('TABLE')))
    return { kind: 'describeQuery', query: parseQuery(p), span: span() };
  if (p.acceptKw('FUNCTION')) {
    const extended = p.acceptKw('EXTENDED');
    const name = p.tok.type === 'string' ? [parseString(p)] : p.multipartIdentifier();
    return { kind: 'describeFunction', name, extended, span: span() };
  }
  if (p.isKw('DATABASE') || p.isKw('SCHEMA') || p.isKw('NAMESPACE')) {
    p.advance();
    const extended = p.acceptKw('EXTENDED');
    return { kind: 'describeDatabase', name: parseObjectName(p), extended, span: span() };
  }
  p.acceptKw('TABLE');
  const extended = p.acceptKw('EXTENDED') || p.acceptKw('FORMATTED');
  const name = parseObjectName(p);
  const partition = p.isKw('PARTITION') ? parsePartitionSpec(p) : [];
  const atJson = () => p.isKw('AS') && p.isKw('JSON', 1);
  const column = p.atEnd() || p.isOp(';') || atJson() ? null : p.multipartIdentifier();
  const asJson = p.acceptKw('AS', 'JSON');
  // AstBuilder.visitDescribeRelation's checks, in its order.
  if (asJson && !extended) {
    throw new LakesqlError('DESCRIBE_JSON_NOT_EXTENDED', { tableName: name.parts[name.parts.length - 1]! });
  }
  if (column && partition.length > 0)
    throw new LakesqlError('UNSUPPORTED_FEATURE.DESC_TABLE_COLUMN_PARTITION', {});
  if (column && asJson) throw new LakesqlError('UNSUPPORTED_FEATURE.DESC_TABLE_COLUMN_JSON', {});
  const empty = partition.find((e) => e.value === null);
  if (empty) {
    throw p.errorOver(
      'INVALID_SQL_SYNTAX.EMPTY_PARTITION_VALUE',
      { partKey: `\`${empty.column.replaceAll('`', '``')}\`` },
      start,
      p.prev.end,
    );
  }
  return { kind: 'describeTable', name, extended, partition, column, asJson, span: span() };
}

/**
 * `EXPLAIN [EXTENDED | FORMATTED | CODEGEN | COST] statement`
 * (https://spark.apache.org/docs/latest/sql-ref-syntax-qry-explain.html). Spark's grammar also has
 * LOGICAL, which its parser refuses ("Operation not allowed: EXPLAIN LOGICAL"); lakesql refuses it too.
 */
export function parseExplain(p: Parser, start: number, statement: (p: Parser) => Statement): MiscStatement {
  p.expectKw('EXPLAIN');
  let mode: ExplainMode = 'SIMPLE';
  if (p.isKw('LOGICAL')) {
    throw p.errorOver('UNSUPPORTED_FEATURE', { feature: 'EXPLAIN LOGICAL' }, p.tok.start, p.tok.end);
  }
  if (p.isAnyKw(['EXTENDED', 'FORMATTED', 'CODEGEN', 'COST'])) mode = p.advance().upper as ExplainMode;
  return { kind: 'explain', mode, statement: statement(p), span: p.spanFrom(start) };
}

export function parseCache(p: Parser, start: number): MiscStatement {
  const lazy = p.acceptKw('CACHE', 'LAZY');
  if (!lazy) p.expectKw('CACHE');
  p.expectKw('TABLE');
  const name = parseObjectName(p);
  let options: Property[] = [];
  if (p.acceptKw('OPTIONS')) options = parseProperties(p);
  let query = null;
  if (p.acceptKw('AS') || isQueryStart(p)) query = parseQuery(p);
  return { kind: 'cacheTable', lazy, name, options, query, span: p.spanFrom(start) };
}

export function parseUncache(p: Parser, start: number): MiscStatement {
  p.expectKw('UNCACHE', 'TABLE');
  const ifExists = p.acceptKw('IF', 'EXISTS');
  return { kind: 'uncacheTable', name: parseObjectName(p), ifExists, span: p.spanFrom(start) };
}

export function parseAnalyze(p: Parser, start: number): MiscStatement {
  p.expectKw('ANALYZE', 'TABLE');
  const name = parseObjectName(p);
  if (p.isKw('PARTITION')) parsePartitionSpec(p);
  p.expectKw('COMPUTE', 'STATISTICS');
  let noScan = false;
  let columns: string[] | 'all' | null = null;
  if (p.acceptKw('NOSCAN')) noScan = true;
  else if (p.acceptKw('FOR', 'ALL', 'COLUMNS')) columns = 'all';
  else if (p.acceptKw('FOR', 'COLUMNS')) columns = p.commaList(() => p.multipartIdentifier().join('.'));
  return { kind: 'analyzeTable', name, noScan, columns, span: p.spanFrom(start) };
}

export function parseRefresh(p: Parser, start: number): MiscStatement {
  p.expectKw('REFRESH');
  if (p.tok.type === 'string')
    return { kind: 'refresh', target: 'path', name: parseString(p), span: p.spanFrom(start) };
  if (p.acceptKw('FUNCTION'))
    return {
      kind: 'refresh',
      target: 'function',
      name: p.multipartIdentifier().join('.'),
      span: p.spanFrom(start),
    };
  p.acceptKw('TABLE');
  return {
    kind: 'refresh',
    target: 'table',
    name: parseObjectName(p).parts.join('.'),
    span: p.spanFrom(start),
  };
}

export function parseMsck(p: Parser, start: number): MiscStatement {
  p.expectKw('MSCK', 'REPAIR', 'TABLE');
  const name = parseObjectName(p);
  let option: 'ADD' | 'DROP' | 'SYNC' | null = null;
  if (p.isAnyKw(['ADD', 'DROP', 'SYNC'])) {
    option = p.advance().upper as 'ADD';
    p.expectKw('PARTITIONS');
  }
  return { kind: 'repairTable', name, option, span: p.spanFrom(start) };
}

export function parseRestore(p: Parser, start: number): MiscStatement {
  p.expectKw('RESTORE');
  p.acceptKw('TABLE');
  const table = parseObjectName(p);
  // Delta's grammar: RESTORE TABLE? qualifiedName TO? temporalClause.
  p.acceptKw('TO');
  const timeTravel = parseStatementTimeTravel(p);
  if (!timeTravel) throw p.error();
  return { kind: 'restore', table, timeTravel, span: p.spanFrom(start) };
}

export function parseOptimize(p: Parser, start: number): MiscStatement {
  p.expectKw('OPTIMIZE');
  const table = parseObjectName(p);
  // Delta's grammar: OPTIMIZE table FULL? (WHERE …)? (ZORDER BY …)?
  const full = p.acceptKw('FULL');
  const where = p.acceptKw('WHERE') ? parseExpression(p) : null;
  let zorderBy: string[][] = [];
  if (p.acceptKw('ZORDER', 'BY')) {
    if (p.acceptOp('(')) {
      zorderBy = p.commaList(() => p.multipartIdentifier());
      p.expectOp(')');
    } else zorderBy = p.commaList(() => p.multipartIdentifier());
  }
  return { kind: 'optimize', table, full, where, zorderBy, span: p.spanFrom(start) };
}

/**
 * Delta's `REORG TABLE t [WHERE partition_predicate] APPLY (PURGE)`. The other form Databricks has,
 * `APPLY (UPGRADE UNIFORM (...))`, is refused here by name.
 */
/** Delta's `GENERATE mode FOR TABLE t` (DeltaSqlBase.g4: `GENERATE modeName=identifier FOR TABLE table`). */
export function parseGenerate(p: Parser, start: number): MiscStatement {
  p.expectKw('GENERATE');
  const mode = p.identifier();
  p.expectKw('FOR', 'TABLE');
  const table = parseObjectName(p);
  return { kind: 'generate', mode, table, span: p.spanFrom(start) };
}

export function parseReorg(p: Parser, start: number): MiscStatement {
  p.expectKw('REORG', 'TABLE');
  const table = parseObjectName(p);
  const where = p.acceptKw('WHERE') ? parseExpression(p) : null;
  p.expectKw('APPLY');
  p.expectOp('(');
  if (p.isKw('UPGRADE')) {
    throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: 'REORG TABLE … APPLY (UPGRADE UNIFORM …)' });
  }
  p.expectKw('PURGE');
  p.expectOp(')');
  return { kind: 'reorg', table, where, span: p.spanFrom(start) };
}

export function parseVacuum(p: Parser, start: number): MiscStatement {
  p.expectKw('VACUUM');
  const table = parseObjectName(p);
  let retainHours: number | null = null;
  let dryRun = false;
  let mode: 'LITE' | 'FULL' | null = null;
  for (;;) {
    if (p.acceptKw('RETAIN')) {
      const t = p.advance();
      if (t.type !== 'number') throw p.error(t);
      retainHours = Number(t.value);
      p.expectKw('HOURS');
    } else if (p.acceptKw('DRY', 'RUN')) dryRun = true;
    else if (p.isKw('LITE') || p.isKw('FULL')) mode = p.advance().upper as 'LITE';
    else break;
  }
  return { kind: 'vacuum', table, retainHours, dryRun, mode, span: p.spanFrom(start) };
}

/**
 * Databricks' `FSCK REPAIR TABLE t [DRY RUN]`. The fsck modes of Databricks Runtime 18 (METADATA ONLY,
 * VERIFY ALL FILES, VERIFY FILES MODIFIED BETWEEN …) are refused by name.
 */
export function parseFsck(p: Parser, start: number): MiscStatement {
  p.expectKw('FSCK', 'REPAIR', 'TABLE');
  const table = parseObjectName(p);
  if (p.isKw('METADATA') || p.isKw('VERIFY')) {
    throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: `FSCK REPAIR TABLE … ${p.peek().upper}` });
  }
  const dryRun = p.acceptKw('DRY', 'RUN');
  return { kind: 'fsckRepair', table, dryRun, span: p.spanFrom(start) };
}

export function parseConvert(p: Parser, start: number): MiscStatement {
  p.expectKw('CONVERT', 'TO', 'DELTA');
  const table = parseObjectName(p);
  const noStatistics = p.acceptKw('NO', 'STATISTICS');
  let partitionedBy = [] as ReturnType<typeof parseColumnDefinition>[];
  if (p.acceptKw('PARTITIONED', 'BY')) {
    p.expectOp('(');
    partitionedBy = p.commaList(() => parseColumnDefinition(p));
    p.expectOp(')');
  }
  return { kind: 'convertToDelta', table, noStatistics, partitionedBy, span: p.spanFrom(start) };
}

export function parseCopyInto(p: Parser, start: number): MiscStatement {
  p.expectKw('COPY', 'INTO');
  const table = parseObjectName(p);
  p.expectKw('FROM');
  let source: { kind: 'path'; path: string } | { kind: 'query'; query: ReturnType<typeof parseQuery> };
  if (p.isOp('(')) {
    p.advance();
    source = { kind: 'query', query: parseQuery(p) };
    p.expectOp(')');
  } else source = { kind: 'path', path: parseString(p) };
  let fileFormat: string | null = null;
  let files: string[] | null = null;
  let patternText: string | null = null;
  let formatOptions: Property[] = [];
  let copyOptions: Property[] = [];
  for (;;) {
    if (p.acceptKw('FILEFORMAT')) {
      p.expectOp('=');
      fileFormat = p.identifier().toUpperCase();
    } else if (p.acceptKw('FILES')) {
      p.expectOp('=');
      p.expectOp('(');
      files = p.commaList(() => parseString(p));
      p.expectOp(')');
    } else if (p.acceptKw('PATTERN')) {
      p.expectOp('=');
      patternText = parseString(p);
    } else if (p.acceptKw('FORMAT_OPTIONS')) formatOptions = parseProperties(p);
    else if (p.acceptKw('COPY_OPTIONS')) copyOptions = parseProperties(p);
    else break;
  }
  if (fileFormat === null) throw p.error();
  return {
    kind: 'copyInto',
    table,
    source,
    fileFormat,
    files,
    pattern: patternText,
    formatOptions,
    copyOptions,
    span: p.spanFrom(start),
  };
}
