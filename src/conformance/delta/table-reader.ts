/**
 * The one place the conformance runner calls lakesql's own reading code. The runner sees only
 * `DeltaTableUnderTest`, so tests can hand it stand-ins (stand-in-readers.ts) that prove it tells right
 * from wrong.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { loadSnapshot } from '../../delta/snapshot.js';
import { EngineSession } from '../../engine/engine-session.js';
import { DuckDBParquetHandler } from '../../engine/parquet-handler.js';
import { scanRelation } from '../../engine/snapshot-scan.js';
import { LocalObjectStore } from '../../storage/local-store.js';
import type { StructType } from '../../types/data-types.js';

/** A DuckDB query producing the table's logical rows (columns named by logical name), valid until released. */
export interface TableScan {
  readonly sql: string;
  release(): Promise<void>;
}

export interface OpenedTable {
  readonly version: number;
  /** `add.path` of every active file, exactly as the log writes it (still URI-encoded). */
  readonly activeFilePaths: readonly string[];
  readonly schema: StructType;
  /**
   * The scan of every row. Separate from opening because log-only tables have no data files: their
   * version and active files are checkable, their rows are not.
   */
  scan(): Promise<TableScan>;
  release(): Promise<void>;
}

export interface DeltaTableUnderTest {
  /** The connection every `TableScan.sql` runs on; the runner encodes expected rows on it too. */
  readonly connection: DuckDBConnection;
  /** Opens the latest snapshot of the table rooted at the local folder `tableDir`. */
  open(tableDir: string): Promise<OpenedTable>;
  close(): Promise<void>;
}

/** lakesql's reader: `loadSnapshot` over a LocalObjectStore, rows through the engine's snapshot scan. */
export class LakesqlTableReader implements DeltaTableUnderTest {
  private constructor(
    private readonly session: EngineSession,
    readonly connection: DuckDBConnection,
  ) {}

  static async create(): Promise<LakesqlTableReader> {
    const session = await EngineSession.create({ timeZone: 'UTC' });
    return new LakesqlTableReader(session, await session.connect());
  }

  async open(tableDir: string): Promise<OpenedTable> {
    const store = new LocalObjectStore(tableDir);
    const snapshot = await loadSnapshot(store, new DuckDBParquetHandler(this.session));
    const session = this.session;
    return {
      version: snapshot.version,
      activeFilePaths: snapshot.activeFiles().map((f) => f.path),
      // A getter: log-only cases (no schemaString, types lakesql cannot represent) never ask for it.
      get schema(): StructType {
        return snapshot.schema;
      },
      async scan(): Promise<TableScan> {
        return scanRelation(session, store, snapshot.scanPlan());
      },
      release: async () => {},
    };
  }

  async close(): Promise<void> {
    this.connection.closeSync();
    this.session.close();
  }
}
