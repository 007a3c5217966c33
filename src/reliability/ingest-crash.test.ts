/**
 * The ingest crash suite of issue 14: a child process running an availableNow ingest (a foreachBatch MERGE
 * per batch, `lakesql ingest --merge-on`) and one running a stateful aggregation (count and sum per key,
 * complete mode, into a Delta table) are killed with SIGKILL at random moments and restarted, new files
 * arriving before each life. At the end, after a last life runs to completion, each table equals the
 * TypeScript model of processing every file exactly once, in file order, and the checkpoint's source log
 * names every file exactly once. `LAKESQL_RELIABILITY=full` runs 50 kills of each;
 * `LAKESQL_RELIABILITY_SEED` repeats a run.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LakeSession } from '../api/lake-session.js';
import { storeForUrl } from '../storage/store-for-url.js';
import { CheckpointLog } from '../streaming/index.js';
import { FULL, SEED, SETTINGS, seededRandom } from './testing/reliability-settings.js';

const CHILD = fileURLToPath(new URL('./testing/ingest-crash-child.ts', import.meta.url));
const KEYS = ['a', 'b', 'c', 'd'];
/** Source files' modification times start here and step by 10 s, so file order never depends on the clock. */
const FIRST_MTIME = Date.UTC(2026, 0, 1) / 1000;

type Mode = 'merge' | 'aggregate';

interface SourceRow {
  readonly id: number;
  readonly k: string;
  readonly v: number;
  readonly f: number;
}

interface ChainStats {
  kills: number;
  /** Kills that came after the life had committed at least one batch (the others hit its start). */
  killsAfterABatch: number;
  /** Lives that finished before the kill came. */
  finishedEarly: number;
  files: number;
  rows: number;
}

describe(`SIGKILL during streaming ingest (${SETTINGS.ingestKills} kills of each, seed ${SEED})`, () => {
  it('after every kill and restart, the tables equal each file processed exactly once', {
    timeout: FULL ? 3_600_000 : 900_000,
  }, async () => {
    const stats = await Promise.all(
      (['merge', 'aggregate'] as const).map((mode, i) => killChain(mode, seededRandom(SEED + i))),
    );
    console.log(JSON.stringify({ seed: SEED, merge: stats[0], aggregate: stats[1] }));
    for (const s of stats) expect(s.kills).toBeGreaterThanOrEqual(SETTINGS.ingestKills);
  });
});

async function killChain(mode: Mode, random: () => number): Promise<ChainStats> {
  const dir = await mkdtemp(path.join(tmpdir(), `lakesql-ingest-crash-${mode}-`));
  const warehouse = path.join(dir, 'warehouse');
  const source = path.join(dir, 'source');
  const checkpoint = path.join(dir, 'checkpoint');
  await mkdir(source, { recursive: true });
  const rows: SourceRow[] = [];
  const files: string[] = [];
  const addFiles = async (n: number) => {
    for (let i = 0; i < n; i++) {
      const f = files.length;
      // Distinct ids within a file (a MERGE source must not match a target row twice), repeated across files.
      const ids = [
        ...new Set(Array.from({ length: 1 + Math.floor(random() * 4) }, () => Math.floor(random() * 8))),
      ];
      const fileRows = ids.map((id) => ({
        id,
        k: KEYS[Math.floor(random() * KEYS.length)]!,
        v: 1 + Math.floor(random() * 100),
        f,
      }));
      const name = path.join(source, `part-${String(f).padStart(4, '0')}.json`);
      await writeFile(name, fileRows.map((r) => JSON.stringify(r)).join('\n') + '\n');
      const mtime = FIRST_MTIME + 10 * f;
      await utimes(name, mtime, mtime);
      files.push(name);
      rows.push(...fileRows);
    }
  };
  const stats: ChainStats = { kills: 0, killsAfterABatch: 0, finishedEarly: 0, files: 0, rows: 0 };
  try {
    // How long after `ready` a life may be killed: at first 3 s, then the length of the last life that
    // finished, widened while kills land before the first batch.
    let window = 3000;
    while (stats.kills < SETTINGS.ingestKills) {
      await addFiles(1 + Math.floor(random() * 3));
      const life = startChild(warehouse, source, checkpoint, mode);
      await life.until('ready');
      const readyAt = Date.now();
      const delay = random() * window;
      const outcome = await Promise.race([life.exited.then(() => 'exited' as const), sleep(delay)]);
      if (outcome === 'exited') {
        expectFinished(life);
        stats.finishedEarly += 1;
        window = Math.max(200, Date.now() - readyAt);
        continue;
      }
      life.child.kill('SIGKILL');
      await life.exited;
      expect(life.lines.filter((l) => l.startsWith('untyped') || l.startsWith('failed'))).toEqual([]);
      if (life.lines.includes('finished')) {
        stats.finishedEarly += 1;
        continue;
      }
      stats.kills += 1;
      // A kill before any batch says the window is too short for this machine's start-up: widen it.
      if (life.lines.includes('batch')) stats.killsAfterABatch += 1;
      else window *= 1.5;
    }
    await addFiles(1);
    const last = startChild(warehouse, source, checkpoint, mode);
    await last.exited;
    expectFinished(last);
    stats.files = files.length;
    stats.rows = rows.length;
    await expectExactlyOnce(warehouse, checkpoint, mode, rows, files);
    return stats;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function expectFinished(life: ChildLife): void {
  expect(life.lines.filter((l) => l.startsWith('untyped') || l.startsWith('failed'))).toEqual([]);
  expect(life.lines).toContain('finished');
}

/** The table against the model of every file processed once in order; the source log against the files. */
async function expectExactlyOnce(
  warehouse: string,
  checkpoint: string,
  mode: Mode,
  rows: readonly SourceRow[],
  files: readonly string[],
): Promise<void> {
  const logged = (await new CheckpointLog(storeForUrl(checkpoint)).fileLog()).map((e) =>
    fileURLToPath(e.path),
  );
  expect([...logged].sort()).toEqual([...files].sort());
  const spark = await LakeSession.builder()
    .config('spark.sql.warehouse.dir', warehouse)
    .withOutput(() => {})
    .getOrCreate();
  try {
    if (mode === 'merge') {
      const latest = new Map<number, SourceRow>();
      for (const r of rows) latest.set(r.id, r);
      const table = await (await spark.sql('SELECT id, k, v, f FROM merged ORDER BY id')).collect();
      expect(table).toEqual([...latest.values()].sort((a, b) => a.id - b.id));
    } else {
      const totals = new Map<string, { k: string; n: bigint; s: bigint }>();
      for (const r of rows) {
        const t = totals.get(r.k) ?? { k: r.k, n: 0n, s: 0n };
        totals.set(r.k, { k: r.k, n: t.n + 1n, s: t.s + BigInt(r.v) });
      }
      const table = await (await spark.sql('SELECT k, n, s FROM totals ORDER BY k')).collect();
      expect(table).toEqual([...totals.values()].sort((a, b) => a.k.localeCompare(b.k)));
    }
  } finally {
    await spark.stop();
  }
}

interface ChildLife {
  readonly child: ChildProcess;
  readonly lines: string[];
  until(line: string): Promise<void>;
  readonly exited: Promise<number | null>;
}

function startChild(warehouse: string, source: string, checkpoint: string, mode: Mode): ChildLife {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, warehouse, source, checkpoint, mode], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  const waiters: { line: string; resolve: () => void }[] = [];
  let buffer = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const parts = buffer.split('\n');
    buffer = parts.pop() ?? '';
    for (const line of parts) {
      lines.push(line);
      for (const w of waiters.filter((x) => x.line === line)) w.resolve();
    }
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const until = (line: string) =>
    lines.includes(line)
      ? Promise.resolve()
      : Promise.race([
          new Promise<void>((resolve) => waiters.push({ line, resolve })),
          exited.then(() => {}),
        ]);
  return { child, lines, until, exited };
}

const sleep = (ms: number) => new Promise<'slept'>((resolve) => setTimeout(() => resolve('slept'), ms));
