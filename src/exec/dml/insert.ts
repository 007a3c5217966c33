/**
 * INSERT into a Delta table, with Databricks' rules (INSERT in the Databricks SQL reference):
 * `INSERT [WITH SCHEMA EVOLUTION] {INTO|OVERWRITE} t [PARTITION (p = v, q)] [(cols) | BY NAME] query` and
 * `INSERT INTO t REPLACE WHERE pred | REPLACE USING (cols) | REPLACE ON cond query`.
 * The query's columns are matched to the table's (insert-columns.ts), cast by ANSI store assignment, the
 * omitted ones filled with their DEFAULT, generated or identity value, every row checked against the
 * table's constraints (table-invariants.ts), and everything lands in one commit (insert-commit.ts).
 * A file table (`USING csv|json|text|parquet`) takes the same matching and casts, then gets new files in its
 * folder (file-table.ts): no log, no constraints, as for Spark's datasource tables.
 */
import { LakesqlError } from '../../errors/index.js';
import { type AnalyzerContext, analyzerContext } from '../../plan/analyzer/analyzer-context.js';
import { analyzeExpression } from '../../plan/analyzer/expressions.js';
import { analyzeQuery } from '../../plan/analyzer/query.js';
import { constantEnv } from '../../plan/analyzer/relations.js';
import { Scope } from '../../plan/analyzer/scope.js';
import type { Attribute } from '../../plan/logical/attribute.js';
import type { BoundExpr } from '../../plan/logical/bound-expression.js';
import type { LogicalPlan, NamedExpr } from '../../plan/logical/logical-plan.js';
import type { Expression } from '../../sql/ast/expressions.js';
import type { Insert } from '../../sql/ast/statements-dml.js';
import { LongType, type StructType } from '../../types/data-types.js';
import type { CommandContext } from '../command-context.js';
import { type FileTableOverwrite, writeFileTable } from '../file-tables/file-table.js';
import { compileNamedQuery } from '../query/run-query.js';
import type { StatementResult } from '../statement-result.js';
import { alreadyWritten, idempotentWriteOf } from '../write/idempotent-write.js';
import { statementRelations } from '../write/table-target.js';
import { defaultExpression, replaceDefaultKeywords } from './column-defaults.js';
import { identityInfo } from './column-metadata.js';
import { insertTargets, partitionSpec } from './insert-columns.js';
import { type CommitOperation, commitInsert } from './insert-commit.js';
import { overwritePlan } from './insert-overwrite.js';
import { assignedCasts, storeAssign, tableInsertError } from './store-assignment.js';
import { identityMetadataAfterWrite, isGeneratedColumn, prepareTableRows } from './table-invariants.js';
import { resolveWriteTarget, type WriteTarget } from './write-target.js';

/** How a caller other than SQL changes INSERT's rules (the DataFrameWriter's replaceWhere). */
export interface InsertOptions {
  /**
   * REPLACE WHERE writes only the new rows that match (the SQL reference); the DataFrame replaceWhere option
   * with its constraint check off writes every row (Delta's WriteIntoDelta), so it passes false.
   */
  readonly filterReplacedRows?: boolean;
  /** The commitInfo operation to record instead of WRITE (COPY INTO records its own, with its loaded files). */
  readonly operation?: CommitOperation;
  /** The table, when the caller resolved it already (a DataFrame write looks for it first): not read again. */
  readonly target?: WriteTarget;
}

export async function insertInto(
  session: CommandContext,
  stmt: Insert,
  options: InsertOptions = {},
): Promise<StatementResult> {
  if (stmt.ifNotExists) throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: 'INSERT … IF NOT EXISTS' });
  const target = options.target ?? (await resolveWriteTarget(session, stmt.table.parts));
  const relations =
    target.kind === 'delta' ? statementRelations(session, target.snapshot) : session.relations;
  const ctx = analyzerContext(relations, session.semantics, session.conf);
  const partitionColumns =
    target.kind === 'delta' ? target.snapshot.partitionColumns : target.table.partitionColumns;
  const spec = partitionSpec(stmt.partition, partitionColumns, target.schema);
  const evolve =
    stmt.schemaEvolution ||
    session.conf.get('spark.databricks.delta.schema.autoMerge.enabled')?.toLowerCase() === 'true';

  // DEFAULT in the outermost VALUES / SELECT list stands for the default of the column at its position.
  const positional = insertTargets.positional(stmt, target.schema, spec);
  const plan = await analyzeQuery(replaceDefaultKeywords(stmt.query, positional), {
    ctx,
    ctes: new Map(),
    outer: undefined,
  });
  const { schema, targets } = insertTargets.resolve(
    stmt,
    plan,
    target,
    spec,
    evolve && target.kind === 'delta',
  );
  const fields = schema.fields;
  const tableName = target.displayName;

  // One expression per table column.
  const computeGenerated = new Set<string>();
  const assignIdentity = new Set<string>();
  const exprs: BoundExpr[] = [];
  const cenv = constantEnv({ ctx, ctes: new Map(), outer: undefined });
  for (const f of fields) {
    const i = targets.indexOf(f);
    const identity = identityInfo(f);
    const staticValue = spec.staticValues.get(f.name);
    let expr: BoundExpr;
    if (i >= 0) {
      if (identity && !identity.allowExplicitInsert) {
        throw new LakesqlError('DELTA_IDENTITY_COLUMNS_EXPLICIT_INSERT_NOT_SUPPORTED', { colName: f.name });
      }
      expr = storeAssign({ kind: 'attributeRef', attr: plan.output[i]! }, f, tableName);
    } else if (staticValue) {
      expr = storeAssign(await analyzeExpression(staticValue, cenv), f, tableName);
    } else if (identity) {
      assignIdentity.add(f.name);
      expr = { kind: 'literal', value: null, type: f.type };
    } else if (isGeneratedColumn(f)) {
      computeGenerated.add(f.name);
      expr = { kind: 'literal', value: null, type: f.type };
    } else {
      expr = storeAssign(await analyzeExpression(defaultExpression(f), cenv), f, tableName);
    }
    exprs.push(expr);
  }
  const list: NamedExpr[] = fields.map((f, i) => ({
    expr: exprs[i]!,
    attr: ctx.ids.fresh(f.name, f.type, f.nullable) as Attribute,
  }));
  const projected: LogicalPlan = { kind: 'project', child: plan, list, output: list.map((n) => n.attr) };
  const casts = assignedCasts(fields, exprs);
  const names = fields.map((f) => f.name);

  if (target.kind === 'fileTable') {
    if (stmt.replace) {
      throw new LakesqlError('UNSUPPORTED_FEATURE', {
        feature: `INSERT INTO … REPLACE on ${tableName}, which is not a Delta table`,
      });
    }
    const compiled = await compileNamedQuery(session.engine, projected, session.semantics, names);
    try {
      const n = await writeFileTable(
        session.engine,
        target.table,
        compiled.sql,
        fileTableOverwrite(session, stmt, target.table.partitionColumns.length > 0, spec.staticValues.size),
        session.conf.get('spark.sql.session.timeZone') ?? 'UTC',
      );
      return metricRow(BigInt(n));
    } catch (e) {
      throw tableInsertError(e, casts);
    } finally {
      await compiled.release();
    }
  }

  // A write of an application version the table already holds is skipped (Delta's hasBeenExecuted).
  if (alreadyWritten(target.snapshot, idempotentWriteOf(session))) return metricRow(0n);
  const compiled = await compileNamedQuery(session.engine, projected, session.semantics, names);
  const prepared = await prepareTableRows(session.engine, ctx, session.semantics, {
    sql: compiled.sql,
    schema,
    configuration: target.snapshot.configuration,
    tableName,
    computeGenerated,
    assignIdentity,
  });
  const releases = [prepared.release, compiled.release];
  try {
    const qualifier = [stmt.table.parts[stmt.table.parts.length - 1]!.toLowerCase()];
    const overwrite = overwritePlan(stmt, {
      session,
      ctx,
      target,
      schema,
      qualifier,
      staticValues: new Map(
        fields.flatMap((f, i) => (spec.staticValues.has(f.name) ? [[f.name, exprs[i]!]] : [])),
      ),
      source: plan,
    });
    const sourceSql =
      overwrite.filterNewRows && options.filterReplacedRows !== false
        ? await filterRows(session, ctx, prepared.sql, schema, qualifier, overwrite.filterNewRows, releases)
        : prepared.sql;
    const result = await commitInsert(session, {
      snapshot: target.snapshot,
      sourceSql,
      schema,
      schemaAfter: (n) => identityMetadataAfterWrite(schema, prepared.identityBase, n),
      overwrite: overwrite.overwrite,
      ...(overwrite.predicate ? { predicate: overwrite.predicate } : {}),
      removal: overwrite.removal,
      ...(options.operation ? { operation: options.operation } : {}),
    });
    return metricRow(BigInt(result.numOutputRows));
  } catch (e) {
    throw tableInsertError(e, casts);
  } finally {
    for (const r of releases) await r();
  }
}

/**
 * What INSERT OVERWRITE replaces in a file table (InsertIntoHadoopFsRelationCommand): everything, or with
 * a static partition spec or `spark.sql.sources.partitionOverwriteMode=dynamic` only the partitions written.
 */
function fileTableOverwrite(
  session: CommandContext,
  stmt: Insert,
  partitioned: boolean,
  staticCount: number,
): FileTableOverwrite {
  if (!stmt.overwrite) return 'none';
  const dynamic = session.conf.get('spark.sql.sources.partitionOverwriteMode')?.toLowerCase() === 'dynamic';
  return partitioned && (dynamic || staticCount > 0) ? 'writtenPartitions' : 'all';
}

function metricRow(n: bigint): StatementResult {
  return {
    kind: 'rows',
    columns: [
      { name: 'num_affected_rows', type: LongType, nullable: false },
      { name: 'num_inserted_rows', type: LongType, nullable: false },
    ],
    rows: [[n, n]],
  };
}

/** REPLACE WHERE: the new rows that satisfy the predicate (rows that do not are ignored, per the reference). */
async function filterRows(
  session: CommandContext,
  ctx: AnalyzerContext,
  sql: string,
  schema: StructType,
  qualifier: readonly string[],
  condition: Expression,
  releases: (() => Promise<void>)[],
): Promise<string> {
  const attrs = schema.fields.map((f) => ctx.ids.fresh(f.name, f.type, f.nullable, qualifier));
  const rel: LogicalPlan = {
    kind: 'relation',
    source: { kind: 'engineSql', sql, columns: schema.fields.map((f) => f.name) },
    output: attrs,
  };
  const env = {
    ...constantEnv({ ctx, ctes: new Map(), outer: undefined }),
    scope: new Scope(attrs),
    clause: 'where' as const,
  };
  const plan: LogicalPlan = {
    kind: 'filter',
    child: rel,
    condition: await analyzeExpression(condition, env),
    output: attrs,
  };
  const compiled = await compileNamedQuery(
    session.engine,
    plan,
    session.semantics,
    schema.fields.map((f) => f.name),
  );
  releases.push(compiled.release);
  return compiled.sql;
}
