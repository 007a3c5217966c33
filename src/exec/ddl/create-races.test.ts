/**
 * Creates and drops racing across processes (issue 13, "Creates and drops are atomic under races"): four
 * processes, each with its own SqlSession on one warehouse (testing/sql-child.ts), run one statement each
 * at the same moment, for several rounds. A table's entry is claimed invisibly and shown only after its
 * first commit (catalog.claimTable / publishTable), so IF NOT EXISTS succeeds for every racer, a killed
 * CTAS leaves no zombie, and DROP DATABASE … CASCADE racing CREATE TABLE leaves no table behind it.
 */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';
import { type ChildAnswer, SqlChildren } from './testing/sql-children.js';

const fx = useSqlSession('lakesql-create-races-');
const RACERS = 4;
let children: SqlChildren;
beforeAll(async () => {
  children = await SqlChildren.start(join(fx.dir, 'wh'), RACERS);
}, 180_000); // each process loads the whole session through tsx: ~3 s of CPU, far longer on a busy machine
afterAll(async () => {
  await children?.close();
});

/** The answers as `ok` or the error class; an untyped failure shows its text, so that it fails the test. */
function outcomes(answers: readonly ChildAnswer[]): string[] {
  return answers.map((a) => (a.ok ? 'ok' : (a.errorClass ?? `untyped: ${a.untyped}`)));
}

/** The files (not folders) under `folder`, relative; none when it is missing. */
async function filesUnder(folder: string): Promise<string[]> {
  if (!existsSync(folder)) return [];
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((e) => !e.isDirectory()).map((e) => join(e.parentPath, e.name));
}

const racers = Array.from({ length: RACERS }, (_, i) => i);

describe('racing creates and drops', () => {
  it('CREATE TABLE IF NOT EXISTS … AS SELECT succeeds for every racer; the table holds one racer’s rows', async () => {
    for (const round of [1, 2, 3]) {
      const answers = await children.round(
        racers.map((i) => `CREATE TABLE IF NOT EXISTS ine${round} AS SELECT ${i} AS who, id FROM range(100)`),
      );
      expect(outcomes(answers)).toEqual(['ok', 'ok', 'ok', 'ok']);
      const rows = await fx.rows(`SELECT count(*), count(DISTINCT who) FROM ine${round}`);
      expect(rows).toEqual([[100n, 1n]]);
    }
  }, 60_000);

  it('plain CREATE TABLE racing: exactly one wins, the others get TABLE_OR_VIEW_ALREADY_EXISTS', async () => {
    for (const [round, sql] of ['(id INT)', 'AS SELECT 1 AS id'].entries()) {
      const answers = outcomes(await children.round(racers.map(() => `CREATE TABLE pc${round} ${sql}`)));
      expect(answers.filter((a) => a === 'ok')).toHaveLength(1);
      expect(answers.filter((a) => a !== 'ok')).toEqual(
        Array(RACERS - 1).fill('TABLE_OR_VIEW_ALREADY_EXISTS'),
      );
    }
    expect(await fx.rows('SELECT * FROM pc1')).toEqual([[1]]);
  }, 60_000);

  it('DROP DATABASE CASCADE racing CREATE TABLE: typed errors, no table outlives its database', async () => {
    const entries = join(fx.dir, 'wh', '_lakesql_catalog', 'tables', 'racedb');
    // The DROP starts later each round, so that it meets the creates at their start, mid-write and at the end.
    for (const delay of [0, 40, 80, 160, 320]) {
      await fx.rows('CREATE DATABASE racedb');
      await fx.rows('CREATE TABLE racedb.before AS SELECT 1 AS id');
      const answers = outcomes(
        await children.round(
          racers.map((i) =>
            i === 0
              ? 'DROP DATABASE racedb CASCADE'
              : `CREATE TABLE racedb.t${i} AS SELECT id FROM range(10000)`,
          ),
          [delay],
        ),
      );
      expect(answers[0]).toBe('ok');
      for (const a of answers.slice(1)) expect(['ok', 'SCHEMA_NOT_FOUND']).toContain(a);
      expect(await fx.rows("SHOW DATABASES LIKE 'racedb'")).toEqual([]);
      expect(existsSync(entries) ? await readdir(entries) : []).toEqual([]);
      // Nothing a create wrote outlives the database: at most empty folders a late writer made.
      expect(await filesUnder(join(fx.dir, 'wh', 'racedb.db'))).toEqual([]);
    }
    await fx.rows('CREATE DATABASE racedb');
    expect(await fx.rows('SHOW TABLES IN racedb')).toEqual([]);
    await fx.rows('CREATE TABLE racedb.t1 AS SELECT 1 AS id');
    expect(await fx.rows('SELECT * FROM racedb.t1')).toEqual([[1]]);
  }, 90_000);

  it('a CTAS killed before its first commit leaves no table: SELECT says TABLE_OR_VIEW_NOT_FOUND, CREATE works', async () => {
    const entry = join(fx.dir, 'wh', '_lakesql_catalog', 'tables', 'default', 'killed.json');
    children.send(0, "CREATE TABLE killed AS SELECT id, repeat('x', 200) AS s FROM range(40000000)");
    const claimedBy = Date.now() + 30_000;
    while (!existsSync(entry) && Date.now() < claimedBy) await new Promise((r) => setTimeout(r, 10));
    expect(existsSync(entry)).toBe(true);
    await new Promise((r) => setTimeout(r, 300)); // its data files are being written
    await children.kill(0);
    expect(existsSync(join(fx.dir, 'wh', 'killed', '_delta_log', '00000000000000000000.json'))).toBe(false);

    expect((await errorOf(fx.rows('SELECT * FROM killed'))).errorClass).toBe('TABLE_OR_VIEW_NOT_FOUND');
    expect(await fx.rows("SHOW TABLES LIKE 'killed'")).toEqual([]);
    await fx.rows('CREATE TABLE killed AS SELECT 7 AS id');
    expect(await fx.rows('SELECT * FROM killed')).toEqual([[7]]);
    // The killed writer's files went with its claim: the folder holds the new table's files only.
    await fx.rows('DROP TABLE killed');
    expect(existsSync(join(fx.dir, 'wh', 'killed'))).toBe(false);
  }, 60_000);
});
