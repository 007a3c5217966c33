/**
 * DESCRIBE [TABLE] [EXTENDED | FORMATTED] name, in the row shape of Spark's DescribeTableCommand
 * (sql/core/.../command/tables.scala), which Databricks also prints for Delta tables: one row per column
 * (`col_name`, `data_type` as simpleString with CHAR/VARCHAR restored, `comment` or NULL); for a
 * partitioned table the `# Partition Information` block, for a clustered one Databricks' `# Clustering
 * Information` block (cluster-by.ts); with EXTENDED an empty row, then
 * `# Detailed Table Information` and the CatalogTable.toLinkedHashMap entries (less Partition Columns and
 * Schema, which the rows above already show). Temp views get their columns only, as in Spark.
 */

import { deltaTableProperties, sortedEntries } from '../../delta/delta-table-properties.js';
import { ENGINE_INFO } from '../../delta/transaction.js';
import { sqlTypeOfField } from '../../plan/types/sql-schema.js';
import type { StructField, StructType } from '../../types/data-types.js';
import type { Value } from '../../types/value.js';
import type { CommandContext } from '../command-context.js';
import { defaultText } from '../dml/column-metadata.js';
import {
  type CatalogRelation,
  relationPartitionColumns,
  relationSchema,
} from '../relations/catalog-relation.js';
import { shownViewSchemaMode } from '../relations/view-schema-mode.js';
import { javaDateString, sparkLocation } from '../value-format/spark-display.js';
import { clusteringInformationRows } from './cluster-by.js';
import { redactOptions } from './redaction.js';

/** Spark writes `Created By: Spark <version>`; lakesql names itself. */
export const CREATED_BY = ENGINE_INFO.replace('/', ' ');

export function columnRow(f: StructField): Value[] {
  const comment = f.metadata.comment;
  return [f.name, sqlTypeOfField(f), typeof comment === 'string' ? comment : null];
}

export function describeTableRows(
  session: CommandContext,
  relation: CatalogRelation,
  extended: boolean,
): Value[][] {
  const schema = relationSchema(relation);
  const rows: Value[][] = schema.fields.map(columnRow);
  rows.push(...partitionRows(schema, relationPartitionColumns(relation)));
  if (relation.kind === 'delta') rows.push(...clusteringInformationRows(relation.snapshot));
  if (extended && relation.kind !== 'tempView') {
    rows.push(['', '', ''], ['# Detailed Table Information', '', '']);
    for (const [k, v] of detailedTableInformation(session, relation)) rows.push([k, v, '']);
  }
  if (relation.kind === 'fileTable') rows.push(...columnDefaultRows(schema));
  return rows;
}

/**
 * DescribeTableCommand's last block (ResolveDefaultColumns.getDescribeMetadata): the columns that have a
 * DEFAULT, with its expression text in the comment column, after an empty row.
 */
function columnDefaultRows(schema: StructType): Value[][] {
  const withDefault = schema.fields.flatMap((f) => {
    const text = defaultText(f);
    return text === undefined ? [] : [[f.name, sqlTypeOfField(f), text]];
  });
  if (withDefault.length === 0) return [];
  return [['', '', ''], ['# Column Default Values', '', ''], ...withDefault];
}

function partitionRows(schema: StructType, partitionColumns: readonly string[]): Value[][] {
  if (partitionColumns.length === 0) return [];
  const rows: Value[][] = [
    ['# Partition Information', '', ''],
    ['# col_name', 'data_type', 'comment'],
  ];
  for (const name of partitionColumns) {
    const f = schema.fields.find((c) => c.name.toLowerCase() === name.toLowerCase());
    if (f) rows.push(columnRow(f));
  }
  return rows;
}

/** CatalogTable.toLinkedHashMap's entries, in its order, for a table or persistent view. */
function detailedTableInformation(
  session: CommandContext,
  relation: Exclude<CatalogRelation, { kind: 'tempView' }>,
): [string, string][] {
  const tz = session.semantics.timeZone;
  const redact = (props: Readonly<Record<string, string>>) =>
    redactOptions(props, (k) => session.confValue(k));
  const entry = relation.kind === 'view' ? relation.view : relation.table;
  const out: [string, string][] = [];
  if (entry) {
    out.push(
      ['Catalog', 'spark_catalog'],
      ['Database', entry.identifier.database],
      ['Table', entry.identifier.name],
    );
    if (entry.owner) out.push(['Owner', entry.owner]);
    out.push(
      ['Created Time', javaDateString(entry.createdTime, tz)],
      ['Last Access', 'UNKNOWN'],
      ['Created By', CREATED_BY],
      ['Type', entry.tableType],
    );
  } else if (relation.kind === 'delta') {
    // A path table has no catalog entry: Delta describes it from the log alone.
    const created = relation.snapshot.metadata.createdTime;
    out.push(['Table', relation.qualifiedName]);
    if (typeof created === 'number') out.push(['Created Time', javaDateString(created, tz)]);
    out.push(['Type', 'EXTERNAL']);
  }
  switch (relation.kind) {
    case 'delta': {
      out.push(['Provider', 'delta']);
      const comment = relation.snapshot.metadata.description ?? relation.table?.comment;
      if (comment) out.push(['Comment', comment]);
      out.push(['Table Properties', propertyList(redact(deltaTableProperties(relation.snapshot)))]);
      out.push(['Location', sparkLocation(relation.table?.location ?? relation.snapshot.store.rootUrl)]);
      break;
    }
    case 'fileTable': {
      const t = relation.table;
      out.push(['Provider', t.provider]);
      // BucketSpec.toLinkedHashMap, between Provider and Comment.
      if (t.bucketSpec) {
        out.push(
          ['Num Buckets', String(t.bucketSpec.numBuckets)],
          ['Bucket Columns', `[${t.bucketSpec.bucketColumnNames.map(quoteIdentifier).join(', ')}]`],
        );
        if (t.bucketSpec.sortColumnNames.length > 0)
          out.push(['Sort Columns', `[${t.bucketSpec.sortColumnNames.map(quoteIdentifier).join(', ')}]`]);
      }
      if (t.comment) out.push(['Comment', t.comment]);
      if (Object.keys(t.properties).length > 0)
        out.push(['Table Properties', propertyList(redact(t.properties))]);
      out.push(['Location', sparkLocation(t.location)]);
      // CatalogStorageFormat.toLinkedHashMap: the OPTIONS, redacted as the properties are.
      if (Object.keys(t.options).length > 0)
        out.push(['Storage Properties', propertyList(redact(t.options))]);
      if (t.partitionColumns.length > 0) out.push(['Partition Provider', 'Catalog']);
      break;
    }
    case 'view': {
      const v = relation.view;
      if (v.comment) out.push(['Comment', v.comment]);
      out.push(['View Text', v.viewText], ['View Original Text', v.viewText]);
      const mode = shownViewSchemaMode(session, v);
      if (mode) out.push(['View Schema Mode', mode]);
      out.push(
        ['View Catalog and Namespace', v.viewCatalogAndNamespace.join('.')],
        ['View Query Output Columns', `[${v.viewQueryColumnNames.map(quoteIdentifier).join(', ')}]`],
      );
      const props = Object.fromEntries(Object.entries(v.properties).filter(([k]) => !k.startsWith('view.')));
      if (Object.keys(props).length > 0) out.push(['Table Properties', propertyList(redact(props))]);
      break;
    }
    default: {
      const never: never = relation;
      throw new Error(`unknown relation ${JSON.stringify(never)}`);
    }
  }
  return out;
}

/** `name` in backquotes always (Spark's quoteIdentifier). */
function quoteIdentifier(name: string): string {
  return `\`${name.replaceAll('`', '``')}\``;
}

/** `[k1=v1, k2=v2]`, sorted by key (CatalogTable.toLinkedHashMap's `Table Properties`). */
export function propertyList(props: Readonly<Record<string, string>>): string {
  return `[${sortedEntries(props)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ')}]`;
}
