/**
 * What the spark-sql conformance runner needs from lakesql: run one statement at a time in one session.
 * Errors are thrown, as LakesqlErrors carrying Spark's error class and SQLSTATE.
 *
 * The real implementation adapts the SQL session (`LakeSession#sql`, src/api) once it exists; until then
 * `unsupportedRunner` makes every statement fail honestly with UNSUPPORTED_FEATURE.
 */
import { LakesqlError } from '../../errors/index.js';
import type { DataType } from '../../types/data-types.js';
import type { Value } from '../../types/value.js';

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

/**
 * The runner `npm run conformance -- spark-sql` uses. Until LakeSession gains `sql(text)` this is
 * `unsupportedRunner`; then an adapter over a fresh LakeSession per file replaces it here.
 */
export const sparkSqlRunner: RunnerFactory = unsupportedRunner;
