/**
 * INSERT end to end through SqlSession, one test per rule of the Databricks INSERT reference (seed 002):
 * exact rows, metric rows, commitInfo, files touched; failing statements assert the error class and that
 * the table's version did not move.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSnapshot } from '../../delta/snapshot.js';
import { type DmlTestKit, dmlTestKit } from './testing/dml-test-kit.js';

let kit: DmlTestKit;
let n = 0;
beforeAll(async () => {
  kit = await dmlTestKit();
});
afterAll(async () => {
  await kit.close();
});

const fresh = () => `t${++n}`;
const sorted = async (sql: string) =>
  (await kit.rows(sql))
    .map((r) => JSON.stringify(r, (_k, v) => (typeof v === 'bigint' ? Number(v) : v)))
    .sort();

async function expectFailure(table: string, sql: string, errorClass: string): Promise<void> {
  const before = await kit.version(table);
  await expect(kit.session.execute(sql)).rejects.toMatchObject({ errorClass });
  expect(await kit.version(table)).toBe(before);
}

describe('INSERT (seed 002 rules)', () => {
  it('INTO adds rows and returns num_affected_rows / num_inserted_rows', async () => {
    const t = fresh();
    await kit.run(`CREATE TABLE ${t} (a INT, b STRING)`);
    expect(await kit.rows(`INSERT INTO ${t} VALUES (1, 'x'), (2, 'y')`)).toEqual([[2n, 2n]]);
    expect(await kit.rows(`INSERT INTO TABLE ${t} SELECT 3, 'z'`)).toEqual([[1n, 1n]]);
    expect(await sorted(`SELECT * FROM ${t}`)).toEqual(['[1,"x"]', '[2,"y"]', '[3,"z"]']);
    const c = await kit.lastCommit(t);
    expect(c.commitInfo.operation).toBe('WRITE');
    expect(c.commitInfo.operationParameters).toEqual({ mode: 'Append', partitionBy: '[]' });
    expect(c.commitInfo.isBlindAppend).toBe(true);
  });

  it('OVERWRITE without a partition spec truncates the table first', async () => {
    const t = fresh();
    await kit.run(`CREATE TABLE ${t} (a INT)`);
    await kit.run(`INSERT INTO ${t} VALUES (1), (2)`);
    expect(await kit.rows(`INSERT OVERWRITE ${t} VALUES (9)`)).toEqual([[1n, 1n]]);
    expect(await sorted(`SELECT * FROM ${t}`)).toEqual(['[9]']);
    const c = await kit.lastCommit(t);
    expect((c.commitInfo.operationParameters as Record<string, string>).mode).toBe('Overwrite');
    expect(c.removes).toHaveLength(1);
  });

  it('without a column list, the counts must match (INSERT_COLUMN_ARITY_MISMATCH)', async () => {
    const t = fresh();
    await kit.run(`CREATE TABLE ${t} (a INT, b INT)`);
    await expectFailure(
      t,
      `INSERT INTO ${t} VALUES (1, 2, 3)`,
      'INSERT_COLUMN_ARITY_MISMATCH.TOO_MANY_DATA_COLUMNS',
    );
    await expectFailure(
      t,
      `INSERT INTO ${t} VALUES (1)`,
      'INSERT_COLUMN_ARITY_MISMATCH.NOT_ENOUGH_DATA_COLUMNS',
    );
  });

  it('a column list names each column at most once (COLUMN_ALREADY_EXISTS, as Spark 4)', async () => {
    const t = fresh();
    await kit.run(`CREATE TABLE ${t} (a INT, b INT)`);
    await expectFailure(t, `INSERT INTO ${t} (a, a) VALUES (1, 2)`, 'COLUMN_ALREADY_EXISTS');
    // Compared case-insensitively, named lower-cased, and found before the list is resolved.
    await expect(kit.session.execute(`INSERT INTO ${t} (B, b) VALUES (1, 2)`)).rejects.toMatchObject({
      errorClass: 'COLUMN_ALREADY_EXISTS',
      sqlState: '42711',
      messageParameters: { columnName: '`b`' },
      message:
        '[COLUMN_ALREADY_EXISTS] The column `b` already exists. Choose another name or rename the existing column. SQLSTATE: 42711',
    });
    await expectFailure(t, `INSERT INTO ${t} (x, x) VALUES (1, 2)`, 'COLUMN_ALREADY_EXISTS');
  });

  it('omitted columns get NULL when nullable; a NOT NULL column fails', async () => {
    const t = fresh();
    await kit.run(`CREATE TABLE ${t} (a INT, b STRING, c INT NOT NULL)`);
    await kit.run(`INSERT INTO ${t} (c, a) VALUES (3, 1)`);
    expect(await sorted(`SELECT * FROM ${t}`)).toEqual(['[1,null,3]']);
    await expectFailure(t, `INSERT INTO ${t} (a) VALUES (1)`, 'DELTA_NOT_NULL_CONSTRAINT_VIOLATED');
  });

  it('omitted columns get their DEFAULT; DEFAULT works in VALUES and in a SELECT list', async () => {
    const t = fresh();
    await kit.run(
      `CREATE TABLE ${t} (a INT, b STRING DEFAULT 'none', c INT DEFAULT 7) TBLPROPERTIES ('delta.feature.allowColumnDefaults' = 'supported')`,
    );
    await kit.run(`INSERT INTO ${t} (a) VALUES (1)`);
    await kit.run(`INSERT INTO ${t} VALUES (2, DEFAULT, DEFAULT)`);
    await kit.run(`INSERT INTO ${t} SELECT 3, 'x', DEFAULT`);
    expect(await sorted(`SELECT * FROM ${t}`)).toEqual(['[1,"none",7]', '[2,"none",7]', '[3,"x",7]']);
    const snap = await loadSnapshot(await kit.store(t), kit.session.parquet);
    expect(snap.schema.fields[1]!.metadata).toEqual({ CURRENT_DEFAULT: "'none'" });
    expect(snap.protocol.writerFeatures).toContain('allowColumnDefaults');
  });

  it('a DEFAULT without the allowColumnDefaults feature fails with Delta’s error class', async () => {
    await expect(kit.session.execute(`CREATE TABLE ${fresh()} (a INT DEFAULT 1)`)).rejects.toMatchObject({
      errorClass: 'WRONG_COLUMN_DEFAULTS_FOR_DELTA_FEATURE_NOT_ENABLED',
    });
  });

  it('BY NAME matches columns by name', async () => {
    const t = fresh();
    await kit.run(`CREATE TABLE ${t} (a INT, b STRING)`);
    await kit.run(`INSERT INTO ${t} BY NAME SELECT 'q' AS b, 5 AS a`);
    expect(await sorted(`SELECT * FROM ${t}`)).toEqual(['[5,"q"]']);
  });

  it('values are cast by ANSI store assignment; an invalid value fails the whole statement', async () => {
    const t = fresh();
    await kit.run(`CREATE TABLE ${t} (a INT, b TINYINT)`);
    await kit.run(`INSERT INTO ${t} VALUES ('7', 1)`);
    expect(await sorted(`SELECT * FROM ${t}`)).toEqual(['[7,1]']);
    await expectFailure(t, `INSERT INTO ${t} VALUES ('8', 1), ('abc', 2)`, 'CAST_INVALID_INPUT');
    await expectFailure(t, `INSERT INTO ${t} VALUES (1, 300)`, 'CAST_OVERFLOW_IN_TABLE_INSERT');
    await expectFailure(
      t,
      `INSERT INTO ${t} VALUES (array(1), 1)`,
      'INCOMPATIBLE_DATA_FOR_TABLE.CANNOT_SAFELY_CAST',
    );
    expect(await sorted(`SELECT * FROM ${t}`)).toEqual(['[7,1]']);
  });
});

describe('INSERT … PARTITION', () => {
  async function partitioned(): Promise<string> {
    const t = fresh();
    await kit.run(`CREATE TABLE ${t} (id INT, v STRING, p INT) PARTITIONED BY (p)`);
    await kit.run(`INSERT INTO ${t} VALUES (1, 'a', 1), (2, 'b', 2), (3, 'c', 3)`);
    return t;
  }

  it('a static value fills the partition column; the query supplies the others', async () => {
    const t = await partitioned();
    await kit.run(`INSERT INTO ${t} PARTITION (p = '4') VALUES (4, 'd')`);
    expect(await sorted(`SELECT * FROM ${t} WHERE p = 4`)).toEqual(['[4,"d",4]']);
    await expectFailure(
      t,
      `INSERT INTO ${t} PARTITION (p = 4) VALUES (4, 'd', 4)`,
      'INSERT_COLUMN_ARITY_MISMATCH.TOO_MANY_DATA_COLUMNS',
    );
    await expectFailure(t, `INSERT INTO ${t} PARTITION (id = 4) VALUES ('d', 4)`, 'NON_PARTITION_COLUMN');
    await expectFailure(
      t,
      `INSERT INTO ${t} PARTITION (p = 4) (id, p) VALUES (4, 4)`,
      'STATIC_PARTITION_COLUMN_IN_INSERT_COLUMN_LIST',
    );
  });

  it('a dynamic partition column is supplied last by the query', async () => {
    const t = await partitioned();
    await kit.run(`INSERT INTO ${t} PARTITION (p) VALUES (5, 'e', 5)`);
    expect(await sorted(`SELECT * FROM ${t} WHERE p = 5`)).toEqual(['[5,"e",5]']);
  });

  it('OVERWRITE with a static spec replaces only the matching partition, without reading files', async () => {
    const t = await partitioned();
    const before = await kit.files(t);
    await kit.run(`INSERT OVERWRITE ${t} PARTITION (p = 2) VALUES (20, 'bb')`);
    expect(await sorted(`SELECT * FROM ${t}`)).toEqual(['[1,"a",1]', '[20,"bb",2]', '[3,"c",3]']);
    const c = await kit.lastCommit(t);
    expect(c.removes.map((r) => r.path)).toEqual(
      before.filter((f) => f.partitionValues.p === '2').map((f) => f.path),
    );
    expect((c.commitInfo.operationParameters as Record<string, string>).predicate).toBe('["(p = 2)"]');
    const after = (await kit.files(t)).map((f) => f.path);
    for (const f of before.filter((f) => f.partitionValues.p !== '2')) expect(after).toContain(f.path);
  });

  it('dynamic partition overwrite replaces only the partitions the query writes', async () => {
    const t = await partitioned();
    await kit.run(`SET spark.sql.sources.partitionOverwriteMode = dynamic`);
    try {
      await kit.run(`INSERT OVERWRITE ${t} VALUES (30, 'cc', 3), (40, 'dd', 4)`);
    } finally {
      await kit.run(`SET spark.sql.sources.partitionOverwriteMode = static`);
    }
    expect(await sorted(`SELECT * FROM ${t}`)).toEqual([
      '[1,"a",1]',
      '[2,"b",2]',
      '[30,"cc",3]',
      '[40,"dd",4]',
    ]);
    expect((await kit.lastCommit(t)).removes).toHaveLength(1);
  });
});

describe('INSERT INTO … REPLACE', () => {
  it('REPLACE WHERE on a partition column removes whole files and inserts only matching rows', async () => {
    const t = fresh();
    await kit.run(`CREATE TABLE ${t} (id INT, p INT) PARTITIONED BY (p)`);
    await kit.run(`INSERT INTO ${t} VALUES (1, 1), (2, 2), (3, 3)`);
    const before = await kit.files(t);
    expect(await kit.rows(`INSERT INTO ${t} REPLACE WHERE p >= 2 VALUES (20, 2), (99, 1)`)).toEqual([
      [1n, 1n],
    ]);
    expect(await sorted(`SELECT * FROM ${t}`)).toEqual(['[1,1]', '[20,2]']);
    const c = await kit.lastCommit(t);
    expect(c.removes).toHaveLength(2);
    expect(c.commitInfo.operation).toBe('WRITE');
    expect(c.commitInfo.operationParameters).toMatchObject({ mode: 'Overwrite', predicate: '["(p >= 2)"]' });
    expect((await kit.files(t)).map((f) => f.path)).toContain(
      before.find((f) => f.partitionValues.p === '1')!.path,
    );
  });

  it('REPLACE WHERE on a data column rewrites partly matching files (copy-on-write)', async () => {
    const t = fresh();
    await kit.run(`CREATE TABLE ${t} (id INT, v STRING)`);
    await kit.run(`INSERT INTO ${t} VALUES (1, 'a'), (2, 'b'), (3, 'c')`);
    await kit.run(`INSERT INTO ${t} VALUES (10, 'z')`);
    await kit.run(`INSERT INTO ${t} REPLACE WHERE id < 3 SELECT 5, 'e'`);
    expect(await sorted(`SELECT * FROM ${t}`)).toEqual(['[10,"z"]', '[3,"c"]']);
    await kit.run(`INSERT INTO ${t} REPLACE WHERE id >= 3 AND id < 6 SELECT 5, 'e'`);
    expect(await sorted(`SELECT * FROM ${t}`)).toEqual(['[10,"z"]', '[5,"e"]']);
    const c = await kit.lastCommit(t);
    expect(c.commitInfo.operationMetrics).toMatchObject({ numDeletedRows: '1', numCopiedRows: '0' });
  });

  it('REPLACE USING replaces rows whose columns equal a source row’s', async () => {
    const t = fresh();
    await kit.run(`CREATE TABLE ${t} (k INT, v STRING)`);
    await kit.run(`INSERT INTO ${t} VALUES (1, 'a'), (2, 'b'), (NULL, 'n')`);
    await kit.run(`INSERT INTO ${t} REPLACE USING (k) VALUES (2, 'B'), (3, 'C'), (NULL, 'N') AS s(k, v)`);
    expect(await sorted(`SELECT * FROM ${t}`)).toEqual([
      '[1,"a"]',
      '[2,"B"]',
      '[3,"C"]',
      '[null,"N"]',
      '[null,"n"]',
    ]);
  });

  it('REPLACE ON replaces rows for which the condition holds against a source row', async () => {
    const t = fresh();
    await kit.run(`CREATE TABLE ${t} (k INT, v STRING)`);
    await kit.run(`CREATE TABLE ${t}_src (k INT, v STRING)`);
    await kit.run(`INSERT INTO ${t} VALUES (1, 'a'), (2, 'b'), (NULL, 'n')`);
    await kit.run(`INSERT INTO ${t}_src VALUES (NULL, 'N')`);
    await kit.run(`INSERT INTO ${t} REPLACE ON ${t}.k <=> ${t}_src.k SELECT * FROM ${t}_src`);
    expect(await sorted(`SELECT * FROM ${t}`)).toEqual(['[1,"a"]', '[2,"b"]', '[null,"N"]']);
  });
});

describe('column features', () => {
  it('generated columns are computed when omitted and checked when given', async () => {
    const t = fresh();
    await kit.run(`CREATE TABLE ${t} (a INT, b INT GENERATED ALWAYS AS (a * 2))`);
    await kit.run(`INSERT INTO ${t} (a) VALUES (1), (2)`);
    await kit.run(`INSERT INTO ${t} VALUES (3, 6)`);
    expect(await sorted(`SELECT * FROM ${t}`)).toEqual(['[1,2]', '[2,4]', '[3,6]']);
    await expectFailure(t, `INSERT INTO ${t} VALUES (4, 5)`, 'DELTA_VIOLATE_CONSTRAINT_WITH_VALUES');
  });

  it('identity columns are assigned above the high-water mark, which the commit records', async () => {
    const t = fresh();
    await kit.run(
      `CREATE TABLE ${t} (id BIGINT GENERATED ALWAYS AS IDENTITY (START WITH 10 INCREMENT BY 5), v STRING)`,
    );
    await kit.run(`INSERT INTO ${t} (v) VALUES ('a'), ('b')`);
    await kit.run(`INSERT INTO ${t} (v) VALUES ('c')`);
    expect(await sorted(`SELECT id FROM ${t}`)).toEqual(['[10]', '[15]', '[20]']);
    const snap = await loadSnapshot(await kit.store(t), kit.session.parquet);
    expect(snap.schema.fields[0]!.metadata).toMatchObject({
      'delta.identity.start': 10,
      'delta.identity.step': 5,
      'delta.identity.highWaterMark': 20,
      'delta.identity.allowExplicitInsert': false,
    });
    // Table features, not writer 6: new tables also get deletion vectors by default.
    expect(snap.protocol).toEqual({
      minReaderVersion: 3,
      minWriterVersion: 7,
      readerFeatures: ['deletionVectors'],
      writerFeatures: ['deletionVectors', 'identityColumns'],
    });
    await expectFailure(
      t,
      `INSERT INTO ${t} VALUES (1, 'x')`,
      'DELTA_IDENTITY_COLUMNS_EXPLICIT_INSERT_NOT_SUPPORTED',
    );
  });

  it('CHECK constraints are enforced with Delta’s error class', async () => {
    const t = fresh();
    await kit.run(`CREATE TABLE ${t} (a INT, CONSTRAINT positive CHECK (a > 0))`);
    await kit.run(`INSERT INTO ${t} VALUES (1)`);
    await expectFailure(t, `INSERT INTO ${t} VALUES (2), (-1)`, 'DELTA_VIOLATE_CONSTRAINT_WITH_VALUES');
    // A NULL result is a violation too: Delta's CheckDeltaInvariant fails on `result == null || !result`.
    await expectFailure(t, `INSERT INTO ${t} VALUES (NULL)`, 'DELTA_VIOLATE_CONSTRAINT_WITH_VALUES');
  });

  it('schema evolution appends new columns in the same commit; without it the mismatch is an error', async () => {
    const t = fresh();
    await kit.run(`CREATE TABLE ${t} (a INT)`);
    await expectFailure(t, `INSERT INTO ${t} BY NAME SELECT 1 AS a, 'x' AS b`, 'DELTA_METADATA_MISMATCH');
    await kit.run(`INSERT WITH SCHEMA EVOLUTION INTO ${t} BY NAME SELECT 1 AS a, 'x' AS b`);
    expect(await sorted(`SELECT * FROM ${t}`)).toEqual(['[1,"x"]']);
  });
});
