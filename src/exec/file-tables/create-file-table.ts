/**
 * Creating a file table (CREATE TABLE … USING csv|json|text|parquet, and DataFrameWriter.saveAsTable with
 * those formats): Spark's CreateDataSourceTableCommand / CreateDataSourceTableAsSelectCommand. The schema is
 * the column list, the AS SELECT query's output, or, for `LOCATION` over existing files, the files' inferred
 * schema and `key=value` partition folders. The catalog entry is claimed first (put-if-absent, invisible
 * until published); if writing the AS SELECT rows then fails, the claim is abandoned and only the files the
 * statement wrote are deleted, so a failed statement leaves nothing behind and takes nothing that was there.
 */

import type { TableBucketSpec, TableIdentifier } from '../../catalog/catalog-types.js';
import type { SessionCatalog } from '../../catalog/session-catalog.js';
import { deleteFilesWrittenSince, folderContents } from '../../catalog/table-folder.js';
import { readFilesSql } from '../../engine/file-readers/read-files.js';
import { LakesqlError } from '../../errors/index.js';
import { DataSourceOptions } from '../../formats/data-source-options.js';
import { listDataFiles } from '../../formats/paths/data-files.js';
import { partitionSegments } from '../../formats/paths/partition-discovery.js';
import type { WriteFileFormat } from '../../formats/writers/output-layout.js';
import { resolveUserPath, type UserPathContext } from '../../storage/user-path.js';
import type { StructType } from '../../types/data-types.js';
import { allowNonEmptyLocationInCtas } from '../conf/non-empty-ctas-location.js';
import { assertNotBucketed, normalizeBucketSpec } from './bucket-spec.js';
import { type FileReadContext, sessionReadSettings } from './file-path-table.js';
import {
  assertFormatHolds,
  dataSchemaOf,
  fileTableOf,
  withPartitionsLast,
  writeFileTable,
} from './file-table.js';

export interface NewFileTable {
  readonly id: TableIdentifier;
  readonly format: WriteFileFormat;
  /** The columns, or undefined to infer them from the files at `location`. */
  readonly schema: StructType | undefined;
  readonly partitionColumns: readonly string[];
  readonly options: Readonly<Record<string, string>>;
  /** LOCATION (or the writer's `path` option): an external table; managed when absent. */
  readonly location: string | undefined;
  readonly properties: Readonly<Record<string, string>>;
  readonly comment: string | undefined;
  /** CLUSTERED BY … INTO n BUCKETS, recorded and shown (bucket-spec.ts). */
  readonly bucketSpec?: TableBucketSpec;
  readonly ifNotExists: boolean;
}

/** What creating a table of files uses of its session: the engine, its keys, and the catalog to enter it in. */
export interface FileTableContext extends FileReadContext, UserPathContext {
  readonly catalog: SessionCatalog<unknown>;
}

export function fileReadContext(session: FileReadContext): FileReadContext {
  return { engine: session.engine, conf: session.conf, warehouse: session.warehouse };
}

/**
 * Creates the entry and, for AS SELECT, writes `rowsSql` (columns named as `def.schema`'s) into it; returns the
 * number of rows written, or undefined when no rows were to be written (no AS SELECT, or IF NOT EXISTS found
 * the table).
 */
export async function createFileTable(
  session: FileTableContext,
  def: NewFileTable,
  rowsSql?: string,
): Promise<number | undefined> {
  const catalog = session.catalog.catalog;
  const tableName = `\`spark_catalog\`.\`${def.id.database}\`.\`${def.id.name}\``;
  if (await catalog.lookupTable(def.id.database, def.id.name)) {
    if (def.ifNotExists) return undefined;
    throw new LakesqlError('TABLE_OR_VIEW_ALREADY_EXISTS', {
      relationName: `\`${def.id.database}\`.\`${def.id.name}\``,
    });
  }
  const ctx = fileReadContext(session);
  const location = def.location === undefined ? undefined : resolveUserPath(def.location, session);
  const given =
    def.schema ??
    (location === undefined ? undefined : await inferSchema(ctx, def.format, location, def.options));
  if (!given) throw new LakesqlError('UNABLE_TO_INFER_SCHEMA', { format: formatName(def.format) });
  const partitionColumns =
    def.schema === undefined && def.partitionColumns.length === 0 && location !== undefined
      ? await partitionFolders(location)
      : def.partitionColumns;
  const schema = withPartitionsLast(given, partitionColumns, tableName);
  assertFormatHolds(def.format, dataSchemaOf(schema, partitionColumns));
  const bucketSpec = def.bucketSpec && normalizeBucketSpec(def.bucketSpec, schema, tableName);
  if (rowsSql !== undefined) assertNotBucketed(bucketSpec);
  const claimed = await catalog.claimTable(
    def.id.database,
    def.id.name,
    {
      tableType: location !== undefined ? 'EXTERNAL' : 'MANAGED',
      provider: def.format,
      ...(location !== undefined ? { location } : {}),
      schema,
      partitionColumns: partitionColumns.map(
        (p) => schema.fields.find((f) => f.name.toLowerCase() === p.toLowerCase())!.name,
      ),
      properties: def.properties,
      options: def.options,
      ...(def.comment !== undefined ? { comment: def.comment } : {}),
      ...(bucketSpec ? { bucketSpec } : {}),
      // Spark's CTAS check (DataWritingCommand.assertEmptyRootPath) is skipped under the legacy flag.
      ...(rowsSql !== undefined && allowNonEmptyLocationInCtas(session)
        ? { allowNonEmptyLocation: true }
        : {}),
    },
    def.ifNotExists,
  );
  const entry = claimed.entry;
  if (!claimed.created) return undefined; // IF NOT EXISTS: a racer created it meanwhile
  if (rowsSql === undefined || entry.tableType === 'VIEW') {
    await catalog.publishTable(def.id.database, def.id.name);
    return undefined;
  }
  // Listed under the claim: what the folder held before (a user's files under the legacy flag) stays.
  let before: Awaited<ReturnType<typeof folderContents>> | undefined;
  try {
    before = await folderContents(entry.location);
    const tz = session.conf.get('spark.sql.session.timeZone') ?? 'UTC';
    const rows = await writeFileTable(session.engine, fileTableOf(entry), rowsSql, 'none', tz);
    await catalog.publishTable(def.id.database, def.id.name);
    return rows;
  } catch (e) {
    await catalog.abandonTable(def.id.database, def.id.name);
    if (before !== undefined) await deleteFilesWrittenSince(entry.location, before);
    throw await catalog.createFailure(def.id.database, e);
  }
}

/** The schema Spark infers for a table over existing files: the reader's, with the table's OPTIONS. */
async function inferSchema(
  ctx: FileReadContext,
  format: WriteFileFormat,
  location: string,
  options: Readonly<Record<string, string>>,
): Promise<StructType | undefined> {
  try {
    const read = await readFilesSql(ctx.engine, {
      format,
      paths: [location],
      options: DataSourceOptions.from(options),
      ...sessionReadSettings(ctx),
    });
    await read.release?.();
    return read.schema;
  } catch (e) {
    if (e instanceof LakesqlError && e.errorClass === 'PATH_NOT_FOUND') return undefined;
    throw e;
  }
}

/** The `key=value` folder names under the location, in the order the reader appends them. */
async function partitionFolders(location: string): Promise<string[]> {
  const names: string[] = [];
  for (const f of await listDataFiles([location])) {
    for (const [k] of partitionSegments(f.relativeDir)) {
      if (!names.some((n) => n.toLowerCase() === k.toLowerCase())) names.push(k);
    }
  }
  return names;
}

function formatName(format: WriteFileFormat): string {
  return { csv: 'CSV', json: 'JSON', text: 'Text', parquet: 'Parquet', orc: 'ORC' }[format];
}
