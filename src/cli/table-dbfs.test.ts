/**
 * `lakesql table show|check` with a dbfs:/ or /dbfs/ path: the real command, run in a temp working folder
 * whose default warehouse (`./lakesql-warehouse`) puts the DBFS root at `./dbfs` beside it. Nothing is
 * read from or written to a `/dbfs` folder at the root of the filesystem.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LakeSession } from '../api/lake-session.js';
import { runLakesql } from './testing/cli-process.js';

let cwd = '';
const token = `t${randomUUID().slice(0, 8)}`;
let dbfsExistedBefore = false;

/** Runs lakesql in `dir`, whose `./lakesql-warehouse` and `./dbfs` are the defaults under test. */
const lakesqlIn = (dir: string, args: readonly string[]) => runLakesql(args, '', {}, dir);

beforeAll(async () => {
  dbfsExistedBefore = existsSync('/dbfs');
  cwd = await mkdtemp(path.join(tmpdir(), 'lakesql-cli-dbfs-'));
  // The default DBFS root of a session whose warehouse is <cwd>/lakesql-warehouse is <cwd>/dbfs.
  const spark = await LakeSession.create({ warehouse: path.join(cwd, 'lakesql-warehouse') });
  try {
    await spark
      .createDataFrame([[1, 'a']], 'id int, s string')
      .write.format('delta')
      .save(`dbfs:/${token}/t`);
  } finally {
    spark.stop();
  }
});

afterAll(async () => {
  await rm(cwd, { recursive: true, force: true });
});

describe('lakesql table show|check on DBFS paths', () => {
  it('show reads /dbfs/… and dbfs:/… under the DBFS root beside the default warehouse', async () => {
    expect(existsSync(path.join(cwd, 'dbfs', token, 't', '_delta_log'))).toBe(true);
    const [fuse, uri, check] = await Promise.all([
      lakesqlIn(cwd, ['table', 'show', `/dbfs/${token}/t`, '--format', 'json']),
      lakesqlIn(cwd, ['table', 'show', `dbfs:/${token}/t`, '--format', 'json']),
      lakesqlIn(cwd, ['table', 'check', `/dbfs/${token}/t`]),
    ]);
    for (const run of [fuse, uri])
      expect(run).toEqual({ code: 0, stdout: '[{"id":1,"s":"a"}]\n', stderr: '' });
    expect(check.code).toBe(0);
    expect(check.stdout.split('\n').slice(0, 1)).toEqual(['version: 0']);
    expect(existsSync(`/dbfs/${token}`)).toBe(false);
    if (!dbfsExistedBefore) expect(existsSync('/dbfs')).toBe(false);
  });
});
