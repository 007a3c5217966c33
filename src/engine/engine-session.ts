import os from 'node:os';
import path from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { byteStringAsBytes } from '../delta/byte-string.js';
import { LakesqlError } from '../errors/index.js';
import { DUCKDB_SPILL_PREFIX, deleteAbandonedScratchOnce } from './abandoned-scratch.js';
import { nameDamagedFile } from './damaged-file-probe.js';
import { translateDuckDBError } from './duckdb-error.js';
import { duckdbTimeZone } from './duckdb-time-zone.js';
import { IdleConnections } from './idle-connections.js';
import { quoteIdentifier, quoteString } from './sql-text.js';
import { registerSparkUdfs } from './udfs/register-spark-udfs.js';
import { type UserFunctionUdf, userFunctionScalar } from './udfs/user-function-udf.js';

export interface EngineSessionOptions {
  /** DuckDB's buffer memory limit (FINDINGS: below 1GB large GROUP BYs fail). Default '1GB'. */
  readonly memoryLimit?: string;
  readonly threads?: number;
  /** Where DuckDB spills; default `<os.tmpdir()>/lakesql-duckdb-<pid>`. */
  readonly tempDirectory?: string;
  /** The session time zone (Spark's spark.sql.session.timeZone); default 'UTC'. */
  readonly timeZone?: string;
}

/**
 * One DuckDB instance per lakesql session, configured once. Nothing reaches for the network (extension
 * autoload is off: parquet, json and icu are built in), nulls sort the way Spark sorts them, and the
 * session time zone is fixed up front so that TIMESTAMPTZ text and casts are deterministic.
 */
export class EngineSession {
  private readonly instance: DuckDBInstance;
  private readonly main: DuckDBConnection;
  private closed = false;
  private counter = 0;
  /** Connections withConnection has open, so that interrupt() can reach a running statement. */
  private readonly active = new Set<DuckDBConnection>();
  /** Connections withQueryConnection keeps between queries (idle-connections.ts). */
  private readonly idle = new IdleConnections();
  readonly timeZone: string;
  /**
   * DuckDB's memory limit in bytes (undefined when it is not a plain size, e.g. a percentage). DuckDB does not
   * count a list or string a scalar function builds against it, so the value builders bound their size by it.
   */
  private memoryLimit: number | undefined;

  private constructor(
    instance: DuckDBInstance,
    main: DuckDBConnection,
    timeZone: string,
    memoryLimit: string,
  ) {
    this.instance = instance;
    this.main = main;
    this.timeZone = timeZone;
    this.memoryLimit = byteStringAsBytes(memoryLimit);
  }

  get memoryLimitBytes(): number | undefined {
    return this.memoryLimit;
  }

  /** Sets DuckDB's memory limit (`512MB`, `4GB`), as lakesql.engine.memoryLimit. */
  async setMemoryLimit(size: string): Promise<void> {
    await this.run(`SET GLOBAL memory_limit = ${quoteString(size.trim())}`);
    this.memoryLimit = byteStringAsBytes(size);
  }

  static async create(options: EngineSessionOptions = {}): Promise<EngineSession> {
    await deleteAbandonedScratchOnce();
    const memoryLimit = options.memoryLimit ?? '1GB';
    const config: Record<string, string> = {
      autoinstall_known_extensions: 'false',
      autoload_known_extensions: 'false',
      memory_limit: memoryLimit,
      temp_directory: options.tempDirectory ?? path.join(os.tmpdir(), `${DUCKDB_SPILL_PREFIX}${process.pid}`),
      default_null_order: 'nulls_first_on_asc_last_on_desc',
    };
    if (options.threads !== undefined) config.threads = String(options.threads);
    const instance = await DuckDBInstance.create(':memory:', config);
    const main = await instance.connect();
    const timeZone = options.timeZone ?? 'UTC';
    // TimeZone belongs to the built-in icu extension, which registers it after the instance starts, so it
    // cannot go in the create() options; SET GLOBAL makes it the default of every later connection.
    await setDuckdbTimeZone(main, timeZone).catch((e: unknown) => {
      main.closeSync();
      instance.closeSync();
      throw new LakesqlError(
        'INVALID_CONF_VALUE.TIME_ZONE',
        { confValue: timeZone, confName: 'spark.sql.session.timeZone' },
        { cause: e },
      );
    });
    // Scalar UDFs live in the database's catalog, so registering once serves every connection.
    registerSparkUdfs(main);
    // try_* functions compile the ANSI form with every error() call swapped for this: NULL instead of an error.
    await main.run('CREATE OR REPLACE MACRO lakesql_null_instead_of_error(message) AS NULL');
    return new EngineSession(instance, main, timeZone, memoryLimit);
  }

  /** A new connection to the session's database (temp tables are per connection; plain tables are shared). */
  async connect(): Promise<DuckDBConnection> {
    this.assertOpen();
    return this.instance.connect();
  }

  /** Follows the session time zone (a Spark zone id); throws a RangeError for a zone java.time refuses. */
  async setTimeZone(sparkZoneId: string): Promise<void> {
    this.assertOpen();
    await setDuckdbTimeZone(this.main, sparkZoneId);
  }

  /** Runs a statement on the session's own connection, discarding any result. */
  async run(sql: string): Promise<void> {
    this.assertOpen();
    try {
      await this.main.run(sql);
    } catch (e) {
      throw await nameDamagedFile(translateDuckDBError(e, sql), sql, this.main);
    }
  }

  /**
   * Runs a statement that reports how many rows it wrote (CREATE TABLE … AS, INSERT, COPY) and returns that
   * count: a caller that needs it saves a count(*) statement of its own.
   */
  async runCounting(sql: string): Promise<number> {
    this.assertOpen();
    try {
      const reader = await this.main.runAndReadAll(sql);
      return Number(reader.getRows()[0]?.[0] ?? 0);
    } catch (e) {
      throw await nameDamagedFile(translateDuckDBError(e, sql), sql, this.main);
    }
  }

  /** Runs a query and returns its rows as objects of JS values; for small results and tests only. */
  async all(sql: string): Promise<Record<string, unknown>[]> {
    this.assertOpen();
    try {
      const reader = await this.main.runAndReadAll(sql);
      return reader.getRowObjectsJS() as Record<string, unknown>[];
    } catch (e) {
      throw await nameDamagedFile(translateDuckDBError(e, sql), sql, this.main);
    }
  }

  /**
   * Runs `fn` on a fresh connection and closes it afterwards; DuckDB errors are translated. Each adapter
   * operation gets its own connection so that concurrent operations never share one.
   */
  async withConnection<T>(fn: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
    const connection = await this.connect();
    this.active.add(connection);
    try {
      return await fn(connection);
    } catch (e) {
      throw translateDuckDBError(e);
    } finally {
      this.active.delete(connection);
      connection.closeSync();
    }
  }

  /**
   * As withConnection, for a single query that leaves no state on its connection (no temp table, no SET,
   * no open transaction): the connection is one kept from an earlier query when there is one, and is kept
   * again afterwards unless the query failed.
   */
  async withQueryConnection<T>(fn: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
    this.assertOpen();
    const connection = this.idle.take() ?? (await this.instance.connect());
    this.active.add(connection);
    let failed = true;
    try {
      const result = await fn(connection);
      failed = false;
      return result;
    } catch (e) {
      throw translateDuckDBError(e);
    } finally {
      this.active.delete(connection);
      if (failed || this.closed) connection.closeSync();
      else this.idle.giveBack(connection);
    }
  }

  /**
   * Drops scratch tables (EngineSession.uniqueName's), all in one statement, on a connection of their own:
   * a statement's clean-up can then run while its commit is written instead of after it.
   */
  async dropTables(tables: readonly string[]): Promise<void> {
    if (tables.length === 0) return;
    await this.withConnection((c) =>
      c.run(tables.map((t) => `DROP TABLE IF EXISTS ${quoteIdentifier(t)};`).join(' ')),
    );
  }

  /** Interrupts whatever runs on the session's connections (the REPL's Ctrl-C); DuckDB then fails it. */
  interrupt(): void {
    if (this.closed) return;
    this.main.interrupt();
    for (const connection of this.active) connection.interrupt();
  }

  /**
   * Registers a session's JavaScript function (user-function-udf.ts) in the database's catalog, where every
   * connection sees it; `udf.engineName` must be unique (uniqueName).
   */
  registerUserFunction(udf: UserFunctionUdf): void {
    this.assertOpen();
    this.main.registerScalarFunction(userFunctionScalar(udf));
  }

  /** A name unique within this session, for the adapter's scratch tables and files. */
  uniqueName(prefix: string): string {
    this.counter += 1;
    return `${prefix}_${process.pid}_${this.counter}`;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.idle.close();
    this.main.closeSync();
    this.instance.closeSync();
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('EngineSession is closed');
  }
}

/** Makes a Spark zone id the default zone of every later connection (duckdb-time-zone.ts). */
async function setDuckdbTimeZone(connection: DuckDBConnection, sparkZoneId: string): Promise<void> {
  await connection.run(`SET GLOBAL TimeZone = ${quoteSettingValue(duckdbTimeZone(sparkZoneId))}`);
}

function quoteSettingValue(v: string): string {
  return `'${v.replaceAll("'", "''")}'`;
}
