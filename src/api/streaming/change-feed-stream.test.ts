/**
 * readStream.option('readChangeFeed', 'true') on a Delta table: the initial snapshot as inserts, then each
 * commit's change data feed (cdc files of UPDATE / DELETE / MERGE, removes of whole-file deletes) with
 * _change_type, _commit_version and _commit_timestamp, batch by batch from the checkpoint.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useLakeSession } from '../testing/lake-session-fixture.js';

const fx = useLakeSession('lakesql-cdf-stream-');

/** Runs the stream once (availableNow) into foreachBatch; each batch's rows as [id, v, p, type, version]. */
async function stream(table: string, cp: string, options: Record<string, string> = {}) {
  const batches: unknown[][][] = [];
  const q = await fx.spark.readStream
    .format('delta')
    .option('readChangeFeed', 'true')
    .options(options)
    .load(table)
    .writeStream.option('checkpointLocation', cp)
    .trigger({ availableNow: true })
    .foreachBatch(async (df) => {
      const rows = await df.orderBy('_commit_version', '_change_type', 'id').collect();
      batches.push(rows.map((r) => [r.id, r.v, r.p, r._change_type, r._commit_version]));
    })
    .start();
  await q.awaitTermination();
  return batches;
}

describe('streaming the change data feed', () => {
  it('streams the snapshot, then updates, deletes and merges as their change rows', async () => {
    const table = path.join(fx.dir, 'feed');
    const cp = path.join(fx.dir, 'cp');
    const sql = (s: string) => fx.spark.sql(s.replaceAll('$t', `delta.\`${table}\``));
    await sql(
      'CREATE TABLE $t (id INT, v STRING, p INT) USING DELTA PARTITIONED BY (p) TBLPROPERTIES (delta.enableChangeDataFeed = true)',
    );
    await sql("INSERT INTO $t VALUES (1, 'a', 1), (2, 'b', 1), (3, 'c', 2)");
    expect(await stream(table, cp)).toEqual([
      [
        [1, 'a', 1, 'insert', 1n],
        [2, 'b', 1, 'insert', 1n],
        [3, 'c', 2, 'insert', 1n],
      ],
    ]);

    await sql("UPDATE $t SET v = 'A' WHERE id = 1");
    await sql('DELETE FROM $t WHERE id = 2');
    await sql('DELETE FROM $t WHERE p = 2');
    await sql(`MERGE INTO $t AS t USING (SELECT 1 AS id, 'm' AS v, 1 AS p UNION ALL SELECT 4, 'n', 3) s ON t.id = s.id
      WHEN MATCHED THEN UPDATE SET * WHEN NOT MATCHED THEN INSERT *`);
    expect((await stream(table, cp)).flat()).toEqual([
      [1, 'A', 1, 'update_postimage', 2n],
      [1, 'a', 1, 'update_preimage', 2n],
      [2, 'b', 1, 'delete', 3n],
      [3, 'c', 2, 'delete', 4n],
      [4, 'n', 3, 'insert', 5n],
      [1, 'm', 1, 'update_postimage', 5n],
      [1, 'A', 1, 'update_preimage', 5n],
    ]);
    // Nothing new: no batch.
    expect(await stream(table, cp)).toEqual([]);

    // startingVersion reads the feed from that commit, without a snapshot; the schema has the feed's columns.
    const from = await stream(table, path.join(fx.dir, 'cp2'), { startingVersion: '4' });
    expect(from.flat()).toEqual([
      [3, 'c', 2, 'delete', 4n],
      [4, 'n', 3, 'insert', 5n],
      [1, 'm', 1, 'update_postimage', 5n],
      [1, 'A', 1, 'update_preimage', 5n],
    ]);
  });

  it('fails on versions written without the change data feed', async () => {
    const table = path.join(fx.dir, 'plain');
    await fx.spark.sql(`CREATE TABLE delta.\`${table}\` (id INT, v STRING, p INT) USING DELTA`);
    await fx.spark.sql(`INSERT INTO delta.\`${table}\` VALUES (1, 'a', 1)`);
    await expect(stream(table, path.join(fx.dir, 'cp3'), { startingVersion: '1' })).rejects.toMatchObject({
      errorClass: 'DELTA_MISSING_CHANGE_DATA',
    });
  });

  it("a DataFrame's first write takes the session's property defaults, so the table's feed can be streamed", async () => {
    const table = path.join(fx.dir, 'df-default');
    await fx.spark.conf.set('spark.databricks.delta.properties.defaults.enableChangeDataFeed', 'true');
    try {
      await fx.spark
        .createDataFrame([[1, 'a', 1]], 'id int, v string, p int')
        .write.format('delta')
        .save(table);
    } finally {
      await fx.spark.conf.unset('spark.databricks.delta.properties.defaults.enableChangeDataFeed');
    }
    await fx.spark.sql(`UPDATE delta.\`${table}\` SET v = 'b'`);
    expect((await stream(table, path.join(fx.dir, 'cp4'), { startingVersion: '1' })).flat()).toEqual([
      [1, 'b', 1, 'update_postimage', 1n],
      [1, 'a', 1, 'update_preimage', 1n],
    ]);
  });
});
