/**
 * Actual rows (a DuckDB query) against expected rows, both in the canonical encoding. When the expected
 * rows are a query too (Spark's parquet, up to a million rows), rows with identical encoded text are
 * cancelled inside DuckDB with EXCEPT ALL, and only the leftovers reach the type-aware comparison.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import type { StructType } from '../../types/data-types.js';
import { compareRows, type RowComparison } from './compare.js';
import type { ExpectedRows } from './expected.js';
import { encodedRowsSql, readEncodedRows } from './value-encoding.js';

export async function diffRows(
  connection: DuckDBConnection,
  schema: StructType,
  actualSql: string,
  expected: ExpectedRows,
): Promise<RowComparison> {
  switch (expected.kind) {
    case 'values':
      return compareRows(schema, await readEncodedRows(connection, actualSql, schema), expected.rows);
    case 'query':
      return diffQueries(connection, schema, actualSql, expected.sql);
    default:
      return expected satisfies never;
  }
}

async function diffQueries(
  connection: DuckDBConnection,
  schema: StructType,
  actualSql: string,
  expectedSql: string,
): Promise<RowComparison> {
  if (schema.fields.length === 0) {
    return compareRows(
      schema,
      await readEncodedRows(connection, actualSql, schema),
      await readEncodedRows(connection, expectedSql, schema),
    );
  }
  await connection.run(
    `CREATE OR REPLACE TEMP TABLE "__conformance_e" AS ${encodedRowsSql(expectedSql, schema)}`,
  );
  try {
    await connection.run(
      `CREATE OR REPLACE TEMP TABLE "__conformance_a" AS ${encodedRowsSql(actualSql, schema)}`,
    );
    const reader = await connection.runAndReadAll(
      `SELECT 'e' AS "side", "row" FROM (SELECT "row" FROM "__conformance_e" EXCEPT ALL SELECT "row" FROM "__conformance_a") ` +
        `UNION ALL SELECT 'a', "row" FROM (SELECT "row" FROM "__conformance_a" EXCEPT ALL SELECT "row" FROM "__conformance_e") ` +
        `UNION ALL SELECT 'ne', CAST(count(*) AS VARCHAR) FROM "__conformance_e" ` +
        `UNION ALL SELECT 'na', CAST(count(*) AS VARCHAR) FROM "__conformance_a"`,
    );
    const [sides = [], rows = []] = reader.getColumns();
    const leftExpected: string[] = [];
    const leftActual: string[] = [];
    const totals = { actual: 0, expected: 0 };
    sides.forEach((side, i) => {
      const row = String(rows[i]);
      if (side === 'e') leftExpected.push(row);
      else if (side === 'a') leftActual.push(row);
      else if (side === 'ne') totals.expected = Number(row);
      else totals.actual = Number(row);
    });
    return compareRows(schema, leftActual, leftExpected, totals);
  } finally {
    await connection.run(`DROP TABLE IF EXISTS "__conformance_e"; DROP TABLE IF EXISTS "__conformance_a"`);
  }
}
