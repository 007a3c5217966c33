import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELTA_CONFORMANCE_DIR } from '../conformance/data-dirs.js';
import { LocalObjectStore } from '../storage/local-store.js';
import { toDuckDBType } from './duckdb-types.js';
import { EngineSession } from './engine-session.js';
import { scanRelation } from './snapshot-scan.js';
import { quoteIdentifier, quoteString } from './sql-text.js';
import { scanPlanFromJsonLog } from './testing/json-log-scan-plan.js';

const CONFORMANCE = DELTA_CONFORMANCE_DIR;

let session: EngineSession;
beforeAll(async () => {
  session = await EngineSession.create();
});
afterAll(() => session.close());

/** The scan's rows in the expected.json encoding (DuckDB's JSON values), sorted as the README says. */
async function scanRowsJson(table: string): Promise<unknown[][]> {
  const dir = path.join(CONFORMANCE, table, 'delta');
  const relation = await scanRelation(session, new LocalObjectStore(dir), scanPlanFromJsonLog(dir));
  try {
    return await session.withConnection(async (c) =>
      (await c.runAndReadAll(`SELECT * FROM (${relation.sql}) ORDER BY ALL NULLS FIRST`)).getRowsJson(),
    );
  } finally {
    await relation.release();
  }
}

describe('scanRelation on Spark-written tables with expected.json', () => {
  it.each([
    'kernel-rs/table-with-dv-small',
    'kernel-rs/type-widening',
    'delta-golden/type-widening-nested',
    'kernel-rs/partition_cm-id',
    'delta-rs/table_with_partitioning_mapping',
    'kernel-rs/cdf-table-with-dv',
  ])('%s', async (table) => {
    const expected = JSON.parse(fs.readFileSync(path.join(CONFORMANCE, table, 'expected.json'), 'utf8'));
    expect(await scanRowsJson(table)).toEqual(expected.rows);
  });
});

describe('scanRelation on golden tables with Spark-written expected parquet', () => {
  // data-reader-partition-values was written with session time zone America/Los_Angeles, and Spark wrote
  // its zoneless timestamp partition values in that zone (README, "Timestamp partition values").
  it.each([
    ['golden/table-with-columnmapping-mode-name', 'UTC'],
    ['golden/table-with-columnmapping-mode-id', 'UTC'],
    ['golden/time-travel-schema-changes-b', 'UTC'],
    ['golden/data-reader-escaped-chars', 'UTC'],
    ['golden/data-reader-timestamp_ntz-id-mode', 'UTC'],
    ['golden/data-reader-partition-values', 'America/Los_Angeles'],
  ])('%s', async (table, timeZone) => {
    const dir = path.join(CONFORMANCE, table, 'delta');
    const plan = scanPlanFromJsonLog(dir, { timeZone });
    const relation = await scanRelation(session, new LocalObjectStore(dir), plan);
    try {
      const expectedFiles = fs
        .readdirSync(path.join(CONFORMANCE, table, 'expected'))
        .filter((f) => f.endsWith('.parquet'))
        .map((f) => quoteString(path.join(CONFORMANCE, table, 'expected', f)));
      // Expected files use INT96 or micros timestamps: cast them to the table's types before comparing.
      const expectedColumns = plan.schema.fields
        .map(
          (f) => `CAST(${quoteIdentifier(f.name)} AS ${toDuckDBType(f.type)}) AS ${quoteIdentifier(f.name)}`,
        )
        .join(', ');
      const expectedSql = `SELECT ${expectedColumns} FROM read_parquet([${expectedFiles.join(', ')}])`;
      const rows = async (sql: string) =>
        session.withConnection(async (c) =>
          (await c.runAndReadAll(`SELECT * FROM (${sql}) ORDER BY ALL NULLS FIRST`)).getRowsJson(),
        );
      const actual = await rows(relation.sql);
      expect(actual.length).toBeGreaterThan(0);
      expect(actual).toEqual(await rows(expectedSql));
    } finally {
      await relation.release();
    }
  });
});
