/**
 * The fixture both sides read: the TPC-H tables written by lakesql into Delta tables and registered in its
 * catalog, and a DuckDB connection of the same instance whose temp views read the very Parquet files of
 * each table's current snapshot (the Delta log's file list, not a directory listing).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { LakeSession } from '../../src/api/lake-session.js';
import { loadSnapshot } from '../../src/delta/snapshot.js';
import { quoteIdentifier, quoteString } from '../../src/engine/sql-text.js';
import { TPCH_SCHEMAS, tpchTableSql } from './tpch-data.js';

export interface TpchFixture {
  /** A connection of the session's DuckDB instance whose temp views `lineitem`, … read the tables' files. */
  readonly native: DuckDBConnection;
  /** Row and file counts per table, for the report. */
  readonly tables: Readonly<Record<string, { rows: number; files: number }>>;
  close(): void;
}

export async function createTpch(session: LakeSession, root: string, sf: number): Promise<TpchFixture> {
  const sources = tpchTableSql(sf);
  const native = await session.engine.connect();
  const tables: Record<string, { rows: number; files: number }> = {};
  try {
    for (const [name, schema] of Object.entries(TPCH_SCHEMAS)) {
      const location = path.join(root, name);
      const table = session.deltaTable(location);
      await table.writeQuery(sources[name]!, { schema, mode: 'overwrite' });
      await session.sql(`CREATE TABLE ${name} USING DELTA LOCATION ${quoteString(location)}`);
      const snapshot = await loadSnapshot(table.store, session.parquet);
      const files = snapshot
        .scanPlan()
        .files.map((f) => (f.isAbsolute ? fileURLToPath(f.location) : path.join(location, f.location)));
      const columns = schema.fields.map((f) => quoteIdentifier(f.name)).join(', ');
      await native.run(
        `CREATE OR REPLACE TEMP VIEW ${quoteIdentifier(name)} AS SELECT ${columns} ` +
          `FROM read_parquet([${files.map(quoteString).join(', ')}])`,
      );
      const rows = snapshot.activeFiles().reduce((n, add) => n + statsRows(add.stats), 0);
      tables[name] = { rows, files: files.length };
    }
  } catch (e) {
    native.closeSync();
    throw e;
  }
  return { native, tables, close: () => native.closeSync() };
}

function statsRows(stats: string | undefined | null): number {
  if (!stats) return 0;
  const n = (JSON.parse(stats) as { numRecords?: number }).numRecords;
  return typeof n === 'number' ? n : 0;
}
