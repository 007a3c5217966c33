/**
 * UPDATE, DELETE and MERGE on tables with the change data feed write `_change_data` files (cdc actions)
 * holding exactly the changed rows, read back by table_changes; whole-file changes write none.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';

const fx = useSqlSession('lakesql-cdf-dml-');

type Action = Record<string, Record<string, unknown>>;

/** The actions of commit `version` of the managed table `name`. */
async function commit(name: string, version: number): Promise<Action[]> {
  const file = path.join(fx.dir, 'wh', name, '_delta_log', `${String(version).padStart(20, '0')}.json`);
  return (await readFile(file, 'utf8'))
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Action);
}

function kinds(actions: readonly Action[]) {
  const of = (k: string) => actions.filter((a) => a[k]).map((a) => a[k]!);
  return {
    adds: of('add'),
    removes: of('remove'),
    cdc: of('cdc'),
    metrics: of('commitInfo')[0]!.operationMetrics as Record<string, string>,
  };
}

/** The feed of one version, without the commit timestamp, ordered. */
function changesAt(name: string, version: number, columns = '*') {
  return fx.rows(
    `SELECT ${columns} EXCEPT (_commit_timestamp) FROM table_changes('${name}', ${version}, ${version}) ORDER BY _change_type, 1`,
  );
}

describe('change data files from DML', () => {
  it('UPDATE writes update_preimage and update_postimage rows', async () => {
    await fx.session.execute(
      'CREATE TABLE u (id INT, name STRING) TBLPROPERTIES (delta.enableChangeDataFeed = true)',
    );
    await fx.session.execute("INSERT INTO u VALUES (1, 'a'), (2, 'b'), (3, 'c')");
    expect(await fx.rows('UPDATE u SET name = upper(name) WHERE id >= 2')).toEqual([[2n]]);
    const c = kinds(await commit('u', 2));
    expect([c.adds.length, c.removes.length, c.cdc.length]).toEqual([1, 1, 1]);
    expect(c.cdc[0]).toMatchObject({ partitionValues: {}, dataChange: false });
    expect(c.cdc[0]!.path).toMatch(/^_change_data\/cdc-00000-[0-9a-f-]{36}\.c000\.snappy\.parquet$/);
    expect(c.cdc[0]!.size).toBeGreaterThan(0);
    expect(c.metrics.numAddedChangeFiles).toBe('1');
    expect(await changesAt('u', 2)).toEqual([
      [2, 'B', 'update_postimage', 2n],
      [3, 'C', 'update_postimage', 2n],
      [2, 'b', 'update_preimage', 2n],
      [3, 'c', 'update_preimage', 2n],
    ]);
    // The commit timestamp is the commit's, as for any version.
    const ts = (await fx.rows('DESCRIBE HISTORY u LIMIT 1'))[0]![1];
    expect(await fx.rows("SELECT DISTINCT _commit_timestamp FROM table_changes('u', 2, 2)")).toEqual([[ts]]);
    expect(await fx.rows('SELECT * FROM u ORDER BY id')).toEqual([
      [1, 'a'],
      [2, 'B'],
      [3, 'C'],
    ]);
  });

  it('a postimage holds the very values written, non-deterministic ones included', async () => {
    await fx.session.execute(
      'CREATE TABLE r (id INT, x DOUBLE, at TIMESTAMP) TBLPROPERTIES (delta.enableChangeDataFeed = true)',
    );
    await fx.session.execute('INSERT INTO r SELECT id, 0, NULL FROM range(50) AS t(id)');
    await fx.session.execute('UPDATE r SET x = rand(), at = current_timestamp() WHERE id % 2 = 0');
    const post = await fx.rows(
      "SELECT id, x, at FROM table_changes('r', 2, 2) WHERE _change_type = 'update_postimage' ORDER BY id",
    );
    expect(post.length).toBe(25);
    expect(await fx.rows('SELECT id, x, at FROM r WHERE id % 2 = 0 ORDER BY id')).toEqual(post);
  });

  it('DELETE with a data condition writes delete rows; a whole-file DELETE writes no change file', async () => {
    await fx.session.execute(
      'CREATE TABLE d (id INT, p STRING) PARTITIONED BY (p) TBLPROPERTIES (delta.enableChangeDataFeed = true)',
    );
    await fx.session.execute("INSERT INTO d VALUES (1, 'x'), (2, 'x'), (3, 'y'), (4, 'y'), (5, 'z')");
    expect(await fx.rows('DELETE FROM d WHERE id IN (1, 3)')).toEqual([[2n]]);
    const c = kinds(await commit('d', 2));
    expect([c.adds.length, c.removes.length, c.cdc.length]).toEqual([2, 2, 2]);
    expect(c.metrics.numAddedChangeFiles).toBe('2');
    // Partitioned as the table is: `_change_data/<partition path>/`, partition values in the action.
    expect(
      c.cdc.map((f) => [String(f.path).split('/').slice(0, 2).join('/'), f.partitionValues]).sort(),
    ).toEqual([
      ['_change_data/p=x', { p: 'x' }],
      ['_change_data/p=y', { p: 'y' }],
    ]);
    expect(await changesAt('d', 2)).toEqual([
      [1, 'x', 'delete', 2n],
      [3, 'y', 'delete', 2n],
    ]);
    // The partition column is in the folder, not in the file.
    const dir = path.join(fx.dir, 'wh', 'd', '_change_data', 'p=x');
    expect((await readdir(dir)).length).toBe(1);

    // A partition-only condition removes whole files: the feed derives its deletes from the removes.
    expect(await fx.rows("DELETE FROM d WHERE p = 'y'")).toEqual([[1n]]);
    const whole = kinds(await commit('d', 3));
    expect([whole.adds.length, whole.removes.length, whole.cdc.length]).toEqual([0, 1, 0]);
    expect(whole.metrics.numAddedChangeFiles).toBe('0');
    expect(await changesAt('d', 3)).toEqual([[4, 'y', 'delete', 3n]]);
    expect(await fx.rows('DELETE FROM d')).toEqual([[2n]]);
    expect(kinds(await commit('d', 4)).cdc).toEqual([]);
    expect(await changesAt('d', 4)).toEqual([
      [2, 'x', 'delete', 4n],
      [5, 'z', 'delete', 4n],
    ]);
  });

  it('UPDATE moving rows between partitions writes change files in both partitions', async () => {
    await fx.session.execute(
      'CREATE TABLE m (id INT, p INT) PARTITIONED BY (p) TBLPROPERTIES (delta.enableChangeDataFeed = true)',
    );
    await fx.session.execute('INSERT INTO m VALUES (1, 1), (2, 1)');
    await fx.session.execute('UPDATE m SET p = 2 WHERE id = 1');
    const c = kinds(await commit('m', 2));
    expect(c.cdc.map((f) => JSON.stringify(f.partitionValues)).sort()).toEqual(['{"p":"1"}', '{"p":"2"}']);
    expect(await changesAt('m', 2)).toEqual([
      [1, 2, 'update_postimage', 2n],
      [1, 1, 'update_preimage', 2n],
    ]);
  });

  it('MERGE writes insert, delete and update rows; an insert-only MERGE writes no change file', async () => {
    await fx.session.execute(
      'CREATE TABLE g (id INT, v STRING) TBLPROPERTIES (delta.enableChangeDataFeed = true)',
    );
    await fx.session.execute("INSERT INTO g VALUES (1, 'a'), (2, 'b'), (3, 'c'), (4, 'd')");
    await fx.session.execute(`MERGE INTO g USING (SELECT * FROM VALUES (1, 'A'), (2, 'B'), (9, 'I') AS s(id, v)) s
      ON g.id = s.id
      WHEN MATCHED AND s.id = 1 THEN UPDATE SET v = s.v
      WHEN MATCHED THEN DELETE
      WHEN NOT MATCHED THEN INSERT *
      WHEN NOT MATCHED BY SOURCE AND g.id = 4 THEN UPDATE SET v = 'gone'`);
    const c = kinds(await commit('g', 2));
    expect([c.adds.length, c.removes.length, c.cdc.length]).toEqual([1, 1, 1]);
    expect(c.metrics.numTargetChangeFilesAdded).toBe('1');
    expect(await changesAt('g', 2)).toEqual([
      [2, 'b', 'delete', 2n],
      [9, 'I', 'insert', 2n],
      [1, 'A', 'update_postimage', 2n],
      [4, 'gone', 'update_postimage', 2n],
      [1, 'a', 'update_preimage', 2n],
      [4, 'd', 'update_preimage', 2n],
    ]);

    await fx.session.execute(
      "MERGE INTO g USING (SELECT 10 AS id, 'j' AS v) s ON g.id = s.id WHEN NOT MATCHED THEN INSERT *",
    );
    const inserts = kinds(await commit('g', 3));
    expect([inserts.adds.length, inserts.removes.length, inserts.cdc.length]).toEqual([1, 0, 0]);
    expect(inserts.metrics.numTargetChangeFilesAdded).toBe('0');
    expect(await changesAt('g', 3)).toEqual([[10, 'j', 'insert', 3n]]);
  });

  it('an unconditional MERGE DELETE matched by several source rows deletes each target row once', async () => {
    await fx.session.execute('CREATE TABLE dup (id INT) TBLPROPERTIES (delta.enableChangeDataFeed = true)');
    await fx.session.execute('INSERT INTO dup VALUES (1), (2)');
    await fx.session.execute(
      'MERGE INTO dup USING (SELECT * FROM VALUES (1), (1) AS s(id)) s ON dup.id = s.id WHEN MATCHED THEN DELETE',
    );
    expect(await changesAt('dup', 2)).toEqual([[1, 'delete', 2n]]);
  });

  it('writes physical column names under column mapping, with partitions', async () => {
    await fx.session.execute(`CREATE TABLE cm (id BIGINT, name STRING, p INT) PARTITIONED BY (p)
      TBLPROPERTIES (delta.enableChangeDataFeed = true, delta.columnMapping.mode = 'name')`);
    await fx.session.execute("INSERT INTO cm VALUES (1, 'a', 1), (2, 'b', 1), (3, 'c', 2)");
    await fx.session.execute('ALTER TABLE cm RENAME COLUMN name TO label');
    await fx.session.execute("UPDATE cm SET label = 'z' WHERE id = 2");
    await fx.session.execute('DELETE FROM cm WHERE id = 3');
    // v0 CREATE, v1 INSERT, v2 RENAME COLUMN, v3 UPDATE, v4 DELETE.
    expect(kinds(await commit('cm', 3)).cdc.length).toBe(1);
    expect(
      await fx.rows(
        "SELECT id, label, p, _change_type, _commit_version FROM table_changes('cm', 3) ORDER BY _commit_version, _change_type",
      ),
    ).toEqual([
      [2n, 'z', 1, 'update_postimage', 3n],
      [2n, 'b', 1, 'update_preimage', 3n],
      [3n, 'c', 2, 'delete', 4n],
    ]);
    expect(await fx.rows('SELECT * FROM cm ORDER BY id')).toEqual([
      [1n, 'a', 1],
      [2n, 'z', 1],
    ]);
  });

  it('recomputes generated columns in postimages as in the data', async () => {
    await fx.session.execute(`CREATE TABLE gen (id INT, twice INT GENERATED ALWAYS AS (id * 2))
      TBLPROPERTIES (delta.enableChangeDataFeed = true)`);
    await fx.session.execute('INSERT INTO gen (id) VALUES (1), (2)');
    await fx.session.execute('UPDATE gen SET id = 10 WHERE id = 1');
    expect(await changesAt('gen', 2)).toEqual([
      [10, 20, 'update_postimage', 2n],
      [1, 2, 'update_preimage', 2n],
    ]);
  });

  it('INSERT … REPLACE WHERE on data columns writes delete and insert change rows, not the copied rows', async () => {
    await fx.session.execute(
      'CREATE TABLE rw (id INT, v STRING) TBLPROPERTIES (delta.enableChangeDataFeed = true)',
    );
    await fx.session.execute("INSERT INTO rw VALUES (1, 'a'), (2, 'b'), (3, 'c')");
    await fx.session.execute("INSERT INTO rw REPLACE WHERE id >= 2 VALUES (2, 'B'), (5, 'E')");
    const c = kinds(await commit('rw', 2));
    // The old file is rewritten with row 1; a new file holds the new rows; one change file each side.
    expect([c.adds.length, c.removes.length, c.cdc.length]).toEqual([2, 1, 2]);
    expect(c.metrics.numAddedChangeFiles).toBe('2');
    expect(await changesAt('rw', 2)).toEqual([
      [2, 'b', 'delete', 2n],
      [3, 'c', 'delete', 2n],
      [2, 'B', 'insert', 2n],
      [5, 'E', 'insert', 2n],
    ]);
  });

  it('refuses the feed on a table with a column named like one of its metadata columns', async () => {
    const created = await errorOf(
      fx.session.execute(
        'CREATE TABLE reserved (id INT, _change_type STRING) TBLPROPERTIES (delta.enableChangeDataFeed = true)',
      ),
    );
    expect([created.errorClass, created.sqlState, created.messageParameters]).toEqual([
      'DELTA_TABLE_ALREADY_CONTAINS_CDC_COLUMNS',
      '42711',
      { columnList: '[_change_type]' },
    ]);
    await fx.session.execute('CREATE TABLE later (id INT, _commit_version BIGINT)');
    const altered = await errorOf(
      fx.session.execute("ALTER TABLE later SET TBLPROPERTIES ('delta.enableChangeDataFeed' = 'true')"),
    );
    expect(altered.errorClass).toBe('DELTA_TABLE_ALREADY_CONTAINS_CDC_COLUMNS');
    expect(await fx.rows("SHOW TBLPROPERTIES later ('delta.enableChangeDataFeed')")).not.toContainEqual([
      'delta.enableChangeDataFeed',
      'true',
    ]);
  });

  it('MERGE change rows carry the identity values written and the columns schema evolution adds', async () => {
    await fx.session.execute(`CREATE TABLE idt (id BIGINT GENERATED ALWAYS AS IDENTITY, k INT, v STRING)
      TBLPROPERTIES (delta.enableChangeDataFeed = true)`);
    await fx.session.execute("INSERT INTO idt (k, v) VALUES (1, 'a'), (2, 'b')");
    await fx.session.execute(`MERGE INTO idt USING (SELECT * FROM VALUES (1, 'A'), (3, 'C') AS s(k, v)) s ON idt.k = s.k
      WHEN MATCHED THEN UPDATE SET v = s.v WHEN NOT MATCHED THEN INSERT (k, v) VALUES (s.k, s.v)`);
    const inserted = await fx.rows(
      "SELECT id, k, v FROM table_changes('idt', 2, 2) WHERE _change_type = 'insert'",
    );
    expect(inserted).toEqual(await fx.rows('SELECT id, k, v FROM idt WHERE k = 3'));
    expect(inserted).toEqual([[3n, 3, 'C']]);

    await fx.session.execute('SET spark.databricks.delta.schema.autoMerge.enabled = true');
    try {
      await fx.session.execute(
        "MERGE INTO idt USING (SELECT 2 AS k, 'B' AS v, 9 AS extra) s ON idt.k = s.k WHEN MATCHED THEN UPDATE SET *",
      );
    } finally {
      await fx.session.execute('RESET spark.databricks.delta.schema.autoMerge.enabled');
    }
    expect(await changesAt('idt', 3)).toEqual([
      [2n, 2, 'B', 9, 'update_postimage', 3n],
      [2n, 2, 'b', null, 'update_preimage', 3n],
    ]);
  });
});
