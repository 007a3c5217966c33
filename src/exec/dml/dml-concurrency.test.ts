/**
 * Two processes running DML on one Delta table (issue 4, "Concurrent writers"): each child
 * (testing/dml-race-child.ts) runs its UPDATE / DELETE through a SqlSession up to the commit, then both
 * commit at once from the same read version. Delta's conflict rules (PROTOCOL.md "Requirements for
 * Writers"; ConflictChecker): changes to disjoint files both commit, the second rebased over the first;
 * changes to the same file let exactly one commit and fail the other with a typed ConcurrentModification
 * error class. The final rows show that no committed change is ever lost.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DmlTestKit, dmlTestKit } from './testing/dml-test-kit.js';

const script = fileURLToPath(new URL('./testing/dml-race-child.ts', import.meta.url));
let kit: DmlTestKit;
let dir: string;
beforeAll(async () => {
  kit = await dmlTestKit();
  dir = await mkdtemp(join(tmpdir(), 'lakesql-dml-race-'));
});
afterAll(async () => {
  await kit.close();
  await rm(dir, { recursive: true, force: true });
});

type ChildResult = { ok: true; rows: number } | { ok: false; errorClass: string };

/** A table at a path: partition p='a' holds ids 1-3, p='b' ids 4-6 (one file each), n = id * 10. */
async function freshTable(name: string): Promise<string> {
  const location = join(dir, name);
  await kit.run(
    `CREATE TABLE ${name} (id INT, n INT, p STRING) USING DELTA PARTITIONED BY (p) LOCATION '${location}'`,
  );
  await kit.run(`INSERT INTO ${name} VALUES (1, 10, 'a'), (2, 20, 'a'), (3, 30, 'a')`);
  await kit.run(`INSERT INTO ${name} VALUES (4, 40, 'b'), (5, 50, 'b'), (6, 60, 'b')`);
  return `delta.\`${location}\``;
}

/** Runs each statement in its own process; both read the table, then both commit at once. */
async function race(statements: readonly string[]): Promise<ChildResult[]> {
  const children = statements.map((sql) =>
    spawn(process.execPath, ['--import', 'tsx', script, join(dir, 'child-warehouse'), sql], {
      stdio: ['pipe', 'pipe', 'inherit'],
    }),
  );
  const outputs = children.map(collectStdout);
  await Promise.all(children.map(untilReady));
  for (const child of children) child.stdin?.end('go\n');
  return (await Promise.all(outputs)).map((out) => JSON.parse(out.trim().split('\n').at(-1)!) as ChildResult);
}

function collectStdout(child: ChildProcess): Promise<string> {
  let out = '';
  child.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  return new Promise((resolve) => child.on('close', () => resolve(out)));
}

function untilReady(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    let seen = '';
    child.stdout?.on('data', (d: Buffer) => {
      seen += d.toString();
      if (seen.includes('ready\n')) resolve();
    });
    child.on('close', () => resolve());
  });
}

const CONFLICTS = [
  'DELTA_CONCURRENT_APPEND',
  'DELTA_CONCURRENT_DELETE_READ',
  'DELTA_CONCURRENT_DELETE_DELETE',
];

describe('DML from two processes', () => {
  it('changes to different files both commit', { timeout: 60_000 }, async () => {
    const t = await freshTable('race_disjoint');
    const before = await kit.version('race_disjoint');
    const results = await race([
      `UPDATE ${t} SET n = n + 1 WHERE p = 'a'`,
      `DELETE FROM ${t} WHERE p = 'b' AND id = 5`,
    ]);
    expect(results).toEqual([
      { ok: true, rows: 3 },
      { ok: true, rows: 1 },
    ]);
    expect(await kit.version('race_disjoint')).toBe(before + 2);
    expect(await kit.rows('SELECT id, n, p FROM race_disjoint ORDER BY id')).toEqual([
      [1, 11, 'a'],
      [2, 21, 'a'],
      [3, 31, 'a'],
      [4, 40, 'b'],
      [6, 60, 'b'],
    ]);
  });

  it('changes to the same file: one commits, the other fails with a conflict; nothing is lost', {
    timeout: 60_000,
  }, async () => {
    const t = await freshTable('race_same');
    const before = await kit.version('race_same');
    const results = await race([
      `UPDATE ${t} SET n = n + 1 WHERE id = 2`,
      `UPDATE ${t} SET n = n + 100 WHERE id = 3`,
    ]);
    const winners = results.filter((r) => r.ok);
    const losers = results.filter((r): r is Extract<ChildResult, { ok: false }> => !r.ok);
    expect(winners).toEqual([{ ok: true, rows: 1 }]);
    expect(losers).toHaveLength(1);
    expect(CONFLICTS).toContain(losers[0]!.errorClass);
    expect(await kit.version('race_same')).toBe(before + 1);
    // The winner's change is in the table, the loser's is not (and it was told so).
    const first = results[0]!.ok;
    expect(await kit.rows("SELECT id, n FROM race_same WHERE p = 'a' ORDER BY id")).toEqual([
      [1, 10],
      [2, first ? 21 : 20],
      [3, first ? 30 : 130],
    ]);
    // Retried after the conflict, the loser's change lands on top of the winner's.
    await kit.run(
      first ? 'UPDATE race_same SET n = n + 100 WHERE id = 3' : 'UPDATE race_same SET n = n + 1 WHERE id = 2',
    );
    expect(await kit.rows("SELECT id, n FROM race_same WHERE p = 'a' ORDER BY id")).toEqual([
      [1, 10],
      [2, 21],
      [3, 130],
    ]);
  });

  it('a DELETE and an UPDATE of the same file: exactly one commits', { timeout: 60_000 }, async () => {
    const t = await freshTable('race_delete');
    const results = await race([`DELETE FROM ${t} WHERE id = 4`, `UPDATE ${t} SET n = 0 WHERE id = 6`]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const loser = results.find((r) => !r.ok) as Extract<ChildResult, { ok: false }>;
    expect(CONFLICTS).toContain(loser.errorClass);
    const rows = await kit.rows("SELECT id, n FROM race_delete WHERE p = 'b' ORDER BY id");
    expect(rows).toEqual(
      results[0]!.ok
        ? [
            [5, 50],
            [6, 60],
          ]
        : [
            [4, 40],
            [5, 50],
            [6, 0],
          ],
    );
  });
});
