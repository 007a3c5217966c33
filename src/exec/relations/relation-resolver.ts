/**
 * Finds the relations a statement names: temp views, catalog tables and views, and path tables
 * (`delta.\`/path\``). Delta tables are read at one snapshot per table per statement: the snapshot loaded
 * here is the one the plan scans.
 */
import type { CatalogView } from '../../catalog/catalog-types.js';
import type { SessionCatalog } from '../../catalog/session-catalog.js';
import type { SessionVariable } from '../../catalog/session-variables.js';
import type { ParquetHandler } from '../../delta/parquet-handler.js';
import { loadSnapshot, type Snapshot } from '../../delta/snapshot.js';
import { LakesqlError } from '../../errors/index.js';
import { DataSourceOptions } from '../../formats/data-source-options.js';
import type {
  RelationResolver,
  ResolvedRelation,
  ResolvedSqlFunction,
  TimeTravelSpec,
} from '../../plan/analyzer/analyzer-context.js';
import type { UserFunction } from '../../plan/analyzer/user-function.js';
import type { ViewBinding } from '../../plan/analyzer/view-binding.js';
import type { SessionSemantics } from '../../plan/functions/function-signature.js';
import { AttributeIds } from '../../plan/logical/attribute.js';
import { type BoundExpr, typeOf } from '../../plan/logical/bound-expression.js';
import type { LogicalPlan } from '../../plan/logical/logical-plan.js';
import type { Query } from '../../sql/ast/query.js';
import { parseStatement } from '../../sql/index.js';
import { storeForUrl } from '../../storage/store-for-url.js';
import { resolveUserPath } from '../../storage/user-path.js';
import {
  dbfsRoot,
  type FileReadContext,
  filePathRelation,
  readFilesRelation,
} from '../file-tables/file-path-table.js';
import { fileTableOf, isFileTableProvider, readFileTable } from '../file-tables/file-table.js';
import { runQuery } from '../query/run-query.js';
import { lookupSqlFunction } from './sql-function-lookup.js';
import { tableChangesRelation } from './table-changes.js';
import type { TempView } from './temp-view.js';
import { viewSchemaCompensation, viewSchemaModeOf } from './view-schema-mode.js';

const PATH_FORMATS = new Set(['delta', 'parquet', 'csv', 'json', 'orc', 'text', 'binaryfile']);

export class SessionRelationResolver implements RelationResolver {
  constructor(
    private readonly catalog: SessionCatalog<TempView>,
    private readonly parquet: ParquetHandler,
    /** The engine and conf file reads need, and the DBFS root path tables resolve against. */
    private readonly files: FileReadContext,
    /** Latest snapshots a statement already holds, by table root (see `withSnapshots`). */
    private readonly pinned: ReadonlyMap<string, Snapshot> = new Map(),
    /** Where the latest snapshots this resolver loads are listed (see `recordingLatest`). */
    private readonly latestLoaded?: Snapshot[],
  ) {}

  /**
   * This resolver, listing in `out` every latest snapshot it loads (not time travel): a plan analyzed with
   * it is current as long as each of them is still its table's latest (exec/query/analyzed-query.ts).
   */
  recordingLatest(out: Snapshot[]): SessionRelationResolver {
    return new SessionRelationResolver(this.catalog, this.parquet, this.files, this.pinned, out);
  }

  /**
   * This resolver with `snapshots` pinned: a statement that resolved its target table (exec/write/
   * table-target.ts) reads that same snapshot wherever its text names the table again (the source of an
   * INSERT … SELECT or a MERGE, a subquery of an UPDATE's condition), so the log is read once and every
   * part of the statement sees one version. Time travel still loads the version asked for.
   */
  withSnapshots(snapshots: readonly Snapshot[]): SessionRelationResolver {
    const pinned = new Map(this.pinned);
    for (const s of snapshots) pinned.set(s.store.rootUrl, s);
    return new SessionRelationResolver(this.catalog, this.parquet, this.files, pinned, this.latestLoaded);
  }

  /** Table-valued functions backed by files: read_files(…), table_changes(…). */
  async resolveTableFunction(
    name: string,
    args: readonly unknown[],
    decided?: unknown,
  ): Promise<ResolvedRelation | undefined> {
    switch (name.toLowerCase()) {
      case 'read_files':
        return readFilesRelation(this.files, args, decided);
      case 'table_changes':
        return tableChangesRelation(this.files.engine, this.parquet, args, (parts) =>
          this.deltaLocation(parts),
        );
      default:
        return undefined;
    }
  }

  /** One row of one constant column, computed by the engine (Spark folds such expressions at analysis). */
  async evaluateConstant(expr: BoundExpr, semantics: SessionSemantics): Promise<unknown> {
    const attr = new AttributeIds().fresh('c', typeOf(expr), true);
    const plan: LogicalPlan = {
      kind: 'project',
      child: { kind: 'oneRow', output: [] },
      list: [{ expr, attr }],
      output: [attr],
    };
    return (await runQuery(this.files.engine, plan, semantics)).rows[0]?.[0];
  }

  lookupSqlFunction(parts: readonly string[]): ResolvedSqlFunction | undefined {
    return lookupSqlFunction(this.catalog, parts);
  }

  lookupUserFunction(name: string): UserFunction | undefined {
    return this.catalog.userFunctions.temporary(name) as UserFunction | undefined;
  }

  lookupVariable(parts: readonly string[]): SessionVariable | undefined {
    return this.catalog.variables.lookup(parts);
  }

  /** Where the Delta table named by `delta.\`/path\`` or a catalog name lives (for table_changes). */
  private async deltaLocation(nameParts: readonly string[]): Promise<string> {
    if (nameParts.length === 2 && nameParts[0]!.toLowerCase() === 'delta' && looksLikePath(nameParts[1]!)) {
      return this.userPath(nameParts[1]!);
    }
    const found = await this.catalog.resolveRelation(nameParts);
    if (found.kind !== 'table' || found.table.tableType === 'VIEW' || found.table.provider !== 'delta') {
      throw new LakesqlError('DELTA_TABLE_NOT_FOUND', { tableName: nameParts.join('.') });
    }
    return found.table.location;
  }

  async resolveTable(nameParts: readonly string[], timeTravel?: TimeTravelSpec): Promise<ResolvedRelation> {
    if (
      nameParts.length === 2 &&
      PATH_FORMATS.has(nameParts[0]!.toLowerCase()) &&
      looksLikePath(nameParts[1]!)
    ) {
      const format = nameParts[0]!.toLowerCase();
      if (format !== 'delta') {
        refuseTimeTravel(timeTravel, `${format}.\`${nameParts[1]}\``);
        const qualifier = nameParts.map((p) => p.toLowerCase());
        return filePathRelation(
          this.files,
          format,
          [nameParts[1]!],
          new DataSourceOptions(),
          undefined,
          qualifier,
        );
      }
      return this.deltaAt(this.userPath(nameParts[1]!), nameParts, timeTravel);
    }
    const found = await this.catalog.resolveRelation(nameParts);
    const qualifier = nameParts.map((p) => p.toLowerCase());
    switch (found.kind) {
      case 'tempView':
      case 'globalTempView':
        refuseTimeTravel(timeTravel, quotedName(found.kind === 'tempView' ? [found.name] : nameParts));
        switch (found.view.kind) {
          case 'query':
            return {
              kind: 'view',
              query: found.view.query,
              qualifier: [found.name],
              columnNames: found.view.columnNames,
              ...(found.view.defaultCollation ? { defaultCollation: found.view.defaultCollation } : {}),
            };
          case 'plan':
            return { kind: 'plan', plan: found.view.plan, qualifier: [found.name] };
          case 'engineSql':
            return {
              kind: 'engineSql',
              sql: found.view.sql,
              schema: found.view.schema,
              qualifier: [found.name],
            };
          case 'files':
            return filePathRelation(
              this.files,
              found.view.format,
              found.view.paths,
              found.view.options,
              found.view.schema,
              [found.name],
            );
          default:
            return found.view satisfies never;
        }
      case 'table': {
        const t = found.table;
        const tableQualifier = [t.identifier.database, t.identifier.name];
        if (t.tableType === 'VIEW' || t.provider !== 'delta') {
          refuseTimeTravel(timeTravel, quotedName(['spark_catalog', ...tableQualifier]));
        }
        if (t.tableType === 'VIEW') {
          const stmt = parseStatement(t.viewText);
          if (stmt.kind !== 'queryStatement')
            throw new LakesqlError('INTERNAL_ERROR', { message: `view ${t.identifier.name} is not a query` });
          return {
            kind: 'view',
            query: stmt.query as Query,
            qualifier: tableQualifier,
            columnNames: null,
            binding: this.viewBinding(t),
            ...(t.collation ? { defaultCollation: t.collation } : {}),
          };
        }
        if (isFileTableProvider(t.provider)) {
          if (!this.files) {
            throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: `reading ${t.provider} tables` });
          }
          const read = await readFileTable(this.files, fileTableOf(t));
          return {
            kind: 'engineSql',
            sql: read.sql,
            schema: read.schema,
            qualifier: qualifier.length > 1 ? qualifier : tableQualifier,
            ...(read.release ? { release: read.release } : {}),
            ...(read.pushFilters ? { pushFilters: read.pushFilters } : {}),
            ...(read.metadata ? { metadata: read.metadata } : {}),
          };
        }
        if (t.provider !== 'delta') {
          throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: `reading ${t.provider} tables` });
        }
        const r = await this.deltaAt(t.location, tableQualifier, timeTravel);
        return { ...r, qualifier: qualifier.length > 1 ? qualifier : tableQualifier };
      }
      default: {
        const never: never = found;
        throw new Error(`unknown relation ${JSON.stringify(never)}`);
      }
    }
  }

  /** The stored schema and binding mode a persistent view's query output is held to (view-binding.ts). */
  private viewBinding(view: CatalogView): ViewBinding {
    const conf = { confValue: (k: string) => this.files?.conf.get(k) };
    const { database, name } = view.identifier;
    return {
      viewName: quotedName(['spark_catalog', database, name]),
      schema: view.viewSchema,
      queryColumnNames: view.viewQueryColumnNames,
      mode: viewSchemaModeOf(view, conf),
      compensate: viewSchemaCompensation(conf),
      suggestion: `CREATE OR REPLACE VIEW spark_catalog.${database}.${name} AS ${view.viewText}`,
      sync: async (viewSchema, viewQueryColumnNames) => {
        await this.catalog.catalog.alterTable({ ...view, viewSchema, viewQueryColumnNames });
      },
    };
  }

  /** A path written in a statement (`delta.\`dbfs:/t\``) as the location it names. */
  private userPath(path: string): string {
    return resolveUserPath(path, { dbfsRoot: dbfsRoot(this.files) });
  }

  private async deltaAt(
    location: string,
    nameParts: readonly string[],
    timeTravel?: TimeTravelSpec,
  ): Promise<ResolvedRelation> {
    const store = storeForUrl(location);
    const latest = timeTravel?.version === undefined && timeTravel?.timestamp === undefined;
    const pinned = latest ? this.pinned.get(store.rootUrl) : undefined;
    let snapshot: Snapshot;
    try {
      snapshot =
        pinned ??
        (await loadSnapshot(store, this.parquet, {
          ...(timeTravel?.version !== undefined ? { version: timeTravel.version } : {}),
          ...(timeTravel?.timestamp !== undefined ? { timestamp: timeTravel.timestamp } : {}),
        }));
      if (latest) this.latestLoaded?.push(snapshot);
    } catch (e) {
      if (e instanceof LakesqlError && e.errorClass === 'DELTA_MISSING_DELTA_TABLE') {
        throw new LakesqlError('DELTA_MISSING_DELTA_TABLE', { path: location });
      }
      throw e;
    }
    return {
      kind: 'delta',
      snapshot,
      qualifier: nameParts.map((p) => p.toLowerCase()),
      displayName: nameParts.join('.'),
    };
  }
}

function looksLikePath(s: string): boolean {
  return s.includes('/') || s.includes('\\') || /^[a-z]+:/i.test(s);
}

/** Only Delta tables keep versions: VERSION AS OF on a view or a file table is Spark's TIME_TRAVEL error. */
function refuseTimeTravel(timeTravel: TimeTravelSpec | undefined, relationId: string): void {
  if (timeTravel) throw new LakesqlError('UNSUPPORTED_FEATURE.TIME_TRAVEL', { relationId });
}

function quotedName(parts: readonly string[]): string {
  return parts.map((p) => `\`${p.replaceAll('`', '``')}\``).join('.');
}
