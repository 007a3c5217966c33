/**
 * What `lakesql table check` verifies beyond replaying the log: that every file the snapshot references
 * exists with the size its add action records (and every deletion-vector file exists), and that each
 * checked file's statistics agree with its rows — `numRecords` is the file's row count, `nullCount` its
 * nulls per column (exact unless `tightBounds` is false), and `minValues` / `maxValues` bound its values
 * (a bound may be looser than the data, as Delta truncates long strings, never tighter). Statistics are
 * checked for every file, or for `sample` files spread evenly over the table; columns of nested, binary,
 * boolean and timestamp types are not compared (their bounds are written with a precision or in a form
 * that a plain comparison would misjudge).
 */

import type { AddFile } from '../delta/actions.js';
import { physicalName } from '../delta/column-mapping.js';
import { dvAbsolutePathKey } from '../delta/deletion-vectors/derived-fields.js';
import type { Snapshot } from '../delta/snapshot.js';
import { resolveFileLocation } from '../delta/table-paths.js';
import type { SqlSession } from '../exec/session/sql-session.js';
import type { DataType, StructField } from '../types/data-types.js';

export interface FileCheckReport {
  readonly filesChecked: number;
  readonly statsChecked: number;
  readonly problems: readonly string[];
}

export interface FileCheckOptions {
  readonly sample?: number;
  /** Told as the check goes: files looked at and files to look at, first for existence, then statistics. */
  readonly onProgress?: (progress: FileCheckProgress) => void;
}

export interface FileCheckProgress {
  readonly phase: 'files' | 'statistics';
  readonly done: number;
  readonly total: number;
}

export async function checkTableFiles(
  session: SqlSession,
  snapshot: Snapshot,
  options: FileCheckOptions = {},
): Promise<FileCheckReport> {
  const problems: string[] = [];
  const files = [...snapshot.activeFiles()].sort((a, b) => (a.path < b.path ? -1 : 1));
  for (const [done, add] of files.entries()) {
    options.onProgress?.({ phase: 'files', done, total: files.length });
    const { location, isAbsolute } = resolveFileLocation(snapshot.store.rootUrl, add.path);
    if (isAbsolute) continue; // another table's file (a shallow clone): not this table's to check
    try {
      const meta = await snapshot.store.head(location);
      if (meta.size !== add.size) {
        problems.push(`${add.path}: ${meta.size} bytes in storage, ${add.size} recorded in the log`);
      }
    } catch {
      problems.push(`${add.path}: missing from storage`);
    }
    const dv = add.deletionVector;
    const dvKey = dv ? dvAbsolutePathKey(dv) : undefined;
    if (dvKey !== undefined) {
      try {
        await snapshot.store.head(dvKey);
      } catch {
        problems.push(`${add.path}: its deletion vector file ${dvKey} is missing from storage`);
      }
    }
  }
  const withStats = files.filter((f) => f.stats && !problems.some((p) => p.startsWith(`${f.path}:`)));
  const sampled = sample(withStats, options.sample);
  for (const [done, add] of sampled.entries()) {
    options.onProgress?.({ phase: 'statistics', done, total: sampled.length });
    problems.push(...(await statsProblems(session, snapshot, add)));
  }
  return { filesChecked: files.length, statsChecked: sampled.length, problems };
}

function sample<T>(items: readonly T[], n: number | undefined): T[] {
  if (n === undefined || n >= items.length) return [...items];
  if (n <= 0) return [];
  const step = items.length / n;
  return Array.from({ length: n }, (_, i) => items[Math.floor(i * step)]!);
}

interface FileStats {
  readonly numRecords?: number;
  readonly minValues?: Record<string, unknown>;
  readonly maxValues?: Record<string, unknown>;
  readonly nullCount?: Record<string, unknown>;
  readonly tightBounds?: boolean;
}

type Comparable = 'number' | 'text';

function comparableKind(type: DataType): Comparable | undefined {
  if (type.kind === 'decimal') return 'number';
  if (type.kind === 'char' || type.kind === 'varchar') return 'text';
  if (type.kind !== 'primitive') return undefined;
  if (['byte', 'short', 'integer', 'long', 'float', 'double'].includes(type.name)) return 'number';
  if (type.name === 'string' || type.name === 'date') return 'text';
  return undefined;
}

async function statsProblems(session: SqlSession, snapshot: Snapshot, add: AddFile): Promise<string[]> {
  const local = snapshot.store.localPath(resolveFileLocation(snapshot.store.rootUrl, add.path).location);
  if (local === undefined) return [];
  const stats = JSON.parse(add.stats!) as FileStats;
  const partitions = new Set(snapshot.partitionColumns.map((c) => c.toLowerCase()));
  const mode = snapshot.columnMappingMode;
  const columns = snapshot.schema.fields
    .filter((f) => !partitions.has(f.name.toLowerCase()))
    .map((f) => ({ field: f, physical: physicalName(f, mode), kind: comparableKind(f.type) }))
    .filter((c) => c.kind !== undefined || stats.nullCount?.[c.physical] !== undefined);
  const quote = (name: string) => `\`${name.replace(/`/g, '``')}\``;
  const select = ['count(*) AS n'];
  columns.forEach((c, i) => {
    select.push(`count(*) - count(${quote(c.physical)}) AS nulls_${i}`);
    if (c.kind !== undefined) {
      select.push(`CAST(min(${quote(c.physical)}) AS STRING) AS min_${i}`);
      select.push(`CAST(max(${quote(c.physical)}) AS STRING) AS max_${i}`);
    }
  });
  const path = local.replace(/`/g, '``');
  const [result] = await session.execute(`SELECT ${select.join(', ')} FROM parquet.\`${path}\``);
  const row = result?.kind === 'rows' ? (result.rows[0] ?? []) : [];
  const r: Record<string, unknown> =
    result?.kind === 'rows' ? Object.fromEntries(result.columns.map((c, i) => [c.name, row[i]])) : {};
  const problems: string[] = [];
  const rows = Number(r.n);
  if (stats.numRecords !== undefined && stats.numRecords !== rows) {
    problems.push(`${add.path}: numRecords ${stats.numRecords} in the log, ${rows} rows in the file`);
  }
  columns.forEach((c, i) => {
    problems.push(...columnProblems(add.path, c.field, c.physical, c.kind, stats, r, i));
  });
  return problems;
}

function columnProblems(
  path: string,
  field: StructField,
  physical: string,
  kind: Comparable | undefined,
  stats: FileStats,
  r: Record<string, unknown>,
  i: number,
): string[] {
  const out: string[] = [];
  const nulls = Number(r[`nulls_${i}`]);
  const recorded = stats.nullCount?.[physical];
  if (typeof recorded === 'number' && stats.tightBounds !== false && recorded !== nulls) {
    out.push(`${path}: nullCount of ${field.name} is ${recorded} in the log, ${nulls} in the file`);
  }
  if (kind === undefined) return out;
  const check = (bound: 'min' | 'max', value: unknown, actual: unknown) => {
    if (value === undefined || value === null || actual === null || actual === undefined) return;
    const ok =
      kind === 'number'
        ? bound === 'min'
          ? Number(value) <= Number(actual) + tolerance(Number(actual))
          : Number(value) >= Number(actual) - tolerance(Number(actual))
        : bound === 'min'
          ? String(value) <= String(actual)
          : String(value) >= String(actual);
    if (!ok) {
      out.push(
        `${path}: ${bound}Values of ${field.name} is ${JSON.stringify(value)} in the log, but the file holds ${String(actual)}`,
      );
    }
  };
  check('min', stats.minValues?.[physical], r[`min_${i}`]);
  check('max', stats.maxValues?.[physical], r[`max_${i}`]);
  return out;
}

/** Floats are written to the log through their decimal text: allow their last digits to differ. */
function tolerance(x: number): number {
  return Math.abs(x) * 1e-6;
}
