/**
 * A SQL session: configuration (Spark's keys), the catalog with its temp views, and statement execution.
 * Statements run in order; a statement that fails changes nothing and stops the script.
 */
import { Catalog } from '../../catalog/catalog.js';
import { SessionCatalog } from '../../catalog/session-catalog.js';
import type { ParquetHandler } from '../../delta/parquet-handler.js';
import type { EngineSession } from '../../engine/engine-session.js';
import { LakesqlError, withStatement } from '../../errors/index.js';
import { analyzerContext } from '../../plan/analyzer/analyzer-context.js';
import { analyzeQuery } from '../../plan/analyzer/query.js';
import type { SessionSemantics } from '../../plan/functions/function-signature.js';
import type { LogicalPlan } from '../../plan/logical/logical-plan.js';
import type { Query } from '../../sql/ast/query.js';
import type { Statement } from '../../sql/ast/statements.js';
import { parseStatements } from '../../sql/index.js';
import { SessionRelationResolver } from './relation-resolver.js';
import { type QueryResult, runQuery } from './run-query.js';
import { executeStatement } from './statements.js';
import type { TempView } from './temp-view.js';

export type StatementResult = ({ readonly kind: 'rows' } & QueryResult) | { readonly kind: 'done' };

export const DEFAULT_CONF: Readonly<Record<string, string>> = {
  'spark.sql.ansi.enabled': 'true',
  'spark.sql.session.timeZone': 'UTC',
  'spark.sql.caseSensitive': 'false',
};

export class SqlSession {
  readonly conf: Map<string, string>;
  readonly catalog: SessionCatalog<TempView>;
  readonly relations: SessionRelationResolver;

  constructor(
    readonly engine: EngineSession,
    readonly parquet: ParquetHandler,
    warehouse: string,
    conf: ReadonlyMap<string, string> = new Map(),
  ) {
    this.conf = new Map([...Object.entries(DEFAULT_CONF), ...conf]);
    this.catalog = new SessionCatalog<TempView>(Catalog.open(warehouse));
    this.relations = new SessionRelationResolver(this.catalog, parquet, {
      engine,
      conf: this.conf,
      warehouse,
    });
  }

  get semantics(): SessionSemantics {
    return {
      ansi: this.conf.get('spark.sql.ansi.enabled')?.toLowerCase() !== 'false',
      timeZone: this.conf.get('spark.sql.session.timeZone') ?? 'UTC',
      allowPrecisionLoss:
        this.conf.get('spark.sql.decimalOperations.allowPrecisionLoss')?.toLowerCase() !== 'false',
    };
  }

  /**
   * Runs every statement of a script in order, returning one result per statement. An INTERNAL_ERROR names
   * the statement it came from, so that the bug can be reported with it.
   */
  async execute(text: string): Promise<StatementResult[]> {
    const results: StatementResult[] = [];
    for (const stmt of parseStatements(text)) {
      try {
        results.push(await this.executeStatement(stmt));
      } catch (e) {
        throw withStatement(e, text.slice(stmt.span.start, stmt.span.end));
      }
    }
    return results;
  }

  async executeStatement(stmt: Statement): Promise<StatementResult> {
    return executeStatement(this, stmt);
  }

  async analyze(query: Query): Promise<LogicalPlan> {
    const ctx = analyzerContext(this.relations, this.semantics, this.conf);
    return analyzeQuery(query, { ctx, ctes: new Map(), outer: undefined });
  }

  async runQuery(query: Query): Promise<QueryResult> {
    return runQuery(this.engine, await this.analyze(query), this.semantics);
  }

  /** Sets a configuration key; the engine follows the session time zone. */
  async setConf(key: string, value: string): Promise<void> {
    if (key === 'spark.sql.session.timeZone') {
      await this.engine.run(`SET GLOBAL TimeZone = '${value.replaceAll("'", "''")}'`).catch((e: unknown) => {
        throw new LakesqlError(
          'INVALID_CONF_VALUE.TIME_ZONE',
          { confValue: value, confName: `"${key}"` },
          {
            cause: e,
          },
        );
      });
    }
    this.conf.set(key, value);
  }
}
