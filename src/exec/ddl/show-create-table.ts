/**
 * SHOW CREATE TABLE (`createtab_stmt`): for a Delta table the text of Spark's ShowCreateTableExec (the
 * v2 path Delta tables take): `CREATE TABLE <catalog.db.t> (` one column per line in StructField.toDDL
 * form `)`, `USING delta`, PARTITIONED BY, COMMENT, LOCATION (always: DeltaTableV2 does not mark managed
 * locations), CLUSTER BY for a clustered table, and TBLPROPERTIES sorted by key — each clause on its own line, the whole ending in `\n`.
 * Tables of other formats print the same way from their catalog entry; views as Spark's
 * ShowCreateTableCommand prints them (`CREATE VIEW … (cols) AS <text>`).
 */

import { logicalClusteringColumns } from '../../delta/clustering.js';
import { deltaTableProperties, sortedEntries } from '../../delta/delta-table-properties.js';
import { LakesqlError } from '../../errors/index.js';
import { quoteIfNeeded } from '../../plan/functions/spark-type-text.js';
import { CHAR_VARCHAR_KEY } from '../../plan/types/sql-schema.js';
import { printDataType } from '../../sql/printer/data-types.js';
import { quoteString } from '../../sql/printer/quoting.js';
import type { DataType, StructField } from '../../types/data-types.js';
import { defaultText } from '../dml/column-metadata.js';
import type { CatalogRelation } from '../relations/catalog-relation.js';
import { relationPartitionColumns, relationSchema } from '../relations/catalog-relation.js';
import { sparkLocation } from '../value-format/spark-display.js';
import { redactOptions } from './redaction.js';

/** `viewSchemaMode`: a view's binding mode, printed as WITH SCHEMA …; none when binding is switched off. */
export function showCreateTableText(
  relation: CatalogRelation,
  confValue: (key: string) => string | undefined,
  viewSchemaMode?: string,
): string {
  switch (relation.kind) {
    case 'delta':
    case 'fileTable': {
      const isDelta = relation.kind === 'delta';
      const columns = relationSchema(relation).fields.map(columnDdl);
      const partitions = relationPartitionColumns(relation);
      const comment = isDelta
        ? (relation.snapshot.metadata.description ?? undefined)
        : relation.table.comment;
      const location = isDelta
        ? (relation.table?.location ?? relation.snapshot.store.rootUrl)
        : relation.table.location;
      const props = isDelta ? deltaTableProperties(relation.snapshot) : relation.table.properties;
      let text = `CREATE TABLE ${relation.qualifiedName} ${multiLine(columns)}`;
      text += `USING ${isDelta ? 'delta' : relation.table.provider}\n`;
      if (!isDelta && Object.keys(relation.table.options).length > 0) {
        text += `OPTIONS ${multiLine(sortedEntries(redactOptions(relation.table.options, confValue)).map(([k, v]) => `${quoteString(k)} = ${quoteString(v)}`))}`;
      }
      if (partitions.length > 0) text += `PARTITIONED BY (${partitions.map(quoteIfNeeded).join(', ')})\n`;
      // Databricks prints a clustered table's columns where a partitioned one's go.
      const clustering = isDelta ? (logicalClusteringColumns(relation.snapshot) ?? []) : [];
      if (clustering.length > 0) {
        text += `CLUSTER BY (${clustering.map((c) => c.map(quoteIfNeeded).join('.')).join(', ')})\n`;
      }
      // ShowCreateTableCommand.showDataSourceTableNonDataColumns: the bucket spec, a clause a line.
      const buckets = isDelta ? undefined : relation.table.bucketSpec;
      if (buckets && buckets.bucketColumnNames.length > 0) {
        text += `CLUSTERED BY (${buckets.bucketColumnNames.map(quoteIfNeeded).join(', ')})\n`;
        if (buckets.sortColumnNames.length > 0)
          text += `SORTED BY (${buckets.sortColumnNames.map(quoteIfNeeded).join(', ')})\n`;
        text += `INTO ${buckets.numBuckets} BUCKETS\n`;
      }
      if (comment) text += `COMMENT ${quoteString(comment)}\n`;
      // ShowCreateTableCommand prints a file table's LOCATION only when it is EXTERNAL.
      if (isDelta || relation.table.tableType === 'EXTERNAL') {
        text += `LOCATION ${quoteString(sparkLocation(location))}\n`;
      }
      const entries = sortedEntries(redactOptions(props, confValue));
      if (entries.length > 0) {
        text += `TBLPROPERTIES ${multiLine(entries.map(([k, v]) => `${quoteString(k)} = ${quoteString(v)}`))}`;
      }
      return text;
    }
    case 'view': {
      // ShowCreateTableCommand.showCreateView: names quoted only when needed, columns without types.
      const v = relation.view;
      const id = v.identifier;
      let text = `CREATE VIEW ${quoteIfNeeded(id.database)}.${quoteIfNeeded(id.name)} `;
      text += multiLine(v.viewSchema.fields.map((f) => quoteIfNeeded(f.name) + commentDdl(f)));
      if (v.comment) text += `COMMENT ${quoteString(v.comment)}\n`;
      const props = sortedEntries(redactOptions(v.properties, confValue)).filter(
        ([k]) => !k.startsWith('view.'),
      );
      if (props.length > 0) {
        text += `TBLPROPERTIES ${multiLine(props.map(([k, val]) => `${quoteString(k)} = ${quoteString(val)}`))}`;
      }
      if (viewSchemaMode) text += `WITH SCHEMA ${viewSchemaMode}\n`;
      return `${text}AS ${v.viewText}\n`;
    }
    case 'tempView':
      throw new LakesqlError('UNSUPPORTED_FEATURE', {
        feature: `SHOW CREATE TABLE on the temporary view \`${relation.name}\``,
      });
    default: {
      const never: never = relation;
      throw new Error(`unknown relation ${JSON.stringify(never)}`);
    }
  }
}

/** Spark's concatByMultiLines: `(\n  a,\n  b)\n`. */
function multiLine(items: readonly string[]): string {
  return `(\n  ${items.join(',\n  ')})\n`;
}

/**
 * StructField.toDDL: `name TYPE[ NOT NULL][ DEFAULT expr][ COMMENT '…']`, CHAR/VARCHAR restored from
 * metadata, the DEFAULT as its CURRENT_DEFAULT text.
 */
export function columnDdl(f: StructField): string {
  const raw = f.metadata[CHAR_VARCHAR_KEY];
  const type = typeof raw === 'string' ? raw.toUpperCase() : typeSql(f.type);
  const dflt = defaultText(f);
  return `${quoteIfNeeded(f.name)} ${type}${f.nullable ? '' : ' NOT NULL'}${dflt === undefined ? '' : ` DEFAULT ${dflt}`}${commentDdl(f)}`;
}

function commentDdl(f: StructField): string {
  const c = f.metadata.comment;
  return typeof c === 'string' ? ` COMMENT ${quoteString(c)}` : '';
}

/** DataType.sql: upper-case names; struct fields as `name: TYPE` with names quoted only when needed. */
export function typeSql(t: DataType): string {
  switch (t.kind) {
    case 'array':
      return `ARRAY<${typeSql(t.elementType)}>`;
    case 'map':
      return `MAP<${typeSql(t.keyType)}, ${typeSql(t.valueType)}>`;
    case 'struct':
      return `STRUCT<${t.fields
        .map(
          (f) =>
            `${quoteIfNeeded(f.name)}: ${typeSql(f.type)}${f.nullable ? '' : ' NOT NULL'}${commentDdl(f)}`,
        )
        .join(', ')}>`;
    default:
      return printDataType(t);
  }
}
