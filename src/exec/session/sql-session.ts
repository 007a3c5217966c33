/**
 * A SQL session: configuration (Spark's keys), the catalog with its temp views, and statement execution.
 * Statements run in order; a statement that fails changes nothing and stops the script.
 */

import { Catalog } from '../../catalog/catalog.js';
import { SessionCatalog } from '../../catalog/session-catalog.js';
import { byteStringAsBytes } from '../../delta/byte-string.js';
import type { ParquetHandler } from '../../delta/parquet-handler.js';
import type { Snapshot } from '../../delta/snapshot.js';
import { translateDuckDBError } from '../../engine/duckdb-error.js';
import type { EngineSession } from '../../engine/engine-session.js';
import { LakesqlError, tooComplexIfStackOverflow, withStatement } from '../../errors/index.js';
import { OrcFormatError } from '../../formats/orc/orc-error.js';
import { analyzerContext } from '../../plan/analyzer/analyzer-context.js';
import { withDefaultCollation } from '../../plan/analyzer/default-collation.js';
import { analyzeQuery } from '../../plan/analyzer/query.js';
import type { SessionSemantics } from '../../plan/functions/function-signature.js';
import type { LogicalPlan } from '../../plan/logical/logical-plan.js';
import type { Query } from '../../sql/ast/query.js';
import type { Statement } from '../../sql/ast/statements.js';
import { refuseUnboundParameters } from '../../sql/bind-parameters.js';
import { type ParseOptions, parseStatements } from '../../sql/index.js';
import { dbfsRootOf } from '../../storage/user-path.js';
import type { CommandContext } from '../command-context.js';
import { checkConf, checkConfValue } from '../conf/check-conf.js';
import {
  confDefault,
  confEntry,
  doubleQuotedIdentifiersOf,
  MAX_RESULT_SIZE,
  MEMORY_LIMIT,
  QUOTED_REGEX_COLUMN_NAMES,
  SEEDED_CONF,
  SESSION_TIME_ZONE,
  STATEMENT_TIMEOUT,
  timestampNtzOf,
  WAREHOUSE_DIR,
} from '../conf/conf-entries.js';
import { type AnalyzedQuery, analysisStamp, isCurrent, isReusable } from '../query/analyzed-query.js';
import { collectRelations, type QueryResult, runQuery } from '../query/run-query.js';
import { SessionRelationResolver } from '../relations/relation-resolver.js';
import type { TempView } from '../relations/temp-view.js';
import type { StatementResult } from '../statement-result.js';
import { statementTimeoutMs, withStatementTimeout } from './statement-timeout.js';
import { executeStatement } from './statements.js';

export type { StatementResult } from '../statement-result.js';

/** The keys a session starts with (conf/conf-entries.ts), and what RESET gives them back. */
export const DEFAULT_CONF: Readonly<Record<string, string>> = SEEDED_CONF;

export class SqlSession implements CommandContext {
  readonly conf: Map<string, string>;
  readonly catalog: SessionCatalog<TempView>;
  readonly relations: SessionRelationResolver;

  constructor(
    readonly engine: EngineSession,
    readonly parquet: ParquetHandler,
    /** The warehouse folder as the session was given it (`spark.sql.warehouse.dir`). */
    readonly warehouse: string,
    conf: ReadonlyMap<string, string> = new Map(),
  ) {
    checkConf(conf);
    this.conf = new Map([...Object.entries(DEFAULT_CONF), ...conf]);
    this.catalog = new SessionCatalog<TempView>(Catalog.open(warehouse, parquet));
    this.relations = new SessionRelationResolver(this.catalog, parquet, {
      engine,
      conf: this.conf,
      warehouse,
    });
  }

  /**
   * What the session changes in parsing: the type the name TIMESTAMP stands for, and the variables that
   * IDENTIFIER(v) reads.
   */
  get parseOptions(): ParseOptions {
    return {
      timestampNtz: timestampNtzOf(this.conf),
      variable: (parts) => this.catalog.variables.lookup(parts),
      doubleQuotedIdentifiers: doubleQuotedIdentifiersOf(this.conf),
      quotedRegexColumnNames: this.conf.get(QUOTED_REGEX_COLUMN_NAMES)?.trim().toLowerCase() === 'true',
    };
  }

  get semantics(): SessionSemantics {
    return {
      ansi: this.conf.get('spark.sql.ansi.enabled')?.toLowerCase() !== 'false',
      timeZone: this.conf.get('spark.sql.session.timeZone') ?? 'UTC',
      allowPrecisionLoss:
        this.conf.get('spark.sql.decimalOperations.allowPrecisionLoss')?.toLowerCase() !== 'false',
      legacyJavaCharsets: this.conf.get('spark.sql.legacy.javaCharsets')?.toLowerCase() === 'true',
      legacyCodingErrorAction: this.conf.get('spark.sql.legacy.codingErrorAction')?.toLowerCase() === 'true',
      currentDatabase: this.catalog.currentDatabase,
      timestampNtz: timestampNtzOf(this.conf),
      memoryLimitBytes: this.engine.memoryLimitBytes,
    };
  }

  /** Where `dbfs:/` and `/dbfs/` paths land (storage/user-path.ts): read at each use, so SET moves it. */
  get dbfsRoot(): string {
    return dbfsRootOf(this.conf, this.warehouse);
  }

  /**
   * Runs every statement of a script in order, returning one result per statement. An INTERNAL_ERROR names
   * the statement it came from, so that the bug can be reported with it.
   */
  async execute(text: string): Promise<StatementResult[]> {
    const results: StatementResult[] = [];
    for (const stmt of parseStatements(text, this.parseOptions)) {
      try {
        // A script has no arguments: a parameter marker in it is unbound (UNBOUND_SQL_PARAMETER).
        refuseUnboundParameters(stmt);
        results.push(await this.executeStatement(stmt));
      } catch (e) {
        throw withStatement(tooComplexIfStackOverflow(e), text.slice(stmt.span.start, stmt.span.end));
      }
    }
    return results;
  }

  async executeStatement(stmt: Statement): Promise<StatementResult> {
    const timeoutMs = statementTimeoutMs(this.confValue(STATEMENT_TIMEOUT));
    // A statement too deep for the analyzer's or compiler's recursion overflows the stack there.
    return withStatementTimeout(this.engine, timeoutMs, () => executeStatement(this, stmt)).catch(
      (e: unknown) => {
        // The ORC reader decodes some parts in JS (stripe footers of a table scan): its error names the
        // file, and becomes FAILED_READ_FILE as DuckDB's own read errors do.
        throw tooComplexIfStackOverflow(e instanceof OrcFormatError ? translateDuckDBError(e) : e);
      },
    );
  }

  private analysisCount = 0;

  /** How many queries this session has analyzed (tests pin that an action reuses spark.sql()'s analysis). */
  get analyses(): number {
    return this.analysisCount;
  }

  async analyze(query: Query, defaultCollation?: string): Promise<LogicalPlan> {
    return (await this.analyzeWith(this.relations, query, defaultCollation)).plan;
  }

  private async analyzeWith(
    relations: SessionRelationResolver,
    query: Query,
    defaultCollation?: string,
  ): Promise<{ plan: LogicalPlan; stamp: string }> {
    this.analysisCount += 1;
    const stamp = analysisStamp(this.conf, this.catalog.resolutionStamp);
    const ctx = withDefaultCollation(analyzerContext(relations, this.semantics, this.conf), defaultCollation);
    return { plan: await analyzeQuery(query, { ctx, ctes: new Map(), outer: undefined }), stamp };
  }

  /**
   * Analyzes a query without running it: PySpark's spark.sql() analyzes eagerly, so a missing table or
   * column fails there. A plan over Delta tables comes back for the DataFrame's actions to reuse while it is
   * current (analyzed-query.ts); any other plan's scratch tables (file reads) are freed and undefined
   * comes back.
   */
  async checkQuery(query: Query): Promise<AnalyzedQuery | undefined> {
    const latest: Snapshot[] = [];
    const { plan, stamp } = await this.analyzeWith(this.relations.recordingLatest(latest), query).catch(
      (e: unknown) => {
        // The ORC reader decodes some parts in JS (stripe footers of a table scan): its error names the
        // file, and becomes FAILED_READ_FILE as DuckDB's own read errors do.
        throw tooComplexIfStackOverflow(e instanceof OrcFormatError ? translateDuckDBError(e) : e);
      },
    );
    if (isReusable(plan)) return { plan, stamp, latest };
    for (const r of collectRelations(plan)) {
      if (r.kind === 'relation' && r.source.kind === 'engineSql') await r.source.release?.();
    }
    return undefined;
  }

  /** The plan to run for `query`: `analyzed` while it is current, else a fresh analysis. */
  async currentPlan(query: Query, analyzed?: AnalyzedQuery): Promise<LogicalPlan> {
    const stamp = analysisStamp(this.conf, this.catalog.resolutionStamp);
    if (analyzed && (await isCurrent(analyzed, stamp, this.parquet))) return analyzed.plan;
    return this.analyze(query);
  }

  /** A query's rows brought into the process: bounded by spark.driver.maxResultSize (engine/result-size.ts). */
  async runQuery(query: Query, analyzed?: AnalyzedQuery): Promise<QueryResult> {
    const maxResultBytes = byteStringAsBytes(this.confValue(MAX_RESULT_SIZE) ?? '') ?? 0;
    return runQuery(this.engine, await this.currentPlan(query, analyzed), this.semantics, { maxResultBytes });
  }

  /**
   * The value a key has now: the one set, else its registered default (conf/conf-entries.ts), else
   * undefined.
   */
  confValue(key: string): string | undefined {
    const set = this.conf.get(key);
    if (set !== undefined) return set;
    const entry = confEntry(key);
    return entry && confDefault(entry, { warehouse: this.conf.get(WAREHOUSE_DIR) ?? '.' });
  }

  /**
   * Sets a configuration key once its value passes the key's check; the engine follows the session time
   * zone and the memory limit.
   */
  async setConf(key: string, value: string): Promise<void> {
    checkConfValue(key, value);
    if (confEntry(key)?.static && this.conf.has(key)) {
      throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: `modifying the static config ${key}` });
    }
    if (key === MEMORY_LIMIT) await this.engine.setMemoryLimit(value);
    if (key === SESSION_TIME_ZONE) {
      await this.engine.setTimeZone(value).catch((e: unknown) => {
        throw new LakesqlError(
          'INVALID_CONF_VALUE.TIME_ZONE',
          { confValue: value, confName: key },
          {
            cause: e,
          },
        );
      });
    }
    this.conf.set(key, value);
  }
}
