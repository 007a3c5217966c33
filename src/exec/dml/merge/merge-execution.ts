/**
 * Runs an analyzed MERGE (Delta's ClassicMergeExecutor / InsertOnlyMergeExecutor):
 *
 * 1. The source is materialized once (Delta's MergeIntoMaterializeSource): every later step sees the same rows.
 * 2. The target files that can match are found from statistics, partition values and the key columns alone
 *    (merge-candidates.ts); NOT MATCHED BY SOURCE clauses add the files their conditions may hold.
 * 3. One DuckDB query joins the candidates' rows with the source and decides, per row, the applying clause and
 *    the resulting row (merge-decision.ts); it is materialized so that the checks and the write agree. An
 *    insert-only merge, or one with no candidate file, checks nothing: its one write reads the decision as a
 *    subquery (Delta's InsertOnlyMergeExecutor writes straight from the source likewise).
 * 4. A target row matched by several source rows fails the statement unless the only MATCHED clause is an
 *    unconditional DELETE (MergeIntoCommandBase.throwErrorOnMultipleMatches); nothing has been written yet.
 * 5. Only files holding a row that a clause updates or deletes are rewritten (their other rows copied); new
 *    rows go to new files; an insert-only merge rewrites nothing. One commit records it all.
 *
 * On a table that writes deletion vectors (and has no change data feed), step 5 is merge-on-read, as Delta's
 * ClassicMergeExecutor with persistent DVs: the changed target rows are marked deleted in their files' DVs
 * (united with the DVs they have, one DV file per commit; a file losing every live row is removed), and only
 * the updated rows' new values and the inserts are written. No unchanged row is copied.
 */

import type { AddCDCFile, AddFile } from '../../../delta/actions.js';
import { columnMappingMode } from '../../../delta/column-mapping.js';
import type { RoaringBitmapArray } from '../../../delta/deletion-vectors/index.js';
import type { Predicate } from '../../../delta/predicate.js';
import type { ScanPlan } from '../../../delta/scan-plan.js';
import { serializeSchema } from '../../../delta/schema.js';
import { dataSkippingNumIndexedCols } from '../../../delta/table-properties.js';
import { writeDataFiles } from '../../../engine/data-file-writer.js';
import type { EngineSession } from '../../../engine/engine-session.js';
import { scanRelation } from '../../../engine/snapshot-scan.js';
import { LakesqlError } from '../../../errors/index.js';
import { analyzerContext } from '../../../plan/analyzer/analyzer-context.js';
import { columnAlias } from '../../../plan/logical/attribute.js';
import type { CommandContext } from '../../command-context.js';
import { compileContext } from '../../query/compile-context.js';
import { quoteColumn } from '../../query/expression-sql.js';
import { compilePlan } from '../../query/plan-sql.js';
import { collectRelations, compileQuery } from '../../query/run-query.js';
import { autoCompactAfterCommit } from '../../write/auto-compact.js';
import { CommitBuilder } from '../../write/commit-builder.js';
import { writeFileSizing } from '../../write/file-sizing.js';
import { mergeOldColumn, writeMergeWithChangeData, writesChangeData } from '../change-data-write.js';
import { identityInfo } from '../column-metadata.js';
import { type DeletionVectorChange, writesDeletionVectors } from '../deletion-vector-write.js';
import { logicalRecords } from '../rewrite-files.js';
import {
  identityColumns,
  identityPassThrough,
  identityScan,
  identityWrite,
  rowIdentityOf,
} from '../row-identity.js';
import { identityMetadataAfterWrite, prepareTableRows } from '../table-invariants.js';
import { userMetadataOf } from '../user-metadata.js';
import { writeBesideDeletionVectors } from '../write-beside-deletion-vectors.js';
import { mergeCandidates } from './merge-candidates.js';
import {
  COPY,
  clauseCodes,
  type DecidedClause,
  decisionPlan,
  FILE_INDEX_COLUMN,
  SOURCE_PRESENT_COLUMN,
} from './merge-decision.js';
import { type MergeMetrics, mergeMetrics, operationMetrics } from './merge-metrics.js';
import { withOldValues } from './merge-old-values.js';
import { isInsertOnly, isOnlyOneUnconditionalDelete, type MergePlan } from './merge-plan.js';
import { type MergeSummary, summarizeDecision } from './merge-summary.js';
import { decisionTargetColumns, rowsWritten } from './merge-target-columns.js';
import { ROW_INDEX_COLUMN, targetRowsSql, touchedRows } from './merge-touched-rows.js';
import { multipleSourceRowsMatched } from './merge-validation.js';

export interface MergeOutcome {
  readonly metrics: MergeMetrics;
  /** The committed version; undefined when the merge changed nothing (Delta skips empty commits). */
  readonly version: number | undefined;
  /** lakesql's own figure: target files read in full (after pruning, skipping and key matching), for tests. */
  readonly numTargetFilesRead: number;
  /** Files whose key columns alone were scanned to find the matched ones (merge-candidates.ts). */
  readonly numTargetFilesKeyScanned: number;
  /** The pushdown predicate the target scan used (undefined: the whole table). */
  readonly predicate: Predicate | undefined;
}

export async function executeMerge(session: CommandContext, plan: MergePlan): Promise<MergeOutcome> {
  const started = Date.now();
  const engine = session.engine;
  const semantics = session.semantics;
  const scratchTables: string[] = [];
  const releases: (() => Promise<void>)[] = [];
  const releaseScratch = async () => {
    for (const release of releases) await release();
    // One statement drops them all.
    await engine.dropTables(scratchTables);
  };
  let released: Promise<void> | undefined;
  try {
    // 1. The source, once (created by mergeCandidates with its keys, in one round trip), and
    // 2. the candidate files.
    const scanStarted = Date.now();
    const sourceTable = engine.uniqueName('lakesql_merge_source');
    scratchTables.push(sourceTable);
    const compiledSource = await compileQuery(engine, plan.source, semantics);
    const insertOnly = isInsertOnly(plan);
    // The change data feed needs the old values of updated rows (an insert-only merge writes no change files).
    const changeData = writesChangeData(plan.snapshot.metadata) && !insertOnly;
    // With deletion vectors (Delta's ClassicMergeExecutor with shouldWritePersistentDeletionVectors) a touched
    // file keeps its unchanged rows: its changed rows are marked deleted by row index, so the scan also
    // yields each row's physical position, and a target row's identity encodes its file and position.
    const marksRows = !insertOnly && !changeData && writesDeletionVectors(plan.snapshot);
    const scanned = decisionTargetColumns(plan, rowsWritten(plan, marksRows));
    // Target rows written again (updated, or copied with their file) keep their row ids (row-identity.ts);
    // an insert-only merge writes none.
    const identity = insertOnly ? undefined : rowIdentityOf(plan.snapshot, plan.ids);
    const tracked = identityColumns(identity);
    let found: Awaited<ReturnType<typeof mergeCandidates>>;
    try {
      const create = `CREATE TABLE ${quoteColumn(sourceTable)} AS ${compiledSource.sql}`;
      found = await mergeCandidates(engine, plan, { table: sourceTable, create }, semantics, scratchTables, {
        decisionColumns: marksRows ? scanned.map((a) => a.name) : undefined,
      });
    } finally {
      await compiledSource.release();
    }
    const numSourceRows = found.numSourceRows;
    const candidates: ScanPlan = found.scan;
    const predicate = found.predicate;

    // No candidate file: no target row can match, so only NOT MATCHED clauses can apply.
    const insertsAlone = insertOnly || candidates.files.length === 0;
    const mergeOnRead = !insertsAlone && marksRows;

    // 3. The decision table. Merge-on-read keeps the DVs its scan loads (the changed rows are united with
    // them) and drops the scan's deleted-rows table with its own scratch tables.
    const loadedDvs = new Map<AddFile, RoaringBitmapArray>();
    const scan = await scanRelation(engine, plan.snapshot.store, candidates, {
      columns: scanned.map((a) => a.name),
      fileIndexColumn: FILE_INDEX_COLUMN,
      scratchTables,
      ...(mergeOnRead ? { rowIndexColumn: ROW_INDEX_COLUMN, loadedDeletionVectors: loadedDvs } : {}),
      ...identityScan(identity),
    });
    releases.push(() => scan.release());
    const sourceColumns = plan.source.output.map(columnAlias);
    // Merge-on-read leaves unchanged rows where they are, so the decision table need not hold them when each
    // candidate's live rows are known from its statistics (Delta's isFullyReplaced counts them so); matched
    // rows stay, for the multiple-match check. The decision's join then drops them before they are computed.
    const liveRows = mergeOnRead ? candidates.files.map((f) => logicalRecords(f.add)) : [];
    const dropUnchanged = mergeOnRead && liveRows.every((n) => n !== undefined);
    const decisionBase = decisionPlan(
      plan,
      scanned,
      `SELECT *, true AS ${quoteColumn(SOURCE_PRESENT_COLUMN)} FROM ${quoteColumn(sourceTable)}`,
      sourceColumns,
      { unmatchedTargetRows: !dropUnchanged, ...(identity ? { identity } : {}) },
    );
    const decision = changeData ? withOldValues(decisionBase, plan) : { ...decisionBase, olds: [] };
    const relationSql = new Map<object, string>([
      [decision.target, targetRowsSql(scan.sql, mergeOnRead)],
      [decision.source, (decision.source.source as { sql: string }).sql],
    ]);
    for (const r of collectRelations(decision.plan)) {
      if (r.kind !== 'relation' || relationSql.has(r)) continue;
      if (r.source.kind === 'engineSql') relationSql.set(r, r.source.sql);
      else {
        const other = await scanRelation(engine, r.source.snapshot.store, r.source.snapshot.scanPlan());
        releases.push(() => other.release());
        relationSql.set(r, other.sql);
      }
    }
    const body = compilePlan(decision.plan, compileContext(semantics, relationSql));
    const merged = engine.uniqueName('lakesql_merge_rows');
    scratchTables.push(merged);
    const named = [
      `${quoteColumn(columnAlias(decision.fileIndex))} AS "file_index"`,
      `${quoteColumn(columnAlias(decision.rowId))} AS "row_id"`,
      `${quoteColumn(columnAlias(decision.action))} AS "action"`,
      `${quoteColumn(columnAlias(decision.matched))} AS "matched"`,
      ...decision.values.map((a, i) => `${quoteColumn(columnAlias(a))} AS "v${i}"`),
      ...decision.olds.map((a, i) => `${quoteColumn(columnAlias(a))} AS ${quoteColumn(mergeOldColumn(i))}`),
      ...decisionBase.tracked.map((a, i) => `${quoteColumn(columnAlias(a))} AS ${quoteColumn(tracked[i]!)}`),
    ];
    const unchangedDropped = dropUnchanged ? ` WHERE "action" <> ${COPY} OR "matched"` : '';
    const decidedSql = `SELECT ${named.join(', ')} FROM (${body}) AS "d"`;
    const createMerged = `CREATE TABLE ${quoteColumn(merged)} AS ${decidedSql}${unchangedDropped}`;
    const decided = clauseCodes(plan);
    const invariants = tableInvariantsOf(plan, decided);
    // An insert-only merge (Delta's InsertOnlyMergeExecutor), or one with no candidate file, needs no
    // decision table: nothing is checked before the write and every row written is an inserted one, so the
    // write reads the decision straight from the source and the candidates' keys, and its files' row counts
    // are the inserted rows. (Not when identity values go to some inserts only: that count needs the decision.)
    const insertsDirectly = insertsAlone && insertsInOneWrite(decided, invariants.identityCodes);
    const m = insertsDirectly ? `(${decidedSql}) AS "m"` : quoteColumn(merged);

    // 4. Several source rows for one target row fail the statement before anything is written; the round
    // trip that creates the decision table counts the rows per action and (copy-on-write) finds the touched
    // files.
    const severalMatchesPerRow = isOnlyOneUnconditionalDelete(plan);
    const changing = decided.filter((d) => d.clause.kind !== 'notMatched').map((d) => d.code);
    const summary = insertsDirectly
      ? NOTHING_DECIDED
      : await summarizeDecision(engine, m, decided, {
          checkMultipleMatches: !insertOnly && !severalMatchesPerRow,
          touchedFiles: !mergeOnRead,
          createdBy: createMerged,
        });
    if (summary.multipleMatches) throw multipleSourceRowsMatched();
    // Merge-on-read: the touched files are those with a changed row, read with the changed rows' positions
    // and the current DVs the scan loaded (each united with its file's changed rows, loaded once).
    const marked = mergeOnRead
      ? (
          await touchedRows(
            engine,
            m,
            changing,
            candidates.files,
            dropUnchanged ? (liveRows as number[]) : undefined,
            severalMatchesPerRow,
          )
        ).map((r) => {
          const currentDv = loadedDvs.get(r.file.add);
          return currentDv ? { ...r, currentDv } : r;
        })
      : [];

    // 5. Counts, the files to rewrite, and the new files.
    const perAction = summary.perAction;
    const codesOf = (kind: string, action: string) =>
      decided.filter((d) => d.clause.kind === kind && d.clause.action.kind === action).map((d) => d.code);
    // Rows written by an insert-only merge's direct write (known once it has run).
    let insertedDirectly = 0;
    const sum = (codes: number[], key: 'rows' | 'targets') =>
      codes.reduce((n, c) => n + (perAction.get(c)?.[key] ?? 0), 0);
    const identityRowsOf = () =>
      insertsDirectly
        ? insertedDirectly
        : invariants.identityCodes.reduce((n, c) => n + (perAction.get(c)?.rows ?? 0), 0);
    const inserting = codesOf('notMatched', 'insert');
    const updating = decided.filter((d) => d.clause.action.kind === 'update').map((d) => d.code);

    const touchedIndexes = summary.touched ?? [];
    const touched = mergeOnRead
      ? marked.map((r) => r.file.add)
      : touchedIndexes.map((i) => candidates.files[i]!.add);
    const inTouched =
      touchedIndexes.length === 0 ? 'FALSE' : `"file_index" IN (${touchedIndexes.join(', ')})`;
    const copied =
      touched.length === 0 || mergeOnRead
        ? 0
        : await countOf(engine, `SELECT count(*) AS "n" FROM ${m} WHERE "action" = ${COPY} AND ${inTouched}`);
    const scanTimeMs = Date.now() - scanStarted;

    const rewriteStarted = Date.now();
    const metadata = plan.snapshot.metadata;
    if (plan.addedColumns.length > 0 && columnMappingMode(metadata.configuration) !== 'none') {
      throw new LakesqlError('UNSUPPORTED_FEATURE', {
        feature: 'MERGE schema evolution on a table with column mapping',
      });
    }
    // Copy-on-write rewrites a touched file's unchanged rows with its updated ones; merge-on-read writes only
    // the updated rows (the unchanged ones stay where they are, under the file's new deletion vector).
    // (An updated row's file is touched by definition; only copy-on-write's COPY rows need the file filter.)
    const kept = mergeOnRead ? updating : [COPY, ...updating];
    const writeFilter =
      kept.length === 0
        ? []
        : mergeOnRead
          ? [`"action" IN (${kept.join(', ')})`]
          : [`("action" IN (${kept.join(', ')}) AND ${inTouched})`];
    if (inserting.length > 0) writeFilter.push(`"action" IN (${inserting.join(', ')})`);
    const columns = [
      ...plan.schema.fields.map((f, i) => `"v${i}" AS ${quoteColumn(f.name)}`),
      ...invariants.flags.map((codes, i) => `"action" IN (${codes.join(', ')}) AS "__compute${i}"`),
      ...tracked.map(quoteColumn),
    ];
    const writing = insertsDirectly || (touched.length > 0 && kept.length > 0) || sum(inserting, 'rows') > 0;
    let identityRows = 0;
    let schemaAfter = plan.schema;
    let adds: AddFile[] = [];
    let changeFiles: AddCDCFile[] = [];
    // How the written rows are made to obey the table (NOT NULL, CHECK, generated columns, identity values),
    // the same whether change files are written beside them or not.
    const rowRules = {
      schema: plan.schema,
      configuration: metadata.configuration,
      tableName: plan.tableName,
      computeGenerated: invariants.computeGenerated,
      assignIdentity: invariants.assignIdentity,
      computeWhere: invariants.computeWhere,
    };
    if (writing && changeData && touched.length > 0) {
      // Files are rewritten: the commit's changes are read from its change files alone, inserts included.
      const written = await writeMergeWithChangeData(session, analyzerContextOf(session), {
        merged: m,
        columns,
        where: writeFilter.join(' OR '),
        prepare: rowRules,
        updating,
        inserting,
        deleting: decided.filter((d) => d.clause.action.kind === 'delete').map((d) => d.code),
        store: plan.snapshot.store,
        partitionColumns: metadata.partitionColumns,
        columnMappingMode: columnMappingMode(metadata.configuration),
        identity,
      });
      adds = written.added;
      changeFiles = written.changeFiles;
      identityRows = identityRowsOf();
      schemaAfter = identityMetadataAfterWrite(plan.schema, written.identityBase, identityRows);
    }
    const writeRows = async () => {
      if (!writing || (changeData && touched.length > 0)) return;
      // The written rows obey the table: NOT NULL, CHECK, generated columns, identity values.
      const prepared = await prepareTableRows(engine, analyzerContextOf(session), semantics, {
        sql: `SELECT ${columns.join(', ')} FROM ${m} WHERE ${writeFilter.join(' OR ')}`,
        ...rowRules,
        passThrough: identityPassThrough(identity),
      });
      releases.push(prepared.release);
      adds = await writeDataFiles(engine, plan.snapshot.store, {
        sourceSql: prepared.sql,
        schema: plan.schema,
        partitionColumns: metadata.partitionColumns,
        columnMappingMode: columnMappingMode(metadata.configuration),
        numIndexedCols: dataSkippingNumIndexedCols(metadata.configuration),
        ...writeFileSizing(session.conf, metadata.configuration),
        ...identityWrite(identity),
      });
      if (insertsDirectly) insertedDirectly = adds.reduce((n, a) => n + (logicalRecords(a) ?? 0), 0);
      identityRows = identityRowsOf();
      schemaAfter = identityMetadataAfterWrite(plan.schema, prepared.identityBase, identityRows);
    };
    // The changed rows are marked deleted while the rows are written; a failed constraint leaves no
    // deletion vector behind (write-beside-deletion-vectors.ts).
    let dvChange: DeletionVectorChange | undefined;
    if (mergeOnRead && touched.length > 0) {
      dvChange = (await writeBesideDeletionVectors(plan.snapshot, async () => marked, writeRows)).change;
    } else await writeRows();
    const removedFiles = dvChange ? dvChange.fullyRemoved : touched;
    const rewriteTimeMs = Date.now() - rewriteStarted;

    const metrics = mergeMetrics(
      {
        numSourceRows,
        matchedUpdated: sum(codesOf('matched', 'update'), 'rows'),
        matchedDeleted: sum(codesOf('matched', 'delete'), 'targets'),
        notMatchedBySourceUpdated: sum(codesOf('notMatchedBySource', 'update'), 'rows'),
        notMatchedBySourceDeleted: sum(codesOf('notMatchedBySource', 'delete'), 'rows'),
        inserted: insertsDirectly ? insertedDirectly : sum(inserting, 'rows'),
        copied,
      },
      {
        added: adds.length,
        removed: removedFiles.length,
        bytesAdded: adds.reduce((n, a) => n + a.size, 0),
        bytesRemoved: removedFiles.reduce((n, a) => n + a.size, 0),
        changeFiles: changeFiles.length,
        deletionVectorsAdded: dvChange?.numDeletionVectorsAdded ?? 0,
        deletionVectorsRemoved: dvChange?.numDeletionVectorsRemoved ?? 0,
        deletionVectorsUpdated: dvChange?.numDeletionVectorsUpdated ?? 0,
      },
      { executionTimeMs: Date.now() - started, scanTimeMs, rewriteTimeMs },
    );

    // Nothing reads the scratch tables any more: they are dropped while the commit is written, not after
    // it. (A failure is awaited, and thrown, at the end; until then it must not count as unhandled.)
    released = releaseScratch();
    released.catch(() => {});

    // One commit; none at all when nothing changed (Delta's skipRecordingEmptyCommits).
    let version: number | undefined;
    const schemaText = serializeSchema(schemaAfter);
    if (adds.length > 0 || touched.length > 0 || plan.addedColumns.length > 0) {
      const txn = CommitBuilder.onSnapshot(plan.snapshot, session.parquet);
      if (predicate) txn.readTable(predicate);
      else txn.readTable();
      txn.readFiles(found.filesRead);
      txn.removeFiles(removedFiles);
      if (dvChange) {
        dvChange.withNewDvs.forEach((withDv, i) => {
          txn.updateDeletionVector(dvChange.replaced[i]!, withDv.deletionVector!, { stats: withDv.stats! });
        });
      }
      txn.addFiles(adds);
      txn.addChangeFiles(changeFiles);
      if (schemaText !== metadata.schemaString) txn.updateMetadata({ ...metadata, schemaString: schemaText });
      const committed = await txn.commit({
        name: 'MERGE',
        parameters: {
          predicate: [plan.conditionSql],
          matchedPredicates: predicatesOf(plan, 'matched'),
          notMatchedPredicates: predicatesOf(plan, 'notMatched'),
          notMatchedBySourcePredicates: predicatesOf(plan, 'notMatchedBySource'),
        },
        metrics: operationMetrics(metrics),
        ...userMetadataOf(session),
      });
      version = committed.version;
      await autoCompactAfterCommit(session, txn, committed);
    }
    return {
      metrics,
      version,
      numTargetFilesRead: candidates.files.length,
      numTargetFilesKeyScanned: found.numFilesKeyScanned,
      predicate,
    };
  } finally {
    await (released ?? releaseScratch());
  }
}

/** The summary of an insert-only merge that writes without a decision table: nothing to check or touch. */
const NOTHING_DECIDED: MergeSummary = { multipleMatches: false, perAction: new Map(), touched: [] };

/**
 * Whether an insert-only merge can write in one statement: its inserted rows are then counted from the files
 * written, so identity values must go to every insert or to none (a partial count would need the decision).
 */
function insertsInOneWrite(decided: readonly DecidedClause[], identityCodes: readonly number[]): boolean {
  const inserting = decided.filter((d) => d.clause.kind === 'notMatched').map((d) => d.code);
  return identityCodes.length === 0 || inserting.every((c) => identityCodes.includes(c));
}

/**
 * What the table computes for the merged rows: each generated column on the rows of the clauses that do not
 * write it (`derived`), checked on the others; each identity column on the rows of the inserts that omit it.
 * `flags[i]` lists the action codes of the rows column `__compute<i>` selects.
 */
function tableInvariantsOf(plan: MergePlan, decided: readonly DecidedClause[]) {
  const computeGenerated = new Set<string>();
  const assignIdentity = new Set<string>();
  const computeWhere = new Map<string, string>();
  const flags: number[][] = [];
  const identityCodes = new Set<number>();
  for (const f of plan.schema.fields) {
    const codes = decided
      .filter((d) => d.clause.action.kind !== 'delete' && d.clause.action.derived.has(f.name))
      .map((d) => d.code);
    if (codes.length === 0) continue;
    const identity = identityInfo(f) !== undefined;
    (identity ? assignIdentity : computeGenerated).add(f.name);
    if (identity) for (const c of codes) identityCodes.add(c);
    computeWhere.set(f.name, `__compute${flags.length}`);
    flags.push(codes);
  }
  return { computeGenerated, assignIdentity, computeWhere, flags, identityCodes: [...identityCodes] };
}

function analyzerContextOf(session: CommandContext) {
  return analyzerContext(session.relations, session.semantics, session.conf);
}

function predicatesOf(plan: MergePlan, kind: string) {
  return plan.clauses.filter((c) => c.kind === kind).map((c) => c.predicate);
}

async function countOf(engine: EngineSession, sql: string): Promise<number> {
  const [row] = await engine.all(sql);
  return Number(row?.n ?? 0);
}
