/**
 * The target files a MERGE reads, found without reading any file it leaves alone (Delta's findTouchedFiles,
 * with the insert-only fast path):
 *
 * 1. The ON condition's target-only conjuncts and its key ranges (an IN list for few distinct keys, else
 *    [min, max]) prune partitions and skip files by statistics (Snapshot.scanPlan); the same predicate is
 *    what the transaction records as read, for conflict checking.
 * 2. An interval join of the distinct source key tuples against each remaining file's [min, max] per key
 *    (merge-key-ranges.ts) keeps only the files some source key may fall in.
 * 3. Unless the merge only inserts, the key columns of those files are scanned for exact key matches
 *    (merge-matched-files.ts); only files holding one are read in full. Skipped when the decision itself
 *    reads no column beyond the keys (a merge-on-read upsert or delete): its own scan of the same columns of
 *    the same files is exact, so a key-only scan first would read them twice.
 * 4. NOT MATCHED BY SOURCE clauses may change any unmatched row: the files their conditions may hold are
 *    added (every file when one is unconditional or its condition does not push down).
 */
import type { AddFile } from '../../../delta/actions.js';
import { and, or, type Predicate } from '../../../delta/predicate.js';
import type { ScanPlan } from '../../../delta/scan-plan.js';
import type { EngineSession } from '../../../engine/engine-session.js';
import { readResult } from '../../../engine/result-reader.js';
import type { SessionSemantics } from '../../../plan/functions/function-signature.js';
import { typeOf } from '../../../plan/logical/bound-expression.js';
import { arrayOf, field, IntegerType, LongType, sqlTypeName, struct } from '../../../types/data-types.js';
import type { ScalarValue } from '../../../types/scalar.js';
import { compileContext } from '../../query/compile-context.js';
import { expressionSql, quoteColumn } from '../../query/expression-sql.js';
import {
  filesInKeyRanges,
  type KeyColumn,
  type KeyRangeQuery,
  keptByKeyRanges,
  keyRangeQuery,
} from './merge-key-ranges.js';
import { filesWithKeyMatches } from './merge-matched-files.js';
import { isInsertOnly, type MergePlan } from './merge-plan.js';
import {
  type EqualityKey,
  IN_LIST_LIMIT,
  prunableType,
  splitCondition,
  targetOnlyPredicate,
} from './merge-pruning.js';

/**
 * At most this many files (after the target-only conjuncts) are listed in the statement that creates the
 * key table; beyond it the interval join runs on its own over the files the key predicates keep. Measured
 * (stop 27, idle): listing 200 files' statistics in that statement cost a single-row MERGE about 12 ms
 * (37 -> 50 ms), more than the round trip it saves, while for 10 to 40 files the fold saves 10 ms or more.
 */
const FOLDED_KEY_RANGE_FILES = 64;

/** The MERGE's source as a scratch table: its name and the statement that creates it, not yet run. */
export interface SourceTable {
  readonly table: string;
  readonly create: string;
}

export interface MergeCandidates {
  /** The source's rows (the source table is created here, in one round trip with its keys' statistics). */
  readonly numSourceRows: number;
  /** The files the merge reads in full: the decision runs over these alone. */
  readonly scan: ScanPlan;
  /** What the transaction records as read (undefined: the whole table). */
  readonly predicate: Predicate | undefined;
  /** Every file whose rows were read, in full or only their key columns. */
  readonly filesRead: readonly AddFile[];
  /** How many files had only their key columns scanned to find matches. */
  readonly numFilesKeyScanned: number;
}

/**
 * `scratchTables` receives the scratch table of the source keys: the caller drops it with its own scratch
 * tables, in one statement, once the merge is done.
 */
export async function mergeCandidates(
  engine: EngineSession,
  plan: MergePlan,
  source: SourceTable,
  semantics: SessionSemantics,
  scratchTables: string[],
  options: {
    /** The target columns the decision reads, when it reads only the rows it writes (merge-target-columns.ts). */
    readonly decisionColumns?: readonly string[] | undefined;
  } = {},
): Promise<MergeCandidates> {
  const snapshot = plan.snapshot;
  const bySource = bySourcePredicate(plan);
  if (bySource === 'all') {
    // CREATE TABLE AS reports the rows it wrote: the source's row count costs no statement of its own.
    const numSourceRows = await engine.runCounting(source.create);
    const scan = snapshot.scanPlan();
    const filesRead = scan.files.map((f) => f.add);
    return { numSourceRows, scan, predicate: undefined, filesRead, numFilesKeyScanned: 0 };
  }
  const parts = splitCondition(plan.condition, plan.target.output, plan.source.output);
  const keys = parts.keys.filter(
    (k) => prunableType(k.target.type) && sqlTypeName(typeOf(k.source)) === sqlTypeName(k.target.type),
  );
  const keyTable = engine.uniqueName('lakesql_merge_keys');
  scratchTables.push(keyTable);
  const predicates: Predicate[] = [];
  const targetOnly = targetOnlyPredicate(plan.target, parts.targetOnly);
  if (targetOnly) predicates.push(targetOnly);
  // The interval join runs in the round trip that creates the key table, over the files the target-only
  // conjuncts keep (its verdict on a file does not depend on the other files, so the key predicates below
  // may skip more files first or after); a table of very many files gets its own round trip over the
  // files the key predicates keep instead, so as not to list every file in the statement.
  const targetOnlyFiles = snapshot.scanPlan(targetOnly);
  const folded =
    keys.length > 0 && targetOnlyFiles.files.length <= FOLDED_KEY_RANGE_FILES
      ? keyRangeQuery(targetOnlyFiles, keyRangeColumns(keys), keyTable)
      : undefined;
  const materialized = await materializeKeys(engine, keys, source, keyTable, semantics, folded);
  const { numSourceRows, keyColumns } = materialized;
  if (keyColumns === 'none') predicates.push({ kind: 'literalBool', value: false });
  else predicates.push(...keyPredicates(keyColumns));
  const onPredicate = predicates.length === 0 ? undefined : and(...predicates);

  let matching = snapshot.scanPlan(onPredicate);
  let numFilesKeyScanned = 0;
  const filesRead = new Set<AddFile>();
  if (keyColumns !== 'none' && keyColumns.length > 0) {
    if (materialized.inKeyRanges) {
      const inRanges = new Set(materialized.inKeyRanges.map((i) => targetOnlyFiles.files[i]!.add.path));
      matching = { ...matching, files: matching.files.filter((f) => inRanges.has(f.add.path)) };
    } else matching = subset(matching, await filesInKeyRanges(engine, matching, keyColumns, keyTable));
    if (!isInsertOnly(plan) && !decisionReadsOnlyKeys(options.decisionColumns, keyColumns)) {
      for (const f of matching.files) filesRead.add(f.add);
      numFilesKeyScanned = matching.files.length;
      const store = snapshot.store;
      matching = subset(matching, await filesWithKeyMatches(engine, store, matching, keyColumns, keyTable));
    }
  }
  let scan = matching;
  let predicate = onPredicate;
  if (bySource !== 'none') {
    const have = new Set(matching.files.map((f) => f.add.path));
    const extra = snapshot.scanPlan(bySource).files.filter((f) => !have.has(f.add.path));
    scan = { ...matching, files: [...matching.files, ...extra] };
    predicate = onPredicate === undefined ? undefined : or(onPredicate, bySource);
  }
  for (const f of scan.files) filesRead.add(f.add);
  return { numSourceRows, scan, predicate, filesRead: [...filesRead], numFilesKeyScanned };
}

/** Whether the decision's scan reads no column the key-only scan would not read. */
function decisionReadsOnlyKeys(decisionColumns: readonly string[] | undefined, keys: readonly SourceKey[]) {
  if (decisionColumns === undefined) return false;
  const keyNames = new Set(keys.map((k) => k.name.toLowerCase()));
  return decisionColumns.every((c) => keyNames.has(c.toLowerCase()));
}

function subset(plan: ScanPlan, indexes: readonly number[]): ScanPlan {
  return { ...plan, files: indexes.map((i) => plan.files[i]!) };
}

/**
 * The files NOT MATCHED BY SOURCE clauses may change beyond the matched ones: 'none' without such clauses,
 * 'all' when one is unconditional or its condition does not push down, else the OR of their conditions.
 */
function bySourcePredicate(plan: MergePlan): Predicate | 'none' | 'all' {
  const clauses = plan.clauses.filter((c) => c.kind === 'notMatchedBySource');
  if (clauses.length === 0) return 'none';
  const predicates: Predicate[] = [];
  for (const c of clauses) {
    const p = c.condition ? targetOnlyPredicate(plan.target, [c.condition]) : undefined;
    if (!p) return 'all';
    predicates.push(p);
  }
  return or(...predicates);
}

/** A key column with the source keys' extremes, and their values when they are few (at most IN_LIST_LIMIT). */
interface SourceKey extends KeyColumn {
  readonly sourceMin: ScalarValue;
  readonly sourceMax: ScalarValue;
  readonly fewValues: readonly ScalarValue[] | undefined;
}

/**
 * Creates the source table and materializes its distinct key tuples with no NULL component (only those can
 * satisfy `=`) into `keyTable`, columns k0, k1, …, then reads the source's row count, each key column's
 * extremes and (when few) its values: all in one round trip to DuckDB. Returns the key columns, or 'none'
 * when no source row has a complete key (then nothing matches).
 */
async function materializeKeys(
  engine: EngineSession,
  keys: readonly EqualityKey[],
  source: SourceTable,
  keyTable: string,
  semantics: SessionSemantics,
  keyRanges: KeyRangeQuery | undefined,
): Promise<{ numSourceRows: number; keyColumns: SourceKey[] | 'none'; inKeyRanges?: number[] }> {
  if (keys.length === 0) return { numSourceRows: await engine.runCounting(source.create), keyColumns: [] };
  const ctx = compileContext(semantics, new Map());
  const exprs = keys.map((k) => expressionSql(k.source, ctx));
  const t = quoteColumn(keyTable);
  // The values of a key column are listed only up to one past the limit: enough to tell "few" from "many"
  // without listing a large source's keys. Sorted after the list is made: an ordered list aggregate costs
  // DuckDB more (measured: the whole statement 7.2 -> 4.0 ms for a 1,800-row source of two key columns).
  const few = (i: number) =>
    `(SELECT list_sort(list("k${i}")) FROM (SELECT "k${i}" FROM ${t} GROUP BY 1 LIMIT ${IN_LIST_LIMIT + 1}))`;
  const [row] = await readResult(
    engine,
    `${source.create}; ` +
      `CREATE TABLE ${t} AS SELECT DISTINCT ${exprs.map((e, i) => `${e} AS "k${i}"`).join(', ')} ` +
      `FROM ${quoteColumn(source.table)} WHERE ${exprs.map((e) => `(${e}) IS NOT NULL`).join(' AND ')}; ` +
      `SELECT (SELECT count(*) FROM ${quoteColumn(source.table)}), count(*), ` +
      `${keys.map((_, i) => `min("k${i}"), max("k${i}"), ${few(i)}`).join(', ')}` +
      `${keyRanges ? `, ${keyRanges.matchedList ?? 'CAST([] AS INTEGER[])'}` : ''} FROM ${t}`,
    struct([
      field('rows', LongType),
      field('n', LongType),
      ...keys.flatMap((k, i) => [
        field(`min${i}`, k.target.type),
        field(`max${i}`, k.target.type),
        field(`few${i}`, arrayOf(k.target.type, false)),
      ]),
      ...(keyRanges ? [field('files', arrayOf(IntegerType, false))] : []),
    ]),
  );
  const numSourceRows = Number(row![0]);
  if (Number(row![1]) === 0) return { numSourceRows, keyColumns: 'none' };
  const inKeyRanges = keyRanges ? keptByKeyRanges(keyRanges, row![2 + 3 * keys.length]) : undefined;
  const keyColumns = keys.map((k, i): SourceKey => {
    const values = row![4 + 3 * i] as ScalarValue[];
    return {
      name: k.target.name,
      type: k.target.type,
      keyColumn: `k${i}`,
      sourceMin: row![2 + 3 * i] as ScalarValue,
      sourceMax: row![3 + 3 * i] as ScalarValue,
      fewValues: values.length <= IN_LIST_LIMIT ? values : undefined,
    };
  });
  return { numSourceRows, keyColumns, ...(inKeyRanges ? { inKeyRanges } : {}) };
}

/** The key table's column per key, as the interval join reads them (k0, k1, … in the keys' order). */
function keyRangeColumns(keys: readonly EqualityKey[]): KeyColumn[] {
  return keys.map((k, i) => ({ name: k.target.name, type: k.target.type, keyColumn: `k${i}` }));
}

/** Per key column, the predicate every matching target row satisfies: its few values, else their range. */
function keyPredicates(keys: readonly SourceKey[]): Predicate[] {
  return keys.map((key) => {
    const column = [key.name];
    if (key.fewValues) return { kind: 'in', column, values: [...key.fewValues] };
    return and(
      { kind: 'comparison', op: '>=', column, value: key.sourceMin },
      { kind: 'comparison', op: '<=', column, value: key.sourceMax },
    );
  });
}
