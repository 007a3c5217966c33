/**
 * The checks DESCRIBE … PARTITION (…) makes before it looks a partition up (DescribeTableCommand's
 * describeDetailedPartitionInfo): views have no partitions, and the spec names every partition column of a
 * file table exactly once (SessionCatalog.requireExactMatchedPartitionSpec). lakesql keeps no partition
 * registry, so a spec that passes them fails as unsupported rather than describing a guess.
 */

import { LakesqlError } from '../../errors/index.js';
import type { PartitionSpecEntry } from '../../sql/ast/statements-ddl.js';
import type { CatalogRelation } from '../relations/catalog-relation.js';

const quoteId = (name: string) => `\`${name.replaceAll('`', '``')}\``;

export function assertDescribablePartition(
  relation: CatalogRelation,
  nameParts: readonly string[],
  spec: readonly PartitionSpecEntry[],
): never {
  if (relation.kind === 'tempView' || relation.kind === 'view') {
    throw new LakesqlError('FORBIDDEN_OPERATION', {
      statement: 'DESC PARTITION',
      objectType: relation.kind === 'tempView' ? 'TEMPORARY VIEW' : 'VIEW',
      objectName: nameParts.map(quoteId).join('.'),
    });
  }
  if (relation.kind === 'fileTable') {
    const t = relation.table;
    const keys = spec.map((e) => e.column);
    const exact =
      keys.length === t.partitionColumns.length &&
      t.partitionColumns.every((c) => keys.some((k) => k.toLowerCase() === c.toLowerCase()));
    if (!exact) {
      throw new LakesqlError('_LEGACY_ERROR_TEMP_1232', {
        specKeys: keys.join(', '),
        partitionColumnNames: t.partitionColumns.join(', '),
        tableName: ['spark_catalog', t.identifier.database, t.identifier.name].map(quoteId).join('.'),
      });
    }
  }
  throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: 'DESCRIBE TABLE … PARTITION' });
}
