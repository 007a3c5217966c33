/**
 * The concurrency suite of issue 13: N writer processes x M mixed ops (INSERT, UPDATE, DELETE, MERGE,
 * INSERT OVERWRITE, OPTIMIZE) on one table at once, a reader querying it all along. Every op lands or fails
 * with a typed conflict; the final table equals the replay of the log in commit order, each op applied as
 * Delta's WriteSerializable isolation commits it: to the table at the version it read, its changes laid
 * over what committed in between, which must not have touched the same rows. Default 3 x 6; `LAKESQL_RELIABILITY=full` runs 4 x 80.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSqlSession } from '../exec/session/testing/sql-session-fixture.js';
import { applyConcurrentOp } from './testing/concurrent-ops.js';
import { newTally, readUntil } from './testing/concurrent-reader.js';
import { modelRows, type TableModel } from './testing/crash-ops.js';
import { type LoggedCommit, loggedCommits, opOf } from './testing/delta-log-tags.js';
import { FULL, SETTINGS } from './testing/reliability-settings.js';
import { startWriter } from './testing/writer-process.js';

const fixture = useSqlSession('lakesql-concurrency-');

/** What a losing writer may be told: Delta's conflict classes. */
const CONFLICTS = new Set([
  'DELTA_CONCURRENT_APPEND',
  'DELTA_CONCURRENT_DELETE_READ',
  'DELTA_CONCURRENT_DELETE_DELETE',
  'DELTA_CONCURRENT_TRANSACTION',
  'DELTA_METADATA_CHANGED',
  'DELTA_PROTOCOL_CHANGED',
]);

describe(`${SETTINGS.writers} writer processes x ${SETTINGS.opsPerWriter} ops on one table`, () => {
  it('every op lands or fails with a typed conflict; the table equals the commit-order replay', {
    timeout: FULL ? 3_600_000 : 600_000,
  }, async () => {
    const { writers, opsPerWriter } = SETTINGS;
    await fixture.session.execute(
      "CREATE TABLE t (id BIGINT, v BIGINT) USING DELTA TBLPROPERTIES ('delta.checkpointInterval' = '5')",
    );
    const warehouse = path.join(fixture.dir, 'wh');
    const last = writers * opsPerWriter - 1;
    const procs = Array.from({ length: writers }, (_, w) =>
      startWriter(warehouse, 't', w, last, writers, 'concurrent'),
    );
    const tally = newTally();
    const allExited = Promise.all(procs.map((p) => p.exited));
    const reading = readUntil(fixture.session, 'SELECT count(*), sum(v) FROM t', allExited, tally);
    const codes = await allExited;
    await reading;
    expect(procs.flatMap((p) => p.untyped)).toEqual([]);
    expect(codes).toEqual(procs.map(() => 0));

    const failed = new Map(procs.flatMap((p) => [...p.failed]));
    expect([...failed.values()].filter((c) => !CONFLICTS.has(c))).toEqual([]);
    const commits = await loggedCommits(path.join(warehouse, 't'));
    const landed = commits.map(opOf).filter((k): k is number => k !== undefined);
    // Each op finished or failed with a conflict, never both; a failed op left no commit, a finished one
    // at most one (none when it changed nothing, as an UPDATE of no row).
    const done = new Set(procs.flatMap((p) => [...p.done]));
    for (let k = 0; k <= last; k++) {
      expect(done.has(k) !== failed.has(k), `op ${k} finished or failed`).toBe(true);
      expect(landed.filter((j) => j === k).length, `commits of op ${k}`).toBeLessThanOrEqual(
        failed.has(k) ? 0 : 1,
      );
    }
    expect(await tableRows()).toEqual(modelRows(replay(commits)));
    console.log(
      JSON.stringify({
        writers,
        opsPerWriter,
        commits: landed.length,
        conflicts: Object.fromEntries(
          [...CONFLICTS].map((c) => [c, [...failed.values()].filter((x) => x === c).length]),
        ),
        reads: tally.reads,
        readerTypedErrors: Object.fromEntries(tally.typed),
      }),
    );
    expect(tally.untyped).toEqual([]);
  });
});

/**
 * The table the log describes, op by op in commit order. An op that read version r applies to the rows as
 * of r; what it changed there (rows set or removed) is laid over the rows as they are at its commit. Delta's
 * conflict checker must have refused it if a commit in between changed one of those rows (a lost update),
 * which the replay checks; rows that commits in between added (blind appends under WriteSerializable) it
 * never saw and leaves as they are.
 */
function replay(commits: readonly LoggedCommit[]): TableModel {
  const states: TableModel[] = [];
  let model: TableModel = new Map();
  for (const c of commits) {
    const k = opOf(c);
    if (k !== undefined) {
      const read = states[c.readVersion ?? c.version - 1] ?? new Map<number, number>();
      const after = applyConcurrentOp(k, read);
      const next = new Map(model);
      for (const id of new Set([...read.keys(), ...after.keys()])) {
        if (read.get(id) === after.get(id)) continue;
        expect(model.get(id), `op ${k} (version ${c.version}) changed id ${id}, changed since its read`).toBe(
          read.get(id),
        );
        const v = after.get(id);
        if (v === undefined) next.delete(id);
        else next.set(id, v);
      }
      model = next;
    }
    states[c.version] = model;
  }
  return model;
}

async function tableRows(): Promise<number[][]> {
  return (await fixture.rows('SELECT id, v FROM t ORDER BY id')).map((r) => r.map(Number));
}
