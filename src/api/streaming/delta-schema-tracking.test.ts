/**
 * A Delta source with a schema tracking log (`schemaTrackingLocation`): a column rename, drop or addition
 * in the source stops the stream once, with the new metadata in the log; the restart reads on with it
 * (after the user's go-ahead for a rename or drop). Files committed before a change are read with the
 * names they had then. Without the log, a rename under column mapping stops the stream for good.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useLakeSession } from '../testing/lake-session-fixture.js';

const fx = useLakeSession('lakesql-delta-schema-tracking-');

type Row = Record<string, unknown>;

/** Runs an availableNow stream of `table` into foreachBatch; each batch's rows, or the error it ended with. */
async function run(
  table: string,
  checkpoint: string,
  options: Record<string, string>,
): Promise<{ batches: Row[][]; error?: { errorClass: string; message: string } }> {
  const batches: Row[][] = [];
  try {
    const q = await fx.spark.readStream
      .format('delta')
      .options(options)
      .load(table)
      .writeStream.option('checkpointLocation', checkpoint)
      .trigger({ availableNow: true })
      .foreachBatch(async (df) => {
        batches.push((await df.orderBy('id').collect()).map((r) => ({ ...r })));
      })
      .start();
    await q.awaitTermination();
    return { batches };
  } catch (e) {
    const { errorClass, message } = e as { errorClass: string; message: string };
    return { batches, error: { errorClass, message } };
  }
}

async function columnMappedTable(name: string): Promise<string> {
  const table = path.join(fx.dir, name);
  await fx.spark.sql(
    `CREATE TABLE delta.\`${table}\` (id INT, name STRING) USING delta TBLPROPERTIES ('delta.columnMapping.mode' = 'name')`,
  );
  await fx.spark.sql(`INSERT INTO delta.\`${table}\` VALUES (1, 'a'), (2, 'b')`);
  return table;
}

async function logEntries(folder: string): Promise<{ deltaCommitVersion: number; dataSchemaJson: string }[]> {
  const [logDir] = (await readdir(folder)).filter((f) => f.startsWith('_schema_log_'));
  const files = (await readdir(path.join(folder, logDir!))).filter((f) => /^\d+$/.test(f)).sort();
  return Promise.all(
    files.map(async (f) => {
      const [version, json] = (await readFile(path.join(folder, logDir!, f), 'utf8')).split('\n');
      expect(version).toBe('v1');
      return JSON.parse(json!);
    }),
  );
}

describe('Delta source: schemaTrackingLocation', () => {
  it('a rename stops the stream once; after the go-ahead it reads on with the new name', async () => {
    const table = await columnMappedTable('renamed');
    const cp = path.join(fx.dir, 'renamed-cp');
    const schemaDir = path.join(cp, '_schema');
    const options = { schemaTrackingLocation: schemaDir };

    expect(await run(table, cp, options)).toEqual({
      batches: [
        [
          { id: 1, name: 'a' },
          { id: 2, name: 'b' },
        ],
      ],
    });
    expect((await logEntries(schemaDir)).map((e) => e.deltaCommitVersion)).toEqual([1]);

    await fx.spark.sql(`INSERT INTO delta.\`${table}\` VALUES (3, 'c')`); // v2, before the rename
    await fx.spark.sql(`ALTER TABLE delta.\`${table}\` RENAME COLUMN name TO label`); // v3
    await fx.spark.sql(`INSERT INTO delta.\`${table}\` VALUES (4, 'd')`); // v4

    // The file committed before the rename is read with its old name; then the stream stops.
    const second = await run(table, cp, options);
    expect(second.batches).toEqual([[{ id: 3, name: 'c' }]]);
    expect(second.error?.errorClass).toBe('DELTA_STREAMING_METADATA_EVOLUTION');
    expect(second.error?.message).toContain(' |-- label: string (nullable = true)');
    expect((await logEntries(schemaDir)).map((e) => e.deltaCommitVersion)).toEqual([1, 3]);

    // A rename needs the user's go-ahead before the restart reads on.
    const third = await run(table, cp, options);
    expect(third.batches).toEqual([]);
    expect(third.error?.errorClass).toBe('DELTA_STREAMING_CANNOT_CONTINUE_PROCESSING_POST_SCHEMA_EVOLUTION');
    expect(third.error?.message).toContain('(RENAME COLUMN) between Delta version 1 and 3');
    const key =
      /set `(spark\.databricks\.delta\.streaming\.allowSourceColumnRenameAndDrop\.ckpt_-?\d+) = 3`/.exec(
        third.error!.message,
      )?.[1];
    expect(key).toBeDefined();

    fx.spark.conf.set(key!, '3');
    expect(await run(table, cp, options)).toEqual({ batches: [[{ id: 4, label: 'd' }]] });
    // Nothing new: the next run reads nothing and does not stop.
    expect(await run(table, cp, options)).toEqual({ batches: [] });
  });

  it('a dropped column: the conf for drops unblocks it; rows after the drop lack the column', async () => {
    const table = await columnMappedTable('dropped');
    const cp = path.join(fx.dir, 'dropped-cp');
    const options = { schemaLocation: path.join(cp, 'schema') };
    expect((await run(table, cp, options)).batches).toHaveLength(1);
    await fx.spark.sql(`ALTER TABLE delta.\`${table}\` DROP COLUMN name`);
    await fx.spark.sql(`INSERT INTO delta.\`${table}\` VALUES (5)`);
    expect((await run(table, cp, options)).error?.errorClass).toBe('DELTA_STREAMING_METADATA_EVOLUTION');
    const blocked = await run(table, cp, options);
    expect(blocked.error?.message).toContain('(DROP COLUMN)');
    fx.spark.conf.set('spark.databricks.delta.streaming.allowSourceColumnDrop', 'always');
    expect(await run(table, cp, options)).toEqual({ batches: [[{ id: 5 }]] });
  });

  it('an added column stops the stream once and needs no go-ahead', async () => {
    const table = path.join(fx.dir, 'added');
    await fx.spark.sql(`CREATE TABLE delta.\`${table}\` (id INT) USING delta`);
    await fx.spark.sql(`INSERT INTO delta.\`${table}\` VALUES (1)`);
    const cp = path.join(fx.dir, 'added-cp');
    const options = { schemaTrackingLocation: path.join(cp, 'schema') };
    expect(await run(table, cp, options)).toEqual({ batches: [[{ id: 1 }]] });
    await fx.spark.sql(`ALTER TABLE delta.\`${table}\` ADD COLUMN extra STRING`);
    await fx.spark.sql(`INSERT INTO delta.\`${table}\` VALUES (2, 'x')`);
    expect((await run(table, cp, options)).error?.errorClass).toBe('DELTA_STREAMING_METADATA_EVOLUTION');
    expect(await run(table, cp, options)).toEqual({ batches: [[{ id: 2, extra: 'x' }]] });
  });

  it('without a tracking log a rename under column mapping stops the stream for good', async () => {
    const table = await columnMappedTable('untracked');
    const cp = path.join(fx.dir, 'untracked-cp');
    expect((await run(table, cp, {})).batches).toHaveLength(1);
    // A file written before the rename waits: reading it with the new name would change its meaning.
    await fx.spark.sql(`INSERT INTO delta.\`${table}\` VALUES (3, 'c')`);
    await fx.spark.sql(`ALTER TABLE delta.\`${table}\` RENAME COLUMN name TO label`);
    await fx.spark.sql(`INSERT INTO delta.\`${table}\` VALUES (4, 'd')`);
    for (let i = 0; i < 2; i++) {
      const r = await run(table, cp, {});
      expect(r.batches).toEqual([]);
      expect(r.error?.errorClass).toBe('DELTA_STREAMING_INCOMPATIBLE_SCHEMA_CHANGE_USE_SCHEMA_LOG');
    }
  });

  it('the log must lie inside the checkpoint, and belongs to one table', async () => {
    const table = await columnMappedTable('placed');
    const cp = path.join(fx.dir, 'placed-cp');
    const outside = await run(table, cp, { schemaTrackingLocation: path.join(fx.dir, 'elsewhere') });
    expect(outside.error?.errorClass).toBe('DELTA_STREAMING_SCHEMA_LOCATION_NOT_UNDER_CHECKPOINT');

    const other = await columnMappedTable('placed-other');
    const shared = path.join(cp, 'schema');
    expect((await run(table, cp, { schemaTrackingLocation: shared })).batches).toHaveLength(1);
    // Another table's stream keeps its own `_schema_log_<tableId>` folder beside it.
    const cp2 = path.join(cp, 'nested-query');
    expect((await run(other, cp2, { schemaTrackingLocation: path.join(cp2, 's') })).batches).toHaveLength(1);
    expect((await readdir(shared)).filter((f) => f.startsWith('_schema_log_'))).toHaveLength(1);
  });
});
