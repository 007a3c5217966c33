/**
 * The entry point of the TypeScript API: one session owns one DuckDB instance (the engine), the Parquet
 * handler the Delta layer uses, and the configuration (Spark's keys where one exists).
 */

import path from 'node:path';
import { EngineSession } from '../engine/engine-session.js';
import { DuckDBParquetHandler } from '../engine/parquet-handler.js';
import { LakesqlError, withStatement } from '../errors/index.js';
import { checkConf } from '../exec/conf/check-conf.js';
import { SqlSession } from '../exec/session/sql-session.js';
import { freshAlias, openFrame, parseColumnName, queryFrame } from '../sql/ast/frame.js';
import { tableRelation } from '../sql/ast/node-builders.js';
import { type ParameterArguments, parseStatementWithArguments } from '../sql/bind-parameters.js';
import { storeForUrl } from '../storage/store-for-url.js';
import { resolveUserPath } from '../storage/user-path.js';
import { StreamingViews } from '../streaming/analysis/streaming-views.js';
import type { StreamSession } from '../streaming/sources/stream-session.js';
import { field, struct } from '../types/data-types.js';
import { CatalogApi } from './catalog-api.js';
import { type ColumnOrLiteral, toExpr } from './column.js';
import { RuntimeConfig } from './conf-api.js';
import {
  createDataFrameFrame,
  emptyFrame,
  type InputRow,
  type SchemaLike,
} from './dataframe/create-dataframe.js';
import { DataFrame } from './dataframe/dataframe.js';
import { DataFrameReader } from './dataframe/reader.js';
import { streamingSqlFrame } from './dataframe/streaming-sql-frame.js';
import { DeltaTablePath } from './delta-table.js';
import { resultDataFrame } from './delta-tables/result-frame.js';
import { forgetActiveSession, SessionBuilder } from './session-builder.js';
import { DataStreamReader } from './streaming/data-stream-reader.js';
import { StreamingQueryManager } from './streaming/streaming-query-manager.js';
import { UDFRegistration } from './udf-registration.js';

export const DEFAULT_WAREHOUSE = './lakesql-warehouse';

export interface LakeSessionOptions {
  /** `spark.sql.warehouse.dir`; default `./lakesql-warehouse`. */
  readonly warehouse?: string;
  readonly conf?: Readonly<Record<string, string>>;
  /** Where show(), printSchema() and explain() write; process.stdout by default. */
  readonly output?: (text: string) => void;
}

export class LakeSession {
  /** spark.conf: the session configuration (Spark's keys), shared with SQL statements. */
  readonly conf: RuntimeConfig;

  /** spark.catalog: databases, tables and temp views. */
  readonly catalog: CatalogApi;

  /** Statement execution, the catalog and temp views: what `sql()` and the DataFrame API run on. */
  readonly sqlSession: SqlSession;

  /** spark.udf: JavaScript functions callable from this session's SQL and DataFrames. */
  readonly udf: UDFRegistration;

  private constructor(
    readonly engine: EngineSession,
    readonly parquet: DuckDBParquetHandler,
    conf: Map<string, string>,
    private readonly output: (text: string) => void,
  ) {
    this.sqlSession = new SqlSession(engine, parquet, conf.get('spark.sql.warehouse.dir')!, conf);
    this.conf = new RuntimeConfig(this.sqlSession);
    this.catalog = new CatalogApi(this.sqlSession.catalog);
    this.udf = new UDFRegistration(this.sqlSession);
    this.streamingViews = new StreamingViews(this.sqlSession);
    this.streamSession = {
      sqlSession: this.sqlSession,
      inferFileSchema: async (format, options, paths) => {
        let reader = this.read.format(format);
        for (const [k, v] of options) reader = reader.option(k, v);
        const inferred = await (await reader.load(paths)).schema();
        return struct(inferred.fields.map((f) => field(f.name, f.dataType.type, f.nullable)));
      },
    };
  }

  /** SparkSession.builder: `LakeSession.builder().config(k, v).getOrCreate()`. */
  static builder(): SessionBuilder {
    return new SessionBuilder();
  }

  static async create(options: LakeSessionOptions = {}): Promise<LakeSession> {
    const conf = new Map(Object.entries(options.conf ?? {}));
    conf.set(
      'spark.sql.warehouse.dir',
      path.resolve(options.warehouse ?? conf.get('spark.sql.warehouse.dir') ?? DEFAULT_WAREHOUSE),
    );
    checkConf(conf); // before the engine, which would fail on a bad memory limit with DuckDB's own text
    const engine = await EngineSession.create({
      timeZone: conf.get('spark.sql.session.timeZone') ?? 'UTC',
      ...(conf.has('lakesql.engine.memoryLimit')
        ? { memoryLimit: conf.get('lakesql.engine.memoryLimit')! }
        : {}),
    });
    const output = options.output ?? ((text: string) => void process.stdout.write(text));
    return new LakeSession(engine, new DuckDBParquetHandler(engine), conf, output);
  }

  get warehouseDir(): string {
    return this.conf.get('spark.sql.warehouse.dir')!;
  }

  /** Writes text where show(), printSchema() and explain() print. */
  write(text: string): void {
    this.output(text);
  }

  /**
   * spark.sql(text): one statement. A query is analyzed now (a missing table or column fails here, as in
   * PySpark) and becomes a lazily evaluated DataFrame; any other statement runs now, and the DataFrame holds
   * its result rows (SHOW …, DESCRIBE …, DML metrics) or nothing (DDL).
   */
  /**
   * spark.sql(sqlQuery, args): `args` binds the statement's parameter markers, an object's entries to `:name`
   * markers, an array's items to `?` markers in order; each a JS value (as `lit()` types it) or a Column
   * (e.g. `array(…)`, `map(…)`, `struct(…)`).
   */
  async sql(text: string, args?: SqlArguments): Promise<DataFrame> {
    const stmt = parseStatementWithArguments(text, sqlArguments(args), this.sqlSession.parseOptions);
    const alias = freshAlias();
    if (stmt.kind === 'queryStatement') {
      const analyzed = await this.sqlSession.checkQuery(stmt.query).catch((e: unknown) => {
        throw withStatement(e, text);
      });
      const views = await this.streamingViews.current();
      const streaming = views.size > 0 && (await streamingSqlFrame(this, stmt.query, alias, views));
      if (streaming) return streaming;
      return new DataFrame(this, () => queryFrame(stmt.query), alias).keepAnalysis(analyzed);
    }
    // An INTERNAL_ERROR names the statement, as from a script (exec/session/sql-session.ts).
    const result = await this.sqlSession.executeStatement(stmt).catch((e: unknown) => {
      throw withStatement(e, text);
    });
    return resultDataFrame(this, result);
  }

  /** spark.read: a DataFrameReader for CSV, JSON, Parquet and text files (a fresh one per use, as in PySpark). */
  get read(): DataFrameReader {
    return new DataFrameReader(this);
  }

  /** spark.streams: the session's active streaming queries and their listeners. */
  readonly streams = new StreamingQueryManager();

  /**
   * Temp views over streaming DataFrames, which make spark.sql() over them a stream
   * (streaming/analysis/streaming-views.ts).
   */
  readonly streamingViews: StreamingViews<DataFrame>;

  /**
   * @internal What the streams this session reads ask of it (streaming/sources/stream-session.ts): its SQL
   * session, and the batch reader's schema inference.
   */
  readonly streamSession: StreamSession;

  /** spark.readStream: a DataStreamReader for file sources (api/streaming). */
  get readStream(): DataStreamReader {
    return new DataStreamReader(this);
  }

  /** spark.table(name): a table or view (`t`, `db.t`, `delta.\`/path\``); fails now when it does not exist. */
  async table(name: string): Promise<DataFrame> {
    const parts = parseColumnName(name);
    await this.sqlSession.relations.resolveTable(parts);
    const alias = freshAlias();
    return new DataFrame(this, () => openFrame(tableRelation(parts, alias)), alias);
  }

  /** spark.range(end) or range(start, end, step = 1): one bigint column `id`. */
  range(start: number | bigint, end?: number | bigint, step: number | bigint = 1): DataFrame {
    const [from, to] = end === undefined ? [0n, BigInt(start)] : [BigInt(start), BigInt(end)];
    if (BigInt(step) === 0n) {
      throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: 'range() with step 0' });
    }
    const alias = freshAlias();
    const arg = (n: bigint) =>
      ({ kind: 'literal', value: { type: 'bigint', value: n }, span: { start: 0, end: 0 } }) as const;
    return new DataFrame(
      this,
      () =>
        openFrame({
          kind: 'tableFunction',
          name: { kind: 'objectName', parts: ['range'], span: { start: 0, end: 0 } },
          args: [arg(from), arg(to), arg(BigInt(step))],
          lateral: false,
          alias: { name: alias, columns: [] },
          span: { start: 0, end: 0 },
        }),
      alias,
    );
  }

  /** spark.createDataFrame(rows, schema): rows as arrays or objects; schema as DDL, StructType or names. */
  createDataFrame(rows: readonly InputRow[], schema?: SchemaLike): DataFrame {
    const alias = freshAlias();
    const frame = createDataFrameFrame(rows, schema, alias);
    return new DataFrame(this, () => frame, alias);
  }

  /** A DataFrame with no columns and no rows (what DDL statements return). */
  emptyDataFrame(): DataFrame {
    return new DataFrame(this, emptyFrame, null);
  }

  /** spark.stop(): closes the engine and forgets the session as the active one of its warehouse. */
  stop(): void {
    forgetActiveSession(this);
    this.close();
  }

  /**
   * A Delta table at a path or URI (`/data/t`, `file:///data/t`, `memory://t`), existing or not yet, for rows
   * in and out (`write`, `read`, `snapshot`). delta-spark's API is `DeltaTable.forPath(spark, path)`.
   */
  deltaTable(location: string): DeltaTablePath {
    return new DeltaTablePath(this, storeForUrl(resolveUserPath(location, this.sqlSession)), location);
  }

  /** Runs a query on the engine and returns JS row objects (for small results). */
  async rows(sql: string): Promise<Record<string, unknown>[]> {
    return this.engine.all(sql);
  }

  close(): void {
    this.engine.close();
  }
}

/** The arguments of `spark.sql`: named (`:name` markers) or positional (`?` markers). */
export type SqlArguments = Readonly<Record<string, ColumnOrLiteral>> | readonly ColumnOrLiteral[];

function sqlArguments(args: SqlArguments | undefined): ParameterArguments | undefined {
  if (args === undefined) return undefined;
  if (Array.isArray(args)) return (args as readonly ColumnOrLiteral[]).map(toExpr);
  return new Map(Object.entries(args as Record<string, ColumnOrLiteral>).map(([k, v]) => [k, toExpr(v)]));
}
