/**
 * Sized data files: delta.targetFileSize, lakesql.delta.targetFileSize, spark.sql.files.maxRecordsPerFile and
 * the writer option maxRecordsPerFile, through every writer (CTAS, INSERT, DataFrame save, UPDATE, MERGE,
 * the streaming Delta sink), asserting the commit's add actions against the files and the rows read back.
 */
import { cp, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { commitKey } from '../../delta/log-files.js';
import { LakesqlError } from '../../errors/index.js';
import { useLakeSession } from '../testing/lake-session-fixture.js';

const fx = useLakeSession('lakesql-file-sizing-');
const MB = 1024 * 1024;
/**
 * DuckDB rotates files between row groups, so a file may pass its target by a row group per writing
 * thread (at a 1 MB target a row group holds 3840 rows, 4096 once DuckDB rounds it to its vector), plus
 * its footer.
 */
async function sizeLimit(file: string, target: number): Promise<number> {
  const [row] = await fx.spark.engine.all(
    `SELECT current_setting('threads') AS threads, max(bytes) AS group_bytes FROM (
       SELECT row_group_id, sum(total_compressed_size) AS bytes FROM parquet_metadata('${file}') GROUP BY ALL)`,
  );
  return target + Number(row!.threads) * Number(row!.group_bytes) + 16 * 1024;
}

interface Add {
  readonly path: string;
  readonly size: number;
  readonly partitionValues: Record<string, string | null>;
  readonly stats: {
    numRecords: number;
    minValues: Record<string, unknown>;
    maxValues: Record<string, unknown>;
  };
}

const tableDir = (name: string) => path.join(fx.dir, 'warehouse', name);

async function latestVersion(table: string): Promise<number> {
  const names = await readdir(path.join(table, '_delta_log'));
  return Math.max(...names.filter((n) => n.endsWith('.json')).map((n) => Number(n.slice(0, 20))));
}

/** The add actions of a commit (the latest by default), with their stats parsed. */
async function addsOf(table: string, version?: number): Promise<Add[]> {
  const v = version ?? (await latestVersion(table));
  const text = await readFile(path.join(table, commitKey(v)), 'utf8');
  return text
    .split('\n')
    .filter((l) => l.includes('"add"'))
    .map((l) => {
      const add = (JSON.parse(l) as { add: Omit<Add, 'stats'> & { stats: string } }).add;
      return { ...add, stats: JSON.parse(add.stats) as Add['stats'] };
    });
}

async function rows(sql: string) {
  return (await fx.spark.sql(sql)).collect();
}

async function errorOf(p: Promise<unknown>): Promise<LakesqlError> {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(LakesqlError);
  return e as LakesqlError;
}

/** Every add's size is its file's, and within the target (see sizeLimit). */
async function expectSized(table: string, adds: readonly Add[], target: number): Promise<void> {
  for (const a of adds) {
    expect((await stat(path.join(table, decodeURIComponent(a.path)))).size).toBe(a.size);
    expect(a.size).toBeLessThanOrEqual(await sizeLimit(path.join(table, decodeURIComponent(a.path)), target));
  }
}

/** 32 hex characters per row: rows that do not compress away. */
const ROWS = (n: number) => `SELECT id, md5(CAST(id AS STRING)) AS s FROM range(${n})`;

afterEach(async () => {
  await fx.spark.sql('RESET');
});

describe('delta.targetFileSize', () => {
  it('splits a CTAS into files of the target size, each with its own stats', async () => {
    await fx.spark.sql(
      `CREATE TABLE ctas USING delta TBLPROPERTIES ('delta.targetFileSize' = '1mb') AS ${ROWS(200000)}`,
    );
    const adds = await addsOf(tableDir('ctas'));
    expect(adds.length).toBeGreaterThanOrEqual(5);
    await expectSized(tableDir('ctas'), adds, MB);
    expect(adds.reduce((n, a) => n + a.stats.numRecords, 0)).toBe(200000);
    // The files hold consecutive id ranges (the order of the query), each range its file's min/max.
    const ranges = adds
      .map((a) => [Number(a.stats.minValues.id), Number(a.stats.maxValues.id), a.stats.numRecords])
      .sort((x, y) => x[0]! - y[0]!);
    ranges.forEach(([min, max, n], i) => {
      expect(max! - min! + 1).toBe(n);
      if (i > 0) expect(min).toBe(ranges[i - 1]![1]! + 1);
    });
    expect(await rows('SELECT count(*) AS n, sum(id) AS s, count(DISTINCT s) AS d FROM ctas')).toEqual([
      { n: 200000n, s: 19999900000n, d: 200000n },
    ]);
  });

  it('splits each partition of a partitioned write', async () => {
    await fx.spark.sql(
      `CREATE TABLE part USING delta PARTITIONED BY (p) TBLPROPERTIES ('delta.targetFileSize' = '1mb')
       AS SELECT id, md5(CAST(id AS STRING)) AS s, CAST(id % 2 AS INT) AS p FROM range(300000)`,
    );
    const adds = await addsOf(tableDir('part'));
    await expectSized(tableDir('part'), adds, MB);
    for (const p of ['0', '1']) {
      const inPartition = adds.filter((a) => a.partitionValues.p === p);
      expect(inPartition.length).toBeGreaterThanOrEqual(3);
      expect(inPartition.every((a) => a.path.startsWith(`p=${p}/`))).toBe(true);
      expect(inPartition.reduce((n, a) => n + a.stats.numRecords, 0)).toBe(150000);
    }
    expect(await rows('SELECT p, count(*) AS n, sum(id % 2) AS odd FROM part GROUP BY p ORDER BY p')).toEqual(
      [
        { p: 0, n: 150000n, odd: 0n },
        { p: 1, n: 150000n, odd: 150000n },
      ],
    );
  });

  it('falls back to the session default, and the table property wins over it', async () => {
    await fx.spark.sql(`SET lakesql.delta.targetFileSize = 1mb`);
    await fx.spark.sql(`CREATE TABLE by_session USING delta AS ${ROWS(200000)}`);
    const bySession = await addsOf(tableDir('by_session'));
    expect(bySession.length).toBeGreaterThanOrEqual(5);
    await expectSized(tableDir('by_session'), bySession, MB);

    await fx.spark.sql(
      `CREATE TABLE by_property USING delta TBLPROPERTIES ('delta.targetFileSize' = '104857600') AS ${ROWS(200000)}`,
    );
    expect(await addsOf(tableDir('by_property'))).toHaveLength(1);

    // Unset, 128 MB: one file for these 200k rows.
    await fx.spark.sql('RESET lakesql.delta.targetFileSize');
    await fx.spark.sql(`CREATE TABLE by_default USING delta AS ${ROWS(200000)}`);
    expect(await addsOf(tableDir('by_default'))).toHaveLength(1);

    // Set later by ALTER TABLE, the property sizes the next write.
    await fx.spark.sql(`ALTER TABLE by_property SET TBLPROPERTIES ('delta.targetFileSize' = '1m')`);
    await fx.spark.sql(`INSERT INTO by_property ${ROWS(200000)}`);
    const altered = await addsOf(tableDir('by_property'));
    expect(altered.length).toBeGreaterThanOrEqual(5);
    await expectSized(tableDir('by_property'), altered, MB);
  });

  it('refuses a value that is not a positive size', async () => {
    const bad = await errorOf(
      fx.spark.sql(
        `CREATE TABLE bad USING delta TBLPROPERTIES ('delta.targetFileSize' = 'big') AS ${ROWS(10)}`,
      ),
    );
    expect(bad.errorClass).toBe('DELTA_INVALID_TABLE_PROPERTY_VALUE');
    expect(bad.messageParameters).toEqual({
      key: 'delta.targetFileSize',
      requirement: 'needs to be a positive size in bytes or higher units, e.g. 104857600 or 100mb',
      value: 'big',
    });
    expect(await rows(`SHOW TABLES LIKE 'bad'`)).toEqual([]);
    await fx.spark.sql(`CREATE TABLE altered USING delta AS ${ROWS(10)}`);
    const altered = await errorOf(
      fx.spark.sql(`ALTER TABLE altered SET TBLPROPERTIES ('delta.targetFileSize' = '-1')`),
    );
    expect(altered.errorClass).toBe('DELTA_INVALID_TABLE_PROPERTY_VALUE');
    expect(await latestVersion(tableDir('altered'))).toBe(0);

    const conf = await errorOf(fx.spark.sql('SET lakesql.delta.targetFileSize = 1.5mb'));
    expect(conf.errorClass).toBe('INVALID_CONF_VALUE.REQUIREMENT');
    expect(conf.messageParameters.confName).toBe('"lakesql.delta.targetFileSize"');
    const records = await errorOf(fx.spark.sql('SET spark.sql.files.maxRecordsPerFile = many'));
    expect(records.errorClass).toBe('INVALID_CONF_VALUE.REQUIREMENT');
    expect(records.messageParameters).toEqual({
      confValue: 'many',
      confName: '"spark.sql.files.maxRecordsPerFile"',
      requirement: 'It should be a long integer.',
    });
  });
});

describe('maxRecordsPerFile', () => {
  it('spark.sql.files.maxRecordsPerFile caps the rows of every file INSERT writes', async () => {
    await fx.spark.sql('CREATE TABLE capped (id BIGINT, s STRING) USING delta');
    await fx.spark.sql('SET spark.sql.files.maxRecordsPerFile = 3000');
    await fx.spark.sql(`INSERT INTO capped ${ROWS(10000)}`);
    const adds = await addsOf(tableDir('capped'));
    expect(adds.map((a) => a.stats.numRecords).sort((x, y) => y - x)).toEqual([3000, 3000, 3000, 1000]);
    expect(await rows('SELECT count(*) AS n, count(DISTINCT id) AS d FROM capped')).toEqual([
      { n: 10000n, d: 10000n },
    ]);
    // 0 (the default) is no limit.
    await fx.spark.sql('SET spark.sql.files.maxRecordsPerFile = 0');
    await fx.spark.sql(`INSERT INTO capped ${ROWS(10000)}`);
    expect((await addsOf(tableDir('capped'))).map((a) => a.stats.numRecords)).toEqual([10000]);
  });

  it('the DataFrame option wins over the session key, per partition', async () => {
    await fx.spark.sql('SET spark.sql.files.maxRecordsPerFile = 10');
    const target = path.join(fx.dir, 'df-capped');
    await (await fx.spark.sql('SELECT id, CAST(id % 3 AS INT) AS p FROM range(1000)')).write
      .format('delta')
      .partitionBy('p')
      .option('maxRecordsPerFile', 150)
      .save(target);
    const adds = await addsOf(target, 0);
    for (const [p, n] of [
      ['0', 334],
      ['1', 333],
      ['2', 333],
    ] as const) {
      const counts = adds.filter((a) => a.partitionValues.p === p).map((a) => a.stats.numRecords);
      expect(counts.sort((x, y) => y - x)).toEqual([150, 150, n - 300]);
    }
    expect(await rows(`SELECT count(*) AS n, sum(id) AS s FROM delta.\`${target}\``)).toEqual([
      { n: 1000n, s: 499500n },
    ]);
    // An append through the DataFrame writer takes the option too (an INSERT under the hood).
    await (await fx.spark.sql('SELECT id + 1000 AS id, 0 AS p FROM range(100)')).write
      .format('delta')
      .mode('append')
      .option('maxRecordsPerFile', '40')
      .save(target);
    expect((await addsOf(target, 1)).map((a) => a.stats.numRecords).sort((x, y) => y - x)).toEqual([
      40, 40, 20,
    ]);

    const bad = await errorOf(
      (await fx.spark.sql('SELECT 1 AS id, 0 AS p')).write
        .format('delta')
        .mode('append')
        .option('maxRecordsPerFile', 'x')
        .save(target),
    );
    expect(bad.errorClass).toBe('INVALID_CONF_VALUE.REQUIREMENT');
  });

  it('UPDATE and MERGE write their rows in files of at most that many rows', async () => {
    await fx.spark.sql(
      `CREATE TABLE changed USING delta TBLPROPERTIES ('delta.enableDeletionVectors' = 'false') AS ${ROWS(10000)}`,
    );
    await fx.spark.sql('SET spark.sql.files.maxRecordsPerFile = 4000');
    await fx.spark.sql(`UPDATE changed SET s = 'x' WHERE id < 10`);
    expect((await addsOf(tableDir('changed'))).map((a) => a.stats.numRecords).sort((x, y) => y - x)).toEqual([
      4000, 4000, 2000,
    ]);
    await fx.spark.sql(
      `MERGE INTO changed t USING (SELECT id + 10000 AS id, 'new' AS s FROM range(5000)) src ON t.id = src.id
       WHEN NOT MATCHED THEN INSERT *`,
    );
    expect((await addsOf(tableDir('changed'))).map((a) => a.stats.numRecords).sort((x, y) => y - x)).toEqual([
      4000, 1000,
    ]);
    expect(
      await rows(`SELECT count(*) AS n, count_if(s = 'x') AS x, count_if(s = 'new') AS m FROM changed`),
    ).toEqual([{ n: 15000n, x: 10n, m: 5000n }]);
  });

  it('the streaming Delta sink writes through the same writer', async () => {
    const src = path.join(fx.dir, 'stream-src');
    const out = path.join(fx.dir, 'stream-out');
    await mkdir(src, { recursive: true });
    const csv = ['id', ...Array.from({ length: 25 }, (_, i) => String(i))].join('\n');
    await writeFile(path.join(src, 'a.csv'), `${csv}\n`);
    await fx.spark.sql('SET spark.sql.files.maxRecordsPerFile = 10');
    const q = await fx.spark.readStream
      .format('csv')
      .option('header', 'true')
      .schema('id int')
      .load(src)
      .writeStream.format('delta')
      .option('checkpointLocation', path.join(fx.dir, 'stream-cp'))
      .trigger({ once: true })
      .start(out);
    await q.awaitTermination();
    expect((await addsOf(out, 0)).map((a) => a.stats.numRecords).sort((x, y) => y - x)).toEqual([10, 10, 5]);
  });

  it('writes capped files into a copy of a Spark-written table (name column mapping, partitioned)', async () => {
    const golden = fileURLToPath(
      new URL('../../../test/data/delta/golden/data-reader-timestamp_ntz-name-mode/delta', import.meta.url),
    );
    const table = path.join(fx.dir, 'spark-name-mode');
    await cp(golden, table, { recursive: true });
    const before = await rows(`SELECT count(*) AS n FROM delta.\`${table}\``);
    await fx.spark.sql('SET spark.sql.files.maxRecordsPerFile = 100');
    await fx.spark.sql(
      `INSERT INTO delta.\`${table}\` SELECT CAST(id + 1000 AS INT), TIMESTAMP_NTZ'2024-01-01 10:00:00',
         TIMESTAMP_NTZ'2024-01-02 00:00:00' FROM range(250)`,
    );
    const adds = await addsOf(table);
    expect(adds.map((a) => a.stats.numRecords).sort((x, y) => y - x)).toEqual([100, 100, 50]);
    // Under column mapping the stats and partition values use physical names, the folders Spark's prefixes.
    for (const a of adds) {
      expect(Object.keys(a.partitionValues)).toEqual([expect.stringMatching(/^col-/)]);
      expect(Object.keys(a.stats.minValues).every((k) => k.startsWith('col-'))).toBe(true);
      expect(a.path).toMatch(/^[A-Za-z0-9]{2}\/part-/);
    }
    expect(
      await rows(
        `SELECT count(*) AS n, min(id) AS lo, max(id) AS hi FROM delta.\`${table}\` WHERE tsNtzPartition = TIMESTAMP_NTZ'2024-01-02 00:00:00'`,
      ),
    ).toEqual([{ n: 250n, lo: 1000, hi: 1249 }]);
    expect(await rows(`SELECT count(*) - 250 AS n FROM delta.\`${table}\``)).toEqual(before);
  });
});
