/**
 * DESCRIBE DETAIL: one row in the shape of Delta's TableDetail (DescribeDeltaDetailCommand, with the
 * `clusteringColumns` column Delta 3.1+ and Databricks add after `partitionColumns`). For a Delta table
 * everything comes from the latest snapshot; `lastModified` is the modification time of its commit file.
 * A table of another format gets the catalog's answer with the Delta-only columns NULL, as Delta's
 * describeNonDeltaTable does; a view is refused (DELTA_UNSUPPORTED_DESCRIBE_DETAIL_VIEW).
 */

import { tableFeatureNames } from '../../delta/delta-table-properties.js';
import { LakesqlError } from '../../errors/index.js';
import { arrayOf, IntegerType, LongType, mapOf, StringType, TimestampType } from '../../types/data-types.js';
import type { MapValue, Value } from '../../types/value.js';
import type { ResultColumn } from '../query/run-query.js';
import type { CatalogRelation } from '../relations/catalog-relation.js';
import { sparkLocation } from '../value-format/spark-display.js';
import { clusteringColumnNames } from './cluster-by.js';
import { column } from './result-rows.js';

export const DETAIL_COLUMNS: readonly ResultColumn[] = [
  column('format'),
  column('id'),
  column('name'),
  column('description'),
  column('location'),
  column('createdAt', TimestampType),
  column('lastModified', TimestampType),
  column('partitionColumns', arrayOf(StringType)),
  column('clusteringColumns', arrayOf(StringType)),
  column('numFiles', LongType),
  column('sizeInBytes', LongType),
  column('properties', mapOf(StringType, StringType)),
  column('minReaderVersion', IntegerType),
  column('minWriterVersion', IntegerType),
  column('tableFeatures', arrayOf(StringType)),
];

export function describeDetailRow(relation: CatalogRelation): Value[] {
  switch (relation.kind) {
    case 'delta': {
      const s = relation.snapshot;
      const commit = s.segment.commits.at(-1);
      const files = s.activeFiles();
      return [
        'delta',
        s.metadata.id,
        relation.table ? relation.qualifiedName : (s.metadata.name ?? null),
        s.metadata.description ?? null,
        sparkLocation(s.store.rootUrl),
        typeof s.metadata.createdTime === 'number' ? micros(s.metadata.createdTime) : null,
        commit ? micros(commit.meta.lastModified) : micros(s.timestamp),
        [...s.partitionColumns],
        clusteringColumnNames(s),
        BigInt(files.length),
        files.reduce((n, f) => n + BigInt(f.size), 0n),
        stringMap(s.configuration),
        s.protocol.minReaderVersion,
        s.protocol.minWriterVersion,
        tableFeatureNames(s.protocol),
      ];
    }
    case 'fileTable': {
      const t = relation.table;
      return [
        t.provider,
        null,
        relation.qualifiedName,
        t.comment ?? '',
        sparkLocation(t.location),
        micros(t.createdTime),
        null,
        [...t.partitionColumns],
        null,
        null,
        null,
        stringMap(t.properties),
        null,
        null,
        null,
      ];
    }
    case 'view':
    case 'tempView':
      throw new LakesqlError('DELTA_UNSUPPORTED_DESCRIBE_DETAIL_VIEW', {
        view: relation.kind === 'view' ? relation.qualifiedName : relation.name,
      });
    default: {
      const never: never = relation;
      throw new Error(`unknown relation ${JSON.stringify(never)}`);
    }
  }
}

function micros(ms: number): bigint {
  return BigInt(ms) * 1000n;
}

export function stringMap(props: Readonly<Record<string, string>>): MapValue {
  return { kind: 'map', entries: Object.entries(props).map(([k, v]) => [k, v] as const) };
}
