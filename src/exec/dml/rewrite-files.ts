/**
 * Copy-on-write, the way Delta's DeleteCommand / UpdateCommand change rows (PROTOCOL.md "Add File and Remove
 * File"): work follows the data. Pruning and skipping pick the candidate files that may hold matching rows;
 * one scan of exactly those counts, per file, the rows the condition matches; only files with a match are
 * read again and rewritten (their remove plus the adds of their new rows), the rest are never touched; one
 * transaction records what was read and commits. Shared by DELETE and UPDATE (and meant for MERGE).
 */
import type { AddCDCFile, AddFile } from '../../delta/actions.js';
import type { Predicate } from '../../delta/predicate.js';
import type { ScanFile, ScanPlan } from '../../delta/scan-plan.js';
import { dataSkippingNumIndexedCols } from '../../delta/table-properties.js';
import type { CommitResult, Operation } from '../../delta/transaction.js';
import { writeDataFiles } from '../../engine/data-file-writer.js';
import { readResult } from '../../engine/result-reader.js';
import { scanRelation } from '../../engine/snapshot-scan.js';
import type { Attribute } from '../../plan/logical/attribute.js';
import type { BoundExpr } from '../../plan/logical/bound-expression.js';
import type { LogicalPlan } from '../../plan/logical/logical-plan.js';
import { BooleanType, field, IntegerType, LongType, struct } from '../../types/data-types.js';
import type { CommandContext } from '../command-context.js';
import { compileNamedQuery } from '../query/run-query.js';
import { autoCompactAfterCommit } from '../write/auto-compact.js';
import { CommitBuilder } from '../write/commit-builder.js';
import { writeFileSizing } from '../write/file-sizing.js';
import { type ChangeDataRewrite, rewriteWithChangeData, writesChangeData } from './change-data-write.js';
import type { RewriteStats } from './dml-metrics.js';
import type { DmlTarget } from './dml-target.js';
import { isTrue } from './dml-target.js';
import {
  identityAttributes,
  identityColumns,
  identityPassThrough,
  identityScan,
  identityWrite,
  type RowIdentity,
  rowIdentityOf,
} from './row-identity.js';
import { prepareTableRows } from './table-invariants.js';
import { userMetadataOf } from './user-metadata.js';

const FILE_INDEX = '__lakesql_file_index';

/** Test seams: run something between reading the table and committing (to stage a concurrent writer). */
export interface DmlHooks {
  readonly beforeCommit?: () => Promise<void>;
}

/**
 * The scan of some of the target's files, as a relation over the target's attributes (then the file index,
 * then the rows' identity when the table tracks rows: row-identity.ts).
 */
interface FilesRelation {
  readonly relation: LogicalPlan;
  readonly fileIndex: Attribute | undefined;
  readonly identity: RowIdentity | undefined;
  release(): Promise<void>;
}

/**
 * The rows a rewrite writes, from the relation of the files it rewrites: a plan over the target's columns in
 * schema order, followed by `carriedIdentity(identity, …)` (or the relation's identity attributes as they
 * are) when `identity` is given, so that the rows keep their row ids.
 */
export type RowsOf = (relation: LogicalPlan, identity: RowIdentity | undefined) => LogicalPlan;

/** The target's scan plan narrowed to `files`. */
export function planOf(target: DmlTarget, files: readonly ScanFile[]): ScanPlan {
  const s = target.snapshot;
  return {
    version: s.version,
    schema: target.schema,
    partitionColumns: s.partitionColumns,
    columnMappingMode: s.columnMappingMode,
    files,
    totalFiles: s.numFiles,
  };
}

async function openFiles(
  session: CommandContext,
  target: DmlTarget,
  files: readonly ScanFile[],
  withFileIndex: boolean,
  keepIdentity: boolean,
): Promise<FilesRelation> {
  const identity = keepIdentity ? rowIdentityOf(target.snapshot, target.ctx.ids) : undefined;
  const scan = await scanRelation(session.engine, target.snapshot.store, planOf(target, files), {
    ...(withFileIndex ? { fileIndexColumn: FILE_INDEX } : {}),
    ...identityScan(identity),
  });
  const names = target.schema.fields.map((f) => f.name);
  const fileIndex = withFileIndex ? target.ctx.ids.fresh(FILE_INDEX, IntegerType, false) : undefined;
  const relation: LogicalPlan = {
    kind: 'relation',
    source: {
      kind: 'engineSql',
      sql: scan.sql,
      columns: [...names, ...(fileIndex ? [FILE_INDEX] : []), ...identityColumns(identity)],
    },
    output: [...target.attributes, ...(fileIndex ? [fileIndex] : []), ...identityAttributes(identity)],
  };
  return { relation, fileIndex, identity, release: () => scan.release() };
}

export interface FileMatch {
  readonly file: ScanFile;
  /** Rows of the file for which the condition is true. */
  readonly matched: number;
  /** All (live) rows of the file. */
  readonly total: number;
}

/**
 * Delta's "finding files to rewrite": one scan of the candidate files counting, per file, the rows where
 * `condition` is true. Returns only the files with at least one such row.
 */
export async function findTouchedFiles(
  session: CommandContext,
  target: DmlTarget,
  candidates: readonly ScanFile[],
  condition: BoundExpr,
): Promise<FileMatch[]> {
  if (candidates.length === 0) return [];
  const scan = await openFiles(session, target, candidates, true, false);
  try {
    const list = [
      { expr: { kind: 'attributeRef', attr: scan.fileIndex! } as BoundExpr, attr: scan.fileIndex! },
      { expr: isTrue(condition), attr: target.ctx.ids.fresh('__matched', BooleanType, false) },
    ];
    const plan: LogicalPlan = {
      kind: 'project',
      child: scan.relation,
      list,
      output: list.map((n) => n.attr),
    };
    const compiled = await compileNamedQuery(session.engine, plan, session.semantics, ['f', 'm']);
    try {
      const sql =
        `SELECT "f", count(*) FILTER (WHERE "m") AS "matched", count(*) AS "total" FROM (${compiled.sql}) AS "flagged"` +
        ` GROUP BY "f" HAVING count(*) FILTER (WHERE "m") > 0 ORDER BY "f"`;
      const rows = await readResult(
        session.engine,
        sql,
        struct([field('f', IntegerType), field('matched', LongType), field('total', LongType)]),
      );
      return rows.map(([f, matched, total]) => ({
        file: candidates[Number(f)]!,
        matched: Number(matched),
        total: Number(total),
      }));
    } finally {
      await compiled.release();
    }
  } finally {
    await scan.release();
  }
}

/**
 * Writes the rows `rowsOf(relation of files)` computes as new data files of the table (partitioned by
 * value, so an UPDATE of a partition column moves rows to their new partition), made to obey the table
 * (table-invariants.ts: NOT NULL, CHECK, generated columns — `computeGenerated` are recomputed, the others
 * checked); returns their adds. Nothing is committed here.
 */
export async function rewriteFiles(
  session: CommandContext,
  target: DmlTarget,
  files: readonly ScanFile[],
  rowsOf: RowsOf,
  computeGenerated: ReadonlySet<string> = new Set(),
): Promise<AddFile[]> {
  if (files.length === 0) return [];
  const scan = await openFiles(session, target, files, false, true);
  try {
    return await writeRows(
      session,
      target,
      rowsOf(scan.relation, scan.identity),
      computeGenerated,
      scan.identity,
    );
  } finally {
    await scan.release();
  }
}

/**
 * Writes the rows of `rows` (a plan over the target's columns, in schema order, then the rows' identity
 * columns when `identity` is given) as new data files of the table, made to obey it as rewriteFiles does;
 * returns their adds. Nothing is committed here.
 */
export async function writeRows(
  session: CommandContext,
  target: DmlTarget,
  rows: LogicalPlan,
  computeGenerated: ReadonlySet<string> = new Set(),
  identity?: RowIdentity,
): Promise<AddFile[]> {
  const names = [...target.schema.fields.map((f) => f.name), ...identityColumns(identity)];
  const compiled = await compileNamedQuery(session.engine, rows, session.semantics, names);
  try {
    const configuration = target.snapshot.configuration;
    const prepared = await prepareTableRows(session.engine, target.ctx, session.semantics, {
      sql: compiled.sql,
      schema: target.schema,
      configuration,
      tableName: target.displayName,
      computeGenerated,
      assignIdentity: new Set(),
      passThrough: identityPassThrough(identity),
    });
    try {
      return await writeDataFiles(session.engine, target.snapshot.store, {
        sourceSql: prepared.sql,
        schema: target.schema,
        partitionColumns: target.snapshot.partitionColumns,
        columnMappingMode: target.snapshot.columnMappingMode,
        numIndexedCols: dataSkippingNumIndexedCols(configuration),
        ...writeFileSizing(session.conf, configuration),
        ...identityWrite(identity),
      });
    } finally {
      await prepared.release();
    }
  } finally {
    await compiled.release();
  }
}

/** Rows of files without statistics, counted by a scan (Delta reads the count when stats are missing). */
export async function countRows(
  session: CommandContext,
  target: DmlTarget,
  files: readonly ScanFile[],
): Promise<number> {
  if (files.length === 0) return 0;
  const scan = await scanRelation(session.engine, target.snapshot.store, planOf(target, files), {
    columns: [],
  });
  try {
    const rows = await readResult(
      session.engine,
      `SELECT count(*) AS "n" FROM (${scan.sql}) AS "rows"`,
      struct([field('n', LongType)]),
    );
    return Number(rows[0]?.[0] ?? 0);
  } finally {
    await scan.release();
  }
}

export interface RewriteCommit {
  /** What the outcome depended on: the rows matching this predicate, or (undefined) the whole table. */
  readonly readPredicate: Predicate | undefined;
  /** Files read to decide (a concurrent delete of any of them is a conflict). */
  readonly readFiles: readonly AddFile[];
  readonly removed: readonly AddFile[];
  readonly added: readonly AddFile[];
  /** `_change_data` files of the change (change-data-write.ts), if any. */
  readonly changeFiles?: readonly AddCDCFile[];
  readonly operation: Operation;
  /** The removes' dataChange: false for a rewrite that changes no row (REORG); true by default. */
  readonly dataChange?: boolean;
}

/** One transaction on the snapshot the statement read: what it read, the removes, the adds. */
export async function commitRewrite(
  session: CommandContext,
  target: DmlTarget,
  change: RewriteCommit,
  hooks: DmlHooks = {},
): Promise<CommitResult> {
  const txn = CommitBuilder.onSnapshot(target.snapshot, session.parquet);
  txn.readTable(change.readPredicate);
  txn.readFiles(change.readFiles);
  txn.removeFiles(change.removed, Date.now(), change.dataChange ?? true);
  txn.addFiles(change.added);
  txn.addChangeFiles(change.changeFiles ?? []);
  await hooks.beforeCommit?.();
  const commit = await txn.commit({ ...change.operation, ...userMetadataOf(session) });
  // REORG is maintenance itself; UPDATE, DELETE and merge-on-read are writes that may leave small files.
  if (change.operation.name !== 'REORG') await autoCompactAfterCommit(session, txn, commit);
  return commit;
}

/** One copy-on-write statement: which files may match, the condition, the rows to write back, its operation. */
export interface CopyOnWrite {
  /** Files left after pruning and skipping with `predicate`. */
  readonly candidates: readonly ScanFile[];
  readonly predicate: Predicate | undefined;
  readonly condition: BoundExpr;
  /** `performance.now()` when the statement began, for the operation metrics' times. */
  readonly startedAt: number;
  readonly rowsOf: RowsOf;
  readonly computeGenerated?: ReadonlySet<string>;
  /** How the change rows follow, for tables with the change data feed on. */
  readonly changeData: ChangeDataRewrite;
  readonly operation: (stats: RewriteStats) => Operation;
}

/**
 * Finds the candidate files with a matching row, rewrites only those and commits their removes and adds in
 * one transaction; returns the number of matched rows (0, and no commit, when nothing matched).
 */
export async function copyOnWrite(
  session: CommandContext,
  target: DmlTarget,
  spec: CopyOnWrite,
  hooks: DmlHooks = {},
): Promise<number> {
  const touched = await findTouchedFiles(session, target, spec.candidates, spec.condition);
  if (touched.length === 0) return 0;
  const scanTimeMs = performance.now() - spec.startedAt;
  const files = touched.map((t) => t.file);
  const { added, changeFiles } = writesChangeData(target.snapshot.metadata)
    ? await rewriteFilesWithChangeData(session, target, files, spec)
    : {
        added: await rewriteFiles(session, target, files, spec.rowsOf, spec.computeGenerated),
        changeFiles: [],
      };
  const rewriteTimeMs = performance.now() - spec.startedAt - scanTimeMs;
  const matchedRows = touched.reduce((n, t) => n + t.matched, 0);
  const stats: RewriteStats = {
    removed: files.map((f) => f.add),
    added,
    changeFiles,
    affectedRows: matchedRows,
    copiedRows: touched.reduce((n, t) => n + t.total - t.matched, 0),
    executionTimeMs: performance.now() - spec.startedAt,
    scanTimeMs,
    rewriteTimeMs,
  };
  const change: RewriteCommit = {
    readPredicate: spec.predicate,
    readFiles: spec.candidates.map((f) => f.add),
    removed: stats.removed,
    added,
    changeFiles,
    operation: spec.operation(stats),
  };
  await commitRewrite(session, target, change, hooks);
  return matchedRows;
}

/** rewriteFiles for a table with the change data feed: the data files and the change files, from one pass. */
async function rewriteFilesWithChangeData(
  session: CommandContext,
  target: DmlTarget,
  files: readonly ScanFile[],
  spec: CopyOnWrite,
) {
  const scan = await openFiles(session, target, files, false, true);
  try {
    return await rewriteWithChangeData(
      session,
      target,
      scan.relation,
      scan.identity,
      spec.condition,
      spec.changeData,
      spec.computeGenerated ?? new Set(),
    );
  } finally {
    await scan.release();
  }
}

/** The file's live rows from its statistics (numRecords less its deletion vector), undefined without stats. */
export function logicalRecords(add: AddFile): number | undefined {
  if (!add.stats) return undefined;
  try {
    const n = (JSON.parse(add.stats) as { numRecords?: number }).numRecords;
    if (typeof n !== 'number') return undefined;
    return n - (add.deletionVector?.cardinality ?? 0);
  } catch {
    return undefined;
  }
}

/**
 * Of the candidate files, those whose partition values make a partition-only condition true: evaluated
 * exactly (not just "may match") over a VALUES row of each file's partition values, so no data file is
 * opened (Delta's metadata-only delete, `txn.filterFiles(metadataPredicates)`).
 */
export async function filesMatchingPartitions(
  session: CommandContext,
  target: DmlTarget,
  candidates: readonly ScanFile[],
  condition: BoundExpr,
): Promise<ScanFile[]> {
  if (candidates.length === 0) return [];
  const partitionLower = new Set(target.snapshot.partitionColumns.map((p) => p.toLowerCase()));
  const partitionAttrs = target.attributes.filter((a) => partitionLower.has(a.name.toLowerCase()));
  const fileIndex = target.ctx.ids.fresh(FILE_INDEX, IntegerType, false);
  const rows = candidates.map((f, i): BoundExpr[] => [
    ...partitionAttrs.map(
      (a): BoundExpr => ({ kind: 'literal', value: f.partitionValues[a.name] ?? null, type: a.type }),
    ),
    { kind: 'literal', value: i, type: IntegerType },
  ]);
  const values: LogicalPlan = { kind: 'values', rows, output: [...partitionAttrs, fileIndex] };
  const filter: LogicalPlan = {
    kind: 'filter',
    child: values,
    condition: isTrue(condition),
    output: values.output,
  };
  const list = [{ expr: { kind: 'attributeRef', attr: fileIndex } as BoundExpr, attr: fileIndex }];
  const plan: LogicalPlan = { kind: 'project', child: filter, list, output: [fileIndex] };
  const compiled = await compileNamedQuery(session.engine, plan, session.semantics, ['f']);
  try {
    const rows = await readResult(session.engine, compiled.sql, struct([field('f', IntegerType)]));
    return rows
      .map(([f]) => Number(f))
      .sort((a, b) => a - b)
      .map((i) => candidates[i]!);
  } finally {
    await compiled.release();
  }
}
