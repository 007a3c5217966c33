/**
 * The engine side of a file read: runs formats/'s plan and returns DuckDB SQL with the read's schema.
 * Row formats (CSV, JSON, text) were parsed by formats/ and arrive as rows, except plain CSV, which DuckDB's
 * read_csv reads where it parses the tokens as Spark does (csv-read-sql.ts); ORC is decoded by formats/orc
 * and scanned through a table function (orc-read-sql.ts), or as rows where that declines; Parquet is read by
 * read_parquet over the listed files (union_by_name with `mergeSchema`), its schema taken from DESCRIBE
 * and mapped back to Spark types, partition columns added per folder as typed constants.
 */
import { pathToFileURL } from 'node:url';
import type { PlainCsvDecision } from '../../formats/csv/csv-plain-decision.js';
import type { FileReadPlan, FileReadRequest, PartitionedFile } from '../../formats/file-source.js';
import { BINARY_FILE_SCHEMA, orcPlanRows, partitionValue, planFileRead } from '../../formats/file-source.js';
import { type DataType, field, type StructType, struct } from '../../types/data-types.js';
import {
  type FileFacts,
  type FileMetadataRead,
  METADATA_COLUMN,
  sparkFileUri,
} from '../../types/file-metadata.js';
import type { Predicate } from '../../types/predicate.js';
import { toDuckDBType } from '../duckdb-types.js';
import type { EngineSession } from '../engine-session.js';
import { quoteIdentifier, quoteString } from '../sql-text.js';
import { csvReadSql } from './csv-read-sql.js';
import { fromDuckDBType } from './duckdb-to-spark-type.js';
import { fileMetadataSql } from './file-metadata-sql.js';
import { modifiedDateFilter } from './modified-date-filter.js';
import { orcReadSql } from './orc-read-sql.js';
import { materializeRows } from './rows-table.js';

export interface FileReadSql {
  readonly sql: string;
  readonly schema: StructType;
  /** Drops scratch tables the SQL reads; call when the statement that used it is done. */
  readonly release?: () => Promise<void>;
  /**
   * Spark's filter pushdown into a data source: skips the data that partition values or statistics prove
   * cannot satisfy `predicate`, when called before the SQL runs. It never filters rows: the query's own
   * filter still applies to whatever is read.
   */
  readonly pushFilters?: (predicate: Predicate) => Promise<void>;
  /**
   * What deciding this read learned from the files' bytes (a plain CSV read), for a later read of the same
   * request to pass back as `FileReadRequest.decided` instead of learning it again.
   */
  readonly decided?: PlainCsvDecision;
  /** The same read with the hidden `_metadata` column last, for a query that names it (Parquet only). */
  readonly metadata?: FileMetadataRead;
}

export async function readFilesSql(engine: EngineSession, req: FileReadRequest): Promise<FileReadSql> {
  const modifiedFilter = modifiedDateFilter(req.options, engine.timeZone);
  return planSql(engine, await planFileRead(modifiedFilter ? { ...req, modifiedFilter } : req));
}

export async function planSql(engine: EngineSession, plan: FileReadPlan): Promise<FileReadSql> {
  switch (plan.kind) {
    case 'rows': {
      const rows = await materializeRows(engine, plan.rows);
      return { sql: rows.sql, schema: plan.rows.schema, release: rows.release };
    }
    case 'parquet':
      return parquetSql(engine, plan);
    case 'orc': {
      // Columns are scanned columnarly; the cases orcReadSql declines (see there) are read as rows.
      const columnar = await orcReadSql(engine, plan);
      if (columnar !== undefined) return columnar;
      return planSql(engine, { kind: 'rows', rows: await orcPlanRows(plan) });
    }
    case 'csv':
      return { ...csvReadSql(plan), decided: plan.decision };
    case 'binaryFile':
      return binaryFileSql(plan);
    default: {
      const never: never = plan;
      throw new Error(`unknown read plan ${JSON.stringify(never)}`);
    }
  }
}

async function parquetSql(
  engine: EngineSession,
  plan: Extract<FileReadPlan, { kind: 'parquet' }>,
): Promise<FileReadSql> {
  const local = (f: PartitionedFile) => f.file.store.localPath(f.file.key) ?? f.file.key;
  const union = plan.mergeSchema ? ', union_by_name = true' : '';
  const reader = (files: readonly PartitionedFile[]) =>
    `read_parquet([${files.map((f) => quoteString(local(f))).join(', ')}]${union}, hive_partitioning = false)`;
  const described = await engine.all(
    `DESCRIBE SELECT * FROM ${reader(plan.mergeSchema ? plan.files : plan.files.slice(0, 1))}`,
  );
  const fileColumns = new Map(
    described.map((r) => [
      String(r.column_name).toLowerCase(),
      { name: String(r.column_name), type: fromDuckDBType(String(r.column_type)) },
    ]),
  );
  const partitionNames = new Set(plan.partitionSchema.fields.map((f) => f.name.toLowerCase()));
  const dataFields = plan.userSchema
    ? plan.userSchema.fields
    : [...fileColumns.values()]
        .filter((c) => !partitionNames.has(c.name.toLowerCase()))
        .map((c) => field(c.name, c.type, true));
  const schema = struct([...dataFields, ...plan.partitionSchema.fields]);
  const dataList = dataFields.map((f) => {
    const found = fileColumns.get(f.name.toLowerCase());
    const source = found ? quoteIdentifier(found.name) : 'NULL';
    return `CAST(${source} AS ${toDuckDBType(f.type)}) AS ${quoteIdentifier(f.name)}`;
  });
  // One SELECT per partition folder: its values are constants there.
  const groups = new Map<string, PartitionedFile[]>();
  for (const f of plan.files) {
    const key = JSON.stringify(f.partitionValues);
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  const selects = [...groups.values()].map((files) => {
    const parts = plan.partitionSchema.fields.map(
      (p, i) => `${constant(files[0]!.partitionValues[i] ?? null, p.type)} AS ${quoteIdentifier(p.name)}`,
    );
    return `SELECT ${[...dataList, ...parts].join(', ')}`;
  });
  const from = [...groups.values()].map((files) => ` FROM ${reader(files)}`);
  const sql = selects.map((select, i) => `${select}${from[i]}`).join(' UNION ALL BY NAME ');
  // Its files in the order of each read_parquet list, so DuckDB's file_index picks their facts.
  const withMetadata = [...groups.values()].map((files, i) => {
    const facts = fileMetadataSql(files.map(factsOf), '"d"');
    return `${selects[i]}, ${facts} AS ${quoteIdentifier(METADATA_COLUMN)}${from[i]} AS "d"`;
  });
  return {
    sql,
    schema,
    metadata: { sql: withMetadata.join(' UNION ALL BY NAME '), withRowIndex: true },
  };
}

/**
 * binaryFile through DuckDB's read_blob (which reads `content` only when a query uses it), joined to each
 * file's facts as listed: its path as Spark prints it, modification time, length and partition values.
 */
function binaryFileSql(plan: Extract<FileReadPlan, { kind: 'binaryFile' }>): FileReadSql {
  const schema = struct([...BINARY_FILE_SCHEMA.fields, ...plan.partitionSchema.fields]);
  const local = (f: PartitionedFile) => f.file.store.localPath(f.file.key) ?? f.file.key;
  const parts = plan.partitionSchema.fields.map((p) => quoteIdentifier(p.name));
  const columns = ['"f"', '"path"', '"modificationTime"', '"length"', ...parts];
  if (plan.files.length === 0) {
    const nulls = schema.fields.map(
      (f) => `CAST(NULL AS ${toDuckDBType(f.type)}) AS ${quoteIdentifier(f.name)}`,
    );
    return { sql: `SELECT ${nulls.join(', ')} WHERE false`, schema };
  }
  const facts = plan.files.map((f) => {
    const values = [
      quoteString(local(f)),
      quoteString(factsOf(f).uri),
      `CAST(${quoteString(new Date(f.file.lastModified).toISOString())} AS TIMESTAMPTZ)`,
      `CAST(${f.file.size} AS BIGINT)`,
      ...plan.partitionSchema.fields.map((p, i) => constant(f.partitionValues[i] ?? null, p.type)),
    ];
    return `(${values.join(', ')})`;
  });
  const files = plan.files.map((f) => quoteString(local(f))).join(', ');
  const list = [
    '"m"."path"',
    '"m"."modificationTime"',
    '"m"."length"',
    '"b"."content"',
    ...parts.map((p) => `"m".${p}`),
  ];
  return {
    sql:
      `SELECT ${list.join(', ')} FROM read_blob([${files}]) AS "b" ` +
      `JOIN (VALUES ${facts.join(', ')}) AS "m"(${columns.join(', ')}) ON "b"."filename" = "m"."f"`,
    schema,
  };
}

/** `_metadata`'s facts of a listed file: its URI, name, size and modification time. */
function factsOf(f: PartitionedFile): FileFacts {
  const local = f.file.store.localPath(f.file.key);
  const uri = local !== undefined ? pathToFileURL(local).href : `${f.file.store.rootUrl}${f.file.key}`;
  return {
    uri: sparkFileUri(uri),
    name: f.file.key.slice(f.file.key.lastIndexOf('/') + 1),
    size: f.file.size,
    modified: f.file.lastModified,
  };
}

function constant(text: string | null, type: DataType): string {
  const duck = toDuckDBType(type);
  if (text === null) return `CAST(NULL AS ${duck})`;
  const v = partitionValue(text, type);
  if (type.kind === 'primitive' && type.name === 'date')
    return `CAST(DATE '1970-01-01' + CAST(${String(v)} AS INTEGER) AS DATE)`;
  if (type.kind === 'decimal') return `CAST(${quoteString(text)} AS ${duck})`;
  return `CAST(${quoteString(String(v))} AS ${duck})`;
}
