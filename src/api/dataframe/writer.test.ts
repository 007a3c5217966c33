/** DataFrameWriter on Delta tables: every mode and option, asserting rows, commitInfo and errors. */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitKey } from '../../delta/log-files.js';
import { LakesqlError } from '../../errors/index.js';
import { LakeSession } from '../lake-session.js';

let dir: string;
let spark: LakeSession;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lakesql-writer-'));
  spark = await LakeSession.create({ warehouse: dir, output: () => {} });
});

afterAll(async () => {
  spark.close();
  await rm(dir, { recursive: true, force: true });
});

const rowsOf = (data: unknown[][], schema = 'id int, p string, v int') =>
  spark.createDataFrame(data as never, schema);

async function commitInfo(tablePath: string, version: number): Promise<Record<string, unknown>> {
  const text = await readFile(path.join(tablePath, commitKey(version)), 'utf8');
  const line = text.split('\n').find((l) => l.includes('"commitInfo"'))!;
  return (JSON.parse(line) as { commitInfo: Record<string, unknown> }).commitInfo;
}

async function sorted(sql: string) {
  return (await spark.sql(sql)).collect();
}

async function errorOf(p: Promise<unknown>): Promise<LakesqlError> {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(LakesqlError);
  return e as LakesqlError;
}

describe('save(path)', () => {
  it('creates a partitioned table with a WRITE commit, then append / ignore / error', async () => {
    const p = path.join(dir, 'paths', 't1');
    await rowsOf([
      [1, 'a', 10],
      [2, 'b', 20],
    ])
      .write.format('delta')
      .partitionBy('p')
      .save(p);
    const ci0 = await commitInfo(p, 0);
    expect(ci0.operation).toBe('WRITE');
    expect(ci0.operationParameters).toEqual({ mode: 'ErrorIfExists', partitionBy: '["p"]' });

    await rowsOf([[3, 'a', 30]])
      .write.mode('append')
      .save(p);
    expect((await commitInfo(p, 1)).operationParameters).toEqual({ mode: 'Append', partitionBy: '[]' });
    expect((await commitInfo(p, 1)).isBlindAppend).toBe(true);

    await rowsOf([[9, 'z', 90]])
      .write.mode('ignore')
      .save(p);
    expect(await sorted(`SELECT * FROM delta.\`${p}\` ORDER BY id`)).toEqual([
      { id: 1, p: 'a', v: 10 },
      { id: 2, p: 'b', v: 20 },
      { id: 3, p: 'a', v: 30 },
    ]);
    const err = await errorOf(
      rowsOf([[9, 'z', 90]])
        .write.mode('error')
        .save(p),
    );
    expect(err.errorClass).toBe('DELTA_PATH_EXISTS');
    const err2 = await errorOf(rowsOf([[9, 'z', 90]]).write.save(p));
    expect(err2.errorClass).toBe('DELTA_PATH_EXISTS');
    const desc = await sorted(`DESCRIBE DETAIL delta.\`${p}\``);
    expect(desc[0]!.partitionColumns).toEqual(['p']);
  });

  it('appends by name, casting to the table types', async () => {
    const p = path.join(dir, 'paths', 'byname');
    await rowsOf([[1, 'a', 10]]).write.save(p);
    await spark
      .createDataFrame([[20, 'b', 2]], 'v int, p string, id int')
      .write.mode('append')
      .save(p);
    expect(await sorted(`SELECT * FROM delta.\`${p}\` ORDER BY id`)).toEqual([
      { id: 1, p: 'a', v: 10 },
      { id: 2, p: 'b', v: 20 },
    ]);
  });

  it('overwrite replaces every row (static mode)', async () => {
    const p = path.join(dir, 'paths', 'ow');
    await rowsOf([
      [1, 'a', 10],
      [2, 'b', 20],
    ])
      .write.partitionBy('p')
      .save(p);
    await rowsOf([[3, 'a', 30]])
      .write.mode('overwrite')
      .save(p);
    expect(await sorted(`SELECT * FROM delta.\`${p}\``)).toEqual([{ id: 3, p: 'a', v: 30 }]);
    const ci = await commitInfo(p, 1);
    expect(ci.operation).toBe('WRITE');
    expect((ci.operationParameters as Record<string, string>).mode).toBe('Overwrite');
    expect((ci.operationMetrics as Record<string, string>).numRemovedFiles).toBe('2');
  });

  it('partitionOverwriteMode=dynamic replaces only the partitions written', async () => {
    const p = path.join(dir, 'paths', 'dyn');
    await rowsOf([
      [1, 'a', 10],
      [2, 'b', 20],
      [3, 'c', 30],
    ])
      .write.partitionBy('p')
      .save(p);
    await rowsOf([
      [4, 'a', 40],
      [5, 'd', 50],
    ])
      .write.mode('overwrite')
      .option('partitionOverwriteMode', 'dynamic')
      .save(p);
    expect(await sorted(`SELECT * FROM delta.\`${p}\` ORDER BY id`)).toEqual([
      { id: 2, p: 'b', v: 20 },
      { id: 3, p: 'c', v: 30 },
      { id: 4, p: 'a', v: 40 },
      { id: 5, p: 'd', v: 50 },
    ]);
    expect((await commitInfo(p, 1)).operationMetrics).toMatchObject({ numRemovedFiles: '1' });
    // The option applied to this write only.
    expect(spark.conf.get('spark.sql.sources.partitionOverwriteMode', 'static')).toBe('static');
  });

  it('replaceWhere replaces the matching rows in one commit', async () => {
    const p = path.join(dir, 'paths', 'rw');
    await rowsOf([
      [1, 'a', 10],
      [2, 'b', 20],
      [3, 'a', 30],
    ])
      .write.partitionBy('p')
      .save(p);
    await rowsOf([[7, 'a', 70]])
      .write.mode('overwrite')
      .option('replaceWhere', "p = 'a'")
      .save(p);
    expect(await sorted(`SELECT * FROM delta.\`${p}\` ORDER BY id`)).toEqual([
      { id: 2, p: 'b', v: 20 },
      { id: 7, p: 'a', v: 70 },
    ]);
    const ci = await commitInfo(p, 1);
    // The predicate as the SQL path records it (insert-overwrite.ts prints it with Spark's toPrettySQL).
    expect(ci.operationParameters).toMatchObject({ mode: 'Overwrite', predicate: '["(p = a)"]' });
  });

  it('replaceWhere with a row outside the predicate fails with DELTA_REPLACE_WHERE_MISMATCH', async () => {
    const p = path.join(dir, 'paths', 'rw_bad');
    await rowsOf([[1, 'a', 10]])
      .write.partitionBy('p')
      .save(p);
    const err = await errorOf(
      rowsOf([
        [7, 'a', 70],
        [8, 'b', 80],
      ])
        .write.mode('overwrite')
        .option('replaceWhere', "p = 'a'")
        .save(p),
    );
    expect(err.errorClass).toBe('DELTA_REPLACE_WHERE_MISMATCH');
    expect(err.message).toContain("p = 'a'");
    expect(await sorted(`SELECT id FROM delta.\`${p}\``)).toEqual([{ id: 1 }]);
  });

  it('replaceWhere with the constraint check off writes every row', async () => {
    const p = path.join(dir, 'paths', 'rw_off');
    await rowsOf([
      [1, 'a', 10],
      [2, 'b', 20],
    ])
      .write.partitionBy('p')
      .save(p);
    spark.conf.set('spark.databricks.delta.replaceWhere.constraintCheck.enabled', 'false');
    try {
      await rowsOf([
        [7, 'a', 70],
        [8, 'c', 80],
      ])
        .write.mode('overwrite')
        .option('replaceWhere', "p = 'a'")
        .save(p);
    } finally {
      spark.conf.unset('spark.databricks.delta.replaceWhere.constraintCheck.enabled');
    }
    expect(await sorted(`SELECT id FROM delta.\`${p}\` ORDER BY id`)).toEqual([
      { id: 2 },
      { id: 7 },
      { id: 8 },
    ]);
  });

  it('mergeSchema adds the new column; without it the write fails and nothing changes', async () => {
    const p = path.join(dir, 'paths', 'merge');
    await rowsOf([[1, 'a', 10]]).write.save(p);
    const wider = spark.createDataFrame([[2, 'b', 20, 'x']], 'id int, p string, v int, extra string');
    const err = await errorOf(wider.write.mode('append').save(p));
    expect(err.errorClass).not.toBe('INTERNAL_ERROR');
    await wider.write.mode('append').option('mergeSchema', 'true').save(p);
    expect(await sorted(`SELECT * FROM delta.\`${p}\` ORDER BY id`)).toEqual([
      { id: 1, p: 'a', v: 10, extra: null },
      { id: 2, p: 'b', v: 20, extra: 'x' },
    ]);
  });

  it('overwriteSchema replaces the schema and the partitioning', async () => {
    const p = path.join(dir, 'paths', 'ows');
    await rowsOf([[1, 'a', 10]])
      .write.partitionBy('p')
      .save(p);
    await spark
      .createDataFrame([['k', 1.5]], 'key string, score double')
      .write.mode('overwrite')
      .option('overwriteSchema', true)
      .save(p);
    expect(await sorted(`SELECT * FROM delta.\`${p}\``)).toEqual([{ key: 'k', score: 1.5 }]);
    const detail = (await sorted(`DESCRIBE DETAIL delta.\`${p}\``))[0]!;
    expect(detail.partitionColumns).toEqual([]);
    const ci = await commitInfo(p, 1);
    expect(ci.operationParameters).toEqual({ mode: 'Overwrite', partitionBy: '[]' });
  });

  it('userMetadata lands in commitInfo, from the option or the session key', async () => {
    const p = path.join(dir, 'paths', 'um');
    await rowsOf([[1, 'a', 10]])
      .write.option('userMetadata', 'first load')
      .save(p);
    expect((await commitInfo(p, 0)).userMetadata).toBe('first load');
    spark.conf.set('spark.databricks.delta.commitInfo.userMetadata', 'from conf');
    try {
      await rowsOf([[2, 'a', 20]])
        .write.mode('append')
        .save(p);
      expect((await commitInfo(p, 1)).userMetadata).toBe('from conf');
      await rowsOf([[3, 'a', 30]])
        .write.mode('append')
        .option('userMetadata', 'option wins')
        .save(p);
      expect((await commitInfo(p, 2)).userMetadata).toBe('option wins');
    } finally {
      spark.conf.unset('spark.databricks.delta.commitInfo.userMetadata');
    }
    const history = await sorted(`DESCRIBE HISTORY delta.\`${p}\``);
    expect(history.map((h) => h.userMetadata)).toEqual(['option wins', 'from conf', 'first load']);
  });
});

describe('saveAsTable and insertInto', () => {
  it('saveAsTable creates a managed Delta table, then appends and overwrites', async () => {
    await rowsOf([[1, 'a', 10]])
      .write.format('delta')
      .partitionBy('p')
      .saveAsTable('w_managed');
    const t = (await spark.catalog.listTables()).find((x) => x.name === 'w_managed');
    expect(t?.tableType).toBe('MANAGED');
    await rowsOf([[2, 'b', 20]])
      .write.mode('append')
      .saveAsTable('w_managed');
    expect(await sorted('SELECT * FROM w_managed ORDER BY id')).toEqual([
      { id: 1, p: 'a', v: 10 },
      { id: 2, p: 'b', v: 20 },
    ]);
    const err = await errorOf(rowsOf([[3, 'c', 30]]).write.saveAsTable('w_managed'));
    expect(err.errorClass).toBe('TABLE_OR_VIEW_ALREADY_EXISTS');
    await rowsOf([[3, 'c', 30]])
      .write.mode('overwrite')
      .saveAsTable('default.w_managed');
    expect(await sorted('SELECT id FROM w_managed')).toEqual([{ id: 3 }]);
    const hist = await sorted('DESCRIBE HISTORY w_managed');
    expect(hist.map((h) => h.operation)).toEqual(['WRITE', 'WRITE', 'CREATE TABLE AS SELECT']);
  });

  it('insertInto matches by position and honours overwrite', async () => {
    await spark.sql('CREATE TABLE w_ins (id INT, name STRING) USING DELTA');
    await spark
      .createDataFrame([['x', 1]], 'a string, b int')
      .select('b', 'a')
      .write.insertInto('w_ins');
    await spark.createDataFrame([[2, 'y']], 'n int, s string').write.insertInto('w_ins');
    expect(await sorted('SELECT * FROM w_ins ORDER BY id')).toEqual([
      { id: 1, name: 'x' },
      { id: 2, name: 'y' },
    ]);
    await spark.createDataFrame([[3, 'z']], 'n int, s string').write.insertInto('w_ins', true);
    expect(await sorted('SELECT * FROM w_ins')).toEqual([{ id: 3, name: 'z' }]);
    const err = await errorOf(spark.createDataFrame([[1]], 'n int').write.insertInto('w_ins'));
    expect(err.errorClass).toMatch(/^INSERT_COLUMN_ARITY_MISMATCH/);
  });

  it('rejects an unknown mode and a non-Delta format', async () => {
    expect(() => rowsOf([]).write.mode('upsert')).toThrow(LakesqlError);
    const err = await errorOf(rowsOf([]).write.format('avro').save(path.join(dir, 'x')));
    expect(err.errorClass).toBe('UNSUPPORTED_FEATURE');
  });
});

describe('idempotent writes (txnAppId / txnVersion)', () => {
  it('skips a write whose application version the table already holds', async () => {
    const p = path.join(dir, 'idempotent', 't');
    const write = (rows: unknown[][], version: string) =>
      rowsOf(rows)
        .write.format('delta')
        .mode('append')
        .option('txnAppId', 'nightly')
        .option('txnVersion', version)
        .save(p);
    await write([[1, 'a', 10]], '1');
    await write([[1, 'a', 10]], '1');
    await write([[2, 'b', 20]], '0');
    await write([[3, 'c', 30]], '2');
    expect(await sorted(`SELECT id FROM delta.\`${p}\` ORDER BY id`)).toEqual([{ id: 1 }, { id: 3 }]);
    const history = await sorted(`DESCRIBE HISTORY delta.\`${p}\``);
    expect(history.map((h) => h.version)).toEqual([1n, 0n]);
  });

  it('takes the session keys for SQL INSERT, and refuses one option without the other', async () => {
    await spark.sql('CREATE TABLE idempotent_sql (id INT) USING delta');
    await spark.sql('SET spark.databricks.delta.write.txnAppId = loader');
    await spark.sql('SET spark.databricks.delta.write.txnVersion = 7');
    try {
      await spark.sql('INSERT INTO idempotent_sql VALUES (1)');
      await spark.sql('INSERT INTO idempotent_sql VALUES (1)');
    } finally {
      await spark.sql('RESET spark.databricks.delta.write.txnAppId');
      await spark.sql('RESET spark.databricks.delta.write.txnVersion');
    }
    expect(await sorted('SELECT id FROM idempotent_sql')).toEqual([{ id: 1 }]);
    const e = await errorOf(
      spark
        .createDataFrame([[2]] as never, 'id int')
        .write.format('delta')
        .mode('append')
        .option('txnAppId', 'x')
        .saveAsTable('idempotent_sql'),
    );
    expect(e.errorClass).toBe('DELTA_INVALID_IDEMPOTENT_WRITES_OPTIONS');
  });
});
