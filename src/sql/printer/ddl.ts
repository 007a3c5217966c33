/** DDL statement AST to Spark SQL. */
import { assertNever } from '../../types/index.js';
import type {
  AlterColumnChange,
  AlterTableAction,
  ColumnDefinition,
  DdlStatement,
  TableConstraint,
} from '../ast/statements-ddl.js';
import { printDataType } from './data-types.js';
import { printExpression } from './expressions.js';
import { printQuery } from './query.js';
import { quoteIdentifier, quoteName, quoteString } from './quoting.js';
import { printProperties, printTimeTravel } from './statements.js';

const list = <T>(xs: readonly T[], f: (x: T) => string) => xs.map(f).join(', ');

export function printColumnDefinition(c: ColumnDefinition): string {
  let s = `${quoteName([...(c.parentPath ?? []), c.name])} ${printDataType(c.dataType)}`;
  if (!c.nullable) s += ' NOT NULL';
  if (c.generated?.kind === 'expression') s += ` GENERATED ALWAYS AS (${printExpression(c.generated.expr)})`;
  if (c.generated?.kind === 'identity') {
    const g = c.generated;
    const opts = [
      g.start === null ? '' : `START WITH ${g.start}`,
      g.step === null ? '' : `INCREMENT BY ${g.step}`,
    ].filter(Boolean);
    s += ` GENERATED ${g.always ? 'ALWAYS' : 'BY DEFAULT'} AS IDENTITY${opts.length ? ` (${opts.join(' ')})` : ''}`;
  }
  if (c.default) s += ` DEFAULT ${printExpression(c.default)}`;
  if (c.comment !== null) s += ` COMMENT ${quoteString(c.comment)}`;
  if (c.position)
    s += c.position.kind === 'first' ? ' FIRST' : ` AFTER ${quoteIdentifier(c.position.column)}`;
  return s;
}

function printConstraint(c: TableConstraint): string {
  const name = c.name ? `CONSTRAINT ${quoteIdentifier(c.name)} ` : '';
  switch (c.kind) {
    case 'check':
      return `${name}CHECK (${printExpression(c.condition)})`;
    case 'primaryKey':
      return `${name}PRIMARY KEY (${list(c.columns, quoteIdentifier)})`;
    case 'foreignKey':
      return `${name}FOREIGN KEY (${list(c.columns, quoteIdentifier)}) REFERENCES ${quoteName(c.references.parts)}${c.referencedColumns.length ? ` (${list(c.referencedColumns, quoteIdentifier)})` : ''}`;
    default:
      return assertNever(c);
  }
}

function printChange(c: AlterColumnChange): string {
  switch (c.kind) {
    case 'type':
      return `TYPE ${printDataType(c.dataType)}`;
    case 'comment':
      return `COMMENT ${quoteString(c.comment)}`;
    case 'setNotNull':
      return 'SET NOT NULL';
    case 'dropNotNull':
      return 'DROP NOT NULL';
    case 'setDefault':
      return `SET DEFAULT ${printExpression(c.default)}`;
    case 'dropDefault':
      return 'DROP DEFAULT';
    case 'position':
      return c.position.kind === 'first' ? 'FIRST' : `AFTER ${quoteIdentifier(c.position.column)}`;
    default:
      return assertNever(c);
  }
}

function printAction(a: AlterTableAction): string {
  switch (a.kind) {
    case 'addColumns':
      return `ADD COLUMNS (${list(a.columns, printColumnDefinition)})`;
    case 'dropColumns':
      return `DROP COLUMNS ${a.ifExists ? 'IF EXISTS ' : ''}(${list(a.columns, quoteName)})`;
    case 'renameColumn':
      return `RENAME COLUMN ${quoteName(a.column)} TO ${quoteIdentifier(a.newName)}`;
    case 'alterColumn':
      return `${a.verb} COLUMN ${quoteName(a.column)} ${a.changes.map(printChange).join(' ')}`;
    case 'changeColumn':
      return `CHANGE COLUMN ${quoteName(a.column)} ${quoteIdentifier(a.newName)} ${printDataType(a.dataType)}${a.comment === null ? '' : ` COMMENT ${quoteString(a.comment)}`}${a.position ? (a.position.kind === 'first' ? ' FIRST' : ` AFTER ${quoteIdentifier(a.position.column)}`) : ''}`;
    case 'replaceColumns':
      return `REPLACE COLUMNS (${list(a.columns, printColumnDefinition)})`;
    case 'setProperties':
      return `SET TBLPROPERTIES ${printProperties(a.properties)}`;
    case 'unsetProperties':
      return `UNSET TBLPROPERTIES ${a.ifExists ? 'IF EXISTS ' : ''}(${list(a.keys, quoteString)})`;
    case 'renameTo':
      return `RENAME TO ${quoteName(a.newName.parts)}`;
    case 'addConstraint':
      return `ADD ${printConstraint(a.constraint)}`;
    case 'dropConstraint':
      return `DROP CONSTRAINT ${a.ifExists ? 'IF EXISTS ' : ''}${quoteIdentifier(a.name)}`;
    case 'setLocation':
      return `SET LOCATION ${quoteString(a.location)}`;
    case 'clusterBy':
      return a.columns.length ? `CLUSTER BY (${list(a.columns, quoteName)})` : 'CLUSTER BY NONE';
    case 'dropFeature':
      return `DROP FEATURE ${quoteIdentifier(a.feature)}${a.truncateHistory ? ' TRUNCATE HISTORY' : ''}`;
    default:
      return assertNever(a);
  }
}

export function printDdl(s: DdlStatement): string {
  switch (s.kind) {
    case 'createTable': {
      const head =
        s.mode === 'replace' ? 'REPLACE' : s.mode === 'createOrReplace' ? 'CREATE OR REPLACE' : 'CREATE';
      let out = `${head} ${s.external ? 'EXTERNAL ' : ''}TABLE ${s.ifNotExists ? 'IF NOT EXISTS ' : ''}${quoteName(s.name.parts)}`;
      if (s.columns)
        out += ` (${[...s.columns.map(printColumnDefinition), ...s.constraints.map(printConstraint)].join(', ')})`;
      if (s.like) out += ` LIKE ${quoteName(s.like.parts)}`;
      if (s.clone)
        out += ` ${s.clone.shallow ? 'SHALLOW' : 'DEEP'} CLONE ${quoteName(s.clone.source.parts)}${s.clone.timeTravel ? ` ${printTimeTravel(s.clone.timeTravel)}` : ''}`;
      if (s.using) out += ` USING ${quoteIdentifier(s.using)}`;
      if (s.options.length) out += ` OPTIONS ${printProperties(s.options)}`;
      if (s.partitionedBy.length) {
        out += ` PARTITIONED BY (${list(s.partitionedBy, (p) => (p.kind === 'name' ? quoteIdentifier(p.name) : printColumnDefinition(p.column)))})`;
      }
      if (s.clusterBy)
        out += s.clusterByAuto
          ? ' CLUSTER BY AUTO'
          : s.clusterBy.length
            ? ` CLUSTER BY (${list(s.clusterBy, quoteName)})`
            : ' CLUSTER BY NONE';
      if (s.bucketSpec) {
        const b = s.bucketSpec;
        out += ` CLUSTERED BY (${list(b.bucketColumnNames, quoteIdentifier)})`;
        if (b.sortColumnNames.length) out += ` SORTED BY (${list(b.sortColumnNames, quoteIdentifier)})`;
        out += ` INTO ${b.numBuckets} BUCKETS`;
      }
      if (s.location !== null) out += ` LOCATION ${quoteString(s.location)}`;
      if (s.comment !== null) out += ` COMMENT ${quoteString(s.comment)}`;
      if (s.properties.length) out += ` TBLPROPERTIES ${printProperties(s.properties)}`;
      if (s.query) out += ` AS ${printQuery(s.query)}`;
      return out;
    }
    case 'createTempViewUsing': {
      let out = `CREATE ${s.orReplace ? 'OR REPLACE ' : ''}${s.global ? 'GLOBAL ' : ''}TEMPORARY VIEW ${quoteName(s.name.parts)}`;
      if (s.columns) out += ` (${list(s.columns, printColumnDefinition)})`;
      out += ` USING ${quoteIdentifier(s.provider)}`;
      if (s.options.length) out += ` OPTIONS ${printProperties(s.options)}`;
      return out;
    }
    case 'createView': {
      const temp =
        s.temporary === 'global' ? 'GLOBAL TEMPORARY ' : s.temporary === 'local' ? 'TEMPORARY ' : '';
      let out = `CREATE ${s.orReplace ? 'OR REPLACE ' : ''}${temp}VIEW ${s.ifNotExists ? 'IF NOT EXISTS ' : ''}${quoteName(s.name.parts)}`;
      if (s.columns)
        out += ` (${list(s.columns, (c) => `${quoteIdentifier(c.name)}${c.comment === null ? '' : ` COMMENT ${quoteString(c.comment)}`}`)})`;
      if (s.comment !== null) out += ` COMMENT ${quoteString(s.comment)}`;
      if (s.properties.length) out += ` TBLPROPERTIES ${printProperties(s.properties)}`;
      if (s.schemaBinding !== null) out += ` WITH SCHEMA ${s.schemaBinding}`;
      if (s.defaultCollation !== null) out += ` DEFAULT COLLATION ${s.defaultCollation}`;
      return `${out} AS ${printQuery(s.query)}`;
    }
    case 'alterTable':
      return `ALTER ${s.view ? 'VIEW' : 'TABLE'} ${quoteName(s.name.parts)} ${printAction(s.action)}`;
    case 'alterViewAs':
      return `ALTER VIEW ${quoteName(s.name.parts)} AS ${printQuery(s.query)}`;
    case 'alterViewSchemaBinding':
      return `ALTER VIEW ${quoteName(s.name.parts)} WITH SCHEMA ${s.schemaBinding}`;
    case 'dropTable':
      return `DROP TABLE ${s.ifExists ? 'IF EXISTS ' : ''}${quoteName(s.name.parts)}${s.purge ? ' PURGE' : ''}`;
    case 'dropView':
      return `DROP VIEW ${s.ifExists ? 'IF EXISTS ' : ''}${quoteName(s.name.parts)}`;
    case 'createDatabase': {
      let out = `CREATE DATABASE ${s.ifNotExists ? 'IF NOT EXISTS ' : ''}${quoteName(s.name.parts)}`;
      if (s.comment !== null) out += ` COMMENT ${quoteString(s.comment)}`;
      if (s.location !== null) out += ` LOCATION ${quoteString(s.location)}`;
      if (s.properties.length) out += ` WITH DBPROPERTIES ${printProperties(s.properties)}`;
      return out;
    }
    case 'alterDatabase':
      if (s.comment !== undefined) {
        return `COMMENT ON DATABASE ${quoteName(s.name.parts)} IS ${s.comment === null ? 'NULL' : quoteString(s.comment)}`;
      }
      return `ALTER DATABASE ${quoteName(s.name.parts)} SET DBPROPERTIES ${printProperties(s.properties)}`;
    case 'dropDatabase':
      return `DROP DATABASE ${s.ifExists ? 'IF EXISTS ' : ''}${quoteName(s.name.parts)}${s.cascade ? ' CASCADE' : ''}`;
    case 'truncateTable':
      return `TRUNCATE TABLE ${quoteName(s.name.parts)}`;
    default:
      return assertNever(s);
  }
}
