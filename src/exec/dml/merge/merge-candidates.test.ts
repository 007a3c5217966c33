/**
 * Which files a MERGE reads and rewrites when the source has more keys than an IN list holds: the interval
 * join of the source keys against each file's [min, max], then the key-column scan (merge-candidates.ts).
 * Each test asserts the files read, the removes in the commit JSON and the exact rows.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSnapshot } from '../../../delta/snapshot.js';
import { storeForUrl } from '../../../storage/store-for-url.js';
import { IntegerType } from '../../../types/data-types.js';
import { filesInKeyRanges, keptByKeyRanges, keyRangeQuery } from './merge-key-ranges.js';
import { IN_LIST_LIMIT } from './merge-pruning.js';
import { type MergeTestEnv, mergeTestEnv } from './testing/merge-test-env.js';

let env: MergeTestEnv;
beforeAll(async () => {
  env = await mergeTestEnv();
});
afterAll(async () => {
  await env.close();
});

const FILE_ROWS = 1000;

/** Ten files: file k holds ids 1000k … 1000k+999 with v = id. */
async function tenFiles(columns = 'id INT, v INT') {
  const t = await env.table(columns);
  for (let k = 0; k < 10; k++) {
    const values = Array.from(
      { length: FILE_ROWS },
      (_, i) => `(${FILE_ROWS * k + i}, ${FILE_ROWS * k + i})`,
    );
    await env.append(t, values.join(', '));
  }
  return t;
}

const removes = async (location: string, version: number) =>
  (await env.commit(location, version)).filter((a) => a.remove).map((a) => a.remove.path as string);

/** A temp view of (id, v) rows: each id in `ids` with v = -id. */
async function sourceView(name: string, ranges: readonly (readonly [number, number])[]) {
  const parts = ranges.map(
    ([lo, hi]) => `SELECT CAST(id AS INT) AS id, CAST(-id AS INT) AS v FROM range(${lo}, ${hi})`,
  );
  await env.sql(`CREATE OR REPLACE TEMP VIEW ${name} AS ${parts.join(' UNION ALL ')}`);
}

describe('the interval join of source keys against file statistics', () => {
  it('an upsert whose updates fall in one file of ten rewrites exactly that file', async () => {
    const t = await tenFiles();
    // 500 updates inside file 3's range, 500 inserts past the table's end: one range over all keys
    // ([3000, 20499]) would keep files 3…9.
    await sourceView('up1', [
      [3000, 3500],
      [20000, 20500],
    ]);
    const { outcome } = await env.merge(
      `MERGE INTO ${t.name} t USING up1 s ON t.id = s.id
       WHEN MATCHED THEN UPDATE SET v = s.v WHEN NOT MATCHED THEN INSERT *`,
    );
    expect(outcome.numTargetFilesKeyScanned).toBe(1);
    expect(outcome.numTargetFilesRead).toBe(1);
    expect(outcome.metrics).toMatchObject({
      numTargetRowsMatchedUpdated: 500,
      numTargetRowsInserted: 500,
      numTargetRowsCopied: 500,
      numTargetFilesRemoved: 1,
    });
    expect(await removes(t.location, outcome.version!)).toHaveLength(1);
    expect(await env.rows(`SELECT count(*), sum(v) FROM ${t.name}`)).toEqual([
      [10500n, BigInt((9999 * 10000) / 2 - (2 * ((3000 + 3499) * 500)) / 2 - ((20000 + 20499) * 500) / 2)],
    ]);
    expect(
      await env.rows(
        `SELECT id, v FROM ${t.name} WHERE id IN (2999, 3000, 3499, 3500, 20000, 20499) ORDER BY id`,
      ),
    ).toEqual([
      [2999, 2999],
      [3000, -3000],
      [3499, -3499],
      [3500, 3500],
      [20000, -20000],
      [20499, -20499],
    ]);
  });

  it('keys spread over two non-adjacent files keep those two, not the files between', async () => {
    const t = await tenFiles();
    await sourceView('up2', [
      [1100, 1200],
      [8100, 8200],
    ]);
    const { outcome } = await env.merge(
      `MERGE INTO ${t.name} t USING up2 s ON t.id = s.id WHEN MATCHED THEN UPDATE SET v = s.v`,
    );
    expect(outcome.numTargetFilesKeyScanned).toBe(2);
    expect(outcome.numTargetFilesRead).toBe(2);
    expect(outcome.metrics.numTargetRowsMatchedUpdated).toBe(200);
    expect(await removes(t.location, outcome.version!)).toHaveLength(2);
    expect(await env.rows(`SELECT count(*), sum(v) FROM ${t.name} WHERE v < 0`)).toEqual([
      [200n, -BigInt(((1100 + 1199) * 100) / 2 + ((8100 + 8199) * 100) / 2)],
    ]);
    expect(await env.rows(`SELECT count(*) FROM ${t.name}`)).toEqual([[10000n]]);
  });

  it("keys inside a file's range that match none of its rows: key columns scanned, nothing rewritten", async () => {
    const t = await env.table('id INT, v INT');
    // One file of even ids 0 … 1998; the source's odd ids fall in its range but match nothing.
    const evens = Array.from({ length: FILE_ROWS }, (_, i) => `(${2 * i}, ${2 * i})`);
    await env.append(t, evens.join(', '));
    const before = await env.version(t.location);
    await env.sql(
      'CREATE OR REPLACE TEMP VIEW odd AS SELECT CAST(2 * id + 1 AS INT) AS id, 0 AS v FROM range(0, 200)',
    );
    const { outcome } = await env.merge(
      `MERGE INTO ${t.name} t USING odd s ON t.id = s.id WHEN MATCHED THEN DELETE`,
    );
    expect(outcome.numTargetFilesKeyScanned).toBe(1);
    expect(outcome.numTargetFilesRead).toBe(0);
    expect(outcome.version).toBeUndefined();
    expect(await env.version(t.location)).toBe(before);
  });

  it('the interval join gives the same files folded into the key statement and in a round trip of its own', async () => {
    const t = await tenFiles();
    const snapshot = await loadSnapshot(storeForUrl(t.location), env.session.parquet);
    // The files hold ids in the order they were appended; find each key's file by its statistics.
    const plan = snapshot.scanPlan();
    const fileOf = (id: number) =>
      plan.files.findIndex((f) =>
        f.add.stats?.includes(`"minValues":{"id":${FILE_ROWS * Math.floor(id / FILE_ROWS)},`),
      );
    const engine = env.session.engine;
    const keyTable = 'merge_candidates_test_keys';
    await engine.run(
      `CREATE OR REPLACE TABLE ${keyTable} AS SELECT * FROM (VALUES (2500), (7001)) AS v("k0")`,
    );
    try {
      const keys = [{ name: 'id', type: IntegerType, keyColumn: 'k0' }];
      const expected = [fileOf(2500), fileOf(7001)].sort((a, b) => a - b);
      expect(expected.every((i) => i >= 0)).toBe(true);
      expect(await filesInKeyRanges(engine, plan, keys, keyTable)).toEqual(expected);
      const query = keyRangeQuery(plan, keys, keyTable);
      const [row] = await engine.all(`SELECT ${query.matchedList} AS "files" FROM ${keyTable} LIMIT 1`);
      expect(keptByKeyRanges(query, row?.files)).toEqual(expected);
    } finally {
      await engine.run(`DROP TABLE ${keyTable}`);
    }
  });

  it('an insert-only merge with many keys removes no file', async () => {
    const t = await tenFiles();
    await sourceView('ins1', [
      [5990, 6010],
      [30000, 30200],
    ]);
    const { outcome } = await env.merge(
      `MERGE INTO ${t.name} t USING ins1 s ON t.id = s.id WHEN NOT MATCHED THEN INSERT *`,
    );
    expect(outcome.numTargetFilesRead).toBe(2);
    expect(outcome.metrics).toMatchObject({ numTargetRowsInserted: 200, numTargetFilesRemoved: 0 });
    const actions = await env.commit(t.location, outcome.version!);
    expect(actions.filter((a) => a.remove)).toEqual([]);
    expect(await env.rows(`SELECT count(*), min(v) FROM ${t.name}`)).toEqual([[10200n, -30199]]);
  });

  it('a file without statistics is kept, and its matched rows are updated', async () => {
    const t = await tenFiles();
    // Drop the stats of file 5 from its commit (a writer that records none).
    const commitFile = join(t.location, '_delta_log', `${String(6).padStart(20, '0')}.json`);
    const lines = (await readFile(commitFile, 'utf8')).trim().split('\n');
    const stripped = lines.map((l) => {
      const a = JSON.parse(l);
      if (a.add) delete a.add.stats;
      return JSON.stringify(a);
    });
    await writeFile(commitFile, `${stripped.join('\n')}\n`);
    await sourceView('up3', [
      [5000, 5150],
      [7000, 7001],
    ]);
    const { outcome } = await env.merge(
      `MERGE INTO ${t.name} t USING up3 s ON t.id = s.id WHEN MATCHED THEN UPDATE SET v = s.v`,
    );
    // Range [5000, 7000] keeps files 5 (no stats), 6 and 7 by scanPlan; the interval join drops 6.
    expect(outcome.numTargetFilesKeyScanned).toBe(2);
    expect(outcome.numTargetFilesRead).toBe(2);
    expect(outcome.metrics.numTargetRowsMatchedUpdated).toBe(151);
    expect(await removes(t.location, outcome.version!)).toHaveLength(2);
    expect(await env.rows(`SELECT count(*), sum(v) FROM ${t.name} WHERE v < 0`)).toEqual([
      [151n, -BigInt(((5000 + 5149) * 150) / 2 + 7000)],
    ]);
  });

  it('NULL keys match nothing: a file whose key is all NULL is skipped, NULL source keys are inserted', async () => {
    const t = await env.table('id INT, v INT');
    const ids = Array.from({ length: 300 }, (_, i) => `(${i}, ${i})`);
    await env.append(t, ids.join(', '));
    await env.append(t, '(NULL, 1), (NULL, 2)');
    await env.sql(
      `CREATE OR REPLACE TEMP VIEW nk AS
       SELECT CAST(id AS INT) AS id, CAST(-id AS INT) AS v FROM range(100, 250)
       UNION ALL SELECT CAST(NULL AS INT), -1000`,
    );
    const { outcome } = await env.merge(
      `MERGE INTO ${t.name} t USING nk s ON t.id = s.id
       WHEN MATCHED THEN UPDATE SET v = s.v WHEN NOT MATCHED THEN INSERT *`,
    );
    expect(outcome.numTargetFilesKeyScanned).toBe(1);
    expect(outcome.metrics).toMatchObject({
      numTargetRowsMatchedUpdated: 150,
      numTargetRowsInserted: 1,
      numTargetFilesRemoved: 1,
    });
    expect(await env.rows(`SELECT id, v FROM ${t.name} WHERE id IS NULL ORDER BY v`)).toEqual([
      [null, -1000],
      [null, 1],
      [null, 2],
    ]);
    expect(
      await env.rows(`SELECT count(*), count(id) FROM ${t.name} WHERE v < 0 AND id IS NOT NULL`),
    ).toEqual([[150n, 150n]]);

    // A source whose keys are all NULL matches nothing and reads no file.
    await env.sql('CREATE OR REPLACE TEMP VIEW nk2 AS SELECT CAST(NULL AS INT) AS id, 7 AS v');
    const second = await env.merge(
      `MERGE INTO ${t.name} t USING nk2 s ON t.id = s.id
       WHEN MATCHED THEN DELETE WHEN NOT MATCHED THEN INSERT *`,
    );
    expect(second.outcome.numTargetFilesKeyScanned).toBe(0);
    expect(second.outcome.numTargetFilesRead).toBe(0);
    expect(second.outcome.metrics).toMatchObject({ numTargetRowsInserted: 1, numTargetFilesRemoved: 0 });
  });

  it('two key columns: a file is kept only when one source tuple lies inside both its ranges', async () => {
    const t = await env.table('a INT, b INT, v INT');
    // File 0: a and b in 0…299; file 1: a in 1000…1299, b in 0…299.
    for (const base of [0, 1000]) {
      const rows = Array.from({ length: 300 }, (_, i) => `(${base + i}, ${i}, 0)`);
      await env.append(t, rows.join(', '));
    }
    // Tuples (a in 0…149, b in 1000…1149) and (a in 1000…1149, b = a - 1000): each column alone spans
    // both files, but only file 1 holds a tuple within both of its ranges.
    await env.sql(
      `CREATE OR REPLACE TEMP VIEW ab AS
       SELECT CAST(id AS INT) AS a, CAST(id + 1000 AS INT) AS b FROM range(0, 150)
       UNION ALL SELECT CAST(id AS INT), CAST(id - 1000 AS INT) FROM range(1000, 1150)`,
    );
    const { outcome } = await env.merge(
      `MERGE INTO ${t.name} t USING ab s ON t.a = s.a AND t.b = s.b WHEN MATCHED THEN UPDATE SET v = 1`,
    );
    expect(outcome.numTargetFilesKeyScanned).toBe(1);
    expect(outcome.metrics).toMatchObject({ numTargetRowsMatchedUpdated: 150, numTargetFilesRemoved: 1 });
    expect(await env.rows(`SELECT min(a), max(a), count(*) FROM ${t.name} WHERE v = 1`)).toEqual([
      [1000, 1149, 150n],
    ]);
  });

  it("date, string, timestamp and decimal keys: each file's range as its type orders", async () => {
    const t = await env.table('d DATE, s STRING, ts TIMESTAMP, m DECIMAL(10, 2), v INT');
    // Three files, each a run of consecutive keys in every column.
    for (const f of [0, 1, 2]) {
      const rows = Array.from({ length: 50 }, (_, i) => {
        const n = 100 * f + i;
        return `(DATE '2024-01-01' + ${n}, 'k${String(n).padStart(4, '0')}', TIMESTAMP '2024-01-01 00:00:00.000001' + INTERVAL ${n} SECOND, ${n}.25, 0)`;
      });
      await env.append(t, rows.join(', '));
    }
    await env.sql(
      `CREATE OR REPLACE TEMP VIEW typed AS SELECT DATE '2024-01-01' + n AS d,
         'k' || lpad(CAST(n AS STRING), 4, '0') AS s,
         timestamp_seconds(unix_timestamp(TIMESTAMP '2024-01-01 00:00:00') + n) + INTERVAL '0.000001' SECOND AS ts,
         CAST(n + 0.25 AS DECIMAL(10, 2)) AS m
       FROM (SELECT CAST(id AS INT) AS n FROM range(110, 130))`,
    );
    const { outcome } = await env.merge(
      `MERGE INTO ${t.name} t USING typed s ON t.d = s.d AND t.s = s.s AND t.ts = s.ts AND t.m = s.m
       WHEN MATCHED THEN UPDATE SET v = 1`,
    );
    expect(outcome.numTargetFilesKeyScanned).toBe(1);
    expect(outcome.metrics).toMatchObject({ numTargetRowsMatchedUpdated: 20, numTargetFilesRemoved: 1 });
    expect(await env.rows(`SELECT min(s), max(s), count(*) FROM ${t.name} WHERE v = 1`)).toEqual([
      ['k0110', 'k0129', 20n],
    ]);
  });

  it('several source rows for one target row still fail the statement', async () => {
    const t = await tenFiles();
    const before = await env.version(t.location);
    await sourceView('dup', [
      [4000, 4200],
      [4100, 4101],
    ]);
    await expect(
      env.merge(`MERGE INTO ${t.name} t USING dup s ON t.id = s.id WHEN MATCHED THEN UPDATE SET v = s.v`),
    ).rejects.toMatchObject({
      errorClass: 'DELTA_MULTIPLE_SOURCE_ROW_MATCHING_TARGET_ROW_IN_MERGE',
      sqlState: '21506',
    });
    expect(await env.version(t.location)).toBe(before);
  });
});

describe('partitions and NOT MATCHED BY SOURCE', () => {
  it('a condition on a target partition column prunes partitions before any key is looked at', async () => {
    const t = await env.table('id INT, v INT, p STRING', 'PARTITIONED BY (p)');
    for (const p of ['a', 'b', 'c']) {
      const rows = Array.from({ length: 300 }, (_, i) => `(${i}, ${i}, '${p}')`);
      await env.append(t, rows.join(', '));
    }
    await sourceView('pp', [[0, 200]]);
    const { outcome } = await env.merge(
      `MERGE INTO ${t.name} t USING pp s ON t.id = s.id AND t.p = 'b' WHEN MATCHED THEN UPDATE SET v = s.v`,
    );
    expect(outcome.numTargetFilesKeyScanned).toBe(1);
    expect(outcome.metrics).toMatchObject({ numTargetRowsMatchedUpdated: 200, numTargetFilesRemoved: 1 });
    expect(
      await env.rows(`SELECT p, count(*) FROM ${t.name} WHERE v < 0 OR id = 0 GROUP BY p ORDER BY p`),
    ).toEqual([
      ['a', 1n],
      ['b', 200n],
      ['c', 1n],
    ]);
  });

  it('an unconditional NOT MATCHED BY SOURCE reads every file and deletes every unmatched row', async () => {
    const t = await tenFiles();
    await sourceView('keep', [[2000, 2000 + IN_LIST_LIMIT + 50]]);
    const { outcome } = await env.merge(
      `MERGE INTO ${t.name} t USING keep s ON t.id = s.id
       WHEN MATCHED THEN UPDATE SET v = s.v WHEN NOT MATCHED BY SOURCE THEN DELETE`,
    );
    expect(outcome.numTargetFilesRead).toBe(10);
    expect(outcome.metrics).toMatchObject({
      numTargetRowsMatchedUpdated: IN_LIST_LIMIT + 50,
      numTargetRowsNotMatchedBySourceDeleted: 10000 - IN_LIST_LIMIT - 50,
      numTargetFilesRemoved: 10,
    });
    expect(await env.rows(`SELECT count(*), min(id), max(id), max(v) FROM ${t.name}`)).toEqual([
      [BigInt(IN_LIST_LIMIT + 50), 2000, 2000 + IN_LIST_LIMIT + 49, -2000],
    ]);
  });

  it('a NOT MATCHED BY SOURCE condition adds only the files it may hold', async () => {
    const t = await tenFiles();
    await sourceView('src9', [[9000, 9200]]);
    const { outcome } = await env.merge(
      `MERGE INTO ${t.name} t USING src9 s ON t.id = s.id
       WHEN MATCHED THEN UPDATE SET v = s.v WHEN NOT MATCHED BY SOURCE AND t.id < 500 THEN DELETE`,
    );
    // File 9 for the matches, file 0 for `t.id < 500`; files 1…8 are not read.
    expect(outcome.numTargetFilesRead).toBe(2);
    expect(outcome.metrics).toMatchObject({
      numTargetRowsMatchedUpdated: 200,
      numTargetRowsNotMatchedBySourceDeleted: 500,
      numTargetFilesRemoved: 2,
    });
    expect(await env.rows(`SELECT count(*), min(id), count_if(v < 0) FROM ${t.name}`)).toEqual([
      [9500n, 500, 200n],
    ]);
  });
});
