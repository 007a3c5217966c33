/**
 * table_changes(…) over tables our SQL writes (no cdc files: add/remove rows become inserts/deletes) and
 * over Spark-written change data feed tables from delta-kernel-rs (cdc files with update pre/post images).
 */
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const KERNEL_TABLES = path.join(DELTA_CONFORMANCE_DIR, 'kernel-rs');

import { DELTA_CONFORMANCE_DIR } from '../../conformance/data-dirs.js';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';

const fx = useSqlSession('lakesql-table-changes-');

/** version -> commit timestamp (µs) as DESCRIBE HISTORY reports it. */
async function historyTimestamps(table: string): Promise<Map<bigint, bigint>> {
  const history = await fx.rows(`DESCRIBE HISTORY ${table}`);
  return new Map(history.map((r) => [r[0] as bigint, r[1] as bigint]));
}

/** Registers a copy of a kernel-rs table, so nothing we do can touch the shared conformance data. */
async function kernelTable(name: string, table: string): Promise<string> {
  const location = path.join(fx.dir, 'kernel', table);
  await cp(path.join(KERNEL_TABLES, table, 'delta'), location, { recursive: true });
  await fx.session.execute(`CREATE TABLE ${name} USING DELTA LOCATION '${location}'`);
  return location;
}

describe('table_changes', () => {
  it('reads inserts of our own commits, with versions and commit timestamps', async () => {
    await fx.session.execute(
      'CREATE TABLE t (id INT, name STRING) TBLPROPERTIES (delta.enableChangeDataFeed = true)',
    );
    await fx.session.execute("INSERT INTO t VALUES (1, 'a'), (2, 'b')");
    await fx.session.execute("INSERT INTO t VALUES (3, 'c')");
    const ts = await historyTimestamps('t');
    expect(await fx.rows("SELECT * FROM table_changes('t', 1) ORDER BY id")).toEqual([
      [1, 'a', 'insert', 1n, ts.get(1n)],
      [2, 'b', 'insert', 1n, ts.get(1n)],
      [3, 'c', 'insert', 2n, ts.get(2n)],
    ]);
    expect(await fx.rows("SELECT * FROM table_changes('t', 1, 1) ORDER BY id")).toEqual([
      [1, 'a', 'insert', 1n, ts.get(1n)],
      [2, 'b', 'insert', 1n, ts.get(1n)],
    ]);
    // Version 0 (CREATE TABLE) adds no file; an end beyond the table is capped at its latest version.
    expect(await fx.rows("SELECT id, _commit_version FROM table_changes('t', 0, 99) ORDER BY id")).toEqual([
      [1, 1n],
      [2, 1n],
      [3, 2n],
    ]);
  });

  it('reads the removed files of INSERT OVERWRITE as deletes', async () => {
    await fx.session.execute("INSERT OVERWRITE t VALUES (4, 'd')");
    const ts = await historyTimestamps('t');
    expect(
      await fx.rows("SELECT * FROM table_changes('t', 2) ORDER BY _commit_version, _change_type, id"),
    ).toEqual([
      [3, 'c', 'insert', 2n, ts.get(2n)],
      [1, 'a', 'delete', 3n, ts.get(3n)],
      [2, 'b', 'delete', 3n, ts.get(3n)],
      [3, 'c', 'delete', 3n, ts.get(3n)],
      [4, 'd', 'insert', 3n, ts.get(3n)],
    ]);
  });

  it('takes timestamps as bounds and delta.`path` as the table', async () => {
    const ts = await historyTimestamps('t');
    const at = (v: bigint) => new Date(Number(ts.get(v)! / 1000n)).toISOString();
    expect(
      await fx.rows(`SELECT id, _change_type FROM table_changes('t', '${at(2n)}', '${at(2n)}') ORDER BY id`),
    ).toEqual([[3, 'insert']]);
    expect(
      await fx.rows(
        `SELECT c.id FROM TABLE_CHANGES('t', TIMESTAMP '${at(2n)}', CAST('${at(2n)}' AS TIMESTAMP)) AS c`,
      ),
    ).toEqual([[3]]);
    const location = path.join(fx.dir, 'wh', 't');
    expect(
      await fx.rows(
        `SELECT id, _commit_version FROM table_changes('delta.\`${location}\`', 1, 1) ORDER BY id`,
      ),
    ).toEqual([
      [1, 1n],
      [2, 1n],
    ]);
  });

  it('rejects a start after the latest version and an end before the start', async () => {
    const after = await errorOf(fx.rows("SELECT * FROM table_changes('t', 9)"));
    expect(after.errorClass).toBe('DELTA_CDC_START_VERSION_AFTER_LATEST');
    const backwards = await errorOf(fx.rows("SELECT * FROM table_changes('t', 2, 1)"));
    expect(backwards.errorClass).toBe('DELTA_INVALID_CDC_RANGE');
    expect(backwards.sqlState).toBe('22003');
    const nullStart = await errorOf(fx.rows("SELECT * FROM table_changes('t', NULL)"));
    expect(nullStart.errorClass).toBe('DELTA_CDC_READ_NULL_RANGE_BOUNDARY');
    expect((await fx.rows("SELECT id FROM table_changes('t', 2, NULL) ORDER BY id")).length).toBe(5);
  });

  it('fails with DELTA_MISSING_CHANGE_DATA for versions written without the change data feed', async () => {
    await fx.session.execute('CREATE TABLE plain (id INT)');
    await fx.session.execute('INSERT INTO plain VALUES (1)');
    const e = await errorOf(fx.rows("SELECT * FROM table_changes('plain', 0)"));
    expect(e.errorClass).toBe('DELTA_MISSING_CHANGE_DATA');
    expect(e.sqlState).toBe('KD002');
    expect(e.message).toContain('[0 , 1]');
    expect(e.message).toContain('delta.enableChangeDataFeed=true');

    // Enabled later: the versions from the enabling commit on can be read, earlier ones cannot.
    await fx.session.execute("ALTER TABLE plain SET TBLPROPERTIES ('delta.enableChangeDataFeed' = 'true')");
    await fx.session.execute('INSERT INTO plain VALUES (2)');
    expect(await fx.rows("SELECT id, _change_type, _commit_version FROM table_changes('plain', 2)")).toEqual([
      [2, 'insert', 3n],
    ]);
    const early = await errorOf(fx.rows("SELECT * FROM table_changes('plain', 1)"));
    expect(early.errorClass).toBe('DELTA_MISSING_CHANGE_DATA');
    expect(early.message).toContain('for version [1]');
  });

  it('reads the cdc files of a Spark-written partitioned table (kernel-rs cdf-table)', async () => {
    await kernelTable('kernel_cdf', 'cdf-table');
    const changes = await fx.rows(
      "SELECT id, name, CAST(birthday AS STRING), _change_type, _commit_version FROM table_changes('kernel_cdf', 0) ORDER BY _commit_version, _change_type, id",
    );
    expect(changes).toEqual([
      [1, 'Steve', '2023-12-22', 'insert', 0n],
      [2, 'Bob', '2023-12-23', 'insert', 0n],
      [3, 'Dave', '2023-12-23', 'insert', 0n],
      [4, 'Kate', '2023-12-23', 'insert', 0n],
      [5, 'Emily', '2023-12-24', 'insert', 0n],
      [6, 'Carl', '2023-12-24', 'insert', 0n],
      [7, 'Dennis', '2023-12-24', 'insert', 0n],
      [8, 'Claire', '2023-12-25', 'insert', 0n],
      [9, 'Ada', '2023-12-25', 'insert', 0n],
      [10, 'Borb', '2023-12-25', 'insert', 0n],
      [2, 'Bob', '2023-12-22', 'update_postimage', 1n],
      [3, 'Dave', '2023-12-22', 'update_postimage', 1n],
      [4, 'Kate', '2023-12-22', 'update_postimage', 1n],
      [2, 'Bob', '2023-12-23', 'update_preimage', 1n],
      [3, 'Dave', '2023-12-23', 'update_preimage', 1n],
      [4, 'Kate', '2023-12-23', 'update_preimage', 1n],
      [5, 'Emily', '2023-12-29', 'update_postimage', 2n],
      [6, 'Carl', '2023-12-29', 'update_postimage', 2n],
      [7, 'Dennis', '2023-12-29', 'update_postimage', 2n],
      [5, 'Emily', '2023-12-24', 'update_preimage', 2n],
      [6, 'Carl', '2023-12-24', 'update_preimage', 2n],
      [7, 'Dennis', '2023-12-24', 'update_preimage', 2n],
      [7, 'Dennis', '2023-12-29', 'delete', 3n],
    ]);
    // Commit timestamps are those of DESCRIBE HISTORY.
    const ts = await historyTimestamps('kernel_cdf');
    const stamps = await fx.rows(
      "SELECT DISTINCT _commit_version, _commit_timestamp FROM table_changes('kernel_cdf', 0) ORDER BY 1",
    );
    expect(stamps).toEqual([0n, 1n, 2n, 3n].map((v) => [v, ts.get(v)]));
  });

  it('reads deletes of removed files and cdc inserts (kernel-rs cdf-table-simple)', async () => {
    await kernelTable('kernel_simple', 'cdf-table-simple');
    expect(
      await fx.rows(
        "SELECT id, _change_type, _commit_version FROM table_changes('kernel_simple', 0) ORDER BY _commit_version, id",
      ),
    ).toEqual([
      ...[0n, 1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n, 9n].map((id) => [id, 'insert', 0n]),
      ...[0n, 1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n, 9n].map((id) => [id, 'delete', 1n]),
      ...[20n, 21n, 22n, 23n, 24n].map((id) => [id, 'insert', 2n]),
    ]);
  });

  it('skips commits whose actions all have dataChange=false (kernel-rs cdf-table-data-change)', async () => {
    await kernelTable('kernel_optimize', 'cdf-table-data-change');
    expect(
      await fx.rows(
        "SELECT id, _change_type, _commit_version FROM table_changes('kernel_optimize', 0) ORDER BY id",
      ),
    ).toEqual([0n, 1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n, 9n].map((id) => [id, 'insert', 0n]));
    expect(await fx.rows("SELECT * FROM table_changes('kernel_optimize', 1)")).toEqual([]);
  });

  it('reads the rows whose deletion-vector bit changed (kernel-rs cdf-table-with-dv)', async () => {
    // v1 deletes 0 and 9 by a vector, v2 drops the vector (restore), v3 deletes 0, 1, 4, 5, later commits
    // shrink and swap the vector: each commit changes only rows whose bit flipped.
    await kernelTable('kernel_dv', 'cdf-table-with-dv');
    expect(
      await fx.rows(
        "SELECT value, _change_type, _commit_version FROM table_changes('kernel_dv', 0) ORDER BY _commit_version, _change_type, value",
      ),
    ).toEqual([
      ...[0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((v) => [v, 'insert', 0n]),
      [0, 'delete', 1n],
      [9, 'delete', 1n],
      [0, 'insert', 2n],
      [9, 'insert', 2n],
      [0, 'delete', 3n],
      [1, 'delete', 3n],
      [4, 'delete', 3n],
      [5, 'delete', 3n],
      [1, 'insert', 4n],
      [4, 'insert', 4n],
      [3, 'delete', 5n],
      [0, 'insert', 5n],
      [5, 'insert', 5n],
      [3, 'insert', 6n],
    ]);
  });

  it('maps physical column names and ids, in data and cdc files (kernel-rs cdf-column-mapping-*)', async () => {
    // Both tables turned the feed on at version 1 (SET TBLPROPERTIES), so version 0 cannot be read.
    await kernelTable('kernel_cm_name', 'cdf-column-mapping-name-mode');
    await kernelTable('kernel_cm_id', 'cdf-column-mapping-id-mode');
    const changes = (t: string) =>
      fx.rows(
        `SELECT id, name, value, _change_type, _commit_version FROM table_changes('${t}', 1) ORDER BY _commit_version, _change_type`,
      );
    expect(await changes('kernel_cm_name')).toEqual([
      [2n, 'Bob', 250, 'update_postimage', 2n],
      [2n, 'Bob', 200, 'update_preimage', 2n],
      [4n, 'David', 400, 'insert', 3n],
      [1n, 'Alice', 100, 'delete', 4n],
    ]);
    expect(await changes('kernel_cm_id')).toEqual([
      [2n, 'Frank', 275, 'update_postimage', 2n],
      [2n, 'Frank', 250, 'update_preimage', 2n],
      [4n, 'Henry', 450, 'insert', 3n],
      [3n, 'Grace', 350, 'delete', 4n],
    ]);
    const e = await errorOf(fx.rows("SELECT * FROM table_changes('kernel_cm_id', 0)"));
    expect(e.errorClass).toBe('DELTA_MISSING_CHANGE_DATA');
  });
});
