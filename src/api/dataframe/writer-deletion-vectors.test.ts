/** New tables a DataFrameWriter creates take the session's table property defaults (deletion vectors on). */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commitKey } from '../../delta/log-files.js';
import { useLakeSession } from '../testing/lake-session-fixture.js';

const fx = useLakeSession('lakesql-writer-dv-');

async function firstCommit(table: string): Promise<Record<string, Record<string, unknown>>> {
  const text = await readFile(path.join(table, commitKey(0)), 'utf8');
  const actions = text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, Record<string, unknown>>);
  return Object.assign({}, ...actions);
}

describe('DataFrameWriter and the deletion vector default', () => {
  it('save(path) and saveAsTable create DV tables; the session conf turns the default off', async () => {
    const df = await fx.spark.createDataFrame([[1], [2]], 'id int');
    const p = path.join(fx.dir, 'by-path');
    await df.write.format('delta').save(p);
    const c = await firstCommit(p);
    expect(c.metaData!.configuration).toEqual({ 'delta.enableDeletionVectors': 'true' });
    expect(c.protocol).toEqual({
      minReaderVersion: 3,
      minWriterVersion: 7,
      readerFeatures: ['deletionVectors'],
      writerFeatures: ['deletionVectors'],
    });
    await df.write.saveAsTable('dv_named');
    const named = await firstCommit(path.join(fx.dir, 'warehouse', 'dv_named'));
    expect(named.metaData!.configuration).toEqual({ 'delta.enableDeletionVectors': 'true' });

    await fx.spark.conf.set('spark.databricks.delta.properties.defaults.enableDeletionVectors', 'false');
    const off = path.join(fx.dir, 'off');
    await df.write.format('delta').save(off);
    await fx.spark.conf.unset('spark.databricks.delta.properties.defaults.enableDeletionVectors');
    expect((await firstCommit(off)).protocol).toEqual({ minReaderVersion: 1, minWriterVersion: 2 });
  });
});
