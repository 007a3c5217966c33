/**
 * One SqlSession over a fresh temp warehouse per test file, for tests that drive statements end to end:
 * `useSqlSession` registers the beforeAll/afterAll that create and remove it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { EngineSession } from '../../../engine/engine-session.js';
import { DuckDBParquetHandler } from '../../../engine/parquet-handler.js';
import { LakesqlError } from '../../../errors/index.js';
import { SqlSession } from '../sql-session.js';

export interface SqlSessionFixture {
  /** The temp folder; the warehouse is its `wh` folder. */
  readonly dir: string;
  readonly engine: EngineSession;
  readonly session: SqlSession;
  /** Runs the statements; the rows of the last result (none for a statement without rows). */
  rows(sql: string): Promise<unknown[][]>;
}

export function useSqlSession(prefix: string): SqlSessionFixture {
  let state: { dir: string; engine: EngineSession; session: SqlSession } | undefined;
  const current = () => {
    if (!state) throw new Error('the SQL session fixture is used outside a test');
    return state;
  };
  beforeAll(async () => {
    const dir = await mkdtemp(path.join(tmpdir(), prefix));
    const engine = await EngineSession.create();
    state = {
      dir,
      engine,
      session: new SqlSession(engine, new DuckDBParquetHandler(engine), path.join(dir, 'wh')),
    };
  });
  afterAll(async () => {
    if (!state) return;
    state.engine.close();
    await rm(state.dir, { recursive: true, force: true });
  });
  return {
    get dir() {
      return current().dir;
    },
    get engine() {
      return current().engine;
    },
    get session() {
      return current().session;
    },
    async rows(sql) {
      const results = await current().session.execute(sql);
      const last = results[results.length - 1];
      return last?.kind === 'rows' ? last.rows.map((r) => [...r]) : [];
    },
  };
}

/** The LakesqlError the promise rejects with (the test fails if it resolves or rejects with another error). */
export async function errorOf(p: Promise<unknown>): Promise<LakesqlError> {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(LakesqlError);
  return e as LakesqlError;
}
