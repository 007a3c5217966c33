import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSnapshot } from '../../delta/snapshot.js';
import { type DmlTestKit, dmlTestKit } from '../dml/testing/dml-test-kit.js';

let kit: DmlTestKit;
beforeAll(async () => {
  kit = await dmlTestKit();
});
afterAll(async () => kit.close());

const errorClassOf = (sql: string) => kit.errorClassOf(sql);

describe('TRUNCATE TABLE', () => {
  it('removes every file of a Delta table in one TRUNCATE commit', async () => {
    await kit.run('CREATE TABLE tr1 (id INT, p STRING) USING DELTA PARTITIONED BY (p)');
    await kit.run("INSERT INTO tr1 VALUES (1, 'a'), (2, 'b')");
    await kit.run("INSERT INTO tr1 VALUES (3, 'a')");
    expect(await kit.session.execute('TRUNCATE TABLE tr1')).toEqual([{ kind: 'done' }]);
    expect(await kit.rows('SELECT count(*) FROM tr1')).toEqual([[0n]]);
    expect(await kit.files('tr1')).toEqual([]);
    const commit = await kit.lastCommit('tr1');
    expect(commit.commitInfo.operation).toBe('TRUNCATE');
    expect(commit.commitInfo.operationParameters).toEqual({});
    expect((commit.commitInfo.operationMetrics as Record<string, string>).numRemovedFiles).toBe('3');
    expect(commit.removes.length).toBe(3);
    expect(commit.removes.every((r) => r.dataChange)).toBe(true);
    expect(await kit.version('tr1')).toBe(3);
    // An empty table: no commit, as Delta.
    await kit.run('TRUNCATE TABLE tr1');
    expect(await kit.version('tr1')).toBe(3);
    // The history keeps the old rows.
    expect(await kit.rows('SELECT count(*) FROM tr1 VERSION AS OF 2')).toEqual([[3n]]);
  });

  it("refuses PARTITION on Delta, views, append-only tables and missing tables with Delta's and Spark's errors", async () => {
    await kit.run('CREATE TABLE tr2 (id INT, p STRING) USING DELTA PARTITIONED BY (p)');
    await kit.run("INSERT INTO tr2 VALUES (1, 'a')");
    expect(await errorClassOf("TRUNCATE TABLE tr2 PARTITION (p = 'a')")).toBe(
      'DELTA_TRUNCATE_TABLE_PARTITION_NOT_SUPPORTED',
    );
    await kit.run('CREATE VIEW trv AS SELECT 1 AS id');
    await kit.run('CREATE TEMP VIEW trtv AS SELECT 1 AS id');
    expect(await errorClassOf('TRUNCATE TABLE trv')).toBe('EXPECT_TABLE_NOT_VIEW.NO_ALTERNATIVE');
    expect(await errorClassOf('TRUNCATE TABLE trtv')).toBe('EXPECT_TABLE_NOT_VIEW.NO_ALTERNATIVE');
    expect(await errorClassOf('TRUNCATE TABLE tr_missing')).toBe('TABLE_OR_VIEW_NOT_FOUND');
    await kit.run("CREATE TABLE tr3 (id INT) USING DELTA TBLPROPERTIES ('delta.appendOnly' = 'true')");
    await kit.run('INSERT INTO tr3 VALUES (1)');
    expect(await errorClassOf('TRUNCATE TABLE tr3')).toBe('DELTA_CANNOT_MODIFY_APPEND_ONLY');
    expect(await kit.rows('SELECT count(*) FROM tr2')).toEqual([[1n]]);
  });

  it('deletes the data files of a file table', async () => {
    await kit.run('CREATE TABLE tr4 (id INT) USING parquet');
    await kit.run('INSERT INTO tr4 VALUES (1), (2)');
    expect(await kit.rows('SELECT count(*) FROM tr4')).toEqual([[2n]]);
    await kit.run('TRUNCATE TABLE tr4');
    expect(await kit.rows('SELECT count(*) FROM tr4')).toEqual([[0n]]);
    await kit.run('INSERT INTO tr4 VALUES (3)');
    expect(await kit.rows('SELECT id FROM tr4')).toEqual([[3]]);
  });
});

describe('CREATE TABLE LIKE', () => {
  it("copies a Delta table's schema, partitioning, comments, defaults, constraints and properties, not its data", async () => {
    await kit.run(
      "CREATE TABLE lk1 (id INT NOT NULL COMMENT 'the id', p STRING, d INT DEFAULT 7) USING DELTA PARTITIONED BY (p) COMMENT 'source' " +
        "TBLPROPERTIES ('delta.feature.allowColumnDefaults' = 'supported', 'delta.constraints.pos' = 'id > 0', 'k' = 'v')",
    );
    await kit.run("INSERT INTO lk1 VALUES (1, 'a', 1)");
    await kit.run("CREATE TABLE lk2 LIKE lk1 TBLPROPERTIES ('k' = 'w')");
    expect(await kit.rows('SELECT count(*) FROM lk2')).toEqual([[0n]]);
    const src = await loadSnapshot(await kit.store('lk1'), kit.session.parquet);
    const copy = await loadSnapshot(await kit.store('lk2'), kit.session.parquet);
    expect(copy.schema).toEqual(src.schema);
    expect(copy.partitionColumns).toEqual(['p']);
    expect(copy.metadata.description).toBe('source');
    expect(copy.configuration).toMatchObject({ 'delta.constraints.pos': 'id > 0', k: 'w' });
    expect(copy.metadata.id).not.toBe(src.metadata.id);
    expect((await kit.lastCommit('lk2')).commitInfo.operation).toBe('CREATE TABLE');
    await kit.run("INSERT INTO lk2 (id, p) VALUES (5, 'b')");
    expect(await kit.rows('SELECT id, p, d FROM lk2')).toEqual([[5, 'b', 7]]);
    expect(await errorClassOf("INSERT INTO lk2 VALUES (-1, 'b', 1)")).toBe(
      'DELTA_VIOLATE_CONSTRAINT_WITH_VALUES',
    );
    expect(await errorClassOf('CREATE TABLE lk2 LIKE lk1')).toBe('TABLE_OR_VIEW_ALREADY_EXISTS');
    await kit.run('CREATE TABLE IF NOT EXISTS lk2 LIKE lk1');
  });

  it('takes the columns of a view and of a file table (as Delta with USING DELTA)', async () => {
    await kit.run("CREATE VIEW lkv AS SELECT 1 AS a, 'x' AS b");
    await kit.run('CREATE TABLE lk3 LIKE lkv');
    expect(await kit.rows('DESCRIBE lk3')).toEqual([
      ['a', 'int', null],
      ['b', 'string', null],
    ]);
    await kit.run('CREATE TABLE lkcsv (x BIGINT, y STRING) USING csv');
    expect(await errorClassOf('CREATE TABLE lk4 LIKE lkcsv')).toBe('UNSUPPORTED_FEATURE');
    await kit.run('CREATE TABLE lk4 LIKE lkcsv USING DELTA');
    const snap = await loadSnapshot(await kit.store('lk4'), kit.session.parquet);
    expect(snap.schema.fields.map((f) => f.name)).toEqual(['x', 'y']);
  });
});
