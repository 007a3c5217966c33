/**
 * The row indexes (positions in their data files) of the rows a DML statement matched, read out of DuckDB
 * grouped by file, for the deletion vectors that mark them deleted. A statement may match many thousand rows,
 * so the pairs are read a chunk at a time from the columns' vectors: no row objects, no lists of DuckDB
 * values, and no BigInt per row (the row index comes back as a DOUBLE, exact far beyond any file's row count).
 */
import type { DuckDBDoubleVector, DuckDBIntegerVector } from '@duckdb/node-api';
import { translateDuckDBError } from './duckdb-error.js';
import type { EngineSession } from './engine-session.js';

/**
 * Runs `sql`, whose first column is the file (an integer index) and second the row index (an integer), and
 * returns each file's row indexes in the order the query yields them, the files in ascending order. Rows
 * whose file is NULL are left out.
 */
export async function rowIndexesByFile(engine: EngineSession, sql: string): Promise<Map<number, number[]>> {
  const typed = `SELECT CAST("p"."f" AS INTEGER), CAST("p"."r" AS DOUBLE) FROM (${sql}) AS "p"("f", "r")`;
  const byFile = new Map<number, number[]>();
  await engine.withConnection(async (c) => {
    // Materialized, not streamed: DuckDB streams a bare scan's rows with less parallelism (twice the time of
    // the same filtered scan of 100 Parquet files, measured), and the pairs are few or at least small.
    let result: Awaited<ReturnType<typeof c.run>>;
    try {
      result = await c.run(typed);
    } catch (e) {
      throw translateDuckDBError(e, typed);
    }
    for (;;) {
      const chunk = await result.fetchChunk();
      if (chunk === null || chunk.rowCount === 0) break;
      const files = chunk.getColumnVector(0) as DuckDBIntegerVector;
      const rows = chunk.getColumnVector(1) as DuckDBDoubleVector;
      let current = -1;
      let list: number[] = [];
      for (let i = 0; i < chunk.rowCount; i++) {
        const f = files.getItem(i);
        if (f === null) continue;
        if (f !== current) {
          current = f;
          const known = byFile.get(f);
          if (known) list = known;
          else byFile.set(f, (list = []));
        }
        list.push(rows.getItem(i)!);
      }
    }
  });
  return new Map([...byFile].sort((a, b) => a[0] - b[0]));
}
