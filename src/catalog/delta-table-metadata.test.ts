import { describe, expect, it } from 'vitest';
import { FakeParquetHandler } from '../delta/testing/fake-parquet-handler.js';
import { a, metadata, writeCommit } from '../delta/testing/log-builder.js';
import { storeForUrl } from '../storage/index.js';
import { field, LongType, StringType, struct } from '../types/data-types.js';
import { Catalog } from './catalog.js';
import { readTableMetadata } from './delta-table-metadata.js';

describe('readTableMetadata', () => {
  it('reads a Delta table schema, partitioning and properties from its log, not from the entry', async () => {
    const catalog = Catalog.open(`memory://delta-metadata-${Date.now()}/`);
    const table = await catalog.createTable('default', 'd', {
      tableType: 'MANAGED',
      schema: struct([field('stale', StringType)]),
    });
    if (table.tableType === 'VIEW') throw new Error('unreachable');
    const store = storeForUrl(table.location);
    await writeCommit(store, 0, [a.protocol(), a.metaData(metadata({ partitionColumns: ['part'] }))]);
    await writeCommit(store, 1, [
      a.metaData(
        metadata({
          partitionColumns: ['part'],
          configuration: { 'delta.appendOnly': 'true' },
          description: 'desc',
        }),
      ),
    ]);
    expect(await readTableMetadata(table, new FakeParquetHandler())).toEqual({
      schema: struct([field('id', LongType), field('part', StringType)]),
      partitionColumns: ['part'],
      properties: { 'delta.appendOnly': 'true' },
      comment: 'desc',
      version: 1,
    });
  });

  it('takes a non-Delta table metadata from the entry', async () => {
    const catalog = Catalog.open(`memory://csv-metadata-${Date.now()}/`);
    const schema = struct([field('a', StringType)]);
    const table = await catalog.createTable('default', 'c', {
      tableType: 'EXTERNAL',
      provider: 'csv',
      location: 'memory://csv-data/c',
      schema,
      partitionColumns: [],
      properties: { k: 'v' },
      comment: 'csv',
    });
    if (table.tableType === 'VIEW') throw new Error('unreachable');
    expect(await readTableMetadata(table, new FakeParquetHandler())).toEqual({
      schema,
      partitionColumns: [],
      properties: { k: 'v' },
      comment: 'csv',
      version: undefined,
    });
  });
});
