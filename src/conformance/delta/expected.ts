/**
 * The expected outcome of one conformance case, from whichever source the catalogue names
 * (README "Expected result formats"): Spark-written parquet, our derived expected.json, or the prose
 * notes of must-fail and log-only tables (modelled in known-outcomes.ts).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { StructType } from '../../types/data-types.js';
import { KNOWN_OUTCOMES } from './known-outcomes.js';
import { latestSchemaFromJsonCommits } from './log-schema.js';
import type { ManifestEntry } from './manifest.js';
import { parseFieldJson } from './schema-json.js';
import { type EncodedRow, quoteString, readEncodedRows } from './value-encoding.js';

export type ExpectedOutcome =
  | {
      readonly kind: 'rows';
      /** The snapshot version, when the source states it. */
      readonly version: number | null;
      /** Sorted `add.path`s as the log writes them, when the source lists them (expected.json only). */
      readonly activeFiles: readonly string[] | null;
      readonly schema: StructType;
      readonly rows: ExpectedRows;
    }
  | { readonly kind: 'activeFiles'; readonly version: number; readonly paths: readonly string[] }
  | { readonly kind: 'error'; readonly reason: string }
  | { readonly kind: 'unverifiable'; readonly reason: string };

/**
 * Expected rows either as a DuckDB query of the logical rows (Spark's parquet: large tables are compared
 * inside DuckDB) or as canonical values already (expected.json).
 */
export type ExpectedRows =
  | { readonly kind: 'query'; readonly sql: string }
  | { readonly kind: 'values'; readonly rows: readonly EncodedRow[] };

interface ExpectedJson {
  snapshotVersion: number;
  activeFiles: string[];
  schema?: unknown[];
  rowCount: number | null;
  rows?: EncodedRow[];
  rowsNotDerived?: string;
}

export async function loadExpected(entry: ManifestEntry, conformanceDir: string): Promise<ExpectedOutcome> {
  const e = entry.expected;
  switch (e.kind) {
    case 'parquet': {
      const schema = await latestSchemaFromJsonCommits(join(conformanceDir, entry.tablePath));
      const sql = await expectedParquetSql(join(conformanceDir, e.dir));
      return {
        kind: 'rows',
        version: entry.version,
        activeFiles: null,
        schema,
        rows: { kind: 'query', sql },
      };
    }
    case 'rows':
    case 'activeFilesOnly':
      return loadExpectedJson(join(conformanceDir, e.file));
    case 'none': {
      const known = KNOWN_OUTCOMES[entry.id];
      if (known) return known;
      return { kind: 'unverifiable', reason: e.reason ?? entry.notes };
    }
    default:
      return e satisfies never;
  }
}

/** A query of Spark's part files read as one table. */
export async function expectedParquetSql(dir: string): Promise<string> {
  const parts = (await readdir(dir)).filter((f) => f.endsWith('.parquet')).sort();
  if (parts.length === 0) throw new Error(`${dir}: no expected parquet part files`);
  const files = parts.map((f) => quoteString(join(dir, f))).join(', ');
  // union_by_name: columns are matched by their logical names, whatever order a part file keeps them in.
  return `SELECT * FROM read_parquet([${files}], union_by_name = true)`;
}

/** Spark's part files as canonical rows (JSON text) of `schema`'s types. */
export async function readExpectedParquet(
  connection: DuckDBConnection,
  dir: string,
  schema: StructType,
): Promise<string[]> {
  return readEncodedRows(connection, await expectedParquetSql(dir), schema);
}

export async function loadExpectedJson(file: string): Promise<ExpectedOutcome> {
  const j = JSON.parse(await readFile(file, 'utf8')) as ExpectedJson;
  const activeFiles = [...j.activeFiles].sort();
  if (j.rows === undefined) {
    return { kind: 'activeFiles', version: j.snapshotVersion, paths: activeFiles };
  }
  const schema: StructType = { kind: 'struct', fields: (j.schema ?? []).map(parseFieldJson) };
  return {
    kind: 'rows',
    version: j.snapshotVersion,
    activeFiles,
    schema,
    rows: { kind: 'values', rows: j.rows },
  };
}

/** The same outcome without the named columns (KNOWN_COLUMN_DIFFERENCES). */
export function withoutColumns(expected: ExpectedOutcome, names: readonly string[]): ExpectedOutcome {
  if (expected.kind !== 'rows' || names.length === 0) return expected;
  const keep = expected.schema.fields.map((f) => !names.includes(f.name));
  return {
    ...expected,
    schema: { kind: 'struct', fields: expected.schema.fields.filter((_, i) => keep[i]) },
    rows:
      expected.rows.kind === 'query'
        ? expected.rows // encodedRowsSql selects the schema's columns by name
        : { kind: 'values', rows: expected.rows.rows.map((r) => r.filter((_, i) => keep[i])) },
  };
}
