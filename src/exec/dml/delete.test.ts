import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LakesqlError } from '../../errors/index.js';
import { parseStatement } from '../../sql/index.js';
import { type Delete, deleteFrom } from './delete.js';
import { type DmlTestKit, dmlTestKit } from './testing/dml-test-kit.js';

// Counts the scans DML opens (and the files each covers), to prove which files were read.
vi.mock('../../engine/snapshot-scan.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../engine/snapshot-scan.js')>();
  return { ...original, scanRelation: vi.fn(original.scanRelation) };
});
const { scanRelation } = await import('../../engine/snapshot-scan.js');
const scans = vi.mocked(scanRelation);
const scannedFiles = () => scans.mock.calls.map((c) => c[2].files.map((f) => f.add.path));

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

/** A table of ten files: file k holds ids 10k+1 … 10k+10, v = 'v<id>'. */
async function tenFiles(name: string, partitioned = false): Promise<void> {
  await kit.run(
    `CREATE TABLE ${name} (id INT, v STRING, p STRING) USING DELTA${partitioned ? ' PARTITIONED BY (p)' : ''}`,
  );
  for (let k = 0; k < 10; k++) {
    const rows = Array.from({ length: 10 }, (_, i) => {
      const id = 10 * k + i + 1;
      return `(${id}, 'v${id}', '${k % 2 === 0 ? 'even' : 'odd'}')`;
    });
    await kit.run(`INSERT INTO ${name} VALUES ${rows.join(', ')}`);
  }
}

const ids = async (table: string) =>
  (await kit.rows(`SELECT id FROM ${table} ORDER BY id`)).map((r) => r[0] as number);

describe('DELETE FROM', () => {
  it('without WHERE is a metadata-only commit: every file removed, none read, rows counted from stats', async () => {
    await tenFiles('d_all');
    const before = await kit.files('d_all');
    expect(await kit.rows('DELETE FROM d_all')).toEqual([[100n]]);
    expect(scans).not.toHaveBeenCalled();
    const commit = await kit.lastCommit('d_all');
    expect(commit.adds).toEqual([]);
    expect(commit.removes.map((r) => r.path).sort()).toEqual(before.map((f) => f.path).sort());
    expect(commit.commitInfo.operation).toBe('DELETE');
    expect(commit.commitInfo.operationParameters).toEqual({ predicate: '[]' });
    expect(commit.commitInfo.readVersion).toBe(10);
    expect(commit.commitInfo.isBlindAppend).toBe(false);
    const m = commit.commitInfo.operationMetrics as Record<string, string>;
    expect([m.numRemovedFiles, m.numAddedFiles, m.numDeletedRows, m.numCopiedRows, m.rewriteTimeMs]).toEqual([
      '10',
      '0',
      '100',
      '0',
      '0',
    ]);
    expect(Number(m.numRemovedBytes)).toBe(before.reduce((n, f) => n + f.size, 0));
    expect(m.numAddedBytes).toBe('0');
    expect(Object.keys(m).sort()).toEqual(
      [
        'executionTimeMs',
        'numAddedBytes',
        'numAddedChangeFiles',
        'numAddedFiles',
        'numCopiedRows',
        'numDeletedRows',
        'numDeletionVectorsAdded',
        'numDeletionVectorsRemoved',
        'numDeletionVectorsUpdated',
        'numRemovedBytes',
        'numRemovedFiles',
        'rewriteTimeMs',
        'scanTimeMs',
      ].sort(),
    );
    expect(await kit.rows('SELECT count(*) FROM d_all')).toEqual([[0n]]);
  });

  it('by partition value is metadata-only: the partition’s files removed, no data file opened', async () => {
    await tenFiles('d_part', true);
    const before = await kit.files('d_part');
    const odd = before.filter((f) => f.partitionValues.p === 'odd').map((f) => f.path);
    expect(await kit.rows("DELETE FROM d_part AS t WHERE t.p = 'odd'")).toEqual([[50n]]);
    expect(scans).not.toHaveBeenCalled();
    const commit = await kit.lastCommit('d_part');
    expect(commit.adds).toEqual([]);
    expect(commit.removes.map((r) => r.path).sort()).toEqual(odd.sort());
    expect(commit.commitInfo.operationParameters).toEqual({ predicate: `["(p = 'odd')"]` });
    expect(await ids('d_part')).toEqual(
      Array.from({ length: 100 }, (_, i) => i + 1).filter((id) => Math.floor((id - 1) / 10) % 2 === 0),
    );
    // A partition predicate that is not a plain comparison is still decided exactly from partition values.
    scans.mockClear();
    expect(await kit.rows("DELETE FROM d_part WHERE upper(p) = 'EVEN' OR p IS NULL")).toEqual([[50n]]);
    expect(scans).not.toHaveBeenCalled();
    expect(await kit.files('d_part')).toEqual([]);
  });

  it('by a data predicate on a ten-file table reads and rewrites exactly the one file that matches', async () => {
    await tenFiles('d_one');
    const before = await kit.files('d_one');
    expect(await kit.rows('DELETE FROM d_one WHERE id > 42 AND id <= 45')).toEqual([[3n]]);
    // Stats skipping leaves one candidate; the count pass and the rewrite each scan that file only.
    expect(scannedFiles().map((f) => f.length)).toEqual([1, 1]);
    const commit = await kit.lastCommit('d_one');
    expect(commit.removes).toHaveLength(1);
    expect(commit.adds).toHaveLength(1);
    expect(commit.commitInfo.operationParameters).toEqual({ predicate: '["((id > 42) AND (id <= 45))"]' });
    const m = commit.commitInfo.operationMetrics as Record<string, string>;
    expect([m.numRemovedFiles, m.numAddedFiles, m.numDeletedRows, m.numCopiedRows]).toEqual([
      '1',
      '1',
      '3',
      '7',
    ]);
    expect(JSON.parse(commit.adds[0]!.stats!).numRecords).toBe(7);
    const after = await kit.files('d_one');
    const untouched = before.filter((f) => f.path !== commit.removes[0]!.path);
    expect(untouched).toHaveLength(9);
    for (const f of untouched) expect(after.map((a) => a.path)).toContain(f.path);
    expect(await ids('d_one')).toEqual(
      Array.from({ length: 100 }, (_, i) => i + 1).filter((id) => id <= 42 || id > 45),
    );
  });

  it('where nothing matches writes no commit', async () => {
    await tenFiles('d_none');
    const v = await kit.version('d_none');
    // Skipped by stats: no candidate file, nothing scanned.
    expect(await kit.rows('DELETE FROM d_none WHERE id > 1000')).toEqual([[0n]]);
    expect(scans).not.toHaveBeenCalled();
    // A candidate by stats (v is not indexed for this predicate) whose rows do not match.
    expect(await kit.rows("DELETE FROM d_none WHERE v = 'nope'")).toEqual([[0n]]);
    expect(await kit.rows("DELETE FROM d_none WHERE p = 'none'")).toEqual([[0n]]);
    expect(await kit.version('d_none')).toBe(v);
  });

  it('keeps rows whose condition is NULL (NOT (cond <=> true))', async () => {
    await kit.run('CREATE TABLE d_null (id INT, x INT) USING DELTA');
    await kit.run('INSERT INTO d_null VALUES (1, 1), (2, NULL), (3, 3), (4, NULL)');
    expect(await kit.rows('DELETE FROM d_null WHERE x > 1')).toEqual([[1n]]);
    expect(await kit.rows('SELECT id, x FROM d_null ORDER BY id')).toEqual([
      [1, 1],
      [2, null],
      [4, null],
    ]);
    expect(await kit.rows('DELETE FROM d_null WHERE NOT (x > 1)')).toEqual([[1n]]);
    expect(await kit.rows('DELETE FROM d_null WHERE x IS NULL')).toEqual([[2n]]);
    expect(await kit.rows('SELECT count(*) FROM d_null')).toEqual([[0n]]);
  });

  it('accepts IN subqueries in the condition', async () => {
    await kit.run('CREATE TABLE d_sub (id INT) USING DELTA');
    await kit.run('INSERT INTO d_sub VALUES (1), (2), (3), (4)');
    await kit.run('CREATE TABLE d_keys (k INT) USING DELTA');
    await kit.run('INSERT INTO d_keys VALUES (2), (4)');
    expect(await kit.rows('DELETE FROM d_sub WHERE id IN (SELECT k FROM d_keys)')).toEqual([[2n]]);
    expect(await ids('d_sub')).toEqual([1, 3]);
  });

  it('refuses append-only tables and leaves them unchanged', async () => {
    await kit.run("CREATE TABLE d_ao (id INT) USING DELTA TBLPROPERTIES ('delta.appendOnly' = 'true')");
    await kit.run('INSERT INTO d_ao VALUES (1), (2)');
    const v = await kit.version('d_ao');
    await expect(kit.run('DELETE FROM d_ao WHERE id = 1')).rejects.toMatchObject({
      errorClass: 'DELTA_CANNOT_MODIFY_APPEND_ONLY',
    });
    expect(await kit.version('d_ao')).toBe(v);
  });

  it('a concurrent blind INSERT does not conflict with a DELETE: both commit', async () => {
    await tenFiles('d_conc_ins');
    const stmt = parseStatement('DELETE FROM d_conc_ins WHERE id <= 5') as Delete;
    const result = await deleteFrom(kit.session, stmt, {
      beforeCommit: () => kit.run('INSERT INTO d_conc_ins VALUES (1000, null, null)'),
    });
    expect(result).toMatchObject({ rows: [[5n]] });
    expect(await kit.version('d_conc_ins')).toBe(12);
    const all = await ids('d_conc_ins');
    expect(all).toContain(1000);
    expect(all.filter((id) => id <= 5)).toEqual([]);
    expect(all).toHaveLength(96);
  });

  it('a DELETE whose file another DELETE removed meanwhile fails with DELTA_CONCURRENT_DELETE_READ', async () => {
    await tenFiles('d_conc_del');
    const stmt = parseStatement('DELETE FROM d_conc_del WHERE id = 3') as Delete;
    // The winner empties the first file entirely: a remove and no add.
    const err = await deleteFrom(kit.session, stmt, {
      beforeCommit: () => kit.run('DELETE FROM d_conc_del WHERE id <= 10'),
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LakesqlError);
    expect((err as LakesqlError).errorClass).toBe('DELTA_CONCURRENT_DELETE_READ');
    expect(await kit.version('d_conc_del')).toBe(11);
    expect(await ids('d_conc_del')).toEqual(Array.from({ length: 90 }, (_, i) => i + 11));
  });

  it('two DELETEs rewriting the same file: the later one fails (the winner added rows it should have read)', async () => {
    await tenFiles('d_conc_del2');
    const stmt = parseStatement('DELETE FROM d_conc_del2 WHERE id = 3') as Delete;
    const err = await deleteFrom(kit.session, stmt, {
      beforeCommit: () => kit.run('DELETE FROM d_conc_del2 WHERE id = 4'),
    }).catch((e: unknown) => e);
    // Delta's ConflictChecker looks at the winner's added files first: its rewrite of the file may hold id 3.
    expect((err as LakesqlError).errorClass).toBe('DELTA_CONCURRENT_APPEND');
    expect(await kit.version('d_conc_del2')).toBe(11);
    expect((await ids('d_conc_del2')).filter((id) => id <= 10)).toEqual([1, 2, 3, 5, 6, 7, 8, 9, 10]);
  });
});
