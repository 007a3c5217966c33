/**
 * CREATE / REPLACE TABLE, CREATE VIEW, ALTER TABLE / VIEW, DROP, CREATE / DROP DATABASE|SCHEMA, TRUNCATE
 * (Spark's createTableHeader + createTableClauses, Databricks' CREATE TABLE [USING] reference).
 */
import { LakesqlError } from '../../errors/index.js';
import type { Property } from '../ast/common.js';
import type { TimeTravel } from '../ast/query.js';
import type {
  AlterColumnChange,
  AlterTableAction,
  BucketSpec,
  ColumnDefinition,
  CreateTable,
  DdlStatement,
  PartitionColumn,
  TableConstraint,
  ViewSchemaBinding,
} from '../ast/statements-ddl.js';
import type { FunctionStatement } from '../ast/statements-functions.js';
import {
  parseColumnDefinition,
  parseColumnPosition,
  parseIdentifierName,
  parseObjectName,
  parseProperties,
  parseString,
} from './clauses.js';
import { parseCreateFunction } from './create-function.js';
import { parseCollationName, parseDataType } from './data-types.js';
import { parseExpression } from './expressions.js';
import type { Parser } from './parser-core.js';
import { parseQuery } from './query.js';

/** At CREATE / REPLACE: a table, view or database statement. */
export function parseCreate(p: Parser, start: number): DdlStatement | FunctionStatement {
  if (p.acceptKw('REPLACE')) return parseCreateTable(p, 'replace', false, start);
  p.expectKw('CREATE');
  const orReplace = p.acceptKw('OR', 'REPLACE');
  if (p.isKw('DATABASE') || p.isKw('SCHEMA')) return parseCreateDatabase(p, start);
  const global = p.acceptKw('GLOBAL');
  const temporary = p.acceptKw('TEMPORARY') || p.acceptKw('TEMP');
  if (p.isKw('FUNCTION') && !global) return parseCreateFunction(p, orReplace, temporary, start);
  if (p.acceptKw('VIEW'))
    return parseCreateView(p, orReplace, temporary ? (global ? 'global' : 'local') : null, start);
  // Spark's createTableHeader has TEMPORARY but neither GLOBAL nor OR REPLACE.
  if (global || (temporary && orReplace)) throw p.error();
  const external = p.acceptKw('EXTERNAL');
  const table = parseCreateTable(p, orReplace ? 'createOrReplace' : 'create', external, start);
  return temporary ? legacyTemporaryTable(table) : table;
}

/**
 * CREATE TEMPORARY TABLE … USING: Spark's deprecated spelling of CREATE TEMPORARY VIEW … USING
 * (SparkSqlAstBuilder.visitCreateTable), with its refusals; LOCATION becomes the `path` option.
 */
function legacyTemporaryTable(table: CreateTable): DdlStatement {
  const notAllowed = (message: string) => new LakesqlError('_LEGACY_ERROR_TEMP_0035', { message });
  if (table.query) throw notAllowed('CREATE TEMPORARY TABLE ... AS ..., use CREATE TEMPORARY VIEW instead');
  if (table.external) throw notAllowed('CREATE EXTERNAL TABLE ... USING');
  if (table.ifNotExists) throw notAllowed('CREATE TEMPORARY TABLE IF NOT EXISTS');
  if (table.like || table.clone) throw notAllowed('CREATE TEMPORARY TABLE ... LIKE / CLONE');
  if (table.using === null) throw new LakesqlError('_LEGACY_ERROR_TEMP_0046', {});
  const options =
    table.location === null ? table.options : [...table.options, { key: 'path', value: table.location }];
  return {
    kind: 'createTempViewUsing',
    name: table.name,
    orReplace: false,
    global: false,
    columns: table.columns,
    provider: table.using,
    options,
    span: table.span,
  };
}

function parseTableElements(p: Parser): { columns: ColumnDefinition[]; constraints: TableConstraint[] } {
  const columns: ColumnDefinition[] = [];
  const constraints: TableConstraint[] = [];
  p.expectOp('(');
  do {
    if (
      p.isKw('CONSTRAINT') ||
      ((p.isKw('PRIMARY') || p.isKw('FOREIGN')) && p.isKw('KEY', 1)) ||
      (p.isKw('CHECK') && p.isOp('(', 1))
    ) {
      constraints.push(parseConstraint(p));
    } else {
      columns.push(parseColumnDefinition(p));
    }
  } while (p.acceptOp(','));
  p.expectOp(')');
  return { columns, constraints };
}

function parseConstraint(p: Parser): TableConstraint {
  const start = p.tok.start;
  const name = p.acceptKw('CONSTRAINT') ? p.identifier() : null;
  if (p.acceptKw('CHECK')) {
    p.expectOp('(');
    const condition = parseExpression(p);
    p.expectOp(')');
    skipConstraintOptions(p);
    return { kind: 'check', name, condition, span: p.spanFrom(start) };
  }
  if (p.acceptKw('PRIMARY', 'KEY')) {
    const columns = p.identifierList();
    skipConstraintOptions(p);
    return { kind: 'primaryKey', name, columns, span: p.spanFrom(start) };
  }
  p.expectKw('FOREIGN', 'KEY');
  const columns = p.identifierList();
  p.expectKw('REFERENCES');
  const references = parseObjectName(p);
  const referencedColumns = p.isOp('(') ? p.identifierList() : [];
  skipConstraintOptions(p);
  return { kind: 'foreignKey', name, columns, references, referencedColumns, span: p.spanFrom(start) };
}

/** NOT ENFORCED, RELY / NORELY, DEFERRABLE …: informational, accepted and dropped. */
function skipConstraintOptions(p: Parser): void {
  while (
    p.isAnyKw([
      'NOT',
      'ENFORCED',
      'RELY',
      'NORELY',
      'DEFERRABLE',
      'INITIALLY',
      'DEFERRED',
      'IMMEDIATE',
      'VALIDATE',
      'NOVALIDATE',
      'MATCH',
      'FULL',
    ])
  ) {
    p.advance();
  }
}

function parseClusterColumns(p: Parser): string[][] {
  p.expectOp('(');
  const cols = p.isOp(')') ? [] : p.commaList(() => p.multipartIdentifier());
  p.expectOp(')');
  return cols;
}

function parseCreateTable(
  p: Parser,
  mode: CreateTable['mode'],
  external: boolean,
  start: number,
): CreateTable {
  p.expectKw('TABLE');
  const ifNotExists = p.acceptKw('IF', 'NOT', 'EXISTS');
  const name = parseObjectName(p);
  let columns: ColumnDefinition[] | null = null;
  let constraints: TableConstraint[] = [];
  let like = null;
  let clone: CreateTable['clone'] = null;
  if (p.isOp('(') && !p.isKw('SELECT', 1) && !p.isOp('(', 1)) {
    ({ columns, constraints } = parseTableElements(p));
  }
  if (p.acceptKw('LIKE')) like = parseObjectName(p);
  let using: string | null = null;
  let options: Property[] = [];
  let partitionedBy: PartitionColumn[] = [];
  let clusterBy: string[][] | null = null;
  let clusterByAuto = false;
  let bucketSpec: BucketSpec | null = null;
  let location: string | null = null;
  let comment: string | null = null;
  let properties: Property[] = [];
  for (;;) {
    if (p.acceptKw('USING') || p.acceptKw('STORED', 'AS')) using = p.identifier();
    else if (p.acceptKw('OPTIONS')) options = parseProperties(p);
    else if (p.acceptKw('PARTITIONED', 'BY')) partitionedBy = parsePartitionColumns(p);
    else if (p.acceptKw('CLUSTER', 'BY')) {
      if (p.acceptKw('AUTO')) {
        clusterByAuto = true;
        clusterBy = [];
      } else if (p.acceptKw('NONE')) clusterBy = [];
      else clusterBy = parseClusterColumns(p);
    } else if (p.acceptKw('CLUSTERED', 'BY')) bucketSpec = parseBucketSpec(p);
    else if (p.acceptKw('LOCATION')) location = parseString(p);
    else if (p.acceptKw('COMMENT')) comment = parseString(p);
    else if (p.acceptKw('TBLPROPERTIES')) properties = parseProperties(p);
    else if (p.isKw('SHALLOW') || p.isKw('DEEP') || p.isKw('CLONE')) {
      const shallow = p.acceptKw('SHALLOW');
      if (!shallow) p.acceptKw('DEEP');
      p.expectKw('CLONE');
      const source = parseObjectName(p);
      clone = { shallow, source, timeTravel: parseStatementTimeTravel(p) };
    } else break;
  }
  ({ options, location } = tablePathFromOptions(options, location));
  let query = null;
  if (
    p.acceptKw('AS') ||
    p.isKw('SELECT') ||
    p.isKw('WITH') ||
    p.isKw('VALUES') ||
    p.isOp('(') ||
    p.isKw('FROM') ||
    p.isKw('TABLE')
  ) {
    query = parseQuery(p);
  }
  return {
    kind: 'createTable',
    name,
    mode,
    ifNotExists,
    external,
    columns,
    constraints,
    using,
    options,
    partitionedBy,
    clusterBy,
    clusterByAuto,
    bucketSpec,
    location,
    comment,
    properties,
    query,
    clone,
    like,
    span: p.spanFrom(start),
  };
}

const MAX_BUCKETS = 100000;

/**
 * `CLUSTERED BY (cols) [SORTED BY (col [ASC], …)] INTO n BUCKETS`, after the CLUSTERED BY keywords
 * (AstBuilder.visitBucketSpec): a sort column may say ASC but never DESC.
 */
function parseBucketSpec(p: Parser): BucketSpec {
  const bucketColumnNames = p.identifierList();
  let sortColumnNames: string[] = [];
  if (p.acceptKw('SORTED', 'BY')) {
    p.expectOp('(');
    sortColumnNames = p.commaList(() => {
      const name = p.identifier();
      if (p.isKw('DESC')) {
        throw new LakesqlError('_LEGACY_ERROR_TEMP_0035', {
          message: `Column ordering must be ASC, was '${p.tok.value}'`,
        });
      }
      p.acceptKw('ASC');
      return name;
    });
    p.expectOp(')');
  }
  p.expectKw('INTO');
  const count = p.advance();
  if (count.type !== 'number' || !/^\d+$/.test(count.value)) throw p.error(count);
  p.expectKw('BUCKETS');
  const numBuckets = Number(count.value);
  // BucketSpec's own check, against spark.sql.sources.bucketing.maxBuckets' default.
  if (numBuckets <= 0 || numBuckets > MAX_BUCKETS) {
    throw new LakesqlError('INVALID_BUCKET_COUNT', {
      bucketingMaxBuckets: String(MAX_BUCKETS),
      numBuckets: count.value,
    });
  }
  return { numBuckets, bucketColumnNames, sortColumnNames };
}

/** VERSION AS OF n / TIMESTAMP AS OF expr after a statement's table name. */
export function parseStatementTimeTravel(p: Parser): TimeTravel | null {
  if (p.acceptKw('VERSION', 'AS', 'OF')) return { kind: 'version', version: parseExpression(p) };
  if (p.acceptKw('TIMESTAMP', 'AS', 'OF')) return { kind: 'timestamp', timestamp: parseExpression(p) };
  return null;
}

function parsePartitionColumns(p: Parser): PartitionColumn[] {
  p.expectOp('(');
  const cols = p.commaList((): PartitionColumn => {
    if (p.isOp(',', 1) || p.isOp(')', 1)) return { kind: 'name', name: p.identifier() };
    return { kind: 'column', column: parseColumnDefinition(p) };
  });
  p.expectOp(')');
  return cols;
}

/** `WITH SCHEMA BINDING | COMPENSATION | EVOLUTION | TYPE EVOLUTION` (Spark's schemaBinding rule). */
function parseSchemaBinding(p: Parser): ViewSchemaBinding {
  p.expectKw('WITH');
  p.expectKw('SCHEMA');
  if (p.acceptKw('BINDING')) return 'BINDING';
  if (p.acceptKw('COMPENSATION')) return 'COMPENSATION';
  if (p.acceptKw('TYPE')) {
    p.expectKw('EVOLUTION');
    return 'TYPE EVOLUTION';
  }
  p.expectKw('EVOLUTION');
  return 'EVOLUTION';
}

function parseCreateView(
  p: Parser,
  orReplace: boolean,
  temporary: 'local' | 'global' | null,
  start: number,
): DdlStatement {
  const ifNotExists = p.acceptKw('IF', 'NOT', 'EXISTS');
  const name = parseObjectName(p);
  // Spark's createTempViewUsing: typed columns (a name then a type, not `,` `)` or COMMENT) or USING.
  const typedColumns =
    p.isOp('(') && !p.isOp(',', 2) && !p.isOp(')', 2) && !p.isKw('COMMENT', 2) && !p.isKw('SELECT', 1);
  if (temporary && !ifNotExists && (p.isKw('USING') || typedColumns)) {
    const columns = typedColumns ? parseTableElements(p).columns : null;
    p.expectKw('USING');
    const provider = p.identifier();
    const options = p.acceptKw('OPTIONS') ? parseProperties(p) : [];
    return {
      kind: 'createTempViewUsing',
      name,
      orReplace,
      global: temporary === 'global',
      columns,
      provider,
      options,
      span: p.spanFrom(start),
    };
  }
  let columns = null;
  if (p.isOp('(')) {
    p.advance();
    columns = p.commaList(() => {
      const n = p.identifier();
      return { name: n, comment: p.acceptKw('COMMENT') ? parseString(p) : null };
    });
    p.expectOp(')');
  }
  let comment: string | null = null;
  let properties: Property[] = [];
  let schemaBinding: ViewSchemaBinding | null = null;
  let defaultCollation: string | null = null;
  for (;;) {
    if (p.acceptKw('COMMENT')) comment = parseString(p);
    else if (p.acceptKw('DEFAULT', 'COLLATION')) defaultCollation = parseCollationName(p);
    else if (p.isKw('WITH') && p.isKw('SCHEMA', 1)) schemaBinding = parseSchemaBinding(p);
    else if (p.acceptKw('TBLPROPERTIES')) properties = parseProperties(p);
    else if (p.acceptKw('PARTITIONED', 'ON')) p.identifierList();
    else break;
  }
  p.expectKw('AS');
  const queryStart = p.tok.start;
  const query = parseQuery(p);
  const queryText = p.text.slice(queryStart, p.prev.end);
  return {
    kind: 'createView',
    name,
    orReplace,
    temporary,
    ifNotExists,
    columns,
    comment,
    properties,
    schemaBinding,
    defaultCollation,
    query,
    queryText,
    span: p.spanFrom(start),
  };
}

function parseCreateDatabase(p: Parser, start: number): DdlStatement {
  p.advance();
  const ifNotExists = p.acceptKw('IF', 'NOT', 'EXISTS');
  const name = parseIdentifierName(p);
  let comment: string | null = null;
  let location: string | null = null;
  let properties: Property[] = [];
  for (;;) {
    if (p.acceptKw('COMMENT')) comment = parseString(p);
    else if (p.acceptKw('LOCATION') || p.acceptKw('MANAGED', 'LOCATION')) location = parseString(p);
    else if (
      p.acceptKw('WITH', 'DBPROPERTIES') ||
      p.acceptKw('WITH', 'PROPERTIES') ||
      p.acceptKw('DBPROPERTIES')
    )
      properties = parseProperties(p);
    else break;
  }
  return {
    kind: 'createDatabase',
    name,
    ifNotExists,
    comment,
    location,
    properties,
    span: p.spanFrom(start),
  };
}

export function parseDrop(p: Parser, start: number): DdlStatement {
  p.expectKw('DROP');
  if (p.isKw('DATABASE') || p.isKw('SCHEMA')) {
    p.advance();
    const ifExists = p.acceptKw('IF', 'EXISTS');
    const name = parseIdentifierName(p);
    const cascade = p.acceptKw('CASCADE');
    if (!cascade) p.acceptKw('RESTRICT');
    return { kind: 'dropDatabase', name, ifExists, cascade, span: p.spanFrom(start) };
  }
  if (p.acceptKw('VIEW')) {
    const ifExists = p.acceptKw('IF', 'EXISTS');
    return { kind: 'dropView', name: parseObjectName(p), ifExists, span: p.spanFrom(start) };
  }
  p.acceptKw('TEMPORARY');
  p.expectKw('TABLE');
  const ifExists = p.acceptKw('IF', 'EXISTS');
  const name = parseIdentifierName(p);
  const purge = p.acceptKw('PURGE');
  return { kind: 'dropTable', name, ifExists, purge, span: p.spanFrom(start) };
}

export function parseAlter(p: Parser, start: number): DdlStatement {
  p.expectKw('ALTER');
  const view = p.acceptKw('VIEW');
  if (!view) p.expectKw('TABLE');
  const name = parseIdentifierName(p);
  if (view && p.acceptKw('AS'))
    return { kind: 'alterViewAs', name, query: parseQuery(p), span: p.spanFrom(start) };
  if (view && p.isKw('WITH') && p.isKw('SCHEMA', 1)) {
    const schemaBinding = parseSchemaBinding(p);
    return { kind: 'alterViewSchemaBinding', name, schemaBinding, span: p.spanFrom(start) };
  }
  const action = parseAlterAction(p);
  return { kind: 'alterTable', view, name, action, span: p.spanFrom(start) };
}

function parseAlterAction(p: Parser): AlterTableAction {
  if (p.acceptKw('ADD')) {
    if (p.isKw('CONSTRAINT') || p.isKw('CHECK') || p.isKw('PRIMARY') || p.isKw('FOREIGN')) {
      return { kind: 'addConstraint', constraint: parseConstraint(p) };
    }
    if (!p.acceptKw('COLUMNS')) p.acceptKw('COLUMN');
    if (p.acceptOp('(')) {
      const columns = p.commaList(() => parseColumnDefinition(p, true, true));
      p.expectOp(')');
      return { kind: 'addColumns', columns };
    }
    return { kind: 'addColumns', columns: p.commaList(() => parseColumnDefinition(p, true, true)) };
  }
  if (p.acceptKw('DROP')) {
    if (p.acceptKw('FEATURE')) {
      const feature = p.tok.type === 'string' ? parseString(p) : p.identifier();
      return { kind: 'dropFeature', feature, truncateHistory: p.acceptKw('TRUNCATE', 'HISTORY') };
    }
    if (p.acceptKw('CONSTRAINT')) {
      const ifExists = p.acceptKw('IF', 'EXISTS');
      const cname = p.identifier();
      p.acceptKw('CASCADE') || p.acceptKw('RESTRICT');
      return { kind: 'dropConstraint', name: cname, ifExists };
    }
    if (!p.acceptKw('COLUMNS')) p.expectKw('COLUMN');
    const ifExists = p.acceptKw('IF', 'EXISTS');
    if (p.acceptOp('(')) {
      const columns = p.commaList(() => p.multipartIdentifier());
      p.expectOp(')');
      return { kind: 'dropColumns', columns, ifExists };
    }
    return { kind: 'dropColumns', columns: p.commaList(() => p.multipartIdentifier()), ifExists };
  }
  if (p.acceptKw('RENAME', 'COLUMN')) {
    const column = p.multipartIdentifier();
    p.expectKw('TO');
    return { kind: 'renameColumn', column, newName: p.identifier() };
  }
  if (p.acceptKw('RENAME', 'TO')) return { kind: 'renameTo', newName: parseObjectName(p) };
  if (p.acceptKw('SET', 'TBLPROPERTIES')) return { kind: 'setProperties', properties: parseProperties(p) };
  if (p.acceptKw('UNSET', 'TBLPROPERTIES')) {
    const ifExists = p.acceptKw('IF', 'EXISTS');
    return { kind: 'unsetProperties', keys: parseProperties(p, true).map((x) => x.key), ifExists };
  }
  if (p.acceptKw('SET', 'LOCATION')) return { kind: 'setLocation', location: parseString(p) };
  if (p.acceptKw('CLUSTER', 'BY')) {
    if (p.acceptKw('NONE')) return { kind: 'clusterBy', columns: [] };
    return { kind: 'clusterBy', columns: parseClusterColumns(p) };
  }
  if (p.acceptKw('REPLACE', 'COLUMNS')) {
    p.expectOp('(');
    const columns = p.commaList(() => parseColumnDefinition(p));
    p.expectOp(')');
    return { kind: 'replaceColumns', columns };
  }
  if (p.isKw('ALTER') || p.isKw('CHANGE')) {
    const change = p.advance().upper === 'CHANGE';
    p.acceptKw('COLUMN');
    const column = p.multipartIdentifier();
    if (change && p.isIdentifier() && !p.isAnyKw(['TYPE', 'COMMENT', 'SET', 'DROP', 'FIRST', 'AFTER'])) {
      const newName = p.identifier();
      const dataType = parseDataType(p);
      const comment = p.acceptKw('COMMENT') ? parseString(p) : null;
      return { kind: 'changeColumn', column, newName, dataType, comment, position: parseColumnPosition(p) };
    }
    const changes: AlterColumnChange[] = [];
    for (;;) {
      if (p.acceptKw('TYPE')) changes.push({ kind: 'type', dataType: parseDataType(p) });
      else if (p.acceptKw('COMMENT')) changes.push({ kind: 'comment', comment: parseString(p) });
      else if (p.acceptKw('SET', 'NOT', 'NULL')) changes.push({ kind: 'setNotNull' });
      else if (p.acceptKw('DROP', 'NOT', 'NULL')) changes.push({ kind: 'dropNotNull' });
      else if (p.acceptKw('SET', 'DEFAULT'))
        changes.push({ kind: 'setDefault', default: parseExpression(p) });
      else if (p.acceptKw('DROP', 'DEFAULT')) changes.push({ kind: 'dropDefault' });
      else if (p.isKw('FIRST') || p.isKw('AFTER'))
        changes.push({ kind: 'position', position: parseColumnPosition(p)! });
      else break;
    }
    if (changes.length === 0) {
      // AstBuilder.visitAlterTableAlterColumn: a column named with nothing to change is operationNotAllowed.
      const verb = change ? 'CHANGE' : 'ALTER';
      if (p.atEnd()) {
        throw new LakesqlError('_LEGACY_ERROR_TEMP_0035', {
          message: `ALTER TABLE table ${verb} COLUMN requires a TYPE, a SET/DROP, a COMMENT, or a FIRST/AFTER`,
        });
      }
      throw p.error();
    }
    return { kind: 'alterColumn', verb: change ? 'CHANGE' : 'ALTER', column, changes };
  }
  throw p.error();
}

/**
 * AstBuilder.cleanTableOptions: a `path` in OPTIONS (its key matched without regard to case) is the table's
 * location, as LOCATION would give it; both at once is an error.
 */
function tablePathFromOptions(
  options: Property[],
  location: string | null,
): { options: Property[]; location: string | null } {
  const paths = options.filter((o) => o.key.toLowerCase() === 'path');
  if (paths.length === 0) return { options, location };
  const path = String(paths[paths.length - 1]!.value ?? '');
  if (location !== null) {
    throw new LakesqlError('_LEGACY_ERROR_TEMP_0032', { pathOne: location, pathTwo: path });
  }
  return { options: options.filter((o) => o.key.toLowerCase() !== 'path'), location: path };
}
