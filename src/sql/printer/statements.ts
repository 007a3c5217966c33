/** Statement AST to Spark SQL (queries, DML and the rest; DDL in ddl.ts). */

import { assertNever } from '../../types/index.js';
import type { Property } from '../ast/common.js';
import type { TimeTravel } from '../ast/query.js';
import type { Statement } from '../ast/statements.js';
import type { PartitionSpecEntry } from '../ast/statements-ddl.js';
import type { Assignment, Insert, MergeClause } from '../ast/statements-dml.js';
import type { TimeZoneSetting } from '../ast/statements-misc.js';
import { printColumnDefinition, printDdl } from './ddl.js';
import { printExecuteImmediate } from './execute-immediate.js';
import { printExpression } from './expressions.js';
import { printFunctionStatement } from './function-statements.js';
import { printQuery, printRelation } from './query.js';
import { quoteIdentifier, quoteName, quoteString } from './quoting.js';
import { printVariableStatement } from './variables.js';

const list = <T>(xs: readonly T[], f: (x: T) => string) => xs.map(f).join(', ');

export function printProperties(props: readonly Property[]): string {
  return `(${list(props, (p) => {
    if (p.value === null) return quoteString(p.key);
    const v = typeof p.value === 'string' ? quoteString(p.value) : String(p.value);
    return `${quoteString(p.key)} = ${v}`;
  })})`;
}

export function printPartitionSpec(spec: readonly PartitionSpecEntry[]): string {
  if (!spec.length) return '';
  return ` PARTITION (${list(spec, (e) => (e.value ? `${quoteIdentifier(e.column)} = ${printExpression(e.value)}` : quoteIdentifier(e.column)))})`;
}

export function printTimeTravel(t: TimeTravel): string {
  return t.kind === 'version'
    ? `VERSION AS OF ${printExpression(t.version)}`
    : `TIMESTAMP AS OF ${printExpression(t.timestamp)}`;
}

const assignments = (a: readonly Assignment[]) =>
  list(a, (x) => `${quoteName(x.column)} = ${printExpression(x.value)}`);

function printInsert(s: Insert): string {
  let out = `INSERT ${s.schemaEvolution ? 'WITH SCHEMA EVOLUTION ' : ''}${s.overwrite ? 'OVERWRITE' : 'INTO'} TABLE ${quoteName(s.table.parts)}`;
  out += printPartitionSpec(s.partition);
  if (s.ifNotExists) out += ' IF NOT EXISTS';
  if (s.byName) out += ' BY NAME';
  if (s.columns) out += ` (${list(s.columns, quoteIdentifier)})`;
  if (s.replace?.kind === 'where') out += ` REPLACE WHERE ${printExpression(s.replace.condition)}`;
  if (s.replace?.kind === 'using') out += ` REPLACE USING (${list(s.replace.columns, quoteIdentifier)})`;
  if (s.replace?.kind === 'on') out += ` REPLACE ON ${printExpression(s.replace.condition)}`;
  return `${out} ${printQuery(s.query)}`;
}

function printMergeClause(c: MergeClause): string {
  const cond = c.condition ? ` AND ${printExpression(c.condition)}` : '';
  switch (c.kind) {
    case 'matched': {
      const a = c.action;
      const act =
        a.kind === 'delete'
          ? 'DELETE'
          : a.kind === 'updateAll'
            ? 'UPDATE SET *'
            : `UPDATE SET ${assignments(a.assignments)}`;
      return `WHEN MATCHED${cond} THEN ${act}`;
    }
    case 'notMatched': {
      const a = c.action;
      const act =
        a.kind === 'insertAll'
          ? 'INSERT *'
          : `INSERT ${a.columns ? `(${list(a.columns, quoteName)}) ` : ''}VALUES (${list(a.values, printExpression)})`;
      return `WHEN NOT MATCHED${cond} THEN ${act}`;
    }
    case 'notMatchedBySource': {
      const a = c.action;
      const act = a.kind === 'delete' ? 'DELETE' : `UPDATE SET ${assignments(a.assignments)}`;
      return `WHEN NOT MATCHED BY SOURCE${cond} THEN ${act}`;
    }
    default:
      return assertNever(c);
  }
}

const pattern = (p: string | null) => (p === null ? '' : ` LIKE ${quoteString(p)}`);

export function printStatement(s: Statement): string {
  switch (s.kind) {
    case 'queryStatement':
      return printQuery(s.query);
    case 'insert':
      return printInsert(s);
    case 'multiInsert':
      return s.inserts.map(printInsert).join('; ');
    case 'update':
      return `UPDATE ${quoteName(s.table.parts)}${s.alias ? ` AS ${quoteIdentifier(s.alias)}` : ''} SET ${assignments(s.assignments)}${s.where ? ` WHERE ${printExpression(s.where)}` : ''}`;
    case 'delete':
      return `DELETE FROM ${quoteName(s.table.parts)}${s.alias ? ` AS ${quoteIdentifier(s.alias)}` : ''}${s.where ? ` WHERE ${printExpression(s.where)}` : ''}`;
    case 'merge':
      return `MERGE ${s.schemaEvolution ? 'WITH SCHEMA EVOLUTION ' : ''}INTO ${quoteName(s.target.parts)}${s.targetAlias ? ` AS ${quoteIdentifier(s.targetAlias)}` : ''} USING ${printRelation(s.source)} ON ${printExpression(s.condition)} ${s.clauses.map(printMergeClause).join(' ')}`;
    case 'set':
      if (s.verbose) return 'SET -v';
      if (s.key === null) return 'SET';
      return s.value === null ? `SET ${s.key}` : `SET ${s.key} = ${s.value}`;
    case 'setTimeZone':
      return `SET TIME ZONE ${printTimeZoneSetting(s.zone)}`;
    case 'reset':
      return s.key === null ? 'RESET' : `RESET ${s.key}`;
    case 'use':
      return `USE ${s.target === 'catalog' ? 'CATALOG ' : s.target === 'database' ? 'DATABASE ' : ''}${quoteName(s.name.parts)}`;
    case 'explain':
      return `EXPLAIN ${s.mode === 'SIMPLE' ? '' : `${s.mode} `}${printStatement(s.statement)}`;
    case 'describeTable':
      return `DESCRIBE TABLE ${s.extended ? 'EXTENDED ' : ''}${quoteName(s.name.parts)}${printPartitionSpec(s.partition)}${s.column ? ` ${quoteName(s.column)}` : ''}${s.asJson ? ' AS JSON' : ''}`;
    case 'describeDetail':
      return `DESCRIBE DETAIL ${quoteName(s.name.parts)}`;
    case 'describeHistory':
      return `DESCRIBE HISTORY ${quoteName(s.name.parts)}${s.limit === null ? '' : ` LIMIT ${s.limit}`}`;
    case 'describeQuery':
      return `DESCRIBE QUERY ${printQuery(s.query)}`;
    case 'describeFunction':
      return `DESCRIBE FUNCTION ${s.extended ? 'EXTENDED ' : ''}${quoteName(s.name)}`;
    case 'describeDatabase':
      return `DESCRIBE DATABASE ${s.extended ? 'EXTENDED ' : ''}${quoteName(s.name.parts)}`;
    case 'showDatabases':
      return `SHOW DATABASES${pattern(s.pattern)}`;
    case 'showCatalogs':
      return `SHOW CATALOGS${pattern(s.pattern)}`;
    case 'showTables':
      return `SHOW ${s.views ? 'VIEWS' : s.extended ? 'TABLE EXTENDED' : 'TABLES'}${s.database ? ` IN ${quoteName(s.database.parts)}` : ''}${pattern(s.pattern)}`;
    case 'showColumns':
      return `SHOW COLUMNS IN ${quoteName(s.table.parts)}${s.database ? ` IN ${quoteName(s.database.parts)}` : ''}`;
    case 'showTblProperties':
      return `SHOW TBLPROPERTIES ${quoteName(s.table.parts)}${s.key === null ? '' : ` (${quoteString(s.key)})`}`;
    case 'showCreateTable':
      return `SHOW CREATE TABLE ${quoteName(s.table.parts)}${s.asSerde ? ' AS SERDE' : ''}`;
    case 'showFunctions':
      return `SHOW ${s.scope ? `${s.scope} ` : ''}FUNCTIONS${pattern(s.pattern)}`;
    case 'showPartitions':
      return `SHOW PARTITIONS ${quoteName(s.table.parts)}${printPartitionSpec(s.partition)}`;
    case 'cacheTable':
      return `CACHE ${s.lazy ? 'LAZY ' : ''}TABLE ${quoteName(s.name.parts)}${s.options.length ? ` OPTIONS ${printProperties(s.options)}` : ''}${s.query ? ` AS ${printQuery(s.query)}` : ''}`;
    case 'uncacheTable':
      return `UNCACHE TABLE ${s.ifExists ? 'IF EXISTS ' : ''}${quoteName(s.name.parts)}`;
    case 'clearCache':
      return 'CLEAR CACHE';
    case 'analyzeTable': {
      const tail = s.noScan
        ? ' NOSCAN'
        : s.columns === 'all'
          ? ' FOR ALL COLUMNS'
          : s.columns
            ? ` FOR COLUMNS ${list(s.columns, (c) => quoteName(c.split('.')))}`
            : '';
      return `ANALYZE TABLE ${quoteName(s.name.parts)} COMPUTE STATISTICS${tail}`;
    }
    case 'refresh':
      if (s.target === 'path') return `REFRESH ${quoteString(s.name)}`;
      return `REFRESH ${s.target === 'function' ? 'FUNCTION' : 'TABLE'} ${quoteName(s.name.split('.'))}`;
    case 'repairTable':
      return `MSCK REPAIR TABLE ${quoteName(s.name.parts)}${s.option ? ` ${s.option} PARTITIONS` : ''}`;
    case 'restore':
      return `RESTORE TABLE ${quoteName(s.table.parts)} TO ${printTimeTravel(s.timeTravel)}`;
    case 'optimize':
      return `OPTIMIZE ${quoteName(s.table.parts)}${s.full ? ' FULL' : ''}${s.where ? ` WHERE ${printExpression(s.where)}` : ''}${s.zorderBy.length ? ` ZORDER BY (${list(s.zorderBy, quoteName)})` : ''}`;
    case 'generate':
      return `GENERATE ${quoteIdentifier(s.mode)} FOR TABLE ${quoteName(s.table.parts)}`;
    case 'reorg':
      return `REORG TABLE ${quoteName(s.table.parts)}${s.where ? ` WHERE ${printExpression(s.where)}` : ''} APPLY (PURGE)`;
    case 'vacuum':
      return `VACUUM ${quoteName(s.table.parts)}${s.mode ? ` ${s.mode}` : ''}${s.retainHours === null ? '' : ` RETAIN ${s.retainHours} HOURS`}${s.dryRun ? ' DRY RUN' : ''}`;
    case 'fsckRepair':
      return `FSCK REPAIR TABLE ${quoteName(s.table.parts)}${s.dryRun ? ' DRY RUN' : ''}`;
    case 'convertToDelta':
      return `CONVERT TO DELTA ${quoteName(s.table.parts)}${s.noStatistics ? ' NO STATISTICS' : ''}${s.partitionedBy.length ? ` PARTITIONED BY (${list(s.partitionedBy, printColumnDefinition)})` : ''}`;
    case 'copyInto': {
      let out = `COPY INTO ${quoteName(s.table.parts)} FROM ${s.source.kind === 'path' ? quoteString(s.source.path) : `(${printQuery(s.source.query)})`} FILEFORMAT = ${s.fileFormat}`;
      if (s.files) out += ` FILES = (${list(s.files, quoteString)})`;
      if (s.pattern !== null) out += ` PATTERN = ${quoteString(s.pattern)}`;
      if (s.formatOptions.length) out += ` FORMAT_OPTIONS ${printProperties(s.formatOptions)}`;
      if (s.copyOptions.length) out += ` COPY_OPTIONS ${printProperties(s.copyOptions)}`;
      return out;
    }
    case 'declareVariable':
    case 'setVariables':
    case 'setVariablesFromQuery':
    case 'dropVariable':
      return printVariableStatement(s);
    case 'executeImmediate':
      return printExecuteImmediate(s);
    case 'createFunction':
    case 'dropFunction':
      return printFunctionStatement(s);
    default:
      return printDdl(s);
  }
}

function printTimeZoneSetting(z: TimeZoneSetting): string {
  switch (z.form) {
    case 'local':
      return 'LOCAL';
    case 'id':
      return quoteString(z.id);
    case 'interval':
      return printExpression({ kind: 'interval', value: z.interval, span: { start: 0, end: 0 } });
  }
}
