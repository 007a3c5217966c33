/**
 * The change data feed of row-level DML (PROTOCOL.md "Change Data Files", Delta's CDCReader and the
 * `_change_type` column of DeleteCommand / UpdateCommand / MergeIntoCommand): on a table with
 * `delta.enableChangeDataFeed`, a statement that rewrites files also writes `_change_data/` files holding
 * exactly the rows it changed, `delete`, `update_preimage` + `update_postimage`, and (MERGE, and an
 * INSERT … REPLACE WHERE that rewrites files) `insert`. A commit with cdc actions is read only through them,
 * so every changed row must be there. Change files are laid out as the table's data files are
 * (data-file-writer.ts `changeData`): `_change_data/<partition path>/cdc-….c000.snappy.parquet`, physical
 * column names, the partition columns in the path and the action, `_change_type` as a data column.
 *
 * Commits that change whole files write none, as Delta's do: a DELETE of whole files (no condition, or
 * one over partition columns only) and an insert-only MERGE (or one that touched no file): readers turn
 * their removes into deletes and their adds into inserts.
 *
 * Data rows and change rows come from one evaluation of the statement (materialized once), so that a
 * non-deterministic value (`current_timestamp()`, `rand()`, an identity value) is the same in both.
 */
import type { AddCDCFile, AddFile, Metadata } from '../../delta/actions.js';
import { CHANGE_TYPE_COLUMN, changeDataFeedEnabled } from '../../delta/change-data-feed.js';
import type { ColumnMappingMode } from '../../delta/column-mapping.js';
import type { Snapshot } from '../../delta/snapshot.js';
import { resolveFileLocation } from '../../delta/table-paths.js';
import { dataSkippingNumIndexedCols } from '../../delta/table-properties.js';
import { writeDataFiles } from '../../engine/data-file-writer.js';
import type { EngineSession } from '../../engine/engine-session.js';
import { scanRelation } from '../../engine/snapshot-scan.js';
import { quoteString } from '../../engine/sql-text.js';
import type { AnalyzerContext } from '../../plan/analyzer/analyzer-context.js';
import type { BoundExpr } from '../../plan/logical/bound-expression.js';
import type { LogicalPlan, NamedExpr } from '../../plan/logical/logical-plan.js';
import type { ObjectStore } from '../../storage/object-store.js';
import {
  BooleanType,
  type DataType,
  IntegerType,
  StringType,
  type StructType,
} from '../../types/data-types.js';
import type { CommandContext } from '../command-context.js';
import { quoteColumn } from '../query/expression-sql.js';
import { compileNamedQuery } from '../query/run-query.js';
import { writeFileSizing } from '../write/file-sizing.js';
import type { DmlTarget } from './dml-target.js';
import { isTrue } from './dml-target.js';
import {
  carriedIdentity,
  identityColumns,
  identityPassThrough,
  identityWrite,
  type RowIdentity,
} from './row-identity.js';
import { type PrepareRowsRequest, prepareTableRows } from './table-invariants.js';

export const CDC_DELETE = 'delete';
export const CDC_INSERT = 'insert';
export const CDC_UPDATE_PREIMAGE = 'update_preimage';
export const CDC_UPDATE_POSTIMAGE = 'update_postimage';

const MATCHED = '__lakesql_cdc_matched';
const ACTION = '__lakesql_cdc_action';
const oldColumn = (i: number) => `__lakesql_cdc_old${i}`;

/** Whether row-level changes to a table with this metadata must write change data files. */
export function writesChangeData(metadata: Metadata): boolean {
  return changeDataFeedEnabled(metadata);
}

/** How a copy-on-write statement's change rows follow from its condition. */
export type ChangeDataRewrite =
  /** The rows where the condition is true are deleted. */
  | { readonly kind: 'delete' }
  /** Every row is written as `newValues` (over the target's attributes); those matching the condition changed. */
  | { readonly kind: 'update'; readonly newValues: () => NamedExpr[] };

export interface RowsAndChanges {
  readonly added: AddFile[];
  readonly changeFiles: AddCDCFile[];
}

/**
 * DELETE / UPDATE copy-on-write with the change data feed: the rows of `relation` (the touched files, over
 * the target's attributes) with their new values, old values and whether the condition matched, made to obey
 * the table and materialized; then the data files from the rows that stay and the change files from the
 * matched ones (DELETE: `delete`; UPDATE: `update_preimage` from the old values, `update_postimage` from the
 * new).
 */
export async function rewriteWithChangeData(
  session: CommandContext,
  target: DmlTarget,
  relation: LogicalPlan,
  identity: RowIdentity | undefined,
  condition: BoundExpr,
  change: ChangeDataRewrite,
  computeGenerated: ReadonlySet<string>,
): Promise<RowsAndChanges> {
  const engine = session.engine;
  const ids = target.ctx.ids;
  const ref = (attr: (typeof target.attributes)[number]): BoundExpr => ({ kind: 'attributeRef', attr });
  const news: NamedExpr[] =
    change.kind === 'update'
      ? change.newValues()
      : target.attributes.map((a) => ({ expr: ref(a), attr: ids.copy(a) }));
  const olds: NamedExpr[] =
    change.kind === 'update'
      ? target.attributes.map((a, i) => ({ expr: ref(a), attr: ids.fresh(oldColumn(i), a.type, true) }))
      : [];
  const matched = { expr: isTrue(condition), attr: ids.fresh(MATCHED, BooleanType, false) };
  // Rows written again keep their row ids; updated ones get this commit's version (row-identity.ts).
  const kept = carriedIdentity(identity, ids, change.kind === 'update' ? matched.expr : undefined);
  const list = [...news, ...olds, matched, ...kept];
  const plan: LogicalPlan = { kind: 'project', child: relation, list, output: list.map((n) => n.attr) };
  const names = [
    ...target.schema.fields.map((f) => f.name),
    ...olds.map((o) => o.attr.name),
    MATCHED,
    ...identityColumns(identity),
  ];
  const compiled = await compileNamedQuery(engine, plan, session.semantics, names);
  const rows = engine.uniqueName('lakesql_cdc_rows');
  try {
    await materializePrepared(engine, target.ctx, session.semantics, rows, {
      sql: compiled.sql,
      schema: target.schema,
      configuration: target.snapshot.configuration,
      tableName: target.displayName,
      computeGenerated,
      assignIdentity: new Set(),
      passThrough: [
        ...olds.map((o) => ({ name: o.attr.name, type: o.attr.type })),
        { name: MATCHED, type: BooleanType },
        ...identityPassThrough(identity),
      ],
    });
    const t = quoteColumn(rows);
    const table = tableOf(target);
    const columns = [selectList(target.schema), ...identityColumns(identity).map(quoteColumn)].join(', ');
    const added = await writeDataFiles(engine, target.snapshot.store, {
      sourceSql:
        change.kind === 'update'
          ? `SELECT ${columns} FROM ${t}`
          : `SELECT ${columns} FROM ${t} WHERE NOT ${quoteColumn(MATCHED)}`,
      ...table,
      ...writeFileSizing(session.conf, target.snapshot.configuration),
      ...identityWrite(identity),
    });
    const changes =
      change.kind === 'update'
        ? [
            changeSelect(target.schema, t, CDC_UPDATE_PREIMAGE, quoteColumn(MATCHED), oldColumn),
            changeSelect(target.schema, t, CDC_UPDATE_POSTIMAGE, quoteColumn(MATCHED)),
          ]
        : [changeSelect(target.schema, t, CDC_DELETE, quoteColumn(MATCHED))];
    const changeFiles = await writeChangeDataFiles(engine, target.snapshot.store, {
      sql: changes.join(' UNION ALL '),
      ...table,
    });
    return { added, changeFiles };
  } finally {
    await engine.run(`DROP TABLE IF EXISTS ${quoteColumn(rows)}`);
    await compiled.release();
  }
}

/** What MERGE hands over to write its rows with their change data. */
export interface MergeChangeWrite {
  /** The materialized decision table (quoted): `action`, `row_id`, `v<i>` new values, `o<i>` old values. */
  readonly merged: string;
  /** The written rows' select list over `merged` (the table's columns by name, then prepareTableRows' flags). */
  readonly columns: readonly string[];
  /** Which rows of `merged` are written. */
  readonly where: string;
  readonly prepare: Omit<PrepareRowsRequest, 'sql' | 'passThrough'>;
  readonly updating: readonly number[];
  readonly inserting: readonly number[];
  readonly deleting: readonly number[];
  readonly store: ObjectStore;
  readonly partitionColumns: readonly string[];
  readonly columnMappingMode: ColumnMappingMode;
  /** The rows' identity when the table tracks rows: its columns are among `columns` (row-identity.ts). */
  readonly identity: RowIdentity | undefined;
}

/** The decision table's old-value column of table column `i`. */
export const mergeOldColumn = (i: number) => `o${i}`;

/**
 * MERGE with the change data feed (Delta's MergeOutputGeneration with CDC): the written rows are prepared
 * and materialized once with their clause's action code and the target row's old values; the data files come
 * from them, and so do the change rows: `update_preimage` (old values) and `update_postimage` of updated rows,
 * `insert` of inserted ones; `delete` rows are the deleted target rows of the decision table, once per target
 * row (an unconditional DELETE may match a row several times).
 */
export async function writeMergeWithChangeData(
  session: CommandContext,
  ctx: AnalyzerContext,
  write: MergeChangeWrite,
): Promise<RowsAndChanges & { identityBase: ReadonlyMap<string, { base: bigint; step: bigint }> }> {
  const engine = session.engine;
  const schema = write.prepare.schema;
  const rows = engine.uniqueName('lakesql_cdc_merge_rows');
  const passed = [
    `"action" AS ${quoteColumn(ACTION)}`,
    ...schema.fields.map((_, i) => `${quoteColumn(mergeOldColumn(i))} AS ${quoteColumn(oldColumn(i))}`),
  ];
  try {
    const identityBase = await materializePrepared(engine, ctx, session.semantics, rows, {
      ...write.prepare,
      sql: `SELECT ${[...write.columns, ...passed].join(', ')} FROM ${write.merged} WHERE ${write.where}`,
      passThrough: [
        { name: ACTION, type: IntegerType },
        ...schema.fields.map((f, i) => ({ name: oldColumn(i), type: f.type as DataType })),
        ...identityPassThrough(write.identity),
      ],
    });
    const t = quoteColumn(rows);
    const table = {
      schema,
      partitionColumns: write.partitionColumns,
      columnMappingMode: write.columnMappingMode,
      numIndexedCols: dataSkippingNumIndexedCols(write.prepare.configuration),
    };
    const kept = identityColumns(write.identity).map(quoteColumn);
    const added = await writeDataFiles(engine, write.store, {
      sourceSql: `SELECT ${[selectList(schema), ...kept].join(', ')} FROM ${t}`,
      ...table,
      ...writeFileSizing(session.conf, write.prepare.configuration),
      ...identityWrite(write.identity),
    });
    const action = quoteColumn(ACTION);
    const among = (codes: readonly number[]) =>
      codes.length === 0 ? 'FALSE' : `${action} IN (${codes.join(', ')})`;
    const changes = [
      changeSelect(schema, t, CDC_UPDATE_PREIMAGE, among(write.updating), oldColumn),
      changeSelect(schema, t, CDC_UPDATE_POSTIMAGE, among(write.updating)),
      changeSelect(schema, t, CDC_INSERT, among(write.inserting)),
    ];
    if (write.deleting.length > 0) {
      const values = schema.fields.map((f, i) => `"v${i}" AS ${quoteColumn(f.name)}`);
      changes.push(
        `SELECT ${[...values, `${quoteString(CDC_DELETE)} AS ${quoteColumn(CHANGE_TYPE_COLUMN)}`].join(', ')} FROM ${write.merged}` +
          ` WHERE "action" IN (${write.deleting.join(', ')}) QUALIFY row_number() OVER (PARTITION BY "row_id") = 1`,
      );
    }
    const changeFiles = await writeChangeDataFiles(engine, write.store, {
      sql: changes.join(' UNION ALL '),
      ...table,
    });
    return { added, changeFiles, identityBase };
  } finally {
    await engine.run(`DROP TABLE IF EXISTS ${quoteColumn(rows)}`);
  }
}

interface ChangeTable {
  readonly schema: StructType;
  readonly partitionColumns: readonly string[];
  readonly columnMappingMode: ColumnMappingMode;
}

/**
 * Writes the rows of `sql` (the table's columns by name, then `_change_type`) as change data files, laid out
 * as the table's data is (partition folders under `_change_data/`, physical column names, `_change_type`
 * under its own name); returns their cdc actions (dataChange false: they are no part of the table's rows).
 */
export async function writeChangeDataFiles(
  engine: EngineSession,
  store: ObjectStore,
  request: ChangeTable & { readonly sql: string },
): Promise<AddCDCFile[]> {
  const schema: StructType = {
    kind: 'struct',
    fields: [
      ...request.schema.fields,
      { name: CHANGE_TYPE_COLUMN, type: StringType, nullable: true, metadata: {} },
    ],
  };
  const files = await writeDataFiles(engine, store, {
    sourceSql: request.sql,
    schema,
    partitionColumns: request.partitionColumns,
    columnMappingMode: request.columnMappingMode,
    numIndexedCols: 0,
    changeData: true,
  });
  return files.map((f) => ({
    path: f.path,
    partitionValues: f.partitionValues,
    size: f.size,
    dataChange: false,
  }));
}

/** Runs prepareTableRows' query into a table of the session; returns the identity bases it handed out. */
async function materializePrepared(
  engine: EngineSession,
  ctx: AnalyzerContext,
  semantics: CommandContext['semantics'],
  table: string,
  request: PrepareRowsRequest,
): Promise<ReadonlyMap<string, { base: bigint; step: bigint }>> {
  const prepared = await prepareTableRows(engine, ctx, semantics, request);
  try {
    await engine.run(`CREATE TABLE ${quoteColumn(table)} AS ${prepared.sql}`);
    return prepared.identityBase;
  } finally {
    await prepared.release();
  }
}

function tableOf(target: DmlTarget) {
  return {
    schema: target.schema,
    partitionColumns: target.snapshot.partitionColumns,
    columnMappingMode: target.snapshot.columnMappingMode,
    numIndexedCols: dataSkippingNumIndexedCols(target.snapshot.configuration),
  };
}

function selectList(schema: StructType): string {
  return schema.fields.map((f) => quoteColumn(f.name)).join(', ');
}

/** The rows of `table` where `where` holds, as change rows of one type; values from `column(i)` or by name. */
function changeSelect(
  schema: StructType,
  table: string,
  changeType: string,
  where: string,
  column?: (i: number) => string,
): string {
  const values = schema.fields.map((f, i) =>
    column ? `${quoteColumn(column(i))} AS ${quoteColumn(f.name)}` : quoteColumn(f.name),
  );
  return `SELECT ${[...values, `${quoteString(changeType)} AS ${quoteColumn(CHANGE_TYPE_COLUMN)}`].join(', ')} FROM ${table} WHERE ${where}`;
}

/**
 * The change files of an overwrite that rewrites files (INSERT … REPLACE WHERE / REPLACE ON with a data
 * predicate: Delta's WriteIntoDelta with REPLACEWHERE_DATACOLUMNS_WITH_CDF_ENABLED): `delete` rows are the
 * replaced rows, read from `deletedSql` (the table's columns by name); `insert` rows are the rows of the
 * new data files `inserted`, read back from those files, so they are exactly what was written.
 */
export async function writeReplaceChanges(
  engine: EngineSession,
  snapshot: Snapshot,
  schema: StructType,
  change: { readonly deletedSql: string } | { readonly inserted: readonly AddFile[] },
): Promise<AddCDCFile[]> {
  const table = {
    schema,
    partitionColumns: snapshot.partitionColumns,
    columnMappingMode: snapshot.columnMappingMode,
  };
  const typed = (sql: string, changeType: string) =>
    `SELECT ${selectList(schema)}, ${quoteString(changeType)} AS ${quoteColumn(CHANGE_TYPE_COLUMN)} FROM (${sql}) AS "changed"`;
  if ('deletedSql' in change) {
    return writeChangeDataFiles(engine, snapshot.store, {
      ...table,
      sql: typed(change.deletedSql, CDC_DELETE),
    });
  }
  if (change.inserted.length === 0) return [];
  const files = change.inserted.map((add) => ({
    add,
    ...resolveFileLocation(snapshot.store.rootUrl, add.path),
    partitionValues: snapshot.partitionValuesOf(add),
  }));
  const scan = await scanRelation(engine, snapshot.store, {
    version: snapshot.version,
    schema,
    partitionColumns: snapshot.partitionColumns,
    columnMappingMode: snapshot.columnMappingMode,
    files,
    totalFiles: files.length,
  });
  try {
    return await writeChangeDataFiles(engine, snapshot.store, { ...table, sql: typed(scan.sql, CDC_INSERT) });
  } finally {
    await scan.release();
  }
}
