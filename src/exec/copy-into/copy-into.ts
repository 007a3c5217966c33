/**
 * COPY INTO delta_table FROM 'path' FILEFORMAT = CSV|JSON|PARQUET|TEXT|ORC [FILES = (…) | PATTERN = '…']
 * [FORMAT_OPTIONS (…)] [COPY_OPTIONS ('mergeSchema' = 'true', 'force' = 'true')], as the Databricks SQL
 * reference describes it: the files under the source (or the FILES named, or those matching the PATTERN
 * glob, relative to the source) that no earlier COPY INTO loaded (loaded-files.ts) are read with the format
 * options and appended by column name in one commit whose operation is COPY INTO. Source columns that the
 * table has are cast to the table's types (COPY INTO casts where INSERT's store assignment would refuse a
 * string); with mergeSchema new columns are added. `force` loads every file again. Nothing new, no commit.
 * The result row is Databricks': num_affected_rows, num_inserted_rows, num_skipped_corrupt_files.
 */

import { readFilesSql } from '../../engine/file-readers/read-files.js';
import { LakesqlError } from '../../errors/index.js';
import { DataSourceOptions } from '../../formats/data-source-options.js';
import { type DataFile, listDataFiles } from '../../formats/paths/data-files.js';
import type { Property } from '../../sql/ast/common.js';
import type { Statement } from '../../sql/ast/statements.js';
import { parseStatement } from '../../sql/index.js';
import { resolveUserPath } from '../../storage/user-path.js';
import { LongType, sqlTypeName } from '../../types/data-types.js';
import type { CommandContext } from '../command-context.js';
import { propertyMap } from '../ddl/properties.js';
import { insertInto } from '../dml/insert.js';
import { resolveWriteTarget } from '../dml/write-target.js';
import { sessionReadSettings } from '../file-tables/file-path-table.js';
import type { StatementResult } from '../statement-result.js';
import { COPY_INTO_OPERATION, type LoadedFile, loadedFilePaths } from './loaded-files.js';

type CopyInto = Extract<Statement, { kind: 'copyInto' }>;

const FORMATS = new Set(['csv', 'json', 'parquet', 'text', 'orc']);

export async function copyInto(session: CommandContext, stmt: CopyInto): Promise<StatementResult> {
  const format = stmt.fileFormat.toLowerCase();
  if (!FORMATS.has(format)) {
    throw new LakesqlError('UNSUPPORTED_FEATURE', {
      feature: `COPY INTO with FILEFORMAT = ${stmt.fileFormat}`,
    });
  }
  if (stmt.source.kind !== 'path') {
    throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: 'COPY INTO … FROM (SELECT …)' });
  }
  const target = await resolveWriteTarget(session, stmt.table.parts);
  if (target.kind !== 'delta') {
    throw new LakesqlError('DELTA_MISSING_DELTA_TABLE', { path: target.displayName });
  }
  const copyOptions = new DataSourceOptions(properties(stmt.copyOptions));
  const force = copyOptions.bool('force', false);
  const mergeSchema = copyOptions.bool('mergeSchema', false);
  const settings = sessionReadSettings(session);
  const source = resolveUserPath(stmt.source.path, session).replace(/\/+$/, '');

  const candidates = await sourceFiles(source, stmt.files, stmt.pattern);
  const loaded = force ? new Set<string>() : await loadedFilePaths(target.snapshot);
  const fresh = candidates.filter((f) => !loaded.has(filePath(f)));
  if (fresh.length === 0) return result(0n);

  const paths = fresh.map(filePath);
  const formatOptions = new DataSourceOptions(properties(stmt.formatOptions));
  const read = await readFilesSql(session.engine, { format, paths, options: formatOptions, ...settings });
  const tableTypes = new Map(target.schema.fields.map((f) => [f.name.toLowerCase(), f.type]));
  const columns = read.schema.fields.map((f) => {
    const t = tableTypes.get(f.name.toLowerCase());
    const name = quoteName(f.name);
    return t ? `CAST(${name} AS ${sqlTypeName(t)}) AS ${name}` : name;
  });
  const args = [
    ...paths.map(sqlString),
    `format => ${sqlString(format)}`,
    ...formatOptions.entries().map(([k, v]) => `${quoteName(k)} => ${sqlString(v)}`),
  ];
  const insertText = `INSERT ${mergeSchema ? 'WITH SCHEMA EVOLUTION ' : ''}INTO ${stmt.table.parts.map(quoteName).join('.')} BY NAME SELECT ${columns.join(', ')} FROM read_files(${args.join(', ')})`;
  const insert = parseStatement(insertText);
  if (insert.kind !== 'insert') throw new Error('COPY INTO built something other than an INSERT');

  const loadedFiles: LoadedFile[] = await Promise.all(
    fresh.map(async (f) => {
      const meta = await f.store.head(f.key);
      return { path: filePath(f), size: meta.size, modificationTime: meta.lastModified };
    }),
  );
  // The INSERT commits on the snapshot whose history said which files are new.
  const inserted = await insertInto(session, insert, {
    target,
    operation: {
      name: COPY_INTO_OPERATION,
      parameters: { loadedFiles: JSON.stringify(loadedFiles), fileFormat: stmt.fileFormat.toUpperCase() },
    },
  });
  const n = inserted.kind === 'rows' ? BigInt((inserted.rows[0]?.[0] as bigint | undefined) ?? 0n) : 0n;
  return result(n);
}

/** The candidate files: the FILES named under the source, those the PATTERN glob matches, or every file. */
async function sourceFiles(
  source: string,
  files: readonly string[] | null,
  pattern: string | null,
): Promise<DataFile[]> {
  if (files) return listDataFiles(files.map((f) => `${source}/${f.replace(/^\/+/, '')}`));
  if (pattern === null) return listDataFiles([source]);
  try {
    return await listDataFiles([`${source}/${pattern.replace(/^\/+/, '')}`]);
  } catch (e) {
    // A pattern that matches nothing loads nothing; only a missing source folder is an error.
    if (e instanceof LakesqlError && e.errorClass === 'PATH_NOT_FOUND') {
      await listDataFiles([source]);
      return [];
    }
    throw e;
  }
}

/** A file's identity across runs: its full path (Databricks skips a loaded file even if it changed since). */
function filePath(f: DataFile): string {
  const root = f.store.rootUrl.replace(/\/+$/, '');
  const local = f.store.localPath(f.key);
  return local ?? `${root}/${f.key}`;
}

function properties(props: readonly Property[]): [string, string][] {
  return Object.entries(propertyMap(props));
}

function result(n: bigint): StatementResult {
  return {
    kind: 'rows',
    columns: [
      { name: 'num_affected_rows', type: LongType, nullable: false },
      { name: 'num_inserted_rows', type: LongType, nullable: false },
      { name: 'num_skipped_corrupt_files', type: LongType, nullable: false },
    ],
    rows: [[n, n, 0n]],
  };
}

const quoteName = (n: string) => `\`${n.replaceAll('`', '``')}\``;
const sqlString = (s: string) => `'${s.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
