/**
 * Globs are matched while walking, one level per pattern segment (issue 13: `/usr/lib/*` + `/nomatch` listed
 * the whole tree below /usr/lib, minutes and gigabytes). A folder the walk does not need is never listed: a
 * symbolic link loop below a non-matching name, which a full listing would follow until the path is too long,
 * is not even seen.
 */
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LakesqlError } from '../../errors/index.js';
import { listDataFiles } from './data-files.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lakesql-glob-walk-'));
  for (const folder of ['a/x', 'a/_hidden', 'b/y/deeper', 'c/loop-holder']) {
    await mkdir(path.join(dir, folder), { recursive: true });
  }
  await writeFile(path.join(dir, 'a/data.csv'), '1\n');
  await writeFile(path.join(dir, 'a/x/part.csv'), '2\n');
  await writeFile(path.join(dir, 'a/_hidden/skip.csv'), '3\n');
  await writeFile(path.join(dir, 'b/data.csv'), '4\n');
  await writeFile(path.join(dir, 'b/y/deeper/part.csv'), '5\n');
  // A loop: c/loop-holder/loop -> c. A walk into it only ends when the path grows too long.
  await symlink(path.join(dir, 'c'), path.join(dir, 'c/loop-holder/loop'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const keys = async (glob: string) =>
  (await listDataFiles([path.join(dir, glob)])).map((f) => [f.key, f.relativeDir.join('/')]);

describe('globs matched while walking', () => {
  it('a glob that matches nothing is PATH_NOT_FOUND without listing what lies below', async () => {
    const started = Date.now();
    const e = await listDataFiles([path.join(dir, '*/nomatch')]).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(LakesqlError);
    expect((e as LakesqlError).errorClass).toBe('PATH_NOT_FOUND');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('files matched at the last segment', async () => {
    expect(await keys('*/data.csv')).toEqual([
      ['a/data.csv', ''],
      ['b/data.csv', ''],
    ]);
  });

  it('a matched folder is read whole, its hidden entries left out', async () => {
    expect(await keys('a')).toEqual([
      ['data.csv', ''],
      ['x/part.csv', 'x'],
    ]);
    // A glob segment matches hidden names too (only a literal hidden segment is passed over).
    expect(await keys('{a,b}/*')).toEqual([
      ['a/_hidden/skip.csv', ''],
      ['a/data.csv', ''],
      ['a/x/part.csv', ''],
      ['b/data.csv', ''],
      ['b/y/deeper/part.csv', 'deeper'],
    ]);
  });

  it('a hidden folder is read when a glob segment matches it', async () => {
    expect(await keys('a/_h*')).toEqual([['_hidden/skip.csv', '']]);
  });
});
