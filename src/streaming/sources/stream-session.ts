/**
 * What a stream asks of the session it was read in. The session's owner (api/lake-session.ts, the
 * composition root) implements it, as the DataStreamWriter implements the sinks' BatchExecutor, so that
 * streaming/ reaches the SQL session of exec/ but never the DataFrame API above it.
 */
import type { SqlSession } from '../../exec/session/sql-session.js';
import type { StructType } from '../../types/data-types.js';

export interface StreamSession {
  /** The SQL session whose catalog holds the streams' views and which analyzes and runs their batches. */
  readonly sqlSession: SqlSession;
  /**
   * The schema the batch reader settles for these files, as
   * `spark.read.format(format).options(options).load(paths).schema()` does (inference included).
   */
  inferFileSchema(
    format: string,
    options: Iterable<readonly [string, string]>,
    paths: readonly string[],
  ): Promise<StructType>;
}
