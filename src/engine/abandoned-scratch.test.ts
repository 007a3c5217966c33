/**
 * The engine's scratch folders left by a killed process: the next engine deletes those whose process is gone
 * (untouched for a minute) and any untouched for a day; a live process's, and young ones, stay.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { deleteAbandonedScratch } from './abandoned-scratch.js';

const folders: string[] = [];
afterAll(async () => {
  await Promise.all(folders.map((f) => rm(f, { recursive: true, force: true })));
});

describe('abandoned engine scratch folders', () => {
  it('go when their process is gone or a day old; a live or young one stays', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lakesql-scratch-test-'));
    folders.push(dir);
    // A process that has exited: its pid answers no more.
    const dead = spawnSync(process.execPath, [
      '-e',
      'process.stdout.write(String(process.pid))',
    ]).stdout.toString();
    const live = String(process.ppid);
    const now = Date.now();
    const minutesAgo = (m: number) => new Date(now - m * 60 * 1000);
    const plant = async (name: string, modified: Date) => {
      await mkdir(join(dir, name, 'sub'), { recursive: true });
      await utimes(join(dir, name), modified, modified);
    };
    await plant(`lakesql-duckdb-${dead}`, minutesAgo(5));
    await plant(`lakesql-engine-${dead}-AbC123`, minutesAgo(5));
    await plant(`lakesql-engine-${dead}-young1`, minutesAgo(0));
    await plant(`lakesql-duckdb-${live}`, minutesAgo(5));
    await plant('lakesql-engine-OldNm1', minutesAgo(2 * 24 * 60));
    await plant('lakesql-engine-NewNm1', minutesAgo(5));
    await plant('other-folder', minutesAgo(2 * 24 * 60));
    expect((await deleteAbandonedScratch(dir, now)).sort()).toEqual(
      [`lakesql-duckdb-${dead}`, `lakesql-engine-${dead}-AbC123`, 'lakesql-engine-OldNm1'].sort(),
    );
    expect((await readdir(dir)).sort()).toEqual(
      [
        `lakesql-duckdb-${live}`,
        `lakesql-engine-${dead}-young1`,
        'lakesql-engine-NewNm1',
        'other-folder',
      ].sort(),
    );
  });
});
