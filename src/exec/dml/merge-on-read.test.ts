import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeletionVectorDescriptor } from '../../delta/actions.js';
import { loadDeletedRowIndexes } from '../../delta/deletion-vectors/index.js';
import { loadSnapshot } from '../../delta/snapshot.js';
import type { MapValue } from '../../types/value.js';
import { type DmlTestKit, dmlTestKit } from './testing/dml-test-kit.js';

let kit: DmlTestKit;
beforeAll(async () => {
  kit = await dmlTestKit();
});
afterAll(async () => kit.close());

/** A DV table of three files: file k holds ids 10k+1 … 10k+10 in order, v = 'v<id>'. */
async function dvTable(name: string): Promise<void> {
  await kit.run(
    `CREATE TABLE ${name} (id INT, v STRING) USING DELTA TBLPROPERTIES ('delta.enableDeletionVectors' = true)`,
  );
  for (let k = 0; k < 3; k++) {
    const rows = Array.from({ length: 10 }, (_, i) => `(${10 * k + i + 1}, 'v${10 * k + i + 1}')`);
    await kit.run(`INSERT INTO ${name} VALUES ${rows.join(', ')}`);
  }
}

const ids = async (table: string) =>
  (await kit.rows(`SELECT id FROM ${table} ORDER BY id`)).map((r) => r[0] as number);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const metrics = (c: { commitInfo: Record<string, unknown> }) =>
  c.commitInfo.operationMetrics as Record<string, string>;

async function deletedRows(table: string, dv: DeletionVectorDescriptor): Promise<number[]> {
  return [...(await loadDeletedRowIndexes(await kit.store(table), dv))].map(Number);
}

describe('DELETE on a table with deletion vectors', () => {
  it('marks the matched rows in one DV file: remove + add of the same path, no data file written', async () => {
    await dvTable('mor_d1');
    const before = await kit.files('mor_d1');
    const file2 = before.find((f) => f.stats?.includes('"minValues":{"id":11'))!;
    expect(await kit.rows('DELETE FROM mor_d1 WHERE id IN (12, 15, 25)')).toEqual([[3n]]);
    const commit = await kit.lastCommit('mor_d1');
    expect(commit.removes.map((r) => r.path).sort()).toEqual(commit.adds.map((a) => a.path).sort());
    expect(commit.adds).toHaveLength(2);
    for (const r of commit.removes) expect(r.deletionVector).toBeUndefined();
    const dvs = commit.adds.map((a) => a.deletionVector!);
    expect(new Set(dvs.map((d) => d.pathOrInlineDv)).size).toBe(1);
    expect(dvs.every((d) => d.storageType === 'u')).toBe(true);
    const added2 = commit.adds.find((a) => a.path === file2.path)!;
    expect(added2.dataChange).toBe(true);
    expect(added2.deletionVector!.cardinality).toBe(2);
    expect(await deletedRows('mor_d1', added2.deletionVector!)).toEqual([1, 4]);
    const stats = JSON.parse(added2.stats!) as Record<string, unknown>;
    expect(stats.numRecords).toBe(10);
    expect(stats.tightBounds).toBe(false);
    expect(stats.minValues).toEqual({ id: 11, v: 'v11' });
    // One DV file, named as Delta names it, and no new parquet file.
    const store = await kit.store('mor_d1');
    const listed = (await store.list('')).map((o) => o.path);
    expect(listed.filter((p) => /^deletion_vector_[0-9a-f-]{36}\.bin$/.test(p))).toHaveLength(1);
    expect(listed.filter((p) => p.endsWith('.parquet'))).toHaveLength(3);
    expect(await ids('mor_d1')).toEqual(range(1, 30).filter((i) => ![12, 15, 25].includes(i)));
    const m = metrics(commit);
    expect({
      numDeletedRows: m.numDeletedRows,
      numRemovedFiles: m.numRemovedFiles,
      numAddedFiles: m.numAddedFiles,
      numCopiedRows: m.numCopiedRows,
      numDeletionVectorsAdded: m.numDeletionVectorsAdded,
      numDeletionVectorsRemoved: m.numDeletionVectorsRemoved,
      numDeletionVectorsUpdated: m.numDeletionVectorsUpdated,
      numAddedBytes: m.numAddedBytes,
    }).toEqual({
      numDeletedRows: '3',
      numRemovedFiles: '0',
      numAddedFiles: '0',
      numCopiedRows: '0',
      numDeletionVectorsAdded: '2',
      numDeletionVectorsRemoved: '0',
      numDeletionVectorsUpdated: '0',
      numAddedBytes: '0',
    });
  });

  it('a second DELETE unites the new rows with the file DV; a file losing every row is removed', async () => {
    await dvTable('mor_d2');
    await kit.run('DELETE FROM mor_d2 WHERE id IN (11, 12, 21)');
    expect(await kit.rows('DELETE FROM mor_d2 WHERE id IN (13, 20) OR id > 20')).toEqual([[11n]]);
    const commit = await kit.lastCommit('mor_d2');
    // File 2 keeps a DV of 11, 12, 13, 20; file 3 (every live row matched) is removed with its old DV.
    expect(commit.adds).toHaveLength(1);
    expect(commit.removes).toHaveLength(2);
    expect(
      commit.removes.every(
        (r) => r.deletionVector?.cardinality === (r.path === commit.adds[0]!.path ? 2 : 1),
      ),
    ).toBe(true);
    const dv = commit.adds[0]!.deletionVector!;
    expect(dv.cardinality).toBe(4);
    expect(await deletedRows('mor_d2', dv)).toEqual([0, 1, 2, 9]);
    const m = metrics(commit);
    expect([
      m.numDeletedRows,
      m.numRemovedFiles,
      m.numDeletionVectorsAdded,
      m.numDeletionVectorsRemoved,
      m.numDeletionVectorsUpdated,
    ]).toEqual(['11', '1', '1', '2', '1']);
    expect(await ids('mor_d2')).toEqual([...range(1, 10), ...range(14, 19)]);
    expect((await kit.files('mor_d2')).map((f) => f.deletionVector?.cardinality ?? 0).sort()).toEqual([0, 4]);
  });

  it('time travel before the DELETE sees the rows; DESCRIBE HISTORY has its metrics', async () => {
    await dvTable('mor_d3');
    await kit.run('DELETE FROM mor_d3 WHERE id % 3 = 0');
    expect((await kit.rows('SELECT count(*) FROM mor_d3 VERSION AS OF 3'))[0]).toEqual([30n]);
    expect((await kit.rows('SELECT count(*) FROM mor_d3'))[0]).toEqual([20n]);
    const [history] = await kit.session.execute('DESCRIBE HISTORY mor_d3 LIMIT 1');
    if (history?.kind !== 'rows') throw new Error('DESCRIBE HISTORY returned no rows');
    const col = (name: string) => history.columns.findIndex((c) => c.name === name);
    const row = history.rows[0]!;
    expect([row[col('version')], row[col('operation')]]).toEqual([4n, 'DELETE']);
    const m = new Map((row[col('operationMetrics')] as MapValue).entries as [string, string][]);
    expect([m.get('numDeletedRows'), m.get('numDeletionVectorsAdded'), m.get('numCopiedRows')]).toEqual([
      '10',
      '3',
      '0',
    ]);
  });

  it('a condition with a subquery; a DELETE of every row removes every file', async () => {
    await dvTable('mor_sub');
    await kit.run('CREATE TABLE mor_keys (k INT) USING DELTA');
    await kit.run('INSERT INTO mor_keys VALUES (4), (17), (30)');
    expect(await kit.rows('DELETE FROM mor_sub WHERE id IN (SELECT k FROM mor_keys)')).toEqual([[3n]]);
    expect(await ids('mor_sub')).toEqual(range(1, 30).filter((i) => ![4, 17, 30].includes(i)));
    expect(await kit.rows('DELETE FROM mor_sub WHERE id > 0')).toEqual([[27n]]);
    const commit = await kit.lastCommit('mor_sub');
    expect([commit.adds.length, commit.removes.length]).toEqual([0, 3]);
    expect(metrics(commit).numDeletionVectorsRemoved).toBe('3');
    expect(await ids('mor_sub')).toEqual([]);
  });

  it('nothing matched: no commit', async () => {
    await dvTable('mor_d4');
    expect(await kit.rows("DELETE FROM mor_d4 WHERE id > 100 OR v = 'none'")).toEqual([[0n]]);
    expect(await kit.version('mor_d4')).toBe(3);
  });
});

describe('deletion vectors across a checkpoint', () => {
  it('ten DELETEs later the checkpoint keeps every DV: the rows read back exactly', async () => {
    await dvTable('mor_ckpt');
    for (let i = 1; i <= 10; i++) await kit.run(`DELETE FROM mor_ckpt WHERE id = ${i * 2}`);
    const store = await kit.store('mor_ckpt');
    expect((await store.list('_delta_log/')).some((o) => o.path.endsWith('.checkpoint.parquet'))).toBe(true);
    const evens = range(1, 10).map((i) => i * 2);
    expect(await ids('mor_ckpt')).toEqual(range(1, 30).filter((i) => !evens.includes(i)));
    const cards = (await kit.files('mor_ckpt')).map((f) => f.deletionVector?.cardinality ?? 0).sort();
    expect(cards).toEqual([0, 5, 5]);
  });
});

describe('the condition sees only live rows', () => {
  // Delta evaluates a DML condition on the rows a scan with the files' DVs yields: a row an earlier DELETE
  // marked cannot make the condition fail (here 10 / (id - 5) on id 5, ANSI division by zero).
  it('DELETE and UPDATE after a DELETE of the row the condition would fail on', async () => {
    await dvTable('mor_live');
    await expect(kit.run('DELETE FROM mor_live WHERE 10 / (id - 5) > 2')).rejects.toMatchObject({
      errorClass: 'DIVIDE_BY_ZERO',
    });
    await kit.run('DELETE FROM mor_live WHERE id = 5');
    expect(await kit.rows('DELETE FROM mor_live WHERE 10 / (id - 5) > 2')).toEqual([[4n]]);
    expect(await kit.rows("UPDATE mor_live SET v = 'u' WHERE 10 / (id - 5) < -3")).toEqual([[3n]]);
    expect(await ids('mor_live')).toEqual([1, 2, 3, 4, ...range(10, 30)]);
    expect(await kit.rows("SELECT id FROM mor_live WHERE v = 'u' ORDER BY id")).toEqual([[2], [3], [4]]);
  });
});

describe('a condition that cannot fail reads past the DVs', () => {
  // `id % 2 = 0` cannot raise, so the files are read without their DVs and the rows an earlier DELETE
  // marked are dropped from the matches against the loaded DVs: counts, DVs and emptied files stay exact.
  it('counts only live rows, unites the DVs and removes a file whose last live rows go', async () => {
    await dvTable('mor_past');
    expect(await kit.rows('DELETE FROM mor_past WHERE id % 2 = 0')).toEqual([[15n]]);
    expect(await kit.rows('DELETE FROM mor_past WHERE id % 3 = 0 OR id > 20')).toEqual([[8n]]);
    expect(await ids('mor_past')).toEqual([1, 5, 7, 11, 13, 17, 19]);
    const commit = await kit.lastCommit('mor_past');
    expect(metrics(commit).numDeletionVectorsUpdated).toBe('2');
    expect(commit.adds).toHaveLength(2);
    // The third file's five live rows all went: removed with its DV, no new DV for it.
    expect(commit.removes).toHaveLength(3);
    const first = commit.adds.find((a) => a.stats?.includes('"minValues":{"id":1,'))!;
    expect(await deletedRows('mor_past', first.deletionVector!)).toEqual([1, 2, 3, 5, 7, 8, 9]);
    expect(await kit.rows('DELETE FROM mor_past WHERE id % 2 = 0')).toEqual([[0n]]);
  });
});

describe('UPDATE on a table with deletion vectors', () => {
  it('a violated CHECK constraint fails the UPDATE and leaves no DV file', async () => {
    await dvTable('mor_check');
    await kit.run('ALTER TABLE mor_check ADD CONSTRAINT small CHECK (id < 100)');
    const version = await kit.version('mor_check');
    await expect(kit.run('UPDATE mor_check SET id = id + 100 WHERE id = 5')).rejects.toMatchObject({
      errorClass: 'DELTA_VIOLATE_CONSTRAINT_WITH_VALUES',
    });
    expect(await kit.version('mor_check')).toBe(version);
    const listed = (await (await kit.store('mor_check')).list('')).map((o) => o.path);
    expect(listed.filter((p) => p.startsWith('deletion_vector_'))).toEqual([]);
  });

  it('marks the updated rows deleted and writes only their new values', async () => {
    await dvTable('mor_u1');
    expect(await kit.rows("UPDATE mor_u1 SET v = 'new' WHERE id IN (3, 14, 15)")).toEqual([[3n]]);
    const commit = await kit.lastCommit('mor_u1');
    const dvAdds = commit.adds.filter((a) => a.deletionVector);
    const newFiles = commit.adds.filter((a) => !a.deletionVector);
    expect(dvAdds.map((a) => a.deletionVector!.cardinality).sort()).toEqual([1, 2]);
    expect(commit.removes.map((r) => r.path).sort()).toEqual(dvAdds.map((a) => a.path).sort());
    expect(newFiles.map((a) => JSON.parse(a.stats!).numRecords as number).reduce((x, y) => x + y, 0)).toBe(3);
    const m = metrics(commit);
    expect([
      m.numUpdatedRows,
      m.numCopiedRows,
      m.numAddedFiles,
      m.numRemovedFiles,
      m.numDeletionVectorsAdded,
    ]).toEqual(['3', '0', String(newFiles.length), '0', '2']);
    expect(await kit.rows("SELECT id FROM mor_u1 WHERE v = 'new' ORDER BY id")).toEqual([[3], [14], [15]]);
    expect(await ids('mor_u1')).toEqual(range(1, 30));
  });

  it('an UPDATE after a DELETE keeps the deleted rows deleted', async () => {
    await dvTable('mor_u2');
    await kit.run('DELETE FROM mor_u2 WHERE id <= 5');
    await kit.run('UPDATE mor_u2 SET id = id + 100 WHERE id < 8');
    expect(await ids('mor_u2')).toEqual([...range(8, 30), 106, 107]);
    const commit = await kit.lastCommit('mor_u2');
    expect(metrics(commit).numDeletionVectorsUpdated).toBe('1');
    expect(commit.adds.find((a) => a.deletionVector)!.deletionVector!.cardinality).toBe(7);
  });

  it('a condition that cannot fail is read past the DVs: rows a DV already deletes are neither counted nor written', async () => {
    await dvTable('mor_u4');
    await kit.run('DELETE FROM mor_u4 WHERE id IN (2, 3, 12, 27)');
    expect(await kit.rows("UPDATE mor_u4 SET v = 'u' WHERE id % 10 IN (2, 3, 7)")).toEqual([[5n]]);
    expect(await kit.rows("SELECT id FROM mor_u4 WHERE v = 'u' ORDER BY id")).toEqual([
      [7],
      [13],
      [17],
      [22],
      [23],
    ]);
    expect(await kit.rows('SELECT count(*) FROM mor_u4')).toEqual([[26n]]);
    const commit = await kit.lastCommit('mor_u4');
    expect(metrics(commit).numUpdatedRows).toBe('5');
    const file1 = commit.adds.find((a) => a.stats?.includes('"minValues":{"id":1,'))!;
    expect(await deletedRows('mor_u4', file1.deletionVector!)).toEqual([1, 2, 6]);
    const file3 = commit.adds.find((a) => a.stats?.includes('"minValues":{"id":21,'))!;
    expect(await deletedRows('mor_u4', file3.deletionVector!)).toEqual([1, 2, 6]);
  });

  it('a condition that can fail sees only live rows: a deleted row does not make it raise', async () => {
    await dvTable('mor_u5');
    await kit.run('DELETE FROM mor_u5 WHERE id = 5');
    expect(await kit.rows("UPDATE mor_u5 SET v = 'w' WHERE 10 DIV (id - 5) = 2")).toEqual([[2n]]);
    expect(await kit.rows("SELECT id FROM mor_u5 WHERE v = 'w' ORDER BY id")).toEqual([[9], [10]]);
  });
});

describe('UPDATE on a table with deletion vectors, files without statistics', () => {
  it('counts the live rows in its one scan: a partial change gets a DV, a file changed in full is removed', async () => {
    await dvTable('mor_u3');
    const store = await kit.store('mor_u3');
    // A writer that records no statistics wrote the first two files.
    for (const v of [1, 2]) {
      const key = `_delta_log/${String(v).padStart(20, '0')}.json`;
      const text = new TextDecoder().decode(await store.get(key));
      const lines = text
        .trim()
        .split('\n')
        .map((l) => {
          const a = JSON.parse(l);
          if (a.add) delete a.add.stats;
          return JSON.stringify(a);
        });
      await store.put(key, new TextEncoder().encode(`${lines.join('\n')}\n`));
    }
    await kit.run('DELETE FROM mor_u3 WHERE id = 1');
    expect(await kit.rows("UPDATE mor_u3 SET v = 'u' WHERE id <= 5 OR (id > 10 AND id <= 20)")).toEqual([
      [14n],
    ]);
    const commit = await kit.lastCommit('mor_u3');
    const m = metrics(commit);
    expect([
      m.numUpdatedRows,
      m.numRemovedFiles,
      m.numDeletionVectorsAdded,
      m.numDeletionVectorsUpdated,
      m.numDeletionVectorsRemoved,
    ]).toEqual(['14', '1', '1', '1', '1']);
    const withDv = commit.adds.filter((a) => a.deletionVector);
    expect(withDv).toHaveLength(1);
    expect(await deletedRows('mor_u3', withDv[0]!.deletionVector!)).toEqual([0, 1, 2, 3, 4]);
    expect(JSON.parse(withDv[0]!.stats!)).toEqual({ numRecords: 10, tightBounds: false });
    expect(await kit.rows("SELECT count(*) FROM mor_u3 WHERE v = 'u'")).toEqual([[14n]]);
    expect(await ids('mor_u3')).toEqual(range(2, 30));
  });
});

describe('deletion vector table property', () => {
  const snapshotOf = async (t: string) => loadSnapshot(await kit.store(t), kit.session.parquet);

  it('new tables get delta.enableDeletionVectors = true and the deletionVectors feature by default', async () => {
    await kit.run('CREATE TABLE mor_default (id INT) USING DELTA');
    const s = await snapshotOf('mor_default');
    expect(s.configuration).toEqual({ 'delta.enableDeletionVectors': 'true' });
    expect(s.protocol).toEqual({
      minReaderVersion: 3,
      minWriterVersion: 7,
      readerFeatures: ['deletionVectors'],
      writerFeatures: ['deletionVectors'],
    });
    await kit.run('INSERT INTO mor_default VALUES (1), (2)');
    await kit.run('DELETE FROM mor_default WHERE id = 1');
    expect((await kit.lastCommit('mor_default')).adds[0]!.deletionVector!.cardinality).toBe(1);
  });

  it('the statement wins over the default; the session conf turns the default off', async () => {
    await kit.run(
      "CREATE TABLE mor_off (id INT) USING DELTA TBLPROPERTIES ('delta.enableDeletionVectors' = false)",
    );
    expect((await snapshotOf('mor_off')).protocol).toEqual({ minReaderVersion: 1, minWriterVersion: 2 });
    await kit.run('SET spark.databricks.delta.properties.defaults.enableDeletionVectors = false');
    try {
      await kit.run('CREATE TABLE mor_conf_off USING DELTA AS SELECT 1 AS id');
    } finally {
      await kit.run('RESET spark.databricks.delta.properties.defaults.enableDeletionVectors');
    }
    const s = await snapshotOf('mor_conf_off');
    expect(s.configuration).toEqual({ 'delta.enableDeletionVectors': 'false' });
    expect(s.protocol).toEqual({ minReaderVersion: 1, minWriterVersion: 2 });
    await kit.run('DELETE FROM mor_conf_off WHERE id = 1');
    expect((await kit.lastCommit('mor_conf_off')).removes).toHaveLength(1);
  });

  it('ALTER TABLE SET TBLPROPERTIES turns DVs on and upgrades the protocol to deletionVectors', async () => {
    await kit.run(
      "CREATE TABLE mor_alter (id INT) USING DELTA TBLPROPERTIES ('delta.enableDeletionVectors' = false)",
    );
    await kit.run('INSERT INTO mor_alter VALUES (1), (2), (3)');
    await kit.run("ALTER TABLE mor_alter SET TBLPROPERTIES ('delta.enableDeletionVectors' = true)");
    const { protocol } = await loadSnapshot(await kit.store('mor_alter'), kit.session.parquet);
    expect(protocol.minReaderVersion).toBe(3);
    expect(protocol.minWriterVersion).toBe(7);
    expect(protocol.readerFeatures).toContain('deletionVectors');
    expect(protocol.writerFeatures).toContain('deletionVectors');
    await kit.run('DELETE FROM mor_alter WHERE id = 2');
    const commit = await kit.lastCommit('mor_alter');
    expect(commit.adds[0]!.deletionVector!.cardinality).toBe(1);
    expect(await ids('mor_alter')).toEqual([1, 3]);
  });

  it('the change data feed falls back to copy-on-write', async () => {
    await kit.run(
      "CREATE TABLE mor_cdf (id INT) USING DELTA TBLPROPERTIES ('delta.enableDeletionVectors' = true, 'delta.enableChangeDataFeed' = true)",
    );
    await kit.run('INSERT INTO mor_cdf VALUES (1), (2), (3)');
    await kit.run('DELETE FROM mor_cdf WHERE id = 2');
    const commit = await kit.lastCommit('mor_cdf');
    expect(commit.adds.every((a) => !a.deletionVector)).toBe(true);
  });
});

describe('scratch tables on a table with deletion vectors', () => {
  // The scan's deleted-rows table is dropped with the statement's other scratch tables, in one statement
  // that runs while the commit is written; the DVs it loaded are the ones the changed rows are united with.
  const scratch = async () =>
    (
      await kit.session.engine.all(
        `SELECT table_name AS "t" FROM duckdb_tables() WHERE table_name LIKE 'lakesql%' ORDER BY 1`,
      )
    ).map((r) => r.t);

  it('UPDATE, MERGE and a failed UPDATE leave none; the old DVs are united with the new rows', async () => {
    await dvTable('mor_s1');
    await kit.run('DELETE FROM mor_s1 WHERE id IN (12, 21)');
    expect(await kit.rows("UPDATE mor_s1 SET v = 'u' WHERE v IN ('v13', 'v22')")).toEqual([[2n]]);
    expect(await scratch()).toEqual([]);
    const afterUpdate = await kit.lastCommit('mor_s1');
    const updated = afterUpdate.adds.filter((a) => a.deletionVector);
    expect((await Promise.all(updated.map((a) => deletedRows('mor_s1', a.deletionVector!)))).sort()).toEqual([
      [0, 1],
      [1, 2],
    ]);

    await kit.run(
      `MERGE INTO mor_s1 t USING (SELECT * FROM VALUES (14, 'm'), (50, 'n') AS s(id, v)) s ON t.id = s.id
       WHEN MATCHED THEN UPDATE SET v = s.v WHEN NOT MATCHED THEN INSERT *`,
    );
    expect(await scratch()).toEqual([]);
    const afterMerge = await kit.lastCommit('mor_s1');
    const merged = afterMerge.adds.find((a) => a.deletionVector)!;
    expect(await deletedRows('mor_s1', merged.deletionVector!)).toEqual([1, 2, 3]);

    await kit.run('ALTER TABLE mor_s1 ADD CONSTRAINT small CHECK (id < 100)');
    await expect(kit.run("UPDATE mor_s1 SET id = 100 WHERE v = 'v15'")).rejects.toMatchObject({
      errorClass: 'DELTA_VIOLATE_CONSTRAINT_WITH_VALUES',
    });
    expect(await scratch()).toEqual([]);
    expect(
      await kit.rows('SELECT id, v FROM mor_s1 WHERE id BETWEEN 11 AND 15 OR id > 40 ORDER BY id'),
    ).toEqual([
      [11, 'v11'],
      [13, 'u'],
      [14, 'm'],
      [15, 'v15'],
      [50, 'n'],
    ]);
  });
});
