/** Helpers for the DML tests: a SQL session on a temp warehouse, table files and the commits written. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddFile } from '../../../delta/actions.js';
import { commitKey } from '../../../delta/log-files.js';
import { loadSnapshot } from '../../../delta/snapshot.js';
import { EngineSession } from '../../../engine/engine-session.js';
import { DuckDBParquetHandler } from '../../../engine/parquet-handler.js';
import { LakesqlError } from '../../../errors/index.js';
import type { ObjectStore } from '../../../storage/object-store.js';
import { storeForUrl } from '../../../storage/store-for-url.js';
import type { Value } from '../../../types/value.js';
import { SqlSession } from '../../session/sql-session.js';

export interface DmlTestKit {
  readonly session: SqlSession;
  rows(sql: string): Promise<Value[][]>;
  run(sql: string): Promise<void>;
  /** The error class the statements fail with (a non-lakesql error as its text), undefined when they run. */
  errorClassOf(sql: string): Promise<string | undefined>;
  store(table: string): Promise<ObjectStore>;
  version(table: string): Promise<number>;
  files(table: string): Promise<AddFile[]>;
  /** The actions of the table's latest commit, by kind. */
  lastCommit(
    table: string,
  ): Promise<{ commitInfo: Record<string, unknown>; adds: AddFile[]; removes: AddFile[] }>;
  close(): Promise<void>;
}

export async function dmlTestKit(): Promise<DmlTestKit> {
  const warehouse = await mkdtemp(join(tmpdir(), 'lakesql-dml-'));
  const engine = await EngineSession.create({ threads: 2 });
  const parquet = new DuckDBParquetHandler(engine);
  const session = new SqlSession(engine, parquet, warehouse);
  const store = async (table: string) => {
    const t = await session.catalog.catalog.getTable('default', table);
    if (t.tableType === 'VIEW') throw new Error(`${table} is a view`);
    return storeForUrl(t.location);
  };
  const snapshot = async (table: string) => loadSnapshot(await store(table), parquet);
  return {
    session,
    async rows(sql) {
      const [r] = await session.execute(sql);
      return r?.kind === 'rows' ? r.rows : [];
    },
    async run(sql) {
      await session.execute(sql);
    },
    async errorClassOf(sql) {
      try {
        await session.execute(sql);
      } catch (e) {
        return e instanceof LakesqlError ? e.errorClass : String(e);
      }
      return undefined;
    },
    store,
    version: async (table) => (await snapshot(table)).version,
    files: async (table) => (await snapshot(table)).activeFiles(),
    async lastCommit(table) {
      const s = await store(table);
      const v = (await snapshot(table)).version;
      const lines = new TextDecoder()
        .decode(await s.get(commitKey(v)))
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      return {
        commitInfo: (lines.find((l) => l.commitInfo)?.commitInfo ?? {}) as Record<string, unknown>,
        adds: lines.filter((l) => l.add).map((l) => l.add as AddFile),
        removes: lines.filter((l) => l.remove).map((l) => l.remove as AddFile),
      };
    },
    async close() {
      engine.close();
      await rm(warehouse, { recursive: true, force: true });
    },
  };
}
