/**
 * Every entry point that takes a path maps `dbfs:/x` and `/dbfs/x` onto `<lakesql.dbfs.root>/x`
 * (storage/user-path.ts): the data lands under the session's DBFS root, and nothing is written to a `/dbfs`
 * folder at the root of the filesystem (the tests run as root, where such a folder could be created).
 * Each test's paths sit in a folder named by a fresh token, so the check holds even where /dbfs exists.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DeltaTable } from './delta-tables/delta-table.js';
import { useLakeSession } from './testing/lake-session-fixture.js';

const fx = useLakeSession('lakesql-dbfs-paths-');

/** Whether /dbfs existed before these tests (earlier runs elsewhere); then only the tokens are checked. */
let dbfsExistedBefore = false;
let token = '';

beforeAll(() => {
  dbfsExistedBefore = existsSync('/dbfs');
});

afterEach(() => {
  expect(existsSync(`/dbfs/${token}`)).toBe(false);
  if (!dbfsExistedBefore) expect(existsSync('/dbfs')).toBe(false);
});

/** A fresh folder name for one test's paths. */
function fresh(): string {
  token = `t${randomUUID().slice(0, 8)}`;
  return token;
}

const root = () => path.join(fx.dir, 'dbfs');

/** The files below `<dbfs root>/rel`, as paths relative to it, sorted. */
async function filesUnder(rel: string): Promise<string[]> {
  const dir = path.join(root(), rel);
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

const dataFiles = async (rel: string, ext: string) =>
  (await filesUnder(rel)).filter((f) => !f.startsWith('_') && !f.includes('/_') && f.endsWith(ext));
const logFiles = async (rel: string) =>
  (await filesUnder(rel)).filter((f) => /^_delta_log\/\d{20}\.json$/.test(f));

const sql = async (text: string) => fx.spark.sql(text);
const rows = async (text: string) => (await sql(text)).collect();

async function csvFile(rel: string, name: string, text: string): Promise<void> {
  const dir = path.join(root(), rel);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, name), text);
}

describe('dbfs paths in SQL', () => {
  it('CREATE TABLE … LOCATION /dbfs/… lands under the DBFS root, and the catalog keeps that location', async () => {
    const t = fresh();
    await sql(`CREATE TABLE loc_fuse (id INT, s STRING) USING DELTA LOCATION '/dbfs/${t}/loc'`);
    await sql("INSERT INTO loc_fuse VALUES (1, 'a'), (2, 'b')");
    expect(await logFiles(`${t}/loc`)).toEqual([
      '_delta_log/00000000000000000000.json',
      '_delta_log/00000000000000000001.json',
    ]);
    expect(await dataFiles(`${t}/loc`, '.parquet')).toHaveLength(1);
    expect(await rows('SELECT * FROM loc_fuse ORDER BY id')).toEqual([
      { id: 1, s: 'a' },
      { id: 2, s: 'b' },
    ]);
    const detail = await rows('DESCRIBE DETAIL loc_fuse');
    expect(detail[0]!.location).toBe(`file:${root()}/${t}/loc`);
  });

  it('CREATE TABLE … LOCATION dbfs:/… AS SELECT lands under the DBFS root', async () => {
    const t = fresh();
    await sql(`CREATE TABLE ctas_uri USING DELTA LOCATION 'dbfs:/${t}/ctas' AS SELECT 7 AS id`);
    expect(await logFiles(`${t}/ctas`)).toEqual(['_delta_log/00000000000000000000.json']);
    expect(await dataFiles(`${t}/ctas`, '.parquet')).toHaveLength(1);
    expect(await rows('SELECT * FROM ctas_uri')).toEqual([{ id: 7 }]);
  });

  it('CREATE TABLE delta.`/dbfs/…` AS SELECT makes the path table under the DBFS root', async () => {
    const t = fresh();
    await sql(`CREATE TABLE delta.\`/dbfs/${t}/pt\` AS SELECT 3 AS id`);
    await sql(`INSERT INTO delta.\`dbfs:/${t}/pt\` VALUES (4)`);
    expect(await logFiles(`${t}/pt`)).toEqual([
      '_delta_log/00000000000000000000.json',
      '_delta_log/00000000000000000001.json',
    ]);
    expect(await rows(`SELECT * FROM delta.\`/dbfs/${t}/pt\` ORDER BY id`)).toEqual([{ id: 3 }, { id: 4 }]);
  });

  it('CREATE DATABASE … LOCATION dbfs:/… puts its managed tables under the DBFS root', async () => {
    const t = fresh();
    await sql(`CREATE DATABASE dbfs_db LOCATION 'dbfs:/${t}/db'`);
    await sql('CREATE TABLE dbfs_db.m AS SELECT 1 AS id');
    expect(await logFiles(`${t}/db/m`)).toEqual(['_delta_log/00000000000000000000.json']);
    expect(await rows('SELECT * FROM dbfs_db.m')).toEqual([{ id: 1 }]);
  });

  it('dbfs:/x, /dbfs/x and file:<root>/x name the same table', async () => {
    const t = fresh();
    await sql(`CREATE TABLE same_t (id INT) USING DELTA LOCATION 'dbfs:/${t}/same'`);
    await sql(`INSERT INTO delta.\`/dbfs/${t}/same\` VALUES (1)`);
    await sql(`INSERT INTO delta.\`dbfs:///${t}/same/\` VALUES (2)`);
    await sql('INSERT INTO same_t VALUES (3)');
    expect(await rows('SELECT id FROM same_t ORDER BY id')).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    for (const name of [`/dbfs/${t}/same`, `dbfs:/${t}/same`, `file:${root()}/${t}/same`]) {
      expect(await rows(`SELECT count(*) AS n FROM delta.\`${name}\``), name).toEqual([{ n: 3n }]);
    }
    expect(await logFiles(`${t}/same`)).toHaveLength(4);
  });

  it('delta.`/dbfs/…` path tables read, write, delete, merge, alter and describe under the DBFS root', async () => {
    const t = fresh();
    const p = `/dbfs/${t}/pt`;
    await fx.spark
      .createDataFrame([[1, 'a']], 'id int, s string')
      .write.format('delta')
      .save(p);
    await sql(`INSERT INTO delta.\`${p}\` VALUES (2, 'b'), (3, 'c')`);
    await sql(`DELETE FROM delta.\`dbfs:/${t}/pt\` WHERE id = 3`);
    await sql(`UPDATE delta.\`${p}\` SET s = 'B' WHERE id = 2`);
    await sql(
      `MERGE INTO delta.\`${p}\` AS t USING (SELECT 4 AS id, 'd' AS s) AS u ON t.id = u.id ` +
        'WHEN NOT MATCHED THEN INSERT *',
    );
    await sql(`ALTER TABLE delta.\`${p}\` SET TBLPROPERTIES ('k' = 'v')`);
    expect(await rows(`SELECT * FROM delta.\`${p}\` ORDER BY id`)).toEqual([
      { id: 1, s: 'a' },
      { id: 2, s: 'B' },
      { id: 4, s: 'd' },
    ]);
    expect(await logFiles(`${t}/pt`)).toHaveLength(6);
    const detail = await rows(`DESCRIBE DETAIL delta.\`dbfs:/${t}/pt\``);
    expect(detail[0]!.location).toBe(`file:${root()}/${t}/pt`);
    expect(detail[0]!.properties).toEqual(
      new Map([
        ['delta.enableDeletionVectors', 'true'],
        ['k', 'v'],
      ]),
    );
    const history = await rows(`DESCRIBE HISTORY delta.\`${p}\``);
    expect(history.map((h) => h.version)).toEqual([5n, 4n, 3n, 2n, 1n, 0n]);
  });

  it('parquet.`/dbfs/…` reads files under the DBFS root, and CONVERT TO DELTA converts them there', async () => {
    const t = fresh();
    await fx.spark.createDataFrame([[1], [2]], 'id int').write.parquet(`dbfs:/${t}/pq`);
    expect(await dataFiles(`${t}/pq`, '.parquet')).toHaveLength(1);
    expect(await rows(`SELECT * FROM parquet.\`/dbfs/${t}/pq\` ORDER BY id`)).toEqual([{ id: 1 }, { id: 2 }]);
    await sql(`CONVERT TO DELTA parquet.\`/dbfs/${t}/pq\``);
    expect(await logFiles(`${t}/pq`)).toEqual(['_delta_log/00000000000000000000.json']);
    expect(await rows(`SELECT * FROM delta.\`dbfs:/${t}/pq\` ORDER BY id`)).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it("COPY INTO delta.`/dbfs/…` FROM 'dbfs:/…' loads files from and into the DBFS root", async () => {
    const t = fresh();
    await csvFile(`${t}/incoming`, 'a.csv', 'id,s\n1,x\n2,y\n');
    await sql(`CREATE TABLE copy_t (id INT, s STRING) USING DELTA LOCATION 'dbfs:/${t}/copied'`);
    const copy = await rows(
      `COPY INTO delta.\`/dbfs/${t}/copied\` FROM 'dbfs:/${t}/incoming' FILEFORMAT = CSV ` +
        "FORMAT_OPTIONS ('header' = 'true')",
    );
    expect(copy).toEqual([{ num_affected_rows: 2n, num_inserted_rows: 2n, num_skipped_corrupt_files: 0n }]);
    expect(await dataFiles(`${t}/copied`, '.parquet')).toHaveLength(1);
    expect(await rows('SELECT * FROM copy_t ORDER BY id')).toEqual([
      { id: 1, s: 'x' },
      { id: 2, s: 'y' },
    ]);
  });

  it("table_changes('delta.`/dbfs/…`') reads the change data feed of a table under the DBFS root", async () => {
    const t = fresh();
    await sql(
      `CREATE TABLE cdf_t (id INT) USING DELTA LOCATION '/dbfs/${t}/cdf' ` +
        'TBLPROPERTIES (delta.enableChangeDataFeed = true)',
    );
    await sql('INSERT INTO cdf_t VALUES (1)');
    expect(await logFiles(`${t}/cdf`)).toHaveLength(2);
    for (const name of [`/dbfs/${t}/cdf`, `dbfs:/${t}/cdf`]) {
      expect(
        await rows(`SELECT id, _change_type, _commit_version FROM table_changes('delta.\`${name}\`', 1)`),
      ).toEqual([{ id: 1, _change_type: 'insert', _commit_version: 1n }]);
    }
  });
});

describe('dbfs paths in the DataFrame API', () => {
  it("write.format('delta').save('/dbfs/…') lands under the DBFS root; read.format('delta').load reads it", async () => {
    const t = fresh();
    const df = fx.spark.createDataFrame([[1, 'a']], 'id int, s string');
    await df.write.format('delta').save(`/dbfs/${t}/d`);
    await df.write.format('delta').mode('append').save(`dbfs:/${t}/d`);
    expect(await logFiles(`${t}/d`)).toHaveLength(2);
    expect(await dataFiles(`${t}/d`, '.parquet')).toHaveLength(2);
    for (const p of [`/dbfs/${t}/d`, `dbfs:/${t}/d`]) {
      expect(await (await fx.spark.read.format('delta').load(p)).count(), p).toBe(2);
    }
    await expect(df.write.format('delta').save(`dbfs:/${t}/d`)).rejects.toMatchObject({
      errorClass: 'DELTA_PATH_EXISTS',
    });
  });

  it('every file format writes to and reads from the DBFS root, in both spellings', async () => {
    const t = fresh();
    const df = fx.spark.createDataFrame([[1, 'a']], 'id int, s string');
    for (const format of ['parquet', 'orc', 'csv', 'json'] as const) {
      await df.write.format(format).option('header', true).save(`dbfs:/${t}/${format}`);
      expect(await dataFiles(`${t}/${format}`, `.${format}`), format).toHaveLength(1);
      const back = await fx.spark.read
        .format(format)
        .option('header', true)
        .schema('id int, s string')
        .load(`/dbfs/${t}/${format}`);
      expect(await back.collect(), format).toEqual([{ id: 1, s: 'a' }]);
    }
  });

  it("saveAsTable with option('path', 'dbfs:/…') makes an external table under the DBFS root", async () => {
    const t = fresh();
    const df = fx.spark.createDataFrame([[1]], 'id int');
    await df.write.format('delta').option('path', `dbfs:/${t}/ext`).saveAsTable('ext_t');
    await df.write.format('delta').mode('append').option('path', `/dbfs/${t}/ext/`).saveAsTable('ext_t');
    expect(await logFiles(`${t}/ext`)).toHaveLength(2);
    expect(await rows('SELECT count(*) AS n FROM ext_t')).toEqual([{ n: 2n }]);
    const described = await rows('DESCRIBE TABLE EXTENDED ext_t');
    const info = new Map(described.map((r) => [r.col_name, r.data_type]));
    expect([info.get('Type'), info.get('Location')]).toEqual(['EXTERNAL', `file:${root()}/${t}/ext`]);
    await expect(
      df.write.format('delta').mode('append').option('path', `/dbfs/${t}/elsewhere`).saveAsTable('ext_t'),
    ).rejects.toMatchObject({
      errorClass: 'DELTA_TABLE_LOCATION_MISMATCH',
      sqlState: '42613',
      messageParameters: {
        tableName: '`spark_catalog`.`default`.`ext_t`',
        existingTableLocation: `\`file:${root()}/${t}/ext\``,
        tableLocation: `\`file:${root()}/${t}/elsewhere\``,
      },
    });
    await df.write.format('csv').option('path', `dbfs:/${t}/ext_csv`).saveAsTable('ext_csv');
    expect(await dataFiles(`${t}/ext_csv`, '.csv')).toHaveLength(1);
    await sql('DROP TABLE ext_t');
    expect(await logFiles(`${t}/ext`)).toHaveLength(2);
  });

  it('DeltaTable.forPath and isDeltaTable find tables under the DBFS root', async () => {
    const t = fresh();
    await fx.spark
      .createDataFrame([[1]], 'id int')
      .write.format('delta')
      .save(`dbfs:/${t}/dt`);
    expect(await DeltaTable.isDeltaTable(fx.spark, `/dbfs/${t}/dt`)).toBe(true);
    expect(await DeltaTable.isDeltaTable(fx.spark, `dbfs:/${t}/dt`)).toBe(true);
    expect(await DeltaTable.isDeltaTable(fx.spark, `/dbfs/${t}/none`)).toBe(false);
    const table = await DeltaTable.forPath(fx.spark, `/dbfs/${t}/dt`);
    await table.delete('id = 1');
    expect(await table.toDF().count()).toBe(0);
    expect(await logFiles(`${t}/dt`)).toHaveLength(2);
    await expect(DeltaTable.forPath(fx.spark, `dbfs:/${t}/none`)).rejects.toMatchObject({
      errorClass: 'DELTA_MISSING_DELTA_TABLE',
    });
  });

  it('spark.deltaTable(dbfs:/…), what `lakesql table show|check` opens, reads under the DBFS root', async () => {
    const t = fresh();
    await fx.spark
      .createDataFrame([[5]], 'id int')
      .write.format('delta')
      .save(`/dbfs/${t}/low`);
    const table = fx.spark.deltaTable(`dbfs:/${t}/low`);
    expect((await table.read()).rows).toEqual([{ id: 5 }]);
    expect(table.store.localPath('')).toBe(path.join(root(), t, 'low'));
  });
});

describe('dbfs paths in streaming', () => {
  it('readStream.load, checkpointLocation and start(path) all resolve under the DBFS root', async () => {
    const t = fresh();
    await csvFile(`${t}/in`, 'a.csv', 'id,s\n1,a\n');
    const q = await fx.spark.readStream
      .schema('id int, s string')
      .option('header', true)
      .csv(`/dbfs/${t}/in`)
      .writeStream.format('delta')
      .option('checkpointLocation', `dbfs:/${t}/cp`)
      .trigger({ once: true })
      .start(`/dbfs/${t}/out`);
    await q.awaitTermination();
    expect(await logFiles(`${t}/out`)).toEqual(['_delta_log/00000000000000000000.json']);
    expect((await filesUnder(`${t}/cp`)).filter((f) => f.startsWith('commits/'))).toEqual(['commits/0']);
    expect(await rows(`SELECT * FROM delta.\`dbfs:/${t}/out\``)).toEqual([{ id: 1, s: 'a' }]);

    const batches: number[] = [];
    const q2 = await fx.spark.readStream
      .format('delta')
      .load(`dbfs:/${t}/out`)
      .writeStream.option('checkpointLocation', `/dbfs/${t}/cp2`)
      .trigger({ once: true })
      .foreachBatch(async (df) => {
        batches.push(await df.count());
      })
      .start();
    await q2.awaitTermination();
    expect(batches).toEqual([1]);
    expect((await filesUnder(`${t}/cp2`)).filter((f) => f.startsWith('commits/'))).toEqual(['commits/0']);
  });
});
