/**
 * One LakeSession over a fresh temp folder per test file, for tests that drive the TypeScript API end to
 * end: `useLakeSession` registers the beforeAll/afterAll that create and remove it. The warehouse is the
 * folder's `warehouse` and the DBFS root its `dbfs`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { LakeSession } from '../lake-session.js';

export interface LakeSessionFixture {
  readonly spark: LakeSession;
  /** The temp folder. */
  readonly dir: string;
}

export function useLakeSession(prefix: string): LakeSessionFixture {
  let state: LakeSessionFixture | undefined;
  const current = () => {
    if (!state) throw new Error('the LakeSession fixture is used outside a test');
    return state;
  };
  beforeAll(async () => {
    const dir = await mkdtemp(path.join(tmpdir(), prefix));
    const spark = await LakeSession.builder()
      .appName(prefix)
      .config('spark.sql.warehouse.dir', path.join(dir, 'warehouse'))
      .config('lakesql.dbfs.root', path.join(dir, 'dbfs'))
      .withOutput(() => {})
      .getOrCreate();
    state = { spark, dir };
  });
  afterAll(async () => {
    if (!state) return;
    await state.spark.stop();
    await rm(state.dir, { recursive: true, force: true });
  });
  return {
    get spark() {
      return current().spark;
    },
    get dir() {
      return current().dir;
    },
  };
}
