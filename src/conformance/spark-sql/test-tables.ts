/**
 * The tables Spark's golden runner creates before any file runs (SQLQueryTestSuite.createTestTables), each
 * written as a Parquet table: `testdata` (1 to 100 and their text), `arraydata`, `mapdata`, and the
 * PostgreSQL regression tables `aggtest`, `onek` and `tenk1`, read from the tab-separated files in
 * `<dir>/data/postgresql` with an explicit schema (see that folder's README). Each golden file here runs in a
 * warehouse of its own, so the tables are made for the files that name them.
 */
import { access } from 'node:fs/promises';
import path from 'node:path';
import { quoteString } from '../../engine/sql-text.js';
import type { SqlStatementRunner } from './sql-session.js';

const TENK_COLUMNS =
  'unique1 int, unique2 int, two int, four int, ten int, twenty int, hundred int, thousand int, twothousand int, fivethous int, tenthous int, odd int, even int, stringu1 string, stringu2 string, string4 string';

type TestTable =
  | { readonly name: string; readonly query: string }
  | { readonly name: string; readonly file: string; readonly columns: string };

const TEST_TABLES: readonly TestTable[] = [
  {
    name: 'testdata',
    query: 'SELECT CAST(id AS INT) AS key, CAST(id AS STRING) AS value FROM range(1, 101)',
  },
  {
    name: 'arraydata',
    query:
      'SELECT * FROM VALUES (array(1, 2, 3), array(array(1, 2, 3))), (array(2, 3, 4), array(array(2, 3, 4))) AS t(arraycol, nestedarraycol)',
  },
  {
    name: 'mapdata',
    query: `SELECT * FROM VALUES (map(1, 'a1', 2, 'b1', 3, 'c1', 4, 'd1', 5, 'e1')), (map(1, 'a2', 2, 'b2', 3, 'c2', 4, 'd2')),
      (map(1, 'a3', 2, 'b3', 3, 'c3')), (map(1, 'a4', 2, 'b4')), (map(1, 'a5')) AS t(mapcol)`,
  },
  { name: 'aggtest', file: 'agg.data', columns: 'a int, b float' },
  { name: 'onek', file: 'onek.data', columns: TENK_COLUMNS },
  { name: 'tenk1', file: 'tenk.data', columns: TENK_COLUMNS },
];

/** Creates the test tables that `statements` name (those read from files only when the data is there). */
export async function createTestTables(
  runner: SqlStatementRunner,
  dir: string,
  statements: readonly string[],
): Promise<void> {
  const text = statements.join('\n');
  for (const t of TEST_TABLES) {
    if (!new RegExp(`\\b${t.name}\\b`, 'i').test(text)) continue;
    if ('query' in t) {
      await runner.execute(`CREATE TABLE ${t.name} USING parquet AS ${t.query}`);
      continue;
    }
    const file = path.join(dir, 'data', 'postgresql', t.file);
    try {
      await access(file);
    } catch {
      continue;
    }
    const source = `${t.name}_source`;
    await runner.execute(
      `CREATE TABLE ${source} (${t.columns}) USING csv OPTIONS (path ${quoteString(file)}, header 'false', delimiter '\\t')`,
    );
    await runner.execute(`CREATE TABLE ${t.name} USING parquet AS SELECT * FROM ${source}`);
    await runner.execute(`DROP TABLE ${source}`);
  }
}
