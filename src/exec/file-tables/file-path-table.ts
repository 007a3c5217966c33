/**
 * File reads as relations: `csv.\`/path\``, `parquet.\`…\``, `json.\`…\``, `text.\`…\`` path tables and
 * the `read_files(path, format => 'csv', header => true, schema => 'a int', …)` table-valued function
 * (Databricks' read_files; every named argument but `format` and `schema` is a reader option). The DBFS root
 * comes from `lakesql.dbfs.root`, by default `dbfs` beside the warehouse folder.
 */

import type { EngineSession } from '../../engine/engine-session.js';
import { readFilesSql } from '../../engine/file-readers/read-files.js';
import { LakesqlError } from '../../errors/index.js';
import { PlainCsvDecision } from '../../formats/csv/csv-plain-decision.js';
import { DataSourceOptions, optionText } from '../../formats/data-source-options.js';
import type { ResolvedRelation } from '../../plan/analyzer/analyzer-context.js';
import { parseSchemaDdl } from '../../plan/types/parse-data-type.js';
import { dbfsRootOf } from '../../storage/user-path.js';
import type { StructType } from '../../types/data-types.js';

export interface FileReadContext {
  readonly engine: EngineSession;
  readonly conf: ReadonlyMap<string, string>;
  readonly warehouse: string;
}

export function dbfsRoot(ctx: FileReadContext): string {
  return dbfsRootOf(ctx.conf, ctx.warehouse);
}

/** What the session's configuration decides about every file read: the DBFS root and the charsets. */
export function sessionReadSettings(ctx: FileReadContext): { dbfsRoot: string; legacyJavaCharsets: boolean } {
  return {
    dbfsRoot: dbfsRoot(ctx),
    legacyJavaCharsets: ctx.conf.get('spark.sql.legacy.javaCharsets')?.toLowerCase() === 'true',
  };
}

export async function filePathRelation(
  ctx: FileReadContext,
  format: string,
  paths: readonly string[],
  options: DataSourceOptions,
  schema: StructType | undefined,
  qualifier: readonly string[],
  decided?: PlainCsvDecision,
): Promise<ResolvedRelation> {
  const read = await readFilesSql(ctx.engine, {
    format,
    paths,
    options,
    ...(schema ? { schema } : {}),
    ...sessionReadSettings(ctx),
    ...(decided ? { decided } : {}),
  });
  return {
    kind: 'engineSql',
    sql: read.sql,
    schema: read.schema,
    qualifier,
    ...(read.release ? { release: read.release } : {}),
    ...(read.pushFilters ? { pushFilters: read.pushFilters } : {}),
    ...(read.metadata ? { metadata: read.metadata } : {}),
  };
}

/**
 * read_files(…): positional arguments are paths, named ones options. `decided` is what a DataFrame reader
 * learned when it built the call (see formats/csv/csv-plain-decision.ts); anything else is ignored.
 */
export async function readFilesRelation(
  ctx: FileReadContext,
  args: readonly unknown[],
  decided?: unknown,
): Promise<ResolvedRelation> {
  const paths: string[] = [];
  const options: [string, string][] = [];
  for (const a of args) {
    const named = a as { kind?: string; name?: string; value?: unknown };
    if (named.kind === 'namedArgument' && typeof named.name === 'string') {
      options.push([named.name, optionText(literalValue(named.value, named.name))]);
    } else paths.push(String(literalValue(a, 'path')));
  }
  if (paths.length === 0) {
    throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: 'read_files() without a path' });
  }
  const o = new DataSourceOptions(options);
  const format = o.get('format') ?? formatFromExtension(paths[0]!);
  const ddl = o.get('schema');
  const decision = decided instanceof PlainCsvDecision ? decided : undefined;
  return filePathRelation(ctx, format, paths, o, ddl ? parseSchemaDdl(ddl) : undefined, [], decision);
}

function literalValue(e: unknown, what: string): unknown {
  const lit = e as { kind?: string; value?: unknown };
  if (lit.kind !== 'literal') {
    throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: `a non-literal read_files() ${what}` });
  }
  return lit.value;
}

/** Databricks infers the format from the file extension when `format` is absent. */
function formatFromExtension(path: string): string {
  const ext = /\.([a-z]+)$/i.exec(path)?.[1]?.toLowerCase();
  if (ext === 'csv' || ext === 'json' || ext === 'parquet' || ext === 'orc') return ext;
  if (ext === 'txt') return 'text';
  throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: `read_files() without format => for ${path}` });
}
