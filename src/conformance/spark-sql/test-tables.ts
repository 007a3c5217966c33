/**
 * The PostgreSQL regression tables Spark's golden runner creates before any file runs
 * (SQLQueryTestSuite.createTestTables): `aggtest`, `onek` and `tenk1`, read from the tab-separated files in
 * `<dir>/data/postgresql` with an explicit schema and written as Parquet tables (see that folder's README).
 * Each golden file here runs in a warehouse of its own, so the tables are made for the files that name them.
 */
import { access } from 'node:fs/promises';
import path from 'node:path';
import { quoteString } from '../../engine/sql-text.js';
import type { SqlStatementRunner } from './sql-session.js';

const TENK_COLUMNS =
  'unique1 int, unique2 int, two int, four int, ten int, twenty int, hundred int, thousand int, twothousand int, fivethous int, tenthous int, odd int, even int, stringu1 string, stringu2 string, string4 string';

const TEST_TABLES: readonly { readonly name: string; readonly file: string; readonly columns: string }[] = [
  { name: 'aggtest', file: 'agg.data', columns: 'a int, b float' },
  { name: 'onek', file: 'onek.data', columns: TENK_COLUMNS },
  { name: 'tenk1', file: 'tenk.data', columns: TENK_COLUMNS },
];

/** Creates the test tables that `statements` name, when the conformance folder has their data. */
export async function createTestTables(
  runner: SqlStatementRunner,
  dir: string,
  statements: readonly string[],
): Promise<void> {
  const text = statements.join('\n');
  for (const t of TEST_TABLES) {
    if (!new RegExp(`\\b${t.name}\\b`, 'i').test(text)) continue;
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
