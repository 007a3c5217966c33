/**
 * Each statement reads its target table's log once (table-target.ts): counted per table folder while the
 * statement runs (testing/log-reads.ts). Before the one resolver, MERGE read its target twice, a statement
 * naming its target again (INSERT … SELECT FROM t, a subquery of DELETE / UPDATE) twice, CTAS twice, COPY
 * INTO twice, and a DataFrame save into an existing path three times.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { useLakeSession } from '../../api/testing/lake-session-fixture.js';
import type { Value } from '../../types/value.js';
import { countLogReads } from './testing/log-reads.js';

describe('log reads per statement', () => {
  const fixture = useLakeSession('lakesql-log-reads-');
  const rows = async (q: string): Promise<Value[][]> => {
    const [r] = await fixture.spark.sqlSession.execute(q);
    return r?.kind === 'rows' ? r.rows : [];
  };
  let n = 0;
  /** A fresh table `<name>_<n>` with rows (1, 'a'), (2, 'b'), at version 1. */
  const table = async (name: string) => {
    const t = `${name}_${++n}`;
    await rows(`CREATE TABLE ${t} (id INT, v STRING) USING delta`);
    await rows(`INSERT INTO ${t} VALUES (1, 'a'), (2, 'b')`);
    return t;
  };
  const sorted = async (t: string) => rows(`SELECT id, v FROM ${t} ORDER BY id, v`);

  it('INSERT reads its target once, also when its query reads the target', async () => {
    const t = await table('ins');
    expect(await countLogReads(() => rows(`INSERT INTO ${t} VALUES (3, 'c')`))).toEqual({ [t]: 1 });
    expect(await countLogReads(() => rows(`INSERT INTO ${t} SELECT id + 10, v FROM ${t}`))).toEqual({
      [t]: 1,
    });
    expect(await sorted(t)).toEqual([
      [1, 'a'],
      [2, 'b'],
      [3, 'c'],
      [11, 'a'],
      [12, 'b'],
      [13, 'c'],
    ]);
  });

  it('a time-travelled read of the target still reads the version asked for', async () => {
    const t = await table('travel');
    await rows(`INSERT INTO ${t} VALUES (3, 'c')`);
    await rows(`INSERT INTO ${t} SELECT id + 10, v FROM ${t} VERSION AS OF 1`);
    expect(await sorted(t)).toEqual([
      [1, 'a'],
      [2, 'b'],
      [3, 'c'],
      [11, 'a'],
      [12, 'b'],
    ]);
  });

  it('UPDATE and DELETE read their target once, also with a subquery over the target', async () => {
    const t = await table('upd');
    expect(await countLogReads(() => rows(`UPDATE ${t} SET v = 'z' WHERE id = 1`))).toEqual({ [t]: 1 });
    expect(
      await countLogReads(() => rows(`UPDATE ${t} SET v = 'm' WHERE id IN (SELECT max(id) FROM ${t})`)),
    ).toEqual({ [t]: 1 });
    expect(await countLogReads(() => rows(`DELETE FROM ${t} WHERE id = 1`))).toEqual({ [t]: 1 });
    await rows(`INSERT INTO ${t} VALUES (3, 'c')`);
    expect(
      await countLogReads(() => rows(`DELETE FROM ${t} WHERE id IN (SELECT min(id) FROM ${t})`)),
    ).toEqual({ [t]: 1 });
    expect(await sorted(t)).toEqual([[3, 'c']]);
  });

  it('MERGE reads its target once and its source once', async () => {
    const t = await table('merge_t');
    const s = `merge_s_${++n}`;
    await rows(`CREATE TABLE ${s} (id INT, v STRING) USING delta`);
    await rows(`INSERT INTO ${s} VALUES (2, 'x'), (3, 'y')`);
    const merge =
      `MERGE INTO ${t} USING ${s} ON ${t}.id = ${s}.id ` +
      `WHEN MATCHED THEN UPDATE SET v = ${s}.v WHEN NOT MATCHED THEN INSERT *`;
    expect(await countLogReads(() => rows(merge))).toEqual({ [t]: 1, [s]: 1 });
    expect(await sorted(t)).toEqual([
      [1, 'a'],
      [2, 'x'],
      [3, 'y'],
    ]);
  });

  it('CTAS and CREATE OR REPLACE … AS SELECT read the new table’s folder once', async () => {
    const s = await table('ctas_s');
    const c = `ctas_c_${++n}`;
    expect(await countLogReads(() => rows(`CREATE TABLE ${c} USING delta AS SELECT * FROM ${s}`))).toEqual({
      [s]: 1,
      [c]: 1,
    });
    expect(
      await countLogReads(() =>
        rows(`CREATE OR REPLACE TABLE ${c} USING delta AS SELECT * FROM ${s} WHERE id = 2`),
      ),
    ).toEqual({ [s]: 1, [c]: 1 });
    expect(await sorted(c)).toEqual([[2, 'b']]);
  });

  it('a DataFrame save into an existing path or table reads its log once', async () => {
    const { spark, dir } = fixture;
    const path = `${dir}/df_path`;
    await spark.range(3).write.format('delta').save(path);
    const append = () => spark.range(2).write.format('delta').mode('append').save(path);
    expect(await countLogReads(append)).toEqual({ df_path: 1 });
    const overwrite = () => spark.range(1).write.format('delta').mode('overwrite').save(path);
    expect(await countLogReads(overwrite)).toEqual({ df_path: 1 });
    expect(await rows(`SELECT id FROM delta.\`${path}\``)).toEqual([[0n]]);

    const w = `df_table_${++n}`;
    await rows(`CREATE TABLE ${w} (id BIGINT) USING delta`);
    const saveAsTable = () => spark.range(2).write.format('delta').mode('append').saveAsTable(w);
    expect(await countLogReads(saveAsTable)).toEqual({ [w]: 1 });
    expect(await countLogReads(() => spark.range(1).write.insertInto(w))).toEqual({ [w]: 1 });
    expect(await rows(`SELECT id FROM ${w} ORDER BY id`)).toEqual([[0n], [0n], [1n]]);
  });

  it('COPY INTO reads its target once: the files it finds new and its commit agree on one snapshot', async () => {
    const t = await table('copy');
    const src = `${fixture.dir}/copy_src_${n}`;
    await mkdir(src, { recursive: true });
    await writeFile(`${src}/a.csv`, 'id,v\n7,g\n');
    const copy = `COPY INTO ${t} FROM '${src}' FILEFORMAT = CSV FORMAT_OPTIONS ('header' = 'true')`;
    expect(await countLogReads(() => rows(copy))).toEqual({ [t]: 1 });
    expect(await countLogReads(() => rows(copy))).toEqual({ [t]: 1 });
    expect(await sorted(t)).toEqual([
      [1, 'a'],
      [2, 'b'],
      [7, 'g'],
    ]);
  });
});
