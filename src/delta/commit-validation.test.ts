/**
 * Commits are validated as they are read (issue 13): a commit file that is empty, holds only blank lines,
 * ends mid-action, has a line that is not JSON or not a JSON object, or is a folder, fails with
 * DELTA_STATE_RECOVER_ERROR naming the file and its version, whether it is the latest commit (once read
 * as a silently shorter table) or one in the middle; a writer meeting a folder under the name of the commit
 * it is about to write fails at once rather than retrying. A post-commit checkpoint that fails to be written
 * leaves the commit standing, with a warning.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LakesqlError } from '../errors/index.js';
import { LocalObjectStore } from '../storage/local-store.js';
import { MemoryObjectStore } from '../storage/memory-store.js';
import type { ObjectStore } from '../storage/object-store.js';
import { commitKey } from './log-files.js';
import { loadSnapshot } from './snapshot.js';
import { FakeParquetHandler } from './testing/fake-parquet-handler.js';
import { a, add, metadata, PROTOCOL_1_2, writeCommit } from './testing/log-builder.js';
import { startTransaction } from './transaction.js';

const folders: string[] = [];
afterAll(async () => {
  await Promise.all(folders.map((f) => rm(f, { recursive: true, force: true })));
});

/** Versions 0..2: the table, then one file per commit, each commit led by its commitInfo as Spark writes. */
async function threeCommits(store: ObjectStore): Promise<void> {
  await writeCommit(store, 0, [a.commitInfo({ operation: 'CREATE TABLE' }), a.protocol(), a.metaData()]);
  await writeCommit(store, 1, [a.commitInfo({ operation: 'WRITE' }), a.add('f1.parquet')]);
  await writeCommit(store, 2, [a.commitInfo({ operation: 'WRITE' }), a.add('f2.parquet')]);
}

async function loadError(store: ObjectStore, version?: number): Promise<LakesqlError> {
  const e = await loadSnapshot(
    store,
    new FakeParquetHandler(),
    version === undefined ? {} : { version },
  ).catch((x: unknown) => x);
  expect(e).toBeInstanceOf(LakesqlError);
  return e as LakesqlError;
}

const validCommit2 = `${JSON.stringify({ commitInfo: { operation: 'WRITE' } })}\n${JSON.stringify({ add: add('f2.parquet') })}\n`;

describe('a damaged commit file fails naming the file and version', () => {
  const damages: [string, string, string][] = [
    ['empty (0 bytes)', '', 'the file is empty'],
    ['only blank lines', '\n\n  \n', 'the file holds no action'],
    ['cut mid-action', validCommit2.slice(0, validCommit2.length - 12), 'line 2: the file ends mid-action'],
    ['cut mid-line on the first line', validCommit2.slice(0, 10), 'line 1: the file ends mid-action'],
    ['a line of garbage', `${validCommit2}%%garbage%%\n{"add":{}}\n`, 'line 3: it is not valid JSON'],
    ['a JSON line that is not an object', `${validCommit2}42\n`, 'line 3: not a JSON object'],
    ['a JSON array line', `[1,2]\n${validCommit2}`, 'line 1: not a JSON object'],
    ['a null line', `null\n${validCommit2}`, 'line 1: not a JSON object'],
  ];
  for (const [name, text, problem] of damages) {
    for (const where of ['latest', 'middle'] as const) {
      it(`commit 2 ${name}, as the ${where} commit`, async () => {
        const store = new MemoryObjectStore();
        await threeCommits(store);
        if (where === 'middle') await writeCommit(store, 3, [a.commitInfo(), a.add('f3.parquet')]);
        await store.put(commitKey(2), text);
        const e = await loadError(store);
        expect(e.errorClass).toBe('DELTA_STATE_RECOVER_ERROR');
        expect(e.messageParameters).toEqual({
          component: `log file ${commitKey(2)} (${problem})`,
          version: 2,
        });
        // The versions before it still load.
        expect((await loadSnapshot(store, new FakeParquetHandler(), { version: 1 })).numFiles).toBe(1);
      });
    }
  }

  it('a commit file without a trailing newline is whole', async () => {
    const store = new MemoryObjectStore();
    await threeCommits(store);
    await store.put(commitKey(2), validCommit2.trimEnd());
    expect((await loadSnapshot(store, new FakeParquetHandler())).numFiles).toBe(2);
  });

  it('a commit without commitInfo (other writers) is valid', async () => {
    const store = new MemoryObjectStore();
    await threeCommits(store);
    await writeCommit(store, 2, [a.add('f2.parquet')]);
    expect((await loadSnapshot(store, new FakeParquetHandler())).numFiles).toBe(2);
  });

  it('a writer rebasing over a damaged commit fails with the same error', async () => {
    const store = new MemoryObjectStore();
    await threeCommits(store);
    const parquet = new FakeParquetHandler();
    const txn = await startTransaction(store, parquet);
    await store.put(commitKey(3), '{"commitInfo":{}}\n{"add":{"pa');
    txn.addFiles([add('f4.parquet')]);
    const e = await txn.commit({ name: 'WRITE' }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(LakesqlError);
    expect((e as LakesqlError).messageParameters.component).toBe(
      `log file ${commitKey(3)} (line 2: the file ends mid-action)`,
    );
  });
});

describe('a folder under a commit name', () => {
  async function localTable(): Promise<{ dir: string; store: LocalObjectStore }> {
    const dir = await mkdtemp(join(tmpdir(), 'lakesql-commit-folder-'));
    folders.push(dir);
    const store = new LocalObjectStore(dir);
    await threeCommits(store);
    return { dir, store };
  }

  it('holding files, fails the load at once naming the commit', async () => {
    const { dir, store } = await localTable();
    await mkdir(join(dir, commitKey(3)));
    await writeFile(join(dir, commitKey(3), 'part-0'), '{}');
    const e = await loadError(store);
    expect(e.messageParameters).toEqual({
      component: `log file ${commitKey(3)} (a folder, not a file)`,
      version: 3,
    });
  });

  it('empty, fails the next commit at once instead of retrying', async () => {
    const { dir, store } = await localTable();
    await mkdir(join(dir, commitKey(3)));
    const parquet = new FakeParquetHandler();
    const txn = await startTransaction(store, parquet);
    txn.addFiles([add('f3.parquet')]);
    const e = await txn.commit({ name: 'WRITE' }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(LakesqlError);
    expect((e as LakesqlError).errorClass).toBe('DELTA_STATE_RECOVER_ERROR');
    expect((e as LakesqlError).messageParameters.version).toBe(3);
  });
});

describe('a post-commit checkpoint that fails', () => {
  it('leaves the commit standing, with a warning, and the next checkpoint is written', async () => {
    const inner = new MemoryObjectStore();
    let failCheckpoints = true;
    const store: ObjectStore = new Proxy(inner, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target) as unknown;
        if (typeof value !== 'function') return value;
        if (prop === 'put') {
          return async (path: string, data: Uint8Array | string) => {
            if (failCheckpoints && path.includes('.checkpoint.')) throw new Error('disk full');
            return target.put(path, data);
          };
        }
        return (value as (...x: unknown[]) => unknown).bind(target);
      },
    });
    const parquet = new FakeParquetHandler();
    const create = await startTransaction(store, parquet);
    create
      .updateProtocol(PROTOCOL_1_2)
      .updateMetadata(metadata({ configuration: { 'delta.checkpointInterval': '1' } }))
      .addFiles([add('f0.parquet')]);
    await create.commit({ name: 'CREATE TABLE' });
    const append = async (path: string) => {
      const t = await startTransaction(store, parquet);
      t.addFiles([add(path)]);
      return t.commit({ name: 'WRITE' });
    };
    expect(await append('f1.parquet')).toMatchObject({ version: 1, checkpointWritten: false });
    expect(parquet.warnings.map((w) => [w.code, w.path, (w.cause as Error).message])).toEqual([
      ['DELTA_CHECKPOINT_WRITE_FAILED', '_delta_log/00000000000000000001.checkpoint.parquet', 'disk full'],
    ]);
    expect((await loadSnapshot(store, parquet)).numFiles).toBe(2);
    failCheckpoints = false;
    expect(await append('f2.parquet')).toMatchObject({ version: 2, checkpointWritten: true });
    const s = await loadSnapshot(store, parquet);
    expect([s.version, s.numFiles, s.segment.checkpointVersion]).toEqual([2, 3, 2]);
  });
});
