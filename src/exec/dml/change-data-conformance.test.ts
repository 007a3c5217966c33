/**
 * lakesql's DML on copies of the Spark-written change data feed tables of the conformance data: the feed
 * Spark wrote reads the same after our commits, and our commits' cdc files read back as Delta's would
 * (partitioned by birthday or birthyear, column mapping by name, in-commit timestamps).
 */
import { cp, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DELTA_CONFORMANCE_DIR } from '../../conformance/data-dirs.js';
import { useSqlSession } from '../session/testing/sql-session-fixture.js';

const fx = useSqlSession('lakesql-cdf-conformance-');

/** Registers a copy of a conformance table under `name`; returns its folder. */
async function copyOf(name: string, table: string): Promise<string> {
  const location = path.join(fx.dir, 'copies', name);
  await cp(path.join(DELTA_CONFORMANCE_DIR, table, 'delta'), location, { recursive: true });
  await fx.session.execute(`CREATE TABLE ${name} USING DELTA LOCATION '${location}'`);
  return location;
}

async function actionsOf(
  location: string,
  version: number,
): Promise<Record<string, Record<string, unknown>>[]> {
  const file = path.join(location, '_delta_log', `${String(version).padStart(20, '0')}.json`);
  return (await readFile(file, 'utf8'))
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l));
}

const count = (actions: Record<string, unknown>[], kind: string) => actions.filter((a) => a[kind]).length;

describe('DML on Spark-written change data feed tables', () => {
  it('kernel-rs cdf-table (partitioned by a date): UPDATE, DELETE, MERGE', async () => {
    const location = await copyOf('k_cdf', 'kernel-rs/cdf-table');
    const feed = (from: number, to: number) =>
      fx.rows(
        `SELECT id, name, CAST(birthday AS STRING), _change_type, _commit_version FROM table_changes('k_cdf', ${from}, ${to}) ORDER BY _commit_version, _change_type, id`,
      );
    const spark = await feed(0, 3);
    expect(spark.length).toBe(23);

    await fx.session.execute("UPDATE k_cdf SET name = 'Steven' WHERE id = 1");
    await fx.session.execute('DELETE FROM k_cdf WHERE id = 9');
    await fx.session.execute(`MERGE INTO k_cdf USING (SELECT * FROM VALUES (5, 'Em', DATE'2023-12-29'), (11, 'Zed', DATE'2024-01-01') AS s(id, name, birthday)) s
      ON k_cdf.id = s.id WHEN MATCHED THEN UPDATE SET name = s.name WHEN NOT MATCHED THEN INSERT *`);
    for (const v of [4, 5, 6]) {
      const actions = await actionsOf(location, v);
      expect(count(actions, 'cdc')).toBeGreaterThan(0);
      for (const a of actions.filter((x) => x.cdc)) {
        const cdc = a.cdc as { path: string; partitionValues: Record<string, string> };
        expect(cdc.path.startsWith(`_change_data/birthday=${cdc.partitionValues.birthday}/cdc-`)).toBe(true);
      }
    }
    expect([count(await actionsOf(location, 6), 'cdc')]).toEqual([2]);
    expect(await feed(4, 6)).toEqual([
      [1, 'Steven', '2023-12-22', 'update_postimage', 4n],
      [1, 'Steve', '2023-12-22', 'update_preimage', 4n],
      [9, 'Ada', '2023-12-25', 'delete', 5n],
      [11, 'Zed', '2024-01-01', 'insert', 6n],
      [5, 'Em', '2023-12-29', 'update_postimage', 6n],
      [5, 'Emily', '2023-12-29', 'update_preimage', 6n],
    ]);
    // Spark's own versions read as before.
    expect(await feed(0, 3)).toEqual(spark);
  });

  it('delta-rs cdc_ict_table (in-commit timestamps, partitioned by an int)', async () => {
    const location = await copyOf('ict', 'delta-rs/cdc_ict_table');
    await fx.session.execute("UPDATE ict SET age = age + 1 WHERE name = 'Kate'");
    const [info] = (await actionsOf(location, 4)).filter((a) => a.commitInfo);
    const ict = (info!.commitInfo as { inCommitTimestamp: number }).inCommitTimestamp;
    expect(ict).toBeGreaterThan(1783874213881);
    expect(await fx.rows("SELECT * FROM table_changes('ict', 4) ORDER BY _change_type")).toEqual([
      ['Kate', 1995, 38, 'update_postimage', 4n, BigInt(ict) * 1000n],
      ['Kate', 1995, 37, 'update_preimage', 4n, BigInt(ict) * 1000n],
    ]);
    expect((await fx.rows("SELECT count(*) FROM table_changes('ict', 0, 3)"))[0]).toEqual([10n]);
  });

  it('kernel-rs cdf-column-mapping-name-mode: physical names in our cdc files too', async () => {
    const location = await copyOf('k_cm', 'kernel-rs/cdf-column-mapping-name-mode');
    await fx.session.execute("UPDATE k_cm SET value = 0 WHERE name = 'Charlie'");
    await fx.session.execute('DELETE FROM k_cm WHERE id = 4');
    expect(count(await actionsOf(location, 5), 'cdc')).toBe(1);
    expect(
      await fx.rows(
        "SELECT id, name, value, _change_type, _commit_version FROM table_changes('k_cm', 1) ORDER BY _commit_version, _change_type",
      ),
    ).toEqual([
      [2n, 'Bob', 250, 'update_postimage', 2n],
      [2n, 'Bob', 200, 'update_preimage', 2n],
      [4n, 'David', 400, 'insert', 3n],
      [1n, 'Alice', 100, 'delete', 4n],
      [3n, 'Charlie', 0, 'update_postimage', 5n],
      [3n, 'Charlie', 300, 'update_preimage', 5n],
      [4n, 'David', 400, 'delete', 6n],
    ]);
  });

  it('kernel-rs cdf-table-with-cdc-and-dvs: rows hidden by a deletion vector are no part of our change rows', async () => {
    const location = await copyOf('k_dv', 'kernel-rs/cdf-table-with-cdc-and-dvs');
    const before = await fx.rows("SELECT count(*) FROM table_changes('k_dv', 0)");
    await fx.session.execute('DELETE FROM k_dv WHERE id = 12');
    await fx.session.execute("UPDATE k_dv SET comment = 'u' WHERE id <= 1");
    // The files we rewrote carried deletion vectors: their removes keep them, our cdc files hold live rows.
    const removes = (await actionsOf(location, 26)).filter((a) => a.remove);
    expect(removes.some((r) => (r.remove as { deletionVector?: unknown }).deletionVector)).toBe(true);
    expect(
      await fx.rows(
        "SELECT id, comment, _change_type, _commit_version FROM table_changes('k_dv', 26) ORDER BY _commit_version, _change_type, id",
      ),
    ).toEqual([
      [12, 'merge2-insert', 'delete', 26n],
      [0, 'u', 'update_postimage', 27n],
      [1, 'u', 'update_postimage', 27n],
      [0, 'new', 'update_preimage', 27n],
      [1, 'after-large-delete', 'update_preimage', 27n],
    ]);
    expect(await fx.rows("SELECT count(*) FROM table_changes('k_dv', 0, 25)")).toEqual(before);
  });
});
