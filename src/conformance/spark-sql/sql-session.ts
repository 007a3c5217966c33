/**
 * What the spark-sql conformance runner needs from lakesql: run one statement at a time in one session.
 * Errors are thrown, as LakesqlErrors carrying Spark's error class and SQLSTATE.
 *
 * The real implementation adapts the SQL session (`LakeSession#sql`, src/api) once it exists; until then
 * `unsupportedRunner` makes every statement fail honestly with UNSUPPORTED_FEATURE.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { EngineSession } from '../../engine/engine-session.js';
import { DuckDBParquetHandler } from '../../engine/parquet-handler.js';
import { LakesqlError } from '../../errors/index.js';
import { SqlSession } from '../../exec/session/sql-session.js';
import type { DataType } from '../../types/data-types.js';
import type { Value } from '../../types/value.js';
import { registerTestFunctions, type TestFunctionSet } from './test-functions.js';
import { createTestTables } from './test-tables.js';

export interface ResultColumn {
  readonly name: string;
  readonly type: DataType;
}

export type StatementResult =
  | {
      readonly kind: 'rows';
      readonly columns: readonly ResultColumn[];
      readonly rows: readonly (readonly Value[])[];
    }
  | { readonly kind: 'done' };

export interface SqlStatementRunner {
  execute(sql: string): Promise<StatementResult>;
  /** A session configuration, as `SET key = value` would set it (e.g. spark.sql.ansi.enabled). */
  setConf(key: string, value: string): Promise<void> | void;
  /** Creates the test tables Spark's runner makes before a file runs (test-tables.ts), for a real session. */
  createTestTables?(conformanceDir: string, statements: readonly string[]): Promise<void>;
  /** Registers the test functions Spark's runner registers for some files (test-functions.ts). */
  registerTestFunctions?(set: TestFunctionSet): void;
  close(): Promise<void> | void;
}

/**
 * A fresh session for one golden file (its statements share it, and its temp views). `file` is the input's
 * name relative to `inputs/` (e.g. `nonansi/math.sql`), for runners that log or stand in.
 */
export type RunnerFactory = (file: string) => Promise<SqlStatementRunner>;

export const unsupportedRunner: RunnerFactory = async () => ({
  async execute() {
    throw new LakesqlError('UNSUPPORTED_FEATURE', {
      feature: 'SQL statements (LakeSession.sql is not built yet)',
    });
  },
  setConf() {},
  close() {},
});

/** The temp warehouse folders' name prefix; hive-result.ts blanks paths under it, as Spark blanks its own. */
export const WAREHOUSE_PREFIX = 'lakesql-sqltests-';

let sharedEngine: Promise<EngineSession> | undefined;

/**
 * The runner `npm run conformance -- spark-sql` uses: a fresh SQL session (and an empty warehouse) per file,
 * all on one DuckDB instance for speed.
 */
export const sparkSqlRunner: RunnerFactory = async () => {
  sharedEngine ??= EngineSession.create({ timeZone: 'UTC' });
  const engine = await sharedEngine;
  const warehouse = await mkdtemp(path.join(os.tmpdir(), WAREHOUSE_PREFIX));
  const session = new SqlSession(engine, new DuckDBParquetHandler(engine), warehouse);
  const runner: SqlStatementRunner = {
    async execute(sql: string): Promise<StatementResult> {
      const results = await session.execute(sql);
      const last = results.at(-1);
      if (!last || last.kind === 'done') return { kind: 'done' };
      return { kind: 'rows', columns: last.columns, rows: last.rows };
    },
    setConf: (key, value) => session.setConf(key, value),
    createTestTables: (dir, statements) => createTestTables(runner, dir, statements),
    registerTestFunctions: (set) => registerTestFunctions(session, set),
    close: () => rm(warehouse, { recursive: true, force: true }),
  };
  return runner;
};
