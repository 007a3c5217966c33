/**
 * Which existing files an overwriting INSERT removes, and which it rewrites (Delta's WriteIntoDelta with
 * replaceWhere, dynamic partition overwrite, and Databricks' REPLACE USING / REPLACE ON):
 * - a predicate on partition columns only is decided per file from its partition values: files inside it
 *   are removed without being read (metadata only), the others stay;
 * - any other predicate is copy-on-write: files that may hold matching rows (after partition pruning and
 *   statistics skipping) are read; a file with no matching row stays, one whose every row matches is
 *   removed, and one that partly matches is rewritten with its other rows.
 */
import type { AddCDCFile, AddFile, RemoveFile } from '../../delta/actions.js';
import { columnMappingMode } from '../../delta/column-mapping.js';
import type { Snapshot } from '../../delta/snapshot.js';
import { dataSkippingNumIndexedCols } from '../../delta/table-properties.js';
import { removeFileFor } from '../../delta/transaction.js';
import { writeDataFiles } from '../../engine/data-file-writer.js';
import { readResult } from '../../engine/result-reader.js';
import { scanRelation } from '../../engine/snapshot-scan.js';
import type { AnalyzerContext } from '../../plan/analyzer/analyzer-context.js';
import type { Attribute } from '../../plan/logical/attribute.js';
import type { BoundExpr } from '../../plan/logical/bound-expression.js';
import type { LogicalPlan } from '../../plan/logical/logical-plan.js';
import { field, IntegerType, LongType, type StructType, struct } from '../../types/data-types.js';
import type { Value } from '../../types/value.js';
import type { CommandContext } from '../command-context.js';
import { compileNamedQuery, runQuery } from '../query/run-query.js';
import { writeFileSizing } from '../write/file-sizing.js';
import { writeReplaceChanges, writesChangeData } from './change-data-write.js';
import {
  identityAttributes,
  identityColumns,
  identityScan,
  identityWrite,
  rowIdentityOf,
} from './row-identity.js';

export interface Removal {
  readonly removes: RemoveFile[];
  /** Files written again with the rows of removed files that stay. */
  readonly rewritten: AddFile[];
  /** With the change data feed, when files were rewritten: the `delete` change files of the replaced rows. */
  readonly changeFiles?: AddCDCFile[];
  readonly numCopiedRows: number;
  readonly numDeletedRows: number;
  /** Files that were opened to decide (for tests: work follows the data). */
  readonly filesRead: number;
}

export const NO_REMOVAL: Removal = {
  removes: [],
  rewritten: [],
  numCopiedRows: 0,
  numDeletedRows: 0,
  filesRead: 0,
};

export function removeAllFiles(snapshot: Snapshot, now: number): Removal {
  const files = snapshot.activeFiles();
  return {
    removes: files.map((f) => removeFileFor(f, now)),
    rewritten: [],
    numCopiedRows: 0,
    numDeletedRows: files.reduce((n, f) => n + recordsOf(f), 0),
    filesRead: 0,
  };
}

/** Dynamic partition overwrite: the files of every partition the new files were written to. */
export function removePartitionsWritten(snapshot: Snapshot, adds: readonly AddFile[], now: number): Removal {
  const key = (pv: Readonly<Record<string, string | null>>) =>
    JSON.stringify(Object.entries(pv).sort(([a], [b]) => a.localeCompare(b)));
  const written = new Set(adds.map((a) => key(a.partitionValues)));
  const files = snapshot.activeFiles().filter((f) => written.has(key(f.partitionValues)));
  return {
    removes: files.map((f) => removeFileFor(f, now)),
    rewritten: [],
    numCopiedRows: 0,
    numDeletedRows: files.reduce((n, f) => n + recordsOf(f), 0),
    filesRead: 0,
  };
}

/**
 * The files whose partition values satisfy `condition` (built over one attribute per partition column),
 * decided by the engine over a VALUES list of the files' partition values: no data file is opened.
 */
export async function removeMatchingPartitions(
  session: CommandContext,
  ctx: AnalyzerContext,
  snapshot: Snapshot,
  files: readonly AddFile[],
  condition: (partitionAttrs: readonly Attribute[]) => BoundExpr | Promise<BoundExpr>,
  now: number,
): Promise<Removal> {
  if (files.length === 0) return NO_REMOVAL;
  const partFields = snapshot.partitionColumns.map(
    (p) => snapshot.schema.fields.find((f) => f.name.toLowerCase() === p.toLowerCase())!,
  );
  const idx = ctx.ids.fresh('__file', IntegerType, false);
  const attrs = partFields.map((f) => ctx.ids.fresh(f.name, f.type, true));
  const values: LogicalPlan = {
    kind: 'values',
    rows: files.map((f, i) => {
      const pv = snapshot.partitionValuesOf(f);
      return [
        { kind: 'literal', value: i, type: IntegerType },
        ...partFields.map((pf) => ({
          kind: 'literal',
          value: (pv[pf.name] ?? null) as Value,
          type: pf.type,
        })),
      ] as BoundExpr[];
    }),
    output: [idx, ...attrs],
  };
  const plan: LogicalPlan = {
    kind: 'project',
    child: { kind: 'filter', child: values, condition: await condition(attrs), output: values.output },
    list: [{ expr: { kind: 'attributeRef', attr: idx }, attr: idx }],
    output: [idx],
  };
  const result = await runQuery(session.engine, plan, session.semantics);
  const matched = result.rows.map((r) => files[Number(r[0])]!);
  return {
    removes: matched.map((f) => removeFileFor(f, now)),
    rewritten: [],
    numCopiedRows: 0,
    numDeletedRows: matched.reduce((n, f) => n + recordsOf(f), 0),
    filesRead: 0,
  };
}

/**
 * Copy-on-write of the given files: `matching(rel)` turns a file's rows (a relation with one attribute
 * per table column) into the plan of its rows to delete, `keeping(rel)` into the rows that stay.
 */
export async function rewriteFiles(
  session: CommandContext,
  ctx: AnalyzerContext,
  snapshot: Snapshot,
  schema: StructType,
  qualifier: readonly string[],
  files: readonly AddFile[],
  plans: {
    matching: (rel: LogicalPlan) => Promise<LogicalPlan>;
    keeping: (rel: LogicalPlan) => Promise<LogicalPlan>;
  },
  now: number,
): Promise<Removal> {
  const removes: RemoveFile[] = [];
  const rewritten: AddFile[] = [];
  const changeFiles: AddCDCFile[] = [];
  const changeData = writesChangeData(snapshot.metadata);
  let numCopiedRows = 0;
  let numDeletedRows = 0;
  const base = snapshot.scanPlan();
  const names = schema.fields.map((f) => f.name);
  for (const add of files) {
    const scanFile = base.files.find((f) => f.add.path === add.path)!;
    // The rows that stay keep their row ids and commit versions (row-identity.ts): copied, not changed.
    const identity = rowIdentityOf(snapshot, ctx.ids);
    const carried = [...names, ...identityColumns(identity)];
    const scan = await scanRelation(
      session.engine,
      snapshot.store,
      { ...base, files: [scanFile] },
      identityScan(identity),
    );
    try {
      const rel: LogicalPlan = {
        kind: 'relation',
        source: { kind: 'engineSql', sql: scan.sql, columns: carried },
        output: [
          ...schema.fields.map((f) => ctx.ids.fresh(f.name, f.type, f.nullable, qualifier)),
          ...identityAttributes(identity),
        ],
      };
      const matched = await countRows(session, await plans.matching(rel));
      if (matched === 0) continue;
      removes.push(removeFileFor(add, now));
      numDeletedRows += matched;
      if (changeData) {
        const deleted = await compileNamedQuery(
          session.engine,
          await plans.matching(rel),
          session.semantics,
          carried,
        );
        try {
          changeFiles.push(
            ...(await writeReplaceChanges(session.engine, snapshot, schema, { deletedSql: deleted.sql })),
          );
        } finally {
          await deleted.release();
        }
      }
      const kept = await compileNamedQuery(
        session.engine,
        await plans.keeping(rel),
        session.semantics,
        carried,
      );
      try {
        const adds = await writeDataFiles(session.engine, snapshot.store, {
          sourceSql: kept.sql,
          schema,
          partitionColumns: snapshot.partitionColumns,
          columnMappingMode: columnMappingMode(snapshot.configuration),
          numIndexedCols: dataSkippingNumIndexedCols(snapshot.configuration),
          ...writeFileSizing(session.conf, snapshot.configuration),
          ...identityWrite(identity),
        });
        rewritten.push(...adds);
        numCopiedRows += adds.reduce((n, a) => n + recordsOf(a), 0);
      } finally {
        await kept.release();
      }
    } finally {
      await scan.release();
    }
  }
  return {
    removes,
    rewritten,
    ...(changeData && removes.length > 0 ? { changeFiles } : {}),
    numCopiedRows,
    numDeletedRows,
    filesRead: files.length,
  };
}

async function countRows(session: CommandContext, plan: LogicalPlan): Promise<number> {
  const compiled = await compileNamedQuery(session.engine, plan, session.semantics);
  try {
    const rows = await readResult(
      session.engine,
      `SELECT count(*) AS n FROM (${compiled.sql}) AS "m"`,
      struct([field('n', LongType, false)]),
    );
    return Number(rows[0]?.[0] ?? 0);
  } finally {
    await compiled.release();
  }
}

export function recordsOf(add: AddFile): number {
  if (!add.stats) return 0;
  try {
    return Number((JSON.parse(add.stats) as { numRecords?: number }).numRecords ?? 0);
  } catch {
    return 0;
  }
}
