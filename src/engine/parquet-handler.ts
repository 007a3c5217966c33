import fs from 'node:fs/promises';
import type { DeltaWarning } from '../delta/log-warnings.js';
import type { ParquetColumns, ParquetHandler, ReadRowsOptions } from '../delta/parquet-handler.js';
import { DEFAULT_SNAPSHOT_CACHE_TABLES, SnapshotCache } from '../delta/snapshot-cache.js';
import type { ObjectStore } from '../storage/object-store.js';
import type { StructType } from '../types/data-types.js';
import { IN_PROCESS_MAX_ROWS, parquetRowCount, parquetRowsInProcess } from './checkpoint-rows.js';
import { toDuckDBType } from './duckdb-types.js';
import type { EngineSession } from './engine-session.js';
import { InMemoryParquetColumns } from './parquet-leaf-columns.js';
import { readRowsPacked } from './parquet-rows-packed.js';
import { quoteIdentifier, quoteString } from './sql-text.js';
import { localCopyOf, ScratchFolder } from './temp-files.js';

/**
 * Files up to this size, and of at most IN_PROCESS_MAX_ROWS rows, are decoded in-process
 * (checkpoint-rows.ts); the others go to DuckDB, whose vectorized reader wins once the fixed cost of a
 * query is small beside the decoding (bench/snapshot.ts).
 */
export const IN_PROCESS_PARQUET_MAX_BYTES = 1024 * 1024;

export interface ParquetHandlerOptions {
  /** Decode files of at most this many bytes in-process; 0 sends every file to DuckDB. */
  readonly inProcessMaxBytes?: number;
  /** Latest snapshots kept for the session (snapshot-cache.ts); 0 turns the cache off. */
  readonly snapshotCacheTables?: number;
  /** Where the Delta layer's warnings go (ParquetHandler.onWarning); Node process warnings when absent. */
  readonly onWarning?: (warning: DeltaWarning) => void;
}

/**
 * The Delta layer's Parquet needs (checkpoints, sidecars) served by DuckDB, small files read in-process.
 * Rows travel as JSON both ways: DuckDB's to_json already renders a struct as an object and a MAP as an
 * object keyed by the map key, which is how the same action looks in a JSON commit (PROTOCOL.md
 * "Checkpoints": a checkpoint holds the actions' fields as Parquet columns).
 */
export class DuckDBParquetHandler implements ParquetHandler {
  readonly #inProcessMaxBytes: number;
  readonly snapshotCache: SnapshotCache | undefined;
  readonly onWarning: ((warning: DeltaWarning) => void) | undefined;

  constructor(
    private readonly session: EngineSession,
    options: ParquetHandlerOptions = {},
  ) {
    this.#inProcessMaxBytes = options.inProcessMaxBytes ?? IN_PROCESS_PARQUET_MAX_BYTES;
    const tables = options.snapshotCacheTables ?? DEFAULT_SNAPSHOT_CACHE_TABLES;
    this.snapshotCache = tables > 0 ? new SnapshotCache(tables) : undefined;
    this.onWarning = options.onWarning;
  }

  async readRows(
    store: ObjectStore,
    key: string,
    columns?: readonly string[],
    options: ReadRowsOptions = {},
  ): Promise<Record<string, unknown>[]> {
    if (this.#inProcessMaxBytes > 0) {
      const { size } = await store.head(key);
      if (size <= this.#inProcessMaxBytes) {
        const bytes = await store.get(key);
        if (parquetRowCount(bytes) <= IN_PROCESS_MAX_ROWS) {
          const rows = await parquetRowsInProcess(bytes, columns);
          return options.skipAllNull ? rows.filter((r) => Object.values(r).some((v) => v !== null)) : rows;
        }
      }
    }
    return this.readRowsWithDuckDB(store, key, columns, options);
  }

  /**
   * The whole file in memory, its leaf columns decoded when asked (parquet-leaf-columns.ts), whatever its
   * size: a checkpoint of 190 adds loads about 3x faster as columns than as rows (bench/snapshot.ts, the
   * 200-commit case), and one of 50,000 needs no DuckDB query at all.
   */
  async openColumns(store: ObjectStore, key: string): Promise<ParquetColumns> {
    return new InMemoryParquetColumns(await store.get(key));
  }

  private async readRowsWithDuckDB(
    store: ObjectStore,
    key: string,
    columns: readonly string[] | undefined,
    options: ReadRowsOptions,
  ): Promise<Record<string, unknown>[]> {
    const scratch = new ScratchFolder();
    try {
      const file = await localCopyOf(store, key, scratch);
      return await this.session.withConnection(async (c) => {
        const source = `read_parquet(${quoteString(file)})`;
        const probe = await c.run(`SELECT * FROM ${source} LIMIT 0`);
        const present = probe.columnNames();
        const types = probe.columnTypes();
        const wanted = columns ?? present;
        const lowerPresent = new Set(present.map((n) => n.toLowerCase()));
        const selected = wanted.filter((n) => lowerPresent.has(n.toLowerCase()));
        const missing = wanted.filter((n) => !lowerPresent.has(n.toLowerCase()));
        // The columns as the file spells them, whatever the case asked for (as to_json of the row names them).
        const wantedLower = new Set(selected.map((n) => n.toLowerCase()));
        const packedColumns = present.flatMap((name, i) =>
          wantedLower.has(name.toLowerCase()) ? [{ name, type: types[i]! }] : [],
        );
        // A checkpoint lacks columns for actions its writer never wrote (e.g. no `sidecar`): those read as null.
        // DuckDB filters the rows that hold nothing read (a checkpoint's adds when its other actions are read).
        const where =
          options.skipAllNull && selected.length > 0
            ? ` WHERE ${selected.map((n) => `${quoteIdentifier(n)} IS NOT NULL`).join(' OR ')}`
            : '';
        const rows = selected.length > 0 ? await readRowsPacked(c, source + where, packedColumns) : undefined;
        if (rows) {
          for (const row of rows) for (const name of missing) row[name] = null;
          return rows;
        }
        const projection = selected.length === 0 ? '1 AS "__none"' : selected.map(quoteIdentifier).join(', ');
        const reader = await c.runAndReadAll(
          `SELECT to_json(t) AS j FROM (SELECT ${projection} FROM ${source}${where}) t`,
        );
        return (reader.getColumns()[0] ?? []).map((j) => {
          const row = JSON.parse(j as string) as Record<string, unknown>;
          if (selected.length === 0) delete row.__none;
          for (const name of missing) row[name] = null;
          return row;
        });
      });
    } finally {
      await scratch.remove();
    }
  }

  async writeRows(
    store: ObjectStore,
    key: string,
    schema: StructType,
    rows: readonly Record<string, unknown>[],
  ): Promise<{ size: number }> {
    // Written in scratch and published with `put`, never by DuckDB under the key itself: a COPY killed or
    // failing half-way would leave a torn checkpoint that readers list as complete (issue 13's bricked tables).
    const scratch = new ScratchFolder();
    try {
      const target = await scratch.file('.parquet');
      const select = await this.rowsAsSelect(schema, rows, scratch);
      await this.session.withConnection((c) =>
        c.run(`COPY (${select}) TO ${quoteString(target)} (FORMAT parquet, COMPRESSION snappy)`),
      );
      const bytes = await fs.readFile(target);
      await store.put(key, bytes);
      return { size: bytes.byteLength };
    } finally {
      await scratch.remove();
    }
  }

  /** A SELECT producing `rows` with exactly `schema`'s columns and types, read from a scratch NDJSON file. */
  private async rowsAsSelect(
    schema: StructType,
    rows: readonly Record<string, unknown>[],
    scratch: ScratchFolder,
  ): Promise<string> {
    const typed = schema.fields.map(
      (f) => `CAST(NULL AS ${toDuckDBType(f.type)}) AS ${quoteIdentifier(f.name)}`,
    );
    if (rows.length === 0) return `SELECT ${typed.join(', ')} WHERE false`;
    const ndjson = await scratch.file('.ndjson');
    const lines = rows.map((r) => JSON.stringify(r, bigintAsNumber));
    await fs.writeFile(ndjson, `${lines.join('\n')}\n`);
    // read_json's buffer is sized by maximum_object_size (default 16 MB): big enough for the longest row only.
    const longest = lines.reduce((m, l) => Math.max(m, Buffer.byteLength(l)), 0);
    const maxObjectSize = Math.max(16 * 1024 * 1024, longest + 1);
    const columns = schema.fields.map((f) => `${quoteString(f.name)}: ${quoteString(toDuckDBType(f.type))}`);
    const names = schema.fields.map((f) => quoteIdentifier(f.name)).join(', ');
    return `SELECT ${names} FROM read_json(${quoteString(ndjson)}, format = 'newline_delimited', columns = {${columns.join(', ')}}, maximum_object_size = ${maxObjectSize})`;
  }
}

/** Checkpoint rows are JSON-compatible; a stray bigint (a long from elsewhere) is written as its number. */
function bigintAsNumber(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? Number(value) : value;
}
