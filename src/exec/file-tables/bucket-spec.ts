/**
 * Hive bucketing of a file table (`CLUSTERED BY (…) [SORTED BY (…)] INTO n BUCKETS`): Spark keeps the spec in
 * the catalog (CatalogTable.bucketSpec) and shows it in DESCRIBE and SHOW CREATE TABLE. lakesql records and
 * shows it but does not write bucketed files, so a write into such a table fails rather than quietly
 * producing files whose layout contradicts the spec.
 */

import type { TableBucketSpec } from '../../catalog/catalog-types.js';
import { LakesqlError } from '../../errors/index.js';
import type { StructType } from '../../types/data-types.js';

/**
 * CatalogUtils.normalizeBucketSpec: every bucket and sort column names a column of the table (its own
 * spelling is kept).
 */
export function normalizeBucketSpec(
  spec: TableBucketSpec,
  schema: StructType,
  tableName: string,
): TableBucketSpec {
  const normalize = (colType: string) => (name: string) => {
    const f = schema.fields.find((x) => x.name.toLowerCase() === name.toLowerCase());
    if (!f) {
      throw new LakesqlError('COLUMN_NOT_DEFINED_IN_TABLE', {
        colType,
        colName: `\`${name}\``,
        tableName,
        tableCols: schema.fields.map((x) => `\`${x.name}\``).join(', '),
      });
    }
    return f.name;
  };
  const bucketColumnNames = spec.bucketColumnNames.map(normalize('bucket'));
  const sortColumnNames = spec.sortColumnNames.map(normalize('sort'));
  return { numBuckets: spec.numBuckets, bucketColumnNames, sortColumnNames };
}

/** A write into a bucketed table would have to hash rows into the spec's buckets, which lakesql does not do. */
export function assertNotBucketed(bucketSpec: TableBucketSpec | undefined): void {
  if (bucketSpec) {
    throw new LakesqlError('UNSUPPORTED_FEATURE', {
      feature: 'writing into a bucketed table (CLUSTERED BY … INTO n BUCKETS)',
    });
  }
}
