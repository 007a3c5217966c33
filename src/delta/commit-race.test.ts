/**
 * Optimistic concurrency across real processes (PROTOCOL.md "Requirements for Writers": a commit file is
 * created with put-if-absent; Delta's conflict rules decide whether a loser rebases or fails). Each child
 * (testing/commit-race-child.ts) opens a Transaction on the same LocalObjectStore table, waits for the start
 * signal, and commits.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalObjectStore } from '../storage/local-store.js';
import { loadSnapshot } from './snapshot.js';
import { FakeParquetHandler } from './testing/fake-parquet-handler.js';
import { a, metadata, writeCommit } from './testing/log-builder.js';

const parquet = new FakeParquetHandler();
const script = fileURLToPath(new URL('./testing/commit-race-child.ts', import.meta.url));
const folders: string[] = [];
afterAll(async () => {
  await Promise.all(folders.map((f) => rm(f, { recursive: true, force: true })));
});

/** Version 0 with one live file f0; an interval of 1000 so that no post-commit checkpoint interferes. */
async function freshTable(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'lakesql-commit-race-'));
  folders.push(dir);
  await writeCommit(new LocalObjectStore(dir), 0, [
    a.commitInfo({ operation: 'CREATE TABLE' }),
    a.protocol(),
    a.metaData(metadata({ configuration: { 'delta.checkpointInterval': '1000' } })),
    a.add('f0.parquet'),
  ]);
  return dir;
}

type ChildResult =
  | { ok: true; version: number; readVersion: number; attempts: number }
  | { ok: false; errorClass: string };

/** Starts every child, waits until all have read the table, then releases them at once. */
async function race(dir: string, mode: 'append' | 'deleteF0', names: string[]): Promise<ChildResult[]> {
  const children = names.map((name) =>
    spawn(process.execPath, ['--import', 'tsx', script, dir, mode, name], {
      stdio: ['pipe', 'pipe', 'inherit'],
    }),
  );
  const outputs = children.map(collectStdout);
  await Promise.all(children.map((child) => untilLine(child, 'ready')));
  for (const child of children) child.stdin?.end('go\n');
  return (await Promise.all(outputs)).map(
    ({ out, code }) => ({ ...JSON.parse(out.trim().split('\n').at(-1)!), code }) as ChildResult,
  );
}

describe('commits racing from separate processes', () => {
  it('six blind appends all commit, at distinct versions 1..6, and the table holds all six files', async () => {
    const dir = await freshTable();
    const names = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'];
    const results = await race(dir, 'append', names);
    expect(results.every((r) => r.ok)).toBe(true);
    const ok = results as Extract<ChildResult, { ok: true }>[];
    expect(ok.map((r) => r.version).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(ok.every((r) => r.readVersion === 0)).toBe(true);
    // Only the first committer got its version on the first try; a loser rebases over every winner it finds
    // in one attempt, so the child at version v needed between 2 and v attempts.
    expect(ok.find((r) => r.version === 1)!.attempts).toBe(1);
    expect(ok.every((r) => r.version === 1 || (r.attempts >= 2 && r.attempts <= r.version))).toBe(true);

    const snapshot = await loadSnapshot(new LocalObjectStore(dir), parquet);
    expect(snapshot.version).toBe(6);
    expect(
      snapshot
        .activeFiles()
        .map((f) => f.path)
        .sort(),
    ).toEqual(['f0.parquet', ...names.map((n) => `${n}.parquet`)]);
    expect((await readdir(join(dir, '_delta_log'))).sort()).toEqual(
      [0, 1, 2, 3, 4, 5, 6].map((v) => `${String(v).padStart(20, '0')}.json`),
    );
  });

  it('two rewrites of the same file f0: one commits, the other fails with DELTA_CONCURRENT_DELETE_READ', async () => {
    const dir = await freshTable();
    const results = await race(dir, 'deleteF0', ['r1', 'r2']);
    const winners = results.filter((r) => r.ok);
    const losers = results.filter((r) => !r.ok);
    expect(winners).toHaveLength(1);
    expect(winners[0]).toMatchObject({ ok: true, version: 1, readVersion: 0, attempts: 1, code: 0 });
    expect(losers).toEqual([{ ok: false, errorClass: 'DELTA_CONCURRENT_DELETE_READ', code: 1 }]);

    const snapshot = await loadSnapshot(new LocalObjectStore(dir), parquet);
    expect(snapshot.version).toBe(1);
    const winnerIndex = results.indexOf(winners[0]!);
    expect(snapshot.activeFiles().map((f) => f.path)).toEqual([`r${winnerIndex + 1}.parquet`]);
    expect(snapshot.tombstones().map((r) => r.path)).toEqual(['f0.parquet']);
    expect((await readdir(join(dir, '_delta_log'))).sort()).toEqual([
      '00000000000000000000.json',
      '00000000000000000001.json',
    ]);
  });
});

/** Resolves with what the child wrote to stdout and its exit code. */
function collectStdout(child: ChildProcess): Promise<{ out: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ out, code }));
  });
}

function untilLine(child: ChildProcess, line: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.split('\n').includes(line)) {
        child.stdout?.off('data', onData);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.on('close', (code) => reject(new Error(`child exited ${code} before printing ${line}`)));
  });
}
