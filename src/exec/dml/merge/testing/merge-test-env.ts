/** Test scaffolding for the MERGE tests: a SqlSession on a temp warehouse, tables at their own folders, log reads. */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSnapshot } from '../../../../delta/snapshot.js';
import { EngineSession } from '../../../../engine/engine-session.js';
import { DuckDBParquetHandler } from '../../../../engine/parquet-handler.js';
import { parseStatements } from '../../../../sql/index.js';
import { storeForUrl } from '../../../../storage/store-for-url.js';
import type { Value } from '../../../../types/value.js';
import { SqlSession } from '../../../session/sql-session.js';
import { writeDelta } from '../../../write/delta-write.js';
import { mergeIntoWithOutcome } from '../merge-into.js';
import type { MergeStatement } from '../merge-plan.js';

/** One line of a commit file; tests compare its fields with toEqual. */
// biome-ignore lint/suspicious/noExplicitAny: log lines are free-form JSON read only by assertions
export type LogAction = Record<string, any>;

export interface MergeTestEnv {
  readonly session: SqlSession;
  sql(text: string): Promise<void>;
  rows(text: string): Promise<Value[][]>;
  merge(text: string): ReturnType<typeof mergeIntoWithOutcome>;
  /** A fresh Delta table at a folder of its own. */
  table(columns: string, extra?: string): Promise<{ name: string; location: string }>;
  /** Appends rows (`(1, 'a'), (2, 'b')`) as one commit of one file per partition, bypassing INSERT. */
  append(t: { location: string }, values: string): Promise<void>;
  /** The actions of `_delta_log/<version>.json`, one object per line. */
  commit(location: string, version: number): Promise<LogAction[]>;
  /** The version of the table's latest commit. */
  version(location: string): Promise<number>;
  close(): Promise<void>;
}

/**
 * `deletionVectors`: whether new tables get deletion vectors (the default for new tables). The tests of
 * copy-on-write MERGE turn it off; merge-deletion-vectors.test.ts keeps it on.
 */
export async function mergeTestEnv(options: { deletionVectors?: boolean } = {}): Promise<MergeTestEnv> {
  const warehouse = await mkdtemp(join(tmpdir(), 'lakesql-merge-'));
  const engine = await EngineSession.create();
  const session = new SqlSession(engine, new DuckDBParquetHandler(engine), warehouse);
  if (options.deletionVectors !== true) {
    await session.execute('SET spark.databricks.delta.properties.defaults.enableDeletionVectors = false');
  }
  let n = 0;
  const env: MergeTestEnv = {
    session,
    async sql(text) {
      await session.execute(text);
    },
    async rows(text) {
      const [r] = await session.execute(text);
      return r?.kind === 'rows' ? r.rows : [];
    },
    async merge(text) {
      const [stmt] = parseStatements(text);
      if (stmt?.kind !== 'merge') throw new Error(`not a MERGE: ${text}`);
      return mergeIntoWithOutcome(session, stmt as MergeStatement);
    },
    async table(columns, extra = '') {
      n++;
      const name = `t${n}`;
      const location = join(warehouse, `loc${n}`);
      await session.execute(`CREATE TABLE ${name} (${columns}) USING DELTA ${extra} LOCATION '${location}'`);
      return { name, location };
    },
    async append(t, values) {
      const store = storeForUrl(t.location);
      const schema = (await loadSnapshot(store, session.parquet)).schema;
      const names = schema.fields.map((f) => `"${f.name}"`).join(', ');
      await writeDelta(engine, session.parquet, store, {
        sourceSql: `SELECT * FROM (VALUES ${values}) AS "v"(${names})`,
        schema,
        mode: 'append',
      });
    },
    async commit(location, version) {
      const file = join(location, '_delta_log', `${String(version).padStart(20, '0')}.json`);
      return (await readFile(file, 'utf8'))
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as LogAction);
    },
    async version(location) {
      for (let v = 0; ; v++) {
        try {
          await readFile(join(location, '_delta_log', `${String(v + 1).padStart(20, '0')}.json`));
        } catch {
          return v;
        }
      }
    },
    async close() {
      engine.close();
      await rm(warehouse, { recursive: true, force: true });
    },
  };
  return env;
}
