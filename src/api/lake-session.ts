/**
 * The entry point of the TypeScript API: one session owns one DuckDB instance (the engine), the Parquet
 * handler the Delta layer uses, and the configuration (Spark's keys where one exists).
 */
import path from 'node:path';
import { EngineSession } from '../engine/engine-session.js';
import { DuckDBParquetHandler } from '../engine/parquet-handler.js';
import { SqlSession } from '../exec/session/sql-session.js';
import { storeForUrl } from '../storage/store-for-url.js';
import { DeltaTable } from './delta-table.js';

export const DEFAULT_WAREHOUSE = './lakesql-warehouse';

export interface LakeSessionOptions {
  /** `spark.sql.warehouse.dir`; default `./lakesql-warehouse`. */
  readonly warehouse?: string;
  readonly conf?: Readonly<Record<string, string>>;
}

export class LakeSession {
  readonly conf: Map<string, string>;

  /** Statement execution, the catalog and temp views: what `sql()` and the DataFrame API run on. */
  readonly sqlSession: SqlSession;

  private constructor(
    readonly engine: EngineSession,
    readonly parquet: DuckDBParquetHandler,
    conf: Map<string, string>,
  ) {
    this.conf = conf;
    this.sqlSession = new SqlSession(engine, parquet, conf.get('spark.sql.warehouse.dir')!, conf);
  }

  static async create(options: LakeSessionOptions = {}): Promise<LakeSession> {
    const conf = new Map(Object.entries(options.conf ?? {}));
    conf.set(
      'spark.sql.warehouse.dir',
      path.resolve(options.warehouse ?? conf.get('spark.sql.warehouse.dir') ?? DEFAULT_WAREHOUSE),
    );
    const engine = await EngineSession.create({
      timeZone: conf.get('spark.sql.session.timeZone') ?? 'UTC',
      ...(conf.has('lakesql.engine.memoryLimit')
        ? { memoryLimit: conf.get('lakesql.engine.memoryLimit')! }
        : {}),
    });
    return new LakeSession(engine, new DuckDBParquetHandler(engine), conf);
  }

  get warehouseDir(): string {
    return this.conf.get('spark.sql.warehouse.dir')!;
  }

  /** A Delta table at a path or URI (`/data/t`, `file:///data/t`, `memory://t`), existing or not yet. */
  deltaTable(location: string): DeltaTable {
    return new DeltaTable(this, storeForUrl(location), location);
  }

  /** Runs a query on the engine and returns JS row objects (for small results). */
  async rows(sql: string): Promise<Record<string, unknown>[]> {
    return this.engine.all(sql);
  }

  close(): void {
    this.engine.close();
  }
}
