/**
 * DESCRIBE DATABASE | SCHEMA [EXTENDED] db: Spark's DescribeNamespaceExec rows (`info_name`,
 * `info_value`): Catalog Name, Namespace Name, Comment, Location, Owner when set; EXTENDED adds
 * Properties, printed as Spark prints a sorted Scala Seq of pairs: `((a,1), (b,2))`, empty when none.
 */
import type { CatalogDatabase } from '../../catalog/catalog-types.js';
import { sortedEntries } from '../../delta/delta-table-properties.js';
import type { Value } from '../../types/value.js';
import { sparkLocation } from '../value-format/spark-display.js';

export function describeDatabaseRows(db: CatalogDatabase, extended: boolean): Value[][] {
  const rows: Value[][] = [
    ['Catalog Name', 'spark_catalog'],
    ['Namespace Name', db.name],
    ['Comment', db.comment],
    ['Location', sparkLocation(db.location)],
  ];
  if (db.owner) rows.push(['Owner', db.owner]);
  if (extended) {
    const props = sortedEntries(db.properties);
    rows.push([
      'Properties',
      props.length === 0 ? '' : `(${props.map(([k, v]) => `(${k},${v})`).join(', ')})`,
    ]);
  }
  return rows;
}
