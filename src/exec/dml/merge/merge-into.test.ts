/**
 * MERGE INTO end to end through SqlSession: exact rows, Databricks' result row, Delta's commitInfo, and the
 * number of target files read and rewritten (the work must follow the data).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MergeTestEnv, mergeTestEnv } from './testing/merge-test-env.js';

let env: MergeTestEnv;
beforeAll(async () => {
  env = await mergeTestEnv();
});
afterAll(async () => {
  await env.close();
});

const counts = (r: { kind: string; rows?: unknown[][] }) => (r.kind === 'rows' ? r.rows : undefined);

/** A table of ten files: file k holds ids 10k … 10k+9 with v = id. */
async function tenFiles() {
  const t = await env.table('id INT, v INT');
  for (let k = 0; k < 10; k++) {
    const values = Array.from({ length: 10 }, (_, i) => `(${10 * k + i}, ${10 * k + i})`);
    await env.append(t, `${values.join(', ')}`);
  }
  return t;
}

describe('the seed 001 upsert (MERGE … UPDATE SET * / INSERT * from a temp view)', () => {
  it('loads, empties with DELETE, then upserts every source row into the empty table', async () => {
    await env.sql('create database if not exists demo_db');
    const t = await env.table('StudentId INT, Name STRING, Subject STRING, Mark INT');
    const students = `(1,'Ram','science',80), (1,'Ram','maths',90), (1,'Ram','language',85),
      (2,'Tom','science',72), (2,'Tom','maths',75), (2,'Tom','science',79),
      (3,'Kim','science',81), (3,'Kim','maths',92), (3,'Kim','language',89)`;
    await env.append(t, `${students}`);
    await env.sql(`CREATE TABLE demo_db.score USING DELTA LOCATION '${t.location}'`);
    await env.sql('delete from demo_db.score');
    expect(await env.rows('SELECT count(*) FROM demo_db.score')).toEqual([[0n]]);
    const before = await env.version(t.location);
    await env.sql(
      `CREATE OR REPLACE TEMP VIEW temp_student_tbl AS SELECT * FROM VALUES ${students} AS s(StudentId, Name, Subject, Mark)`,
    );
    const { result, outcome } = await env.merge(`
    MERGE INTO demo_db.score mdt
    USING temp_student_tbl tst
    ON mdt.StudentId = tst.StudentId
    WHEN MATCHED THEN UPDATE SET *
    WHEN NOT MATCHED THEN INSERT *                     
          `);
    expect(counts(result)).toEqual([[9n, 0n, 0n, 9n]]);
    expect(outcome.numTargetFilesRead).toBe(0);
    expect(outcome.metrics.numTargetFilesRemoved).toBe(0);
    expect(outcome.metrics.numTargetFilesAdded).toBe(1);
    expect(outcome.version).toBe(before + 1);
    expect(await env.rows('SELECT * FROM demo_db.score ORDER BY StudentId, Subject, Mark')).toEqual([
      [1, 'Ram', 'language', 85],
      [1, 'Ram', 'maths', 90],
      [1, 'Ram', 'science', 80],
      [2, 'Tom', 'maths', 75],
      [2, 'Tom', 'science', 72],
      [2, 'Tom', 'science', 79],
      [3, 'Kim', 'language', 89],
      [3, 'Kim', 'maths', 92],
      [3, 'Kim', 'science', 81],
    ]);
    const [info] = await env.commit(t.location, before + 1);
    const { timestamp, txnId, operationMetrics, ...rest } = info!.commitInfo;
    expect(typeof timestamp).toBe('number');
    expect(typeof txnId).toBe('string');
    expect(rest).toEqual({
      operation: 'MERGE',
      operationParameters: {
        predicate: '["(mdt.StudentId = tst.StudentId)"]',
        matchedPredicates: '[{"actionType":"update"}]',
        notMatchedPredicates: '[{"actionType":"insert"}]',
        notMatchedBySourcePredicates: '[]',
      },
      readVersion: before,
      isolationLevel: 'WriteSerializable',
      isBlindAppend: false,
      engineInfo: 'lakesql/0.1.0',
    });
    const { executionTimeMs, scanTimeMs, rewriteTimeMs, numTargetBytesAdded, ...exact } = operationMetrics;
    for (const ms of [executionTimeMs, scanTimeMs, rewriteTimeMs, numTargetBytesAdded])
      expect(ms).toMatch(/^\d+$/);
    expect(exact).toEqual({
      numSourceRows: '9',
      numTargetRowsInserted: '9',
      numTargetRowsUpdated: '0',
      numTargetRowsDeleted: '0',
      numTargetRowsMatchedUpdated: '0',
      numTargetRowsMatchedDeleted: '0',
      numTargetRowsNotMatchedBySourceUpdated: '0',
      numTargetRowsNotMatchedBySourceDeleted: '0',
      numTargetRowsCopied: '0',
      numOutputRows: '9',
      numTargetFilesAdded: '1',
      numTargetFilesRemoved: '0',
      numTargetBytesRemoved: '0',
      numTargetChangeFilesAdded: '0',
      numTargetDeletionVectorsAdded: '0',
      numTargetDeletionVectorsRemoved: '0',
      numTargetDeletionVectorsUpdated: '0',
    });

    // The same batch again: every target row now matches three source rows, which Delta refuses.
    await expect(
      env.merge(`MERGE INTO demo_db.score mdt USING temp_student_tbl tst ON mdt.StudentId = tst.StudentId
        WHEN MATCHED THEN UPDATE SET * WHEN NOT MATCHED THEN INSERT *`),
    ).rejects.toMatchObject({
      errorClass: 'DELTA_MULTIPLE_SOURCE_ROW_MATCHING_TARGET_ROW_IN_MERGE',
      sqlState: '21506',
    });
    expect(await env.version(t.location)).toBe(before + 1);
  });
});

describe('work follows the data', () => {
  it('reads and rewrites only the one file of ten whose keys the source matches', async () => {
    const t = await tenFiles();
    await env.sql('CREATE OR REPLACE TEMP VIEW upd AS SELECT * FROM VALUES (42, -42), (47, -47) AS s(id, v)');
    const { result, outcome } = await env.merge(
      `MERGE INTO ${t.name} t USING upd s ON t.id = s.id WHEN MATCHED THEN UPDATE SET v = s.v`,
    );
    expect(counts(result)).toEqual([[2n, 2n, 0n, 0n]]);
    expect(outcome.numTargetFilesRead).toBe(1);
    expect(outcome.metrics.numTargetFilesRemoved).toBe(1);
    expect(outcome.metrics.numTargetFilesAdded).toBe(1);
    expect(outcome.metrics.numTargetRowsCopied).toBe(8);
    expect(outcome.metrics.numOutputRows).toBe(10);
    const actions = await env.commit(t.location, outcome.version!);
    expect(actions.filter((a) => a.remove).length).toBe(1);
    expect(actions.filter((a) => a.add).length).toBe(1);
    expect(await env.rows(`SELECT id, v FROM ${t.name} WHERE id BETWEEN 40 AND 49 ORDER BY id`)).toEqual([
      [40, 40],
      [41, 41],
      [42, -42],
      [43, 43],
      [44, 44],
      [45, 45],
      [46, 46],
      [47, -47],
      [48, 48],
      [49, 49],
    ]);
    expect(await env.rows(`SELECT count(*), sum(v) FROM ${t.name}`)).toEqual([[100n, 4950n - 2n * 89n]]);
  });

  it('a range predicate when the source has more keys than IN_LIST_LIMIT', async () => {
    const t = await tenFiles();
    // 230 distinct keys: 40…69 match, 1000…1199 do not.
    await env.sql(
      'CREATE OR REPLACE TEMP VIEW many2 AS SELECT CAST(id AS INT) AS id, CAST(-id AS INT) AS v FROM range(40, 70) UNION ALL SELECT CAST(id AS INT), 0 FROM range(1000, 1200)',
    );
    const { outcome } = await env.merge(
      `MERGE INTO ${t.name} t USING many2 s ON t.id = s.id WHEN MATCHED THEN UPDATE SET v = s.v`,
    );
    expect(outcome.predicate).toEqual({
      kind: 'and',
      left: { kind: 'comparison', op: '>=', column: ['id'], value: 40 },
      right: { kind: 'comparison', op: '<=', column: ['id'], value: 1199 },
    });
    // The range reaches past the table's last file, so it keeps files 4…9; the interval join of the keys
    // against each file's [min, max] keeps only 4, 5 and 6, the ones holding matches.
    expect(outcome.numTargetFilesKeyScanned).toBe(3);
    expect(outcome.numTargetFilesRead).toBe(3);
    expect(outcome.metrics.numTargetFilesRemoved).toBe(3);
    expect(outcome.metrics.numTargetRowsMatchedUpdated).toBe(30);
  });

  it('an insert-only merge rewrites nothing and reads only the files its keys can match', async () => {
    const t = await tenFiles();
    const before = await env.version(t.location);
    await env.sql(
      'CREATE OR REPLACE TEMP VIEW ins AS SELECT * FROM VALUES (42, 0), (1000, 1), (1001, 2) AS s(id, v)',
    );
    const { result, outcome } = await env.merge(
      `MERGE INTO ${t.name} t USING ins s ON t.id = s.id WHEN NOT MATCHED THEN INSERT *`,
    );
    expect(counts(result)).toEqual([[2n, 0n, 0n, 2n]]);
    expect(outcome.numTargetFilesRead).toBe(1);
    expect(outcome.metrics.numTargetFilesRemoved).toBe(0);
    expect(outcome.metrics.numTargetFilesAdded).toBe(1);
    const actions = await env.commit(t.location, before + 1);
    expect(actions.filter((a) => a.remove)).toEqual([]);
    expect(actions.filter((a) => a.add).length).toBe(1);
    expect(actions[0]!.commitInfo.isBlindAppend).toBe(false);
    expect(
      await env.rows(`SELECT id, v FROM ${t.name} WHERE id >= 42 AND id <= 42 OR id >= 1000 ORDER BY id`),
    ).toEqual([
      [42, 42],
      [1000, 1],
      [1001, 2],
    ]);
  });

  it('an insert-only merge whose every source row matches commits nothing', async () => {
    const t = await tenFiles();
    const before = await env.version(t.location);
    await env.sql('CREATE OR REPLACE TEMP VIEW dup AS SELECT * FROM VALUES (3, 0), (57, 1) AS s(id, v)');
    const { result, outcome } = await env.merge(
      `MERGE INTO ${t.name} t USING dup s ON t.id = s.id WHEN NOT MATCHED THEN INSERT *`,
    );
    expect(counts(result)).toEqual([[0n, 0n, 0n, 0n]]);
    expect(outcome.metrics.numSourceRows).toBe(2);
    expect(outcome.metrics.numTargetFilesAdded).toBe(0);
    expect(outcome.version).toBeUndefined();
    expect(await env.version(t.location)).toBe(before);
  });

  it('insert-only merges count identity values whether every insert or only some assign them', async () => {
    const t = await env.table('id BIGINT GENERATED BY DEFAULT AS IDENTITY (START WITH 100), k INT');
    await env.sql('CREATE OR REPLACE TEMP VIEW ks AS SELECT * FROM VALUES (1), (2), (3), (4) AS s(k)');
    // Both inserts assign identity values: the rows written are the count.
    const all = await env.merge(`MERGE INTO ${t.name} t USING ks s ON t.k = s.k
      WHEN NOT MATCHED AND s.k < 3 THEN INSERT (k) VALUES (s.k) WHEN NOT MATCHED THEN INSERT (k) VALUES (s.k)`);
    expect(all.outcome.metrics.numTargetRowsInserted).toBe(4);
    await env.sql('CREATE OR REPLACE TEMP VIEW ks2 AS SELECT * FROM VALUES (5), (6), (7) AS s(k)');
    // Only the second insert assigns them: one row takes its id from the source.
    const some = await env.merge(`MERGE INTO ${t.name} t USING ks2 s ON t.k = s.k
      WHEN NOT MATCHED AND s.k = 5 THEN INSERT (id, k) VALUES (1, s.k) WHEN NOT MATCHED THEN INSERT (k) VALUES (s.k)`);
    expect(some.outcome.metrics.numTargetRowsInserted).toBe(3);
    await env.sql('CREATE OR REPLACE TEMP VIEW ks3 AS SELECT * FROM VALUES (8) AS s(k)');
    await env.merge(
      `MERGE INTO ${t.name} t USING ks3 s ON t.k = s.k WHEN NOT MATCHED THEN INSERT (k) VALUES (s.k)`,
    );
    // Six values handed out (100 … 105), so the next is 106: no value is given twice.
    expect(await env.rows(`SELECT k, id FROM ${t.name} WHERE k IN (1, 5, 8) ORDER BY k`)).toEqual([
      [1, 100n],
      [5, 1n],
      [8, 106n],
    ]);
    expect(await env.rows(`SELECT count(DISTINCT id) FROM ${t.name}`)).toEqual([[8n]]);
  });

  it('an insert-only merge that breaks a CHECK constraint fails and commits nothing', async () => {
    const t = await tenFiles();
    await env.sql(`ALTER TABLE ${t.name} ADD CONSTRAINT small CHECK (v < 1000)`);
    const before = await env.version(t.location);
    await env.sql('CREATE OR REPLACE TEMP VIEW big AS SELECT * FROM VALUES (500, 5000) AS s(id, v)');
    await expect(
      env.merge(`MERGE INTO ${t.name} t USING big s ON t.id = s.id WHEN NOT MATCHED THEN INSERT *`),
    ).rejects.toMatchObject({ errorClass: 'DELTA_VIOLATE_CONSTRAINT_WITH_VALUES' });
    expect(await env.version(t.location)).toBe(before);
  });

  it('source keys that match no file: nothing read, nothing committed', async () => {
    const t = await tenFiles();
    const before = await env.version(t.location);
    await env.sql('CREATE OR REPLACE TEMP VIEW none AS SELECT * FROM VALUES (500, 0) AS s(id, v)');
    const { result, outcome } = await env.merge(
      `MERGE INTO ${t.name} t USING none s ON t.id = s.id WHEN MATCHED THEN DELETE`,
    );
    expect(counts(result)).toEqual([[0n, 0n, 0n, 0n]]);
    expect(outcome.numTargetFilesRead).toBe(0);
    expect(outcome.version).toBeUndefined();
    expect(await env.version(t.location)).toBe(before);
  });

  it('a partitioned target: only the touched partition is read, one file rewritten', async () => {
    const t = await env.table('id INT, v STRING, p STRING', 'PARTITIONED BY (p)');
    for (const p of ['a', 'b', 'c']) {
      await env.append(t, `(1, 'x', '${p}'), (2, 'y', '${p}')`);
      await env.append(t, `(3, 'z', '${p}')`);
    }
    await env.sql(
      `CREATE OR REPLACE TEMP VIEW pb AS SELECT * FROM VALUES (2, 'Y', 'b'), (9, 'N', 'b') AS s(id, v, p)`,
    );
    const { result, outcome } = await env.merge(
      `MERGE INTO ${t.name} t USING pb s ON t.p = s.p AND t.id = s.id
       WHEN MATCHED THEN UPDATE SET v = s.v WHEN NOT MATCHED THEN INSERT *`,
    );
    expect(counts(result)).toEqual([[2n, 1n, 0n, 1n]]);
    // p = 'b' prunes to the partition's two files; statistics (id in {2, 9}) drop the one holding only id 3.
    expect(outcome.numTargetFilesRead).toBe(1);
    expect(outcome.metrics.numTargetFilesRemoved).toBe(1);
    expect(outcome.metrics.numTargetRowsCopied).toBe(1);
    expect(await env.rows(`SELECT p, id, v FROM ${t.name} ORDER BY p, id`)).toEqual([
      ['a', 1, 'x'],
      ['a', 2, 'y'],
      ['a', 3, 'z'],
      ['b', 1, 'x'],
      ['b', 2, 'Y'],
      ['b', 3, 'z'],
      ['b', 9, 'N'],
      ['c', 1, 'x'],
      ['c', 2, 'y'],
      ['c', 3, 'z'],
    ]);
  });
});

describe('clauses', () => {
  it('NOT MATCHED BY SOURCE DELETE reads the files its condition may hold and the matched ones', async () => {
    const t = await env.table('id INT, v STRING');
    await env.append(t, `(1, 'a'), (2, 'b'), (3, 'c')`);
    await env.append(t, `(4, 'd'), (5, 'e')`);
    await env.append(t, `(6, 'f')`);
    const { result, outcome } = await env.merge(
      `MERGE INTO ${t.name} AS t USING (SELECT * FROM VALUES (1, 'A'), (2, 'B'), (7, 'G') AS x(id, v)) AS s
       ON t.id = s.id
       WHEN MATCHED THEN UPDATE SET v = s.v
       WHEN NOT MATCHED BY SOURCE AND t.id < 6 THEN DELETE`,
    );
    expect(counts(result)).toEqual([[5n, 2n, 3n, 0n]]);
    expect(outcome.metrics).toMatchObject({
      numTargetRowsMatchedUpdated: 2,
      numTargetRowsNotMatchedBySourceDeleted: 3,
      numTargetRowsCopied: 0,
      numTargetFilesRemoved: 2,
    });
    // Matched: the first file (ids 1, 2); `t.id < 6` may hold in the first two; the third (id 6) is left alone.
    expect(outcome.numTargetFilesRead).toBe(2);
    expect(await env.rows(`SELECT * FROM ${t.name} ORDER BY id`)).toEqual([
      [1, 'A'],
      [2, 'B'],
      [6, 'f'],
    ]);
    const [info] = await env.commit(t.location, outcome.version!);
    expect(info!.commitInfo.operationParameters).toEqual({
      predicate: '["(t.id = s.id)"]',
      matchedPredicates: '[{"actionType":"update"}]',
      notMatchedPredicates: '[]',
      notMatchedBySourcePredicates: '[{"predicate":"(t.id < 6)","actionType":"delete"}]',
    });
  });

  it('applies the first clause of each kind whose condition holds, in order', async () => {
    const t = await env.table('id INT, v INT');
    await env.append(t, `(1, 1), (2, 2), (3, 3), (4, 4)`);
    await env.sql(
      `CREATE OR REPLACE TEMP VIEW ops AS SELECT * FROM VALUES
        (1, 'del', 100), (2, 'upd', 20), (3, 'upd', 5), (5, 'ins', 7), (6, 'x', 8) AS s(id, op, v)`,
    );
    const { result, outcome } = await env.merge(
      `MERGE INTO ${t.name} t USING ops s ON t.id = s.id
       WHEN MATCHED AND s.op = 'del' THEN DELETE
       WHEN MATCHED AND s.v > 10 THEN UPDATE SET v = s.v
       WHEN MATCHED THEN UPDATE SET v = -1
       WHEN NOT MATCHED AND s.op = 'ins' THEN INSERT (id, v) VALUES (s.id, s.v * 2)
       WHEN NOT MATCHED THEN INSERT (id) VALUES (s.id)
       WHEN NOT MATCHED BY SOURCE AND t.v > 100 THEN DELETE
       WHEN NOT MATCHED BY SOURCE THEN UPDATE SET v = t.v + 1000`,
    );
    expect(counts(result)).toEqual([[6n, 3n, 1n, 2n]]);
    expect(outcome.metrics).toMatchObject({
      numTargetRowsMatchedUpdated: 2,
      numTargetRowsMatchedDeleted: 1,
      numTargetRowsNotMatchedBySourceUpdated: 1,
      numTargetRowsInserted: 2,
    });
    expect(await env.rows(`SELECT * FROM ${t.name} ORDER BY id`)).toEqual([
      [2, 20],
      [3, -1],
      [4, 1004],
      [5, 14],
      [6, null],
    ]);
  });

  it('several source rows for one target row are allowed for a lone unconditional DELETE', async () => {
    const t = await env.table('id INT, v INT');
    await env.append(t, `(1, 1), (2, 2)`);
    const { result } = await env.merge(
      `MERGE INTO ${t.name} t USING (SELECT * FROM VALUES (1), (1), (1) AS x(id)) s ON t.id = s.id
       WHEN MATCHED THEN DELETE`,
    );
    expect(counts(result)).toEqual([[1n, 0n, 1n, 0n]]);
    expect(await env.rows(`SELECT * FROM ${t.name}`)).toEqual([[2, 2]]);
  });

  it('…but not for a conditional DELETE, and the failed statement commits nothing', async () => {
    const t = await env.table('id INT, v INT');
    await env.append(t, `(1, 1), (2, 2)`);
    const before = await env.version(t.location);
    await expect(
      env.merge(
        `MERGE INTO ${t.name} t USING (SELECT * FROM VALUES (1), (1) AS x(id)) s ON t.id = s.id
         WHEN MATCHED AND t.v > 0 THEN DELETE`,
      ),
    ).rejects.toMatchObject({ errorClass: 'DELTA_MULTIPLE_SOURCE_ROW_MATCHING_TARGET_ROW_IN_MERGE' });
    expect(await env.version(t.location)).toBe(before);
    expect(await env.rows(`SELECT * FROM ${t.name} ORDER BY id`)).toEqual([
      [1, 1],
      [2, 2],
    ]);
  });

  it('casts values by store assignment and fails an unsafe one', async () => {
    const t = await env.table('id BIGINT, v DOUBLE');
    await env.append(t, `(1, 1.5)`);
    await env.merge(
      `MERGE INTO ${t.name} t USING (SELECT 1 AS id, 2 AS v UNION ALL SELECT 2, 3) s ON t.id = s.id
       WHEN MATCHED THEN UPDATE SET * WHEN NOT MATCHED THEN INSERT *`,
    );
    expect(await env.rows(`SELECT * FROM ${t.name} ORDER BY id`)).toEqual([
      [1n, 2],
      [2n, 3],
    ]);
    await expect(
      env.merge(`MERGE INTO ${t.name} t USING (SELECT 1 AS id, array(1) AS v) s ON t.id = s.id
        WHEN MATCHED THEN UPDATE SET v = s.v`),
    ).rejects.toMatchObject({ errorClass: 'INCOMPATIBLE_DATA_FOR_TABLE.CANNOT_SAFELY_CAST' });
  });
});

describe('analysis errors', () => {
  it('only the last clause of a kind may omit its condition', async () => {
    const t = await env.table('id INT, v INT');
    const cases = [
      [
        'WHEN MATCHED THEN DELETE WHEN MATCHED AND s.v > 1 THEN DELETE',
        'NON_LAST_MATCHED_CLAUSE_OMIT_CONDITION',
      ],
      [
        'WHEN NOT MATCHED THEN INSERT * WHEN NOT MATCHED AND s.v > 1 THEN INSERT *',
        'NON_LAST_NOT_MATCHED_BY_TARGET_CLAUSE_OMIT_CONDITION',
      ],
      [
        'WHEN NOT MATCHED BY SOURCE THEN DELETE WHEN NOT MATCHED BY SOURCE AND t.v > 1 THEN DELETE',
        'NON_LAST_NOT_MATCHED_BY_SOURCE_CLAUSE_OMIT_CONDITION',
      ],
    ] as const;
    for (const [clauses, errorClass] of cases) {
      await expect(
        env.merge(`MERGE INTO ${t.name} t USING (SELECT 1 AS id, 1 AS v) s ON t.id = s.id ${clauses}`),
      ).rejects.toMatchObject({ errorClass, sqlState: '42613' });
    }
  });

  it('each clause sees only the side it may: DELTA_MERGE_UNRESOLVED_EXPRESSION', async () => {
    const t = await env.table('id INT, v INT');
    const src = '(SELECT 1 AS id, 1 AS w) s';
    await expect(
      env.merge(
        `MERGE INTO ${t.name} t USING ${src} ON t.id = s.id WHEN NOT MATCHED BY SOURCE AND s.w > 0 THEN DELETE`,
      ),
    ).rejects.toMatchObject({
      errorClass: 'DELTA_MERGE_UNRESOLVED_EXPRESSION',
      messageParameters: { sqlExpr: 's.w', clause: 'DELETE condition', cols: 'columns t.id, t.v' },
    });
    await expect(
      env.merge(
        `MERGE INTO ${t.name} t USING ${src} ON t.id = s.id WHEN NOT MATCHED THEN INSERT (id, v) VALUES (s.id, t.v)`,
      ),
    ).rejects.toMatchObject({ errorClass: 'DELTA_MERGE_UNRESOLVED_EXPRESSION' });
    // UPDATE SET * needs every target column in the source (v is missing) unless the schema may evolve.
    await expect(
      env.merge(`MERGE INTO ${t.name} t USING ${src} ON t.id = s.id WHEN MATCHED THEN UPDATE SET *`),
    ).rejects.toMatchObject({
      errorClass: 'DELTA_MERGE_UNRESOLVED_EXPRESSION',
      messageParameters: { sqlExpr: 'v', clause: 'UPDATE clause' },
    });
  });
});

describe('schema evolution', () => {
  it('WITH SCHEMA EVOLUTION adds the source columns UPDATE SET * / INSERT * write, in the same commit', async () => {
    const t = await env.table('id INT, v INT');
    await env.append(t, `(1, 1), (2, 2)`);
    const { outcome } = await env.merge(
      `MERGE WITH SCHEMA EVOLUTION INTO ${t.name} t
       USING (SELECT * FROM VALUES (2, 20, 'two'), (3, 30, 'three') AS x(id, v, extra)) s ON t.id = s.id
       WHEN MATCHED THEN UPDATE SET * WHEN NOT MATCHED THEN INSERT *`,
    );
    expect(await env.rows(`SELECT * FROM ${t.name} ORDER BY id`)).toEqual([
      [1, 1, null],
      [2, 20, 'two'],
      [3, 30, 'three'],
    ]);
    const actions = await env.commit(t.location, outcome.version!);
    const metaData = actions.find((a) => a.metaData)?.metaData;
    expect(JSON.parse(metaData.schemaString).fields.map((f: { name: string }) => f.name)).toEqual([
      'id',
      'v',
      'extra',
    ]);
  });
});
