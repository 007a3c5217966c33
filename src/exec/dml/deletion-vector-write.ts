/**
 * Merge-on-read DML, the way Delta's DMLWithDeletionVectorsHelper changes rows when a table has deletion
 * vectors (PROTOCOL.md "Deletion Vectors"): instead of rewriting a touched file, the rows a condition
 * matches are marked deleted in the file's deletion vector. One scan of the candidate files collects, per
 * file, the row indexes (physical positions in the file) where the condition is true; each touched file's
 * new DV is that set united with the DV it already has; all the new DVs of a statement go into ONE
 * `deletion_vector_<uuid>.bin` file (Delta stores DVs of DML in files, never inline); a touched file is
 * committed as remove(file with its old DV) + add(same path, new DV, stats with `tightBounds: false`). A
 * file whose every live row matches is removed outright, with no DV.
 */
import type { AddFile } from '../../delta/actions.js';
import {
  loadDeletionVectors,
  RoaringBitmapArray,
  writeDeletionVectorFile,
} from '../../delta/deletion-vectors/index.js';
import type { ScanFile } from '../../delta/scan-plan.js';
import type { Snapshot } from '../../delta/snapshot.js';
import { writerFeaturesOf } from '../../delta/table-features.js';
import { readResult } from '../../engine/result-reader.js';
import { rowIndexesByFile } from '../../engine/row-indexes-by-file.js';
import { scanRelation } from '../../engine/snapshot-scan.js';
import type { Attribute } from '../../plan/logical/attribute.js';
import type { BoundExpr } from '../../plan/logical/bound-expression.js';
import type { LogicalPlan } from '../../plan/logical/logical-plan.js';
import { arrayOf, BooleanType, field, IntegerType, LongType, struct } from '../../types/data-types.js';
import type { CommandContext } from '../command-context.js';
import { quoteColumn } from '../query/expression-sql.js';
import { compileNamedQuery } from '../query/run-query.js';
import { conditionCannotFail } from './condition-cannot-fail.js';
import type { DmlTarget } from './dml-target.js';
import { isTrue } from './dml-target.js';
import { logicalRecords, planOf } from './rewrite-files.js';
import {
  identityAttributes,
  identityColumns,
  identityScan,
  type RowIdentity,
  rowIdentityOf,
} from './row-identity.js';

const FILE_INDEX = '__lakesql_file_index';
const ROW_INDEX = '__lakesql_row_index';

/**
 * Delta's DeletionVectorUtils.deletionVectorsWritable: the protocol supports the `deletionVectors` writer
 * feature and `delta.enableDeletionVectors` is true. A table that also has the change data feed on is
 * changed copy-on-write for now: that path writes the `_change_data` files DML owes a CDF table.
 */
export function writesDeletionVectors(snapshot: Snapshot): boolean {
  const conf = snapshot.configuration;
  if (conf['delta.enableDeletionVectors']?.toLowerCase() !== 'true') return false;
  if (!writerFeaturesOf(snapshot.protocol).includes('deletionVectors')) return false;
  return conf['delta.enableChangeDataFeed']?.toLowerCase() !== 'true';
}

/** The rows of one candidate file a condition matched. */
export interface MatchedRows {
  readonly file: ScanFile;
  /** Row indexes (physical positions in the data file) where the condition is true. */
  readonly rowIndexes: readonly number[];
  /** The file's live rows (those its current DV does not delete). */
  readonly liveRows: number;
  /**
   * The file's current DV, when whoever found the rows has loaded it already (undefined: not loaded;
   * markRowsDeleted then loads it). It is united with the new rows in place: it belongs to this statement.
   */
  readonly currentDv?: RoaringBitmapArray;
}

/** The target's rows as a scan (`scanSql`) gives them, with each row's file and row index as attributes. */
function positionedRows(
  target: DmlTarget,
  scanSql: string,
  identity?: RowIdentity,
): { relation: LogicalPlan; fileIndex: Attribute; rowIndex: Attribute } {
  const names = target.schema.fields.map((f) => f.name);
  const fileIndex = target.ctx.ids.fresh(FILE_INDEX, IntegerType, false);
  const rowIndex = target.ctx.ids.fresh(ROW_INDEX, LongType, false);
  const relation: LogicalPlan = {
    kind: 'relation',
    source: {
      kind: 'engineSql',
      sql: scanSql,
      columns: [...names, FILE_INDEX, ROW_INDEX, ...identityColumns(identity)],
    },
    output: [...target.attributes, fileIndex, rowIndex, ...identityAttributes(identity)],
  };
  return { relation, fileIndex, rowIndex };
}

/**
 * One scan of the candidate files (their current DVs applied) returning, for each file with a row where
 * `condition` is true, those rows' indexes. Files without such a row are left out.
 */
export async function findMatchedRows(
  session: CommandContext,
  target: DmlTarget,
  candidates: readonly ScanFile[],
  condition: BoundExpr,
): Promise<MatchedRows[]> {
  if (candidates.length === 0) return [];
  // A file's live rows come from its statistics (numRecords less its DV's cardinality), as Delta's
  // isFullyReplaced tells them, so only the matched rows are read. Without statistics the live rows are
  // counted by a scan that applies the files' DVs.
  const fromStats = candidates.map((f) => logicalRecords(f.add));
  if (fromStats.some((n) => n === undefined)) {
    return await countedMatchedRows(session, target, candidates, condition);
  }
  // A condition that cannot fail is evaluated on every physical row: the files are read without their
  // DVs (a plain filter in the reader), and the few matched rows that a DV already deletes are dropped
  // here against the DVs markRowsDeleted then unites the new rows with. Each DV is loaded once, and DuckDB
  // builds no deleted-rows table and runs no join. Any other condition sees only live rows, as in Delta.
  const pastDvs = conditionCannotFail(condition);
  const files = pastDvs
    ? candidates.map((f) => (f.add.deletionVector ? { ...f, add: withoutDv(f.add) } : f))
    : candidates;
  // Otherwise the scan's deleted-rows table loads the DVs, and they are kept for markRowsDeleted.
  const loadedDvs = new Map<AddFile, RoaringBitmapArray>();
  const [byFile, currentDvs] = await Promise.all([
    matchedRowIndexes(session, target, files, condition, loadedDvs),
    pastDvs
      ? loadDeletionVectors(
          target.snapshot.store,
          candidates.map((f) => f.add.deletionVector),
        )
      : undefined,
  ]);
  const out: MatchedRows[] = [];
  for (const [f, indexes] of byFile) {
    const file = candidates[f]!;
    if (!currentDvs) {
      const currentDv = loadedDvs.get(file.add);
      out.push({ file, rowIndexes: indexes, liveRows: fromStats[f]!, ...(currentDv ? { currentDv } : {}) });
      continue;
    }
    const currentDv = currentDvs[f] ?? RoaringBitmapArray.empty();
    const rowIndexes = currentDvs[f] ? indexes.filter((r) => !currentDv.has(r)) : indexes;
    if (rowIndexes.length > 0) out.push({ file, rowIndexes, liveRows: fromStats[f]!, currentDv });
  }
  return out;
}

function withoutDv(add: AddFile): AddFile {
  const { deletionVector: _, ...rest } = add;
  return rest;
}

/**
 * Per file (index in `files`), the row indexes where `condition` is true among the rows the files' DVs (if
 * any) leave; `loadedDvs` receives the DVs the scan loaded.
 */
async function matchedRowIndexes(
  session: CommandContext,
  target: DmlTarget,
  files: readonly ScanFile[],
  condition: BoundExpr,
  loadedDvs: Map<AddFile, RoaringBitmapArray>,
): Promise<Map<number, number[]>> {
  const scan = await scanRelation(session.engine, target.snapshot.store, planOf(target, files), {
    fileIndexColumn: FILE_INDEX,
    rowIndexColumn: ROW_INDEX,
    loadedDeletionVectors: loadedDvs,
  });
  try {
    const { relation, fileIndex, rowIndex } = positionedRows(target, scan.sql);
    const matched = project({ kind: 'filter', child: relation, condition, output: relation.output }, [
      fileIndex,
      rowIndex,
    ]);
    const compiled = await compileNamedQuery(session.engine, matched, session.semantics, ['f', 'r']);
    try {
      return await rowIndexesByFile(session.engine, compiled.sql);
    } finally {
      await compiled.release();
    }
  } finally {
    await scan.release();
  }
}

/** The plan's rows, only the given attributes. */
function project(child: LogicalPlan, attrs: readonly Attribute[]): LogicalPlan {
  const list = attrs.map((attr) => ({ expr: { kind: 'attributeRef', attr } as BoundExpr, attr }));
  return { kind: 'project', child, list, output: [...attrs] };
}

/** findMatchedRows for candidates without statistics: each file's live rows are counted by the scan. */
async function countedMatchedRows(
  session: CommandContext,
  target: DmlTarget,
  candidates: readonly ScanFile[],
  condition: BoundExpr,
): Promise<MatchedRows[]> {
  const scan = await scanRelation(session.engine, target.snapshot.store, planOf(target, candidates), {
    fileIndexColumn: FILE_INDEX,
    rowIndexColumn: ROW_INDEX,
  });
  try {
    const { relation, fileIndex, rowIndex } = positionedRows(target, scan.sql);
    return await countedMatches(session, target, candidates, relation, fileIndex, rowIndex, condition);
  } finally {
    await scan.release();
  }
}

async function countedMatches(
  session: CommandContext,
  target: DmlTarget,
  candidates: readonly ScanFile[],
  relation: LogicalPlan,
  fileIndex: Attribute,
  rowIndex: Attribute,
  condition: BoundExpr,
): Promise<MatchedRows[]> {
  const list = [
    { expr: { kind: 'attributeRef', attr: fileIndex } as BoundExpr, attr: fileIndex },
    { expr: { kind: 'attributeRef', attr: rowIndex } as BoundExpr, attr: rowIndex },
    { expr: isTrue(condition), attr: target.ctx.ids.fresh('__matched', BooleanType, false) },
  ];
  const plan: LogicalPlan = { kind: 'project', child: relation, list, output: list.map((n) => n.attr) };
  const compiled = await compileNamedQuery(session.engine, plan, session.semantics, ['f', 'r', 'm']);
  try {
    const rows = await readResult(
      session.engine,
      `SELECT "f", count(*) AS "live", list("r") FILTER (WHERE "m") AS "rows"` +
        ` FROM (${compiled.sql}) AS "flagged" GROUP BY "f" HAVING bool_or("m") ORDER BY "f"`,
      struct([field('f', IntegerType), field('live', LongType), field('rows', arrayOf(LongType, false))]),
    );
    return rows.map(([f, live, indexes]) => ({
      file: candidates[Number(f)]!,
      rowIndexes: (indexes as readonly bigint[]).map(Number),
      liveRows: Number(live),
    }));
  } finally {
    await compiled.release();
  }
}

/** The matched rows of the candidate files, kept in a scratch table with their values (UPDATE's one scan). */
export interface MatchedRowsTable {
  /** How many rows matched (the scratch table's rows). */
  readonly matchedRows: number;
  /** The matched rows' positions per file, read from the scratch table. */
  readMatches(): Promise<MatchedRows[]>;
  /**
   * The matched rows' values, as a relation over the target's attributes (their current values), then the
   * rows' identity attributes when the table tracks rows (row-identity.ts).
   */
  readonly relation: LogicalPlan;
  readonly identity: RowIdentity | undefined;
  /** Drops the scratch table. */
  release(): Promise<void>;
}

/**
 * One scan of the candidate files (their current DVs applied) that keeps every row where `condition` is true,
 * with its file and row index, in a scratch table: the matched positions (for the DVs) and the rows an UPDATE
 * writes anew both come from it, so the touched files are read once, not once to find the rows and again to
 * write them (Delta reads them twice). Without statistics a file's live rows are counted by the same scan.
 */
export async function materializeMatchedRows(
  session: CommandContext,
  target: DmlTarget,
  candidates: readonly ScanFile[],
  condition: BoundExpr,
): Promise<MatchedRowsTable> {
  const names = target.schema.fields.map((f) => f.name);
  const table = session.engine.uniqueName('lakesql_dml_matched');
  // The scan's deleted-rows table is dropped with the matched rows' table, in one statement once the
  // statement is done; the DVs it loads are the ones the changed rows are united with (loaded once).
  const scratchTables = [table];
  const loadedDvs = new Map<AddFile, RoaringBitmapArray>();
  const drop = () => session.engine.dropTables(scratchTables);
  // The rows written anew keep their row ids (row-identity.ts): the scan yields them beside the values.
  const identity = rowIdentityOf(target.snapshot, target.ctx.ids);
  const kept = identityColumns(identity);
  const scan = await scanRelation(session.engine, target.snapshot.store, planOf(target, candidates), {
    fileIndexColumn: FILE_INDEX,
    rowIndexColumn: ROW_INDEX,
    scratchTables,
    loadedDeletionVectors: loadedDvs,
    ...identityScan(identity),
  }).catch(async (e: unknown) => {
    await drop();
    throw e;
  });
  const withCurrentDv = (m: MatchedRows): MatchedRows => {
    const currentDv = loadedDvs.get(m.file.add);
    return currentDv ? { ...m, currentDv } : m;
  };
  try {
    const { relation } = positionedRows(target, scan.sql, identity);
    const fromStats = candidates.map((f) => logicalRecords(f.add));
    const counted = fromStats.some((n) => n === undefined);
    const t = quoteColumn(table);
    let matchedRows: number;
    if (counted) {
      matchedRows = await createCountedMatchedTable(session, target, relation, condition, table, kept);
    } else {
      // The condition as a plain filter: DuckDB evaluates it in the scan, before the deleted-rows join.
      const matched: LogicalPlan = { kind: 'filter', child: relation, condition, output: relation.output };
      const columns = [...names, FILE_INDEX, ROW_INDEX, ...kept];
      const compiled = await compileNamedQuery(session.engine, matched, session.semantics, columns);
      try {
        matchedRows = await session.engine.runCounting(`CREATE TABLE ${t} AS ${compiled.sql}`);
      } finally {
        await compiled.release();
      }
    }
    const f = quoteColumn(FILE_INDEX);
    const r = quoteColumn(ROW_INDEX);
    const readMatches = async (): Promise<MatchedRows[]> => {
      if (!counted) {
        const byFile = await rowIndexesByFile(session.engine, `SELECT ${f}, ${r} FROM ${t}`);
        return [...byFile].map(([fi, rowIndexes]) =>
          withCurrentDv({ file: candidates[fi]!, rowIndexes, liveRows: fromStats[fi]! }),
        );
      }
      const rows = await readResult(
        session.engine,
        `SELECT ${f} AS "f", any_value(${quoteColumn(LIVE)}) AS "live", list(${r}) AS "rows"` +
          ` FROM ${t} GROUP BY 1 ORDER BY 1`,
        struct([field('f', IntegerType), field('live', LongType), field('rows', arrayOf(LongType, false))]),
      );
      return rows.map(([fi, liveRows, indexes]) =>
        withCurrentDv({
          file: candidates[Number(fi)]!,
          rowIndexes: (indexes as readonly bigint[]).map(Number),
          liveRows: Number(liveRows),
        }),
      );
    };
    const values: LogicalPlan = {
      kind: 'relation',
      source: {
        kind: 'engineSql',
        sql: `SELECT ${[...names, ...kept].map(quoteColumn).join(', ')} FROM ${quoteColumn(table)}`,
        columns: [...names, ...kept],
      },
      output: [...target.attributes, ...identityAttributes(identity)],
    };
    // Dropped once the rows are written (while the commit is written): not between the scan and the write,
    // where it would cost a round trip in a row.
    const release = async () => {
      await Promise.all([drop(), scan.release()]);
    };
    return { matchedRows, readMatches, relation: values, identity, release };
  } catch (e) {
    await Promise.all([drop(), scan.release()]);
    throw e;
  }
}

/**
 * The matched rows of a scan of candidates without statistics into `table`, each with its file's live rows
 * (column LIVE) counted by the same scan.
 */
async function createCountedMatchedTable(
  session: CommandContext,
  target: DmlTarget,
  relation: LogicalPlan,
  condition: BoundExpr,
  table: string,
  carried: readonly string[],
): Promise<number> {
  const names = target.schema.fields.map((f) => f.name);
  const list = [
    ...relation.output.map((a) => ({ expr: { kind: 'attributeRef', attr: a } as BoundExpr, attr: a })),
    { expr: isTrue(condition), attr: target.ctx.ids.fresh(MATCHED, BooleanType, false) },
  ];
  const plan: LogicalPlan = { kind: 'project', child: relation, list, output: list.map((n) => n.attr) };
  const columns = [...names, FILE_INDEX, ROW_INDEX, ...carried, MATCHED];
  const compiled = await compileNamedQuery(session.engine, plan, session.semantics, columns);
  try {
    const m = quoteColumn(MATCHED);
    const f = quoteColumn(FILE_INDEX);
    return await session.engine.runCounting(
      `CREATE TABLE ${quoteColumn(table)} AS SELECT * EXCLUDE (${m}) FROM (` +
        `SELECT *, count(*) OVER (PARTITION BY ${f}) AS ${quoteColumn(LIVE)} FROM (${compiled.sql}) AS "flagged"` +
        `) AS "rows" WHERE ${m}`,
    );
  } finally {
    await compiled.release();
  }
}

const MATCHED = '__lakesql_matched';
const LIVE = '__lakesql_live_rows';

/** What marking rows deleted does to the log, and Delta's counts of it. */
export interface DeletionVectorChange {
  /** Files all of whose live rows were matched: removed, no DV written for them. */
  readonly fullyRemoved: readonly AddFile[];
  /** The touched files as they were (their old DVs), each removed and added again with a new DV. */
  readonly replaced: readonly AddFile[];
  /** The same files with their new DVs and wide-bounds stats. */
  readonly withNewDvs: readonly AddFile[];
  /** Rows newly marked deleted (or removed with a whole file). */
  readonly modifiedRows: number;
  readonly numDeletionVectorsAdded: number;
  readonly numDeletionVectorsRemoved: number;
  readonly numDeletionVectorsUpdated: number;
  /** The DV file written (none when every touched file was removed outright). */
  readonly dvFile: string | undefined;
}

/**
 * Marks the matched rows deleted: unites each file's new row indexes with its existing DV, writes the new
 * DVs into one DV file under the table root and returns the actions to commit (nothing is committed here;
 * a failed commit leaves an unreferenced DV file, which VACUUM removes). Any row-level change can use it:
 * `matches` only needs, per touched file, the row indexes to delete and the file's live row count.
 */
export async function markRowsDeleted(
  snapshot: Snapshot,
  matches: readonly MatchedRows[],
): Promise<DeletionVectorChange> {
  const store = snapshot.store;
  const fullyRemoved: AddFile[] = [];
  const kept: { add: AddFile; bitmap: RoaringBitmapArray; physicalRows: number }[] = [];
  let modifiedRows = 0;
  // The files' current DVs, loaded at once (one ranged read per DV file).
  const existing = await loadDeletionVectors(
    store,
    matches.map((m) =>
      m.rowIndexes.length < m.liveRows && !m.currentDv ? m.file.add.deletionVector : undefined,
    ),
  );
  matches.forEach((m, i) => {
    const add = m.file.add;
    modifiedRows += m.rowIndexes.length;
    if (m.rowIndexes.length === m.liveRows) {
      fullyRemoved.push(add);
      return;
    }
    const bitmap = m.currentDv ?? existing[i] ?? RoaringBitmapArray.empty();
    const physicalRows = m.liveRows + bitmap.cardinality;
    for (const r of m.rowIndexes) bitmap.add(r);
    kept.push({ add, bitmap, physicalRows });
  });
  const replaced = kept.map((k) => k.add);
  let withNewDvs: AddFile[] = [];
  let dvFile: string | undefined;
  if (kept.length > 0) {
    const written = writeDeletionVectorFile(kept.map((k) => k.bitmap));
    // Not fsynced, as Delta's data files are not: the commit naming it is the durable write.
    await store.put(written.path, written.bytes, { durable: false });
    dvFile = written.path;
    withNewDvs = kept.map((k, i) => ({
      ...k.add,
      dataChange: true,
      deletionVector: written.descriptors[i]!,
      stats: wideBoundsStats(k.add, k.physicalRows),
    }));
  }
  const updated = replaced.filter((f) => f.deletionVector).length;
  return {
    fullyRemoved,
    replaced,
    withNewDvs,
    modifiedRows,
    numDeletionVectorsAdded: replaced.length - updated,
    numDeletionVectorsRemoved: fullyRemoved.filter((f) => f.deletionVector).length,
    numDeletionVectorsUpdated: updated,
    dvFile,
  };
}

/**
 * The file's statistics once a DV drops some of its rows (Delta's updateStatsToWideBounds): `numRecords`
 * stays the physical count, min/max may now be wider than the live rows, so `tightBounds` becomes false.
 * Edited as text: min/max values are kept exactly as written (a JSON round trip would round big numbers).
 * A file without statistics gets `numRecords` (a file with a persistent DV must have it, PROTOCOL.md).
 */
function wideBoundsStats(add: AddFile, physicalRows: number): string {
  const stats = add.stats?.trim() ?? '';
  const tight = /"tightBounds"\s*:\s*(true|false)/;
  if (tight.test(stats)) return stats.replace(tight, '"tightBounds":false');
  const body = stats.startsWith('{') ? stats.slice(1, stats.lastIndexOf('}')).trim() : '';
  const fields = body === '' ? [] : [body];
  if (!/"numRecords"\s*:/.test(body)) fields.unshift(`"numRecords":${physicalRows}`);
  return `{${[...fields, '"tightBounds":false'].join(',')}}`;
}
