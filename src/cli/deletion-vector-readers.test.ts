/**
 * Readers of a table lakesql changed with deletion vectors: the streaming Delta source (initial snapshot
 * and change commits) and `lakesql table show` see exactly the live rows.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Row } from '../api/dataframe/dataframe.js';
import { useLakeSession } from '../api/testing/lake-session-fixture.js';
import { describeTable } from './table-commands.js';

const fx = useLakeSession('lakesql-dv-readers-');

async function stream(table: string, cp: string, options: Record<string, string | boolean> = {}) {
  const batches: Row[][] = [];
  const q = await fx.spark.readStream
    .format('delta')
    .options(options)
    .load(table)
    .writeStream.option('checkpointLocation', path.join(fx.dir, cp))
    .trigger({ once: true })
    .foreachBatch(async (df) => {
      batches.push(await df.collect());
    })
    .start();
  await q.awaitTermination();
  return batches.map((b) => b.map((r) => r.id as number).sort((x, y) => x - y));
}

describe('a table changed with deletion vectors', () => {
  it('streams its live rows, and its DV commits are change commits', async () => {
    const table = path.join(fx.dir, 'events');
    await fx.spark.sql(`CREATE TABLE delta.\`${table}\` (id INT) USING DELTA`);
    await fx.spark.sql(`INSERT INTO delta.\`${table}\` VALUES (1), (2), (3), (4)`);
    expect(await stream(table, 'cp1')).toEqual([[1, 2, 3, 4]]);
    await fx.spark.sql(`DELETE FROM delta.\`${table}\` WHERE id IN (2, 3)`);
    await fx.spark.sql(`INSERT INTO delta.\`${table}\` VALUES (5)`);
    // The DELETE (remove + add of the same file under a DV) is a change commit, as in Delta.
    await expect(stream(table, 'cp1')).rejects.toMatchObject({
      errorClass: 'DELTA_SOURCE_TABLE_IGNORE_CHANGES',
    });
    expect(await stream(table, 'cp1', { skipChangeCommits: true })).toEqual([[5]]);
    // A new stream's initial snapshot applies the DV.
    expect(await stream(table, 'cp2')).toEqual([[1, 4, 5]]);
    // lakesql table show reads the live rows too, and before the DELETE, all of them.
    const show = async (version?: number) =>
      (
        await describeTable(table, {
          format: 'csv',
          mode: 'rows',
          ...(version === undefined ? {} : { version }),
        })
      )
        .split('\n')
        .sort();
    expect(await show()).toEqual(['1', '4', '5', 'id']);
    expect(await show(1)).toEqual(['1', '2', '3', '4', 'id']);
  });
});
