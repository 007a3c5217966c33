/**
 * Readers that stand in for lakesql in the runner's tests: an oracle that serves the expected outcome
 * itself (every checkable case must pass), and a wrong reader that damages it in one named way (the cases
 * that can see the damage must fail). Together they show the runner tells right from wrong.
 */
import { join } from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { LakesqlError } from '../../errors/index.js';
import { struct } from '../../types/data-types.js';
import { canonicalRowsSql } from './canonical-literal.js';
import { loadExpected } from './expected.js';
import { loadManifest, type ManifestEntry } from './manifest.js';
import type { DeltaTableUnderTest, OpenedTable, TableScan } from './table-reader.js';
import { prepareConnection } from './value-encoding.js';

const noRelease = async () => {};

export class OracleTableReader implements DeltaTableUnderTest {
  private constructor(
    private readonly instance: DuckDBInstance,
    readonly connection: DuckDBConnection,
    private readonly conformanceDir: string,
    private readonly entries: readonly ManifestEntry[],
  ) {}

  static async create(conformanceDir: string): Promise<OracleTableReader> {
    const instance = await DuckDBInstance.create(':memory:', {
      autoinstall_known_extensions: 'false',
      autoload_known_extensions: 'false',
    });
    const connection = await instance.connect();
    await prepareConnection(connection);
    return new OracleTableReader(instance, connection, conformanceDir, await loadManifest(conformanceDir));
  }

  async open(tableDir: string): Promise<OpenedTable> {
    const entry = this.entries.find((e) => join(this.conformanceDir, e.tablePath) === tableDir);
    if (!entry) throw new Error(`oracle: ${tableDir} is not in MANIFEST.json`);
    const expected = await loadExpected(entry, this.conformanceDir);
    switch (expected.kind) {
      case 'error':
        throw new LakesqlError('DELTA_MISSING_DELTA_TABLE', { path: tableDir });
      case 'unverifiable':
        throw new Error(`oracle: ${entry.id} has no checkable outcome`);
      case 'activeFiles':
        return {
          version: expected.version,
          activeFilePaths: expected.paths,
          schema: struct([]),
          scan: () => Promise.reject(new Error('oracle: a log-only table has no rows')),
          release: noRelease,
        };
      case 'rows': {
        const rows = expected.rows;
        const sql = rows.kind === 'query' ? rows.sql : canonicalRowsSql(expected.schema, rows.rows);
        return {
          version: expected.version ?? entry.version ?? 0,
          activeFilePaths: expected.activeFiles ?? [],
          schema: expected.schema,
          scan: async () => ({ sql, release: noRelease }),
          release: noRelease,
        };
      }
      default:
        return expected satisfies never;
    }
  }

  async close(): Promise<void> {
    this.connection.closeSync();
    this.instance.closeSync();
  }
}

/** The one way a WrongTableReader damages the oracle's answer. */
export type Damage =
  | 'drop-first-row'
  | 'duplicate-first-row'
  | 'version-off-by-one'
  | 'extra-active-file'
  | 'opens-must-fail-tables'
  | 'plain-errors';

export class WrongTableReader implements DeltaTableUnderTest {
  constructor(
    private readonly oracle: OracleTableReader,
    private readonly damage: Damage,
  ) {}

  get connection(): DuckDBConnection {
    return this.oracle.connection;
  }

  async open(tableDir: string): Promise<OpenedTable> {
    const damage = this.damage;
    if (damage === 'plain-errors') throw new TypeError('stand-in bug');
    let table: OpenedTable;
    try {
      table = await this.oracle.open(tableDir);
    } catch (e) {
      if (damage !== 'opens-must-fail-tables') throw e;
      return { version: 0, activeFilePaths: [], schema: struct([]), scan: emptyScan, release: noRelease };
    }
    switch (damage) {
      case 'version-off-by-one':
        return { ...table, version: table.version + 1 };
      case 'extra-active-file':
        return { ...table, activeFilePaths: [...table.activeFilePaths, 'part-bogus.parquet'] };
      case 'drop-first-row':
        return { ...table, scan: () => rewrite(table, (sql) => `SELECT * FROM (${sql}) OFFSET 1`) };
      case 'duplicate-first-row':
        return {
          ...table,
          scan: () =>
            rewrite(table, (sql) => `(SELECT * FROM (${sql})) UNION ALL (SELECT * FROM (${sql}) LIMIT 1)`),
        };
      case 'opens-must-fail-tables':
        return table;
      default:
        return damage satisfies never;
    }
  }

  async close(): Promise<void> {
    await this.oracle.close();
  }
}

async function emptyScan(): Promise<TableScan> {
  return { sql: 'SELECT 1 AS "x" WHERE false', release: noRelease };
}

async function rewrite(table: OpenedTable, f: (sql: string) => string): Promise<TableScan> {
  const scan = await table.scan();
  return { sql: f(scan.sql), release: () => scan.release() };
}
