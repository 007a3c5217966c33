/**
 * SHOW PARTITIONS t [PARTITION (p = v, …)] on a Delta table: the distinct partition values of its live
 * files as Spark's `partition` rows `p=v/q=w` (partition columns in table order, NULL as Hive's
 * `__HIVE_DEFAULT_PARTITION__`), sorted, filtered by the given partial spec. A table that is not
 * partitioned is refused with INVALID_PARTITION_OPERATION.PARTITION_SCHEMA_IS_EMPTY.
 */
import { physicalPartitionKey } from '../../delta/column-mapping.js';
import { LakesqlError } from '../../errors/index.js';
import type { Expression } from '../../sql/ast/expressions.js';
import type { PartitionSpecEntry } from '../../sql/ast/statements-ddl.js';
import type { CatalogRelation } from '../relations/catalog-relation.js';

const HIVE_DEFAULT_PARTITION = '__HIVE_DEFAULT_PARTITION__';

export function showPartitionRows(relation: CatalogRelation, spec: readonly PartitionSpecEntry[]): string[] {
  const name = relation.kind === 'tempView' ? relation.name : relation.qualifiedName;
  if (relation.kind !== 'delta' || relation.snapshot.partitionColumns.length === 0) {
    throw new LakesqlError('INVALID_PARTITION_OPERATION.PARTITION_SCHEMA_IS_EMPTY', { name });
  }
  const s = relation.snapshot;
  const columns = s.partitionColumns;
  const wanted = new Map<string, string | null>();
  for (const e of spec) {
    const col = columns.find((c) => c.toLowerCase() === e.column.toLowerCase());
    if (!col) {
      throw new LakesqlError('_LEGACY_ERROR_TEMP_1231', { key: e.column, tblName: name });
    }
    if (e.value) wanted.set(col, literalText(e.value));
  }
  const keys = columns.map((c) => physicalPartitionKey(s.schema, c, s.columnMappingMode));
  const out = new Set<string>();
  for (const add of s.activeFiles()) {
    const values = columns.map((c, i) => add.partitionValues[keys[i]!] ?? add.partitionValues[c] ?? null);
    if (columns.some((c, i) => wanted.has(c) && wanted.get(c) !== values[i])) continue;
    out.add(columns.map((c, i) => `${c}=${values[i] ?? HIVE_DEFAULT_PARTITION}`).join('/'));
  }
  return [...out].sort();
}

function literalText(e: Expression): string | null {
  if (e.kind === 'literal') {
    const v = e.value as { readonly type: string; readonly value?: unknown };
    if (v.type === 'null') return null;
    return String(v.value);
  }
  throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: 'a partition value that is not a literal' });
}
