/**
 * The crash suite's creates and file-table writes (issue 13): writer processes running SHALLOW and DEEP
 * CLONE of a Delta table and INSERTs into file tables (USING parquet, USING csv), SIGKILLed at a random moment
 * of an op. After each kill a clone is absent (TABLE_OR_VIEW_NOT_FOUND, and the same CLONE then works: no
 * half table and no folder left in the way) or complete (the source's rows); a file table holds all of a
 * killed INSERT's rows or none of them and reads without error (no partial file under a name readers list),
 * and the next writer's first op succeeds. `LAKESQL_RELIABILITY=full` runs more kills.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isLakesqlError } from '../errors/index.js';
import { useSqlSession } from '../exec/session/testing/sql-session-fixture.js';
import { cloneFileOpKind, cloneTable, FILE_ROWS, SOURCE_ROWS } from './testing/clone-file-ops.js';
import { FULL, SEED, seededRandom } from './testing/reliability-settings.js';
import { startWriter } from './testing/writer-process.js';

const fixture = useSqlSession('lakesql-crash-clone-');
const KILLS = FULL ? 40 : 2;
const OPS_PER_LIFE = 8;

interface Stats {
  kills: number;
  clonesLanded: number;
  clonesAbsent: number;
  insertsLanded: number;
  insertsLost: number;
  opsDone: number;
}

describe(`SIGKILL during CLONE and file-table INSERT (${KILLS} kills, seed ${SEED})`, () => {
  it('a killed clone is absent or complete, a killed file-table INSERT all or nothing', {
    timeout: FULL ? 3_600_000 : 600_000,
  }, async () => {
    const random = seededRandom(SEED + 7);
    const warehouse = path.join(fixture.dir, 'wh');
    const t = 's';
    await fixture.rows(`CREATE TABLE ${t} (id BIGINT, v BIGINT)`);
    await fixture.rows(`INSERT INTO ${t} SELECT id, id * 2 FROM range(0, ${SOURCE_ROWS}) AS r(id)`);
    await fixture.rows(`CREATE TABLE ${t}_parquet (id BIGINT, v BIGINT) USING parquet`);
    await fixture.rows(`CREATE TABLE ${t}_csv (id BIGINT, v BIGINT) USING csv`);
    const source = await totals(t);
    /** Rows each file table holds: the ops that landed. */
    const landed = { parquet: [] as number[], csv: [] as number[] };
    const stats: Stats = {
      kills: 0,
      clonesLanded: 0,
      clonesAbsent: 0,
      insertsLanded: 0,
      insertsLost: 0,
      opsDone: 0,
    };
    let nextOp = 0;
    let opMs = 400;
    for (let kill = 0; kill < KILLS; kill++) {
      const writer = startWriter(warehouse, t, nextOp, nextOp + OPS_PER_LIFE - 1, 1, 'clone-file');
      await writer.until(`done ${nextOp}`);
      const target = nextOp + 1 + Math.floor(random() * 2);
      await writer.until(`start ${target}`);
      const began = Date.now();
      await new Promise((resolve) => setTimeout(resolve, random() * opMs * 1.2));
      writer.child.kill('SIGKILL');
      await writer.exited;
      stats.kills += 1;
      expect(writer.untyped).toEqual([]);
      expect([...writer.failed]).toEqual([]);
      expect(writer.done.has(nextOp), `op ${nextOp} after kill ${kill}`).toBe(true);
      if (writer.done.has(target)) opMs = Math.max(50, (opMs + (Date.now() - began)) / 2);
      stats.opsDone += writer.done.size;
      const inFlight = writer.started.at(-1)!;
      for (let k = nextOp; k <= inFlight; k++) {
        const kind = cloneFileOpKind(k);
        const finished = writer.done.has(k);
        if (kind === 'shallow' || kind === 'deep') {
          const clone = cloneTable(k, t);
          const read = await totals(clone).catch((e: unknown) => e);
          if (Array.isArray(read)) {
            expect(read, `${kind} clone op ${k}`).toEqual(source);
            stats.clonesLanded += finished ? 0 : 1;
          } else {
            expect(finished, `clone op ${k} finished but reads as ${String(read)}`).toBe(false);
            expect(isLakesqlError(read, 'TABLE_OR_VIEW_NOT_FOUND'), `clone op ${k}: ${String(read)}`).toBe(
              true,
            );
            stats.clonesAbsent += 1;
            // Nothing half-made stands in the way of the same CLONE.
            await fixture.rows(`CREATE TABLE ${clone} ${kind.toUpperCase()} CLONE ${t}`);
            expect(await totals(clone)).toEqual(source);
          }
          await fixture.rows(`DROP TABLE ${clone}`);
        } else if (finished) {
          landed[kind] = [...landed[kind], k];
        }
      }
      // The file tables after this life: every finished INSERT's rows, and the killed one's all or none.
      for (const kind of ['parquet', 'csv'] as const) {
        const got = await totals(`${t}_${kind}`);
        const killed = !writer.done.has(inFlight) && cloneFileOpKind(inFlight) === kind;
        if (killed && JSON.stringify(got) === JSON.stringify(sumOf([...landed[kind], inFlight]))) {
          landed[kind] = [...landed[kind], inFlight];
          stats.insertsLanded += 1;
        } else {
          expect(
            got,
            `${kind} after kill ${kill} in op ${inFlight}: all of an INSERT's rows or none`,
          ).toEqual(sumOf(landed[kind]));
          if (killed) stats.insertsLost += 1;
        }
      }
      nextOp = inFlight + 1;
      if (FULL)
        process.stderr.write(
          `clone/files: kill ${kill + 1}/${KILLS} at op ${inFlight} ${JSON.stringify(stats)}\n`,
        );
    }
    console.log(JSON.stringify({ seed: SEED, ...stats, landed }));
    expect(stats.kills).toBe(KILLS);
  });
});

/** [count, sum(id), sum(v)] of a table, as numbers. */
async function totals(table: string): Promise<number[]> {
  const [row] = await fixture.rows(
    `SELECT count(*), coalesce(sum(id), 0), coalesce(sum(v), 0) FROM ${table}`,
  );
  return (row ?? []).map(Number);
}

/** The totals a file table has after the INSERTs of `ops`. */
function sumOf(ops: readonly number[]): number[] {
  let count = 0;
  let ids = 0;
  for (const k of ops) {
    const lo = k * FILE_ROWS;
    count += FILE_ROWS;
    ids += (FILE_ROWS * (2 * lo + FILE_ROWS - 1)) / 2;
  }
  return [count, ids, ids * 2];
}
