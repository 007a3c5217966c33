import { accessSync } from 'node:fs';
import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { ScanFile } from '../delta/scan-plan.js';
import { LakesqlError } from '../errors/index.js';
import { ObjectNotFoundError, type ObjectStore } from '../storage/object-store.js';
import { quoteString } from './sql-text.js';
import { localCopyOf, type ScratchFolder } from './temp-files.js';

/** A top-level column as one Parquet file holds it. */
export interface FileColumn {
  readonly name: string;
  readonly fieldId: number | undefined;
  /** DuckDB's reading of the column's type (`TIMESTAMP` for INT96 and non-UTC-adjusted timestamps). */
  readonly duckdbType: string;
}

/** Files whose top-level Parquet columns are identical, so one read_parquet([...]) can read them together. */
export interface FileGroup {
  readonly columns: readonly FileColumn[];
  readonly paths: readonly string[];
}

/**
 * The local path DuckDB reads for each scan file. Relative adds are keys of the table's store; absolute
 * `file:` URIs are read where they are. Paths with glob characters are reached through a symlink in
 * `scratch`, since read_parquet would expand `*`, `?` and `[` as a pattern.
 */
export async function resolveLocalPaths(
  store: ObjectStore,
  files: readonly ScanFile[],
  scratch: ScratchFolder,
): Promise<string[]> {
  return Promise.all(files.map(async (f) => literalReadPath(await localPathOf(store, f, scratch), scratch)));
}

/**
 * A path read_parquet reads as exactly that file: itself, or when it holds glob characters (which
 * read_parquet would expand as a pattern) a symlink to it in `scratch`.
 */
export async function literalReadPath(local: string, scratch: ScratchFolder): Promise<string> {
  if (!/[*?[\]{}]/.test(local)) return local;
  const link = await scratch.file('.parquet');
  await fs.symlink(local, link);
  return link;
}

async function localPathOf(store: ObjectStore, f: ScanFile, scratch: ScratchFolder): Promise<string> {
  if (!f.isAbsolute) {
    // A local store's file is only checked for existence: synchronously, since a metadata lookup costs
    // microseconds while an async one per file costs a trip through the thread pool (thousands of files).
    const local = store.localPath(f.location);
    if (local === undefined) return localCopyOf(store, f.location, scratch);
    try {
      accessSync(local);
    } catch (e) {
      throw new ObjectNotFoundError(f.location, { cause: e });
    }
    return local;
  }
  if (f.location.startsWith(store.rootUrl)) {
    return localCopyOf(store, decodeURIComponent(f.location.slice(store.rootUrl.length)), scratch);
  }
  if (f.location.startsWith('file:')) return fileURLToPath(f.location);
  throw new LakesqlError('UNSUPPORTED_FEATURE', {
    feature: `reading a data file outside the table's storage (${f.location})`,
  });
}

/**
 * Groups files by their top-level Parquet schema, read from the footers with one parquet_schema call.
 * parquet_schema lists every schema element depth-first; the top-level columns are the root's children,
 * found by skipping each child's subtree (`num_children` says how many elements it spans).
 */
export async function groupByFileSchema(c: DuckDBConnection, paths: readonly string[]): Promise<FileGroup[]> {
  const reader = await c.runAndReadAll(
    `SELECT file_name, name, field_id, num_children, duckdb_type, type, logical_type, converted_type, repetition_type FROM parquet_schema([${paths.map(quoteString).join(', ')}])`,
  );
  const byFile = new Map<string, SchemaElement[]>();
  for (const row of reader.getRowObjectsJS()) {
    const file = String(row.file_name);
    let list = byFile.get(file);
    if (!list) byFile.set(file, (list = []));
    list.push({
      name: String(row.name),
      fieldId: row.field_id === null ? undefined : Number(row.field_id),
      children: row.num_children === null ? 0 : Number(row.num_children),
      type: row.duckdb_type === null ? '' : String(row.duckdb_type),
      // Nested elements carry no DuckDB type of their own: the Parquet-level facts make the signature exact.
      detail: [row.type, row.logical_type, row.converted_type, row.repetition_type].map(String).join('|'),
    });
  }
  const groups = new Map<string, { columns: FileColumn[]; paths: string[] }>();
  for (const path of paths) {
    const elements = byFile.get(path);
    if (!elements) throw new Error(`parquet_schema returned nothing for ${path}`);
    const columns = topLevelColumns(elements);
    // The whole schema tree, not just the top level: a struct whose field widened from INT32 to INT64
    // looks the same at the top level but cannot share a read_parquet with the old files.
    const signature = JSON.stringify(elements.slice(1));
    let group = groups.get(signature);
    if (!group) groups.set(signature, (group = { columns, paths: [] }));
    group.paths.push(path);
  }
  return [...groups.values()];
}

interface SchemaElement {
  readonly name: string;
  readonly fieldId: number | undefined;
  readonly children: number;
  readonly type: string;
  readonly detail: string;
}

function topLevelColumns(elements: readonly SchemaElement[]): FileColumn[] {
  const columns: FileColumn[] = [];
  const subtreeEnd = (i: number): number => {
    let next = i + 1;
    for (let k = 0; k < elements[i]!.children; k++) next = subtreeEnd(next);
    return next;
  };
  let i = 1;
  for (let k = 0; k < (elements[0]?.children ?? 0); k++) {
    const e = elements[i]!;
    columns.push({ name: e.name, fieldId: e.fieldId, duckdbType: e.type });
    i = subtreeEnd(i);
  }
  return columns;
}
