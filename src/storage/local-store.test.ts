import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalObjectStore } from './local-store.js';
import { describeObjectStoreContract } from './object-store.contract.js';
import { ObjectNotFoundError } from './object-store.js';

const folders: string[] = [];
async function freshFolder(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'lakesql-local-store-'));
  folders.push(folder);
  return folder;
}
afterAll(async () => {
  await Promise.all(folders.map((f) => rm(f, { recursive: true, force: true })));
});

describeObjectStoreContract('LocalObjectStore', async () => new LocalObjectStore(await freshFolder()));

describe('LocalObjectStore', () => {
  it('listFrom looks up only the files after its start: one before it that cannot be stat-ed is never touched', async () => {
    const root = await freshFolder();
    const store = new LocalObjectStore(root);
    await store.put('_delta_log/00000000000000000001.json', 'one');
    await store.put('_delta_log/00000000000000000002.json', 'two');
    // A link to itself: stat fails with ELOOP, which a listing does not swallow.
    await symlink('00000000000000000000.json', join(root, '_delta_log', '00000000000000000000.json'));
    await expect(store.list('_delta_log/')).rejects.toMatchObject({ code: 'ELOOP' });
    const after = await store.listFrom('_delta_log/', '_delta_log/00000000000000000001');
    expect(after.map((m) => [m.path, m.size])).toEqual([
      ['_delta_log/00000000000000000001.json', 3],
      ['_delta_log/00000000000000000002.json', 3],
    ]);
  });

  it('roots at the absolute folder: rootUrl is its file URL with a trailing slash, localPath joins keys', async () => {
    const root = await freshFolder();
    const spaced = join(root, 'my table');
    const store = new LocalObjectStore(spaced);
    expect(store.rootUrl).toBe(`${pathToFileURL(spaced).href}/`);
    expect(store.rootUrl.endsWith('/my%20table/')).toBe(true);
    expect(fileURLToPath(new URL('_delta_log/x.json', store.rootUrl))).toBe(
      join(spaced, '_delta_log/x.json'),
    );
    expect(store.localPath('_delta_log/x.json')).toBe(join(spaced, '_delta_log', 'x.json'));
    expect(store.localPath('')).toBe(spaced);
    expect(() => store.localPath('../escape')).toThrow(/invalid object key/);
    await store.put('a b/c.txt', 'hi');
    expect(await readFile(join(spaced, 'a b', 'c.txt'), 'utf8')).toBe('hi');
  });

  it('resolves a relative root against the working directory', () => {
    const store = new LocalObjectStore('some/rel');
    expect(store.localPath('k')).toBe(join(process.cwd(), 'some', 'rel', 'k'));
    expect(store.rootUrl).toBe(`${pathToFileURL(join(process.cwd(), 'some', 'rel')).href}/`);
  });

  it('a temp file left by a crashed writer is never listed and never appears under the final name', async () => {
    const root = await freshFolder();
    const store = new LocalObjectStore(root);
    const log = join(root, '_delta_log');
    await mkdir(log, { recursive: true });
    const crashed = '.00000000000000000001.json.0123456789abcdef.tmp';
    await writeFile(join(log, crashed), '{"add":{"path":"torn');
    await store.put('_delta_log/00000000000000000000.json', '{}\n');

    expect((await store.list('_delta_log/')).map((m) => m.path)).toEqual([
      '_delta_log/00000000000000000000.json',
    ]);
    expect((await store.list('_delta_log/.')).map((m) => m.path)).toEqual([]);
    await expect(store.get('_delta_log/00000000000000000001.json')).rejects.toBeInstanceOf(
      ObjectNotFoundError,
    );

    await store.putIfAbsent('_delta_log/00000000000000000001.json', '{"commitInfo":{}}\n');
    expect(await readFile(join(log, '00000000000000000001.json'), 'utf8')).toBe('{"commitInfo":{}}\n');
    // The crashed writer's file stays (nothing of ours owns it), and ours is gone.
    expect((await readdir(log)).sort()).toEqual([
      crashed,
      '00000000000000000000.json',
      '00000000000000000001.json',
    ]);
  });

  it('lists other dot-files (Hadoop .crc files); the Delta layer decides what to ignore', async () => {
    const root = await freshFolder();
    await mkdir(join(root, '_delta_log'));
    await writeFile(join(root, '_delta_log', '.00000000000000000000.json.crc'), 'c');
    await writeFile(join(root, '.hidden'), 'h');
    const store = new LocalObjectStore(root);
    expect((await store.list('')).map((m) => m.path)).toEqual([
      '.hidden',
      '_delta_log/.00000000000000000000.json.crc',
    ]);
  });

  it('lists folders (empty ones too) and deletes a folder only when it is empty', async () => {
    const root = await freshFolder();
    const store = new LocalObjectStore(root);
    await store.put('a/b/f.parquet', 'x');
    await mkdir(join(root, 'a/empty/deeper'), { recursive: true });
    await mkdir(join(root, 'c'));
    expect(await store.listFolders('')).toEqual(['a/', 'a/b/', 'a/empty/', 'a/empty/deeper/', 'c/']);
    expect(await store.listFolders('a/e')).toEqual(['a/empty/', 'a/empty/deeper/']);
    expect(await store.deleteEmptyFolder('a/b/')).toBe(false); // holds a file
    expect(await store.deleteEmptyFolder('a/empty/')).toBe(false); // holds a folder
    expect(await store.deleteEmptyFolder('a/empty/deeper/')).toBe(true);
    expect(await store.deleteEmptyFolder('a/empty/')).toBe(true);
    expect(await store.deleteEmptyFolder('gone/')).toBe(false);
    expect(await store.listFolders('')).toEqual(['a/', 'a/b/', 'c/']);
    expect(await store.get('a/b/f.parquet')).toEqual(new TextEncoder().encode('x'));
  });

  it('put and putIfAbsent leave no temp files behind', async () => {
    const root = await freshFolder();
    const store = new LocalObjectStore(root);
    await store.put('t/a', 'x');
    await store.put('t/a', 'y');
    await store.putIfAbsent('t/b', 'z');
    await expect(store.putIfAbsent('t/b', 'w')).rejects.toThrow(/already exists/);
    // Without the fsync (a deletion vector file), a put still publishes whole bytes by rename.
    await store.put('t/c', 'dv bytes', { durable: false });
    expect((await readdir(join(root, 't'))).sort()).toEqual(['a', 'b', 'c']);
    expect(new TextDecoder().decode(await store.get('t/c'))).toBe('dv bytes');
  });

  it('follows symbolic links to files and folders when listing and reading', async () => {
    const root = await freshFolder();
    const elsewhere = await freshFolder();
    await writeFile(join(elsewhere, 'f'), 'linked');
    await symlink(join(elsewhere, 'f'), join(root, 'file-link'));
    await symlink(elsewhere, join(root, 'dir-link'));
    const store = new LocalObjectStore(root);
    expect((await store.list('')).map((m) => [m.path, m.size])).toEqual([
      ['dir-link/f', 6],
      ['file-link', 6],
    ]);
    expect(new TextDecoder().decode(await store.get('file-link'))).toBe('linked');
  });

  it('of 10 processes racing putIfAbsent on one key exactly one wins, with its whole payload', async () => {
    const root = await freshFolder();
    const key = '_delta_log/00000000000000000007.json';
    const size = 256 * 1024; // large enough that a torn write would show
    const script = fileURLToPath(new URL('./testing/race-put-if-absent.ts', import.meta.url));
    const children = Array.from({ length: 10 }, (_, i) =>
      spawn(process.execPath, ['--import', 'tsx', script, root, key, String(i + 1), String(size)], {
        stdio: ['pipe', 'pipe', 'inherit'],
      }),
    );
    const outputs = children.map(collectStdout);
    await Promise.all(children.map((child) => untilLine(child, 'ready')));
    for (const child of children) child.stdin?.end('go\n');
    const results = (await Promise.all(outputs)).map((out) => out.trim().split('\n').at(-1));

    const winners = results.flatMap((r, i) => (r === 'won' ? [i] : []));
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => r === 'lost')).toHaveLength(9);
    const stored = await readFile(join(root, key));
    expect(stored.byteLength).toBe(size);
    expect(stored.every((b) => b === winners[0]! + 1)).toBe(true);
    expect(await readdir(join(root, '_delta_log'))).toEqual(['00000000000000000007.json']);
  });
});

/** Resolves with everything the child wrote to stdout once it exits with code 0. */
function collectStdout(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`child exited ${code}: ${out}`)),
    );
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
