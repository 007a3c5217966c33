/**
 * What a statement's command may use of the session that runs it: the engine, the table and file readers,
 * the catalog, configuration, and query analysis and execution. Commands take this rather than `SqlSession`
 * so that they depend on what they use, and the session (which dispatches statements to them) stays above
 * them in the import graph.
 */
import type { SessionCatalog } from '../catalog/session-catalog.js';
import type { ParquetHandler } from '../delta/parquet-handler.js';
import type { EngineSession } from '../engine/engine-session.js';
import type { SessionSemantics } from '../plan/functions/function-signature.js';
import type { LogicalPlan } from '../plan/logical/logical-plan.js';
import type { Query } from '../sql/ast/query.js';
import type { QueryResult } from './query/run-query.js';
import type { SessionRelationResolver } from './relations/relation-resolver.js';
import type { TempView } from './relations/temp-view.js';

export interface CommandContext {
  readonly engine: EngineSession;
  readonly parquet: ParquetHandler;
  /** The warehouse folder as the session was given it (`spark.sql.warehouse.dir`). */
  readonly warehouse: string;
  /** The keys set in this session; `confValue` adds the registered defaults. */
  readonly conf: ReadonlyMap<string, string>;
  readonly catalog: SessionCatalog<TempView>;
  readonly relations: SessionRelationResolver;
  readonly semantics: SessionSemantics;
  /** Where `dbfs:/` and `/dbfs/` paths land. */
  readonly dbfsRoot: string;
  confValue(key: string): string | undefined;
  /** `defaultCollation`: a view's DEFAULT COLLATION, for the query of CREATE / ALTER VIEW. */
  analyze(query: Query, defaultCollation?: string): Promise<LogicalPlan>;
  runQuery(query: Query): Promise<QueryResult>;
}
