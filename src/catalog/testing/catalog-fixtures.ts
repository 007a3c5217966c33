/** Fresh warehouse folders for catalog tests, removed after the run. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { LakesqlError } from '../../errors/index.js';

export function warehouseFolders(): () => Promise<string> {
  const folders: string[] = [];
  afterAll(async () => {
    await Promise.all(folders.map((f) => rm(f, { recursive: true, force: true })));
  });
  return async () => {
    const folder = await mkdtemp(join(tmpdir(), 'lakesql-catalog-'));
    folders.push(folder);
    return folder;
  };
}

/** The error a promise or function rejects with, for assertions on errorClass and parameters. */
export async function errorOf(run: () => unknown): Promise<LakesqlError> {
  try {
    await run();
  } catch (e) {
    if (e instanceof LakesqlError) return e;
    throw e;
  }
  throw new Error('expected a LakesqlError, but nothing was thrown');
}
