import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type DmlTestKit, dmlTestKit } from './testing/dml-test-kit.js';

vi.mock('../../engine/snapshot-scan.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../engine/snapshot-scan.js')>();
  return { ...original, scanRelation: vi.fn(original.scanRelation) };
});
const { scanRelation } = await import('../../engine/snapshot-scan.js');
const scans = vi.mocked(scanRelation);

let kit: DmlTestKit;
beforeAll(async () => {
  kit = await dmlTestKit();
  // These tests pin copy-on-write; merge-on-read (deletion vectors, on by default) is merge-on-read.test.ts.
  await kit.run('SET spark.databricks.delta.properties.defaults.enableDeletionVectors = false');
});
afterAll(async () => kit.close());
// A function returned by a hook is a cleanup hook: mockClear returns the mock, so keep it in a block.
beforeEach(() => {
  scans.mockClear();
});

/** Ten files: file k holds ids 10k+1 … 10k+10 with n = id * 10 and p = 'even' / 'odd' by k. */
async function tenFiles(name: string, partitioned = false, extra = ''): Promise<void> {
  await kit.run(
    `CREATE TABLE ${name} (id INT, n BIGINT, p STRING) USING DELTA${partitioned ? ' PARTITIONED BY (p)' : ''}${extra}`,
  );
  for (let k = 0; k < 10; k++) {
    const rows = Array.from({ length: 10 }, (_, i) => {
      const id = 10 * k + i + 1;
      return `(${id}, ${id * 10}, '${k % 2 === 0 ? 'even' : 'odd'}')`;
    });
    await kit.run(`INSERT INTO ${name} VALUES ${rows.join(', ')}`);
  }
}

describe('UPDATE', () => {
  it('of a column in one of ten files rewrites that file only', async () => {
    await tenFiles('u_one');
    const before = await kit.files('u_one');
    expect(await kit.rows('UPDATE u_one SET n = n + 1 WHERE id BETWEEN 23 AND 24')).toEqual([[2n]]);
    expect(scans.mock.calls.map((c) => c[2].files.length)).toEqual([1, 1]);
    const commit = await kit.lastCommit('u_one');
    expect(commit.removes).toHaveLength(1);
    expect(commit.adds).toHaveLength(1);
    expect(commit.commitInfo.operation).toBe('UPDATE');
    expect(commit.commitInfo.operationParameters).toEqual({ predicate: '["between(id, 23, 24)"]' });
    const m = commit.commitInfo.operationMetrics as Record<string, string>;
    expect([m.numRemovedFiles, m.numAddedFiles, m.numUpdatedRows, m.numCopiedRows]).toEqual([
      '1',
      '1',
      '2',
      '8',
    ]);
    expect(Object.keys(m)).toContain('numAddedBytes');
    const after = (await kit.files('u_one')).map((f) => f.path);
    for (const f of before.filter((x) => x.path !== commit.removes[0]!.path)) expect(after).toContain(f.path);
    expect(await kit.rows('SELECT id, n FROM u_one WHERE id BETWEEN 21 AND 25 ORDER BY id')).toEqual([
      [21, 210n],
      [22, 220n],
      [23, 231n],
      [24, 241n],
      [25, 250n],
    ]);
    expect(await kit.rows('SELECT sum(n) FROM u_one')).toEqual([[50502n]]);
  });

  it('of a partition column moves the rows to their new partition', async () => {
    await tenFiles('u_part', true);
    expect(await kit.rows("UPDATE u_part SET p = 'moved' WHERE id % 10 = 1")).toEqual([[10n]]);
    const files = await kit.files('u_part');
    expect(files.filter((f) => f.partitionValues.p === 'moved')).toHaveLength(1);
    expect(await kit.rows("SELECT id FROM u_part WHERE p = 'moved' ORDER BY id")).toEqual(
      [1, 11, 21, 31, 41, 51, 61, 71, 81, 91].map((id) => [id]),
    );
    expect(await kit.rows('SELECT p, count(*) FROM u_part GROUP BY p ORDER BY p')).toEqual([
      ['even', 45n],
      ['moved', 10n],
      ['odd', 45n],
    ]);
  });

  it('with a CASE expression and a scalar subquery value, without WHERE', async () => {
    await kit.run('CREATE TABLE u_case (id INT, label STRING, m INT) USING DELTA');
    await kit.run("INSERT INTO u_case VALUES (1, 'a', 0), (2, 'b', 0), (3, NULL, 0)");
    await kit.run('CREATE TABLE u_src (x INT) USING DELTA');
    await kit.run('INSERT INTO u_src VALUES (7), (42)');
    expect(
      await kit.rows(
        "UPDATE u_case AS t SET t.label = CASE WHEN id = 1 THEN 'one' WHEN label IS NULL THEN 'none' ELSE upper(label) END, m = (SELECT max(x) FROM u_src)",
      ),
    ).toEqual([[3n]]);
    expect(await kit.rows('SELECT id, label, m FROM u_case ORDER BY id')).toEqual([
      [1, 'one', 42],
      [2, 'B', 42],
      [3, 'none', 42],
    ]);
    expect((await kit.lastCommit('u_case')).commitInfo.operationParameters).toEqual({ predicate: '[]' });
  });

  it('leaves rows whose condition is NULL unchanged, and matching nothing writes no commit', async () => {
    await kit.run('CREATE TABLE u_null (id INT, x INT) USING DELTA');
    await kit.run('INSERT INTO u_null VALUES (1, 1), (2, NULL), (3, 3)');
    expect(await kit.rows('UPDATE u_null SET x = -x WHERE x > 1')).toEqual([[1n]]);
    expect(await kit.rows('SELECT id, x FROM u_null ORDER BY id')).toEqual([
      [1, 1],
      [2, null],
      [3, -3],
    ]);
    const v = await kit.version('u_null');
    expect(await kit.rows('UPDATE u_null SET x = 0 WHERE x = 100')).toEqual([[0n]]);
    expect(await kit.version('u_null')).toBe(v);
  });

  it('a value that cannot be cast fails the statement and leaves the version unchanged', async () => {
    await tenFiles('u_cast');
    const v = await kit.version('u_cast');
    await expect(kit.run("UPDATE u_cast SET id = 'abc' WHERE id = 5")).rejects.toMatchObject({
      errorClass: 'CAST_INVALID_INPUT',
    });
    await expect(kit.run('UPDATE u_cast SET id = array(1) WHERE id = 5')).rejects.toMatchObject({
      errorClass: 'INCOMPATIBLE_DATA_FOR_TABLE.CANNOT_SAFELY_CAST',
    });
    expect(await kit.version('u_cast')).toBe(v);
    expect(await kit.rows('SELECT id FROM u_cast WHERE id = 5')).toEqual([[5]]);
  });

  it('NULL into a NOT NULL column fails with DELTA_NOT_NULL_CONSTRAINT_VIOLATED; nothing is committed', async () => {
    await kit.run('CREATE TABLE u_nn (id INT NOT NULL, v STRING) USING DELTA');
    await kit.run("INSERT INTO u_nn VALUES (1, 'a'), (2, 'b')");
    const v = await kit.version('u_nn');
    await expect(kit.run('UPDATE u_nn SET id = NULL WHERE id = 2')).rejects.toMatchObject({
      errorClass: 'DELTA_NOT_NULL_CONSTRAINT_VIOLATED',
      messageParameters: { columnName: 'id' },
    });
    expect(await kit.version('u_nn')).toBe(v);
  });

  it('CHECK constraints hold for the rewritten rows, else DELTA_VIOLATE_CONSTRAINT_WITH_VALUES', async () => {
    await tenFiles('u_check', false, " TBLPROPERTIES ('delta.constraints.n_positive' = 'n > 0')");
    const v = await kit.version('u_check');
    await expect(kit.run('UPDATE u_check SET n = -n WHERE id = 7')).rejects.toMatchObject({
      errorClass: 'DELTA_VIOLATE_CONSTRAINT_WITH_VALUES',
      messageParameters: { constraintName: 'n_positive', expression: 'n > 0', values: ' - n : -70' },
    });
    // NULL is a violation too (Delta's CheckDeltaInvariant: null or false).
    await expect(kit.run('UPDATE u_check SET n = NULL WHERE id = 7')).rejects.toMatchObject({
      errorClass: 'DELTA_VIOLATE_CONSTRAINT_WITH_VALUES',
    });
    expect(await kit.version('u_check')).toBe(v);
    expect(await kit.rows('UPDATE u_check SET n = n * 2 WHERE id = 7')).toEqual([[1n]]);
  });

  it('refuses duplicate SET columns and nested fields; SET c = DEFAULT is the column default', async () => {
    await kit.run('CREATE TABLE u_bad (id INT, s STRUCT<a: INT>) USING DELTA');
    await expect(kit.run('UPDATE u_bad SET id = 1, id = 2')).rejects.toMatchObject({
      errorClass: 'DELTA_CONFLICT_SET_COLUMN',
    });
    await expect(kit.run('UPDATE u_bad SET s.a = 1')).rejects.toMatchObject({
      errorClass: 'UNSUPPORTED_FEATURE',
    });
    await kit.run('INSERT INTO u_bad VALUES (5, NULL)');
    expect(await kit.rows('UPDATE u_bad SET id = DEFAULT')).toEqual([[1n]]);
    expect(await kit.rows('SELECT id FROM u_bad')).toEqual([[null]]);
    await expect(kit.run('UPDATE u_bad SET nope = 1')).rejects.toMatchObject({
      errorClass: 'UNRESOLVED_COLUMN.WITH_SUGGESTION',
    });
  });
});
