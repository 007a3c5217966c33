/**
 * What a file read must produce, decided without the engine: the files (listed as Spark lists them), the
 * partition columns of Hive-style folders (appended after the data columns, as Spark appends them), and
 * for the row formats (CSV, JSON, text) the schema and rows. Parquet and ORC files are read by the engine,
 * which takes the plan's file list and partition values (ORC columnar through formats/orc's vectors; the
 * engine falls back to `orcPlanRows` where that path does not apply).
 */
import { LakesqlError } from '../errors/index.js';
import { resolveUserPath } from '../storage/user-path.js';
import { type DataType, field, type StructType, struct } from '../types/data-types.js';
import type { Value } from '../types/value.js';
import { type PlainCsvDecision, plainCsvDecision } from './csv/csv-plain-decision.js';
import { type PlainCsvRead, plainCsvRead } from './csv/csv-plain-read.js';
import { readCsv } from './csv/csv-reader.js';
import type { DataSourceOptions } from './data-source-options.js';
import { normalizeTimestamp, parseDateDays } from './datetime-text.js';
import type { FileRows, FileText } from './file-rows.js';
import { readJson } from './json/json-reader.js';
import { objectStoreSource, openOrcFile, readOrcRows } from './orc/index.js';
import { type DataFile, globSegmentRegex, listDataFiles } from './paths/data-files.js';
import {
  inferPartitionValueType,
  partitionSegments,
  widerPartitionType,
} from './paths/partition-discovery.js';
import { decodeFileText, readText } from './text-reader.js';

export type FileFormat = 'csv' | 'json' | 'text' | 'parquet' | 'orc' | 'binaryfile';

export interface FileReadRequest {
  readonly format: string;
  readonly paths: readonly string[];
  readonly options: DataSourceOptions;
  /** The user's schema (`.schema(…)`, `schema => …`), which may name partition columns too. */
  readonly schema?: StructType;
  readonly dbfsRoot: string;
  /** spark.sql.legacy.javaCharsets: CSV accepts any charset Java knows, not only Spark 4's seven. */
  readonly legacyJavaCharsets?: boolean;
  /** The `modifiedBefore` / `modifiedAfter` options as a test of a file's modification time (ms). */
  readonly modifiedFilter?: (lastModifiedMs: number) => boolean;
  /** What an earlier read of the same files decided (a DataFrame's `.csv()`), reused while it holds. */
  readonly decided?: PlainCsvDecision;
}

export interface PartitionedFile {
  readonly file: DataFile;
  /** Partition values as folder text (NULL for __HIVE_DEFAULT_PARTITION__), by partition column. */
  readonly partitionValues: readonly (string | null)[];
}

export type FileReadPlan =
  | { readonly kind: 'rows'; readonly rows: FileRows }
  | {
      readonly kind: 'parquet';
      readonly files: readonly PartitionedFile[];
      readonly partitionSchema: StructType;
      readonly userSchema: StructType | undefined;
      readonly mergeSchema: boolean;
    }
  | {
      readonly kind: 'orc';
      readonly files: readonly PartitionedFile[];
      readonly partitionSchema: StructType;
      /** The user's schema without partition columns; undefined means the first file's schema. */
      readonly userSchema: StructType | undefined;
    }
  | {
      /** binaryFile: each file one row of its path, modification time, length and bytes (BINARY_FILE_SCHEMA). */
      readonly kind: 'binaryFile';
      readonly files: readonly PartitionedFile[];
      readonly partitionSchema: StructType;
    }
  | {
      /**
       * Plain CSV (csv-plain-read.ts) whose every column's tokens have a shape the engine's native CSV
       * reader parses as Spark does: the engine reads the files itself, with this schema.
       */
      readonly kind: 'csv';
      readonly read: PlainCsvRead;
      /** The files as listed (csvPlanRows reads them). */
      readonly files: readonly DataFile[];
      /** The decision, for later reads of the same request to reuse (`FileReadRequest.decided`). */
      readonly decision: PlainCsvDecision;
      readonly legacyJavaCharsets: boolean;
      readonly rawOptions: DataSourceOptions;
    };

export type OrcReadPlan = Extract<FileReadPlan, { kind: 'orc' }>;
export type CsvReadPlan = Extract<FileReadPlan, { kind: 'csv' }>;

export function fileFormat(name: string): FileFormat {
  const f = name.toLowerCase();
  if (f === 'csv' || f === 'json' || f === 'text' || f === 'parquet' || f === 'orc' || f === 'binaryfile')
    return f;
  throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: `reading the ${name} file format` });
}

export async function planFileRead(req: FileReadRequest): Promise<FileReadPlan> {
  const format = fileFormat(req.format);
  const paths = req.paths.map((p) => resolveUserPath(p, req));
  const listed = await listDataFiles(paths);
  // Spark's generic file source options: `pathGlobFilter` keeps files whose name matches (partition
  // discovery is unchanged); `recursiveFileLookup` reads every file below and infers no partitions.
  const globFilter = req.options.get('pathGlobFilter');
  const nameMatches = globFilter === undefined ? () => true : globFilterOf(globFilter);
  const modified = req.modifiedFilter ?? (() => true);
  const files = listed.filter(
    (f) =>
      modified(f.lastModified) &&
      nameMatches(f.key.slice(f.key.lastIndexOf('/') + 1)) &&
      !(format === 'parquet' && f.key.endsWith('.crc')),
  );
  const { partitionSchema, partitioned } = req.options.bool('recursiveFileLookup', false)
    ? { partitionSchema: struct([]), partitioned: files.map((file) => ({ file, partitionValues: [] })) }
    : discoverPartitions(files, req.schema);
  if (format === 'binaryfile') return binaryFilePlan(req.schema, partitioned, partitionSchema);
  if (files.length === 0 && req.schema === undefined && format !== 'text') {
    throw new LakesqlError('UNABLE_TO_INFER_SCHEMA', { format: format.toUpperCase() });
  }
  const dataSchema = req.schema
    ? struct(req.schema.fields.filter((f) => !partitionSchema.fields.some((p) => sameName(p.name, f.name))))
    : undefined;
  if (format === 'parquet') {
    return {
      kind: 'parquet',
      files: partitioned,
      partitionSchema,
      userSchema: dataSchema,
      mergeSchema: req.options.bool('mergeSchema', false),
    };
  }
  if (format === 'orc') return { kind: 'orc', files: partitioned, partitionSchema, userSchema: dataSchema };
  const plainCsv = format === 'csv' && partitionSchema.fields.length === 0;
  if (plainCsv && req.decided !== undefined) {
    const read = await req.decided.reuse(files, req.options, dataSchema);
    if (read !== undefined) return csvPlan(req, read, files, req.decided);
  }
  const readStart = Date.now();
  const bytes = await Promise.all(files.map((f) => f.store.get(f.key)));
  if (plainCsv) {
    const local = files.map((f) => f.store.localPath(f.key));
    const plain = local.every((p) => p !== undefined)
      ? plainCsvRead(
          files.map((f, i) => ({
            localPath: local[i]!,
            bytes: bytes[i]!,
            lastModified: f.lastModified,
            displayPath: f.displayPath,
          })),
          req.options,
          dataSchema,
        )
      : undefined;
    if (plain !== undefined) {
      return csvPlan(req, plain, files, plainCsvDecision(plain, req.options, files, bytes, readStart));
    }
  }
  const texts: FileText[] = files.map((f, i) => ({
    path: f.displayPath,
    text: decodeFileText(bytes[i]!, format, req.options, req.legacyJavaCharsets),
  }));
  const read = (t: readonly FileText[], s: StructType | undefined): FileRows =>
    format === 'csv'
      ? readCsv(t, req.options, s)
      : format === 'json'
        ? readJson(t, req.options, s)
        : readText(t, req.options);
  const all = read(texts, dataSchema);
  if (partitionSchema.fields.length === 0) return { kind: 'rows', rows: all };
  const rows: Value[][] = [];
  texts.forEach((t, i) => {
    const values = partitioned[i]!.partitionValues.map((v, c) =>
      partitionValue(v, partitionSchema.fields[c]!.type),
    );
    for (const r of read([t], all.schema).rows) rows.push([...r, ...values]);
  });
  return { kind: 'rows', rows: { schema: struct([...all.schema.fields, ...partitionSchema.fields]), rows } };
}

function csvPlan(
  req: FileReadRequest,
  read: PlainCsvRead,
  files: readonly DataFile[],
  decision: PlainCsvDecision,
): CsvReadPlan {
  return {
    kind: 'csv',
    read,
    files,
    decision,
    legacyJavaCharsets: req.legacyJavaCharsets ?? false,
    rawOptions: req.options,
  };
}

/** An ORC read as rows (the engine's fallback for nested columns): see orcRows. */
export function orcPlanRows(plan: OrcReadPlan): Promise<FileRows> {
  return orcRows(plan.files, plan.partitionSchema, plan.userSchema);
}

/** A plain CSV read through csv-reader.ts: the rows the native read must give (tests compare the two). */
export async function csvPlanRows(plan: CsvReadPlan): Promise<FileRows> {
  const bytes = await Promise.all(plan.files.map((f) => f.store.get(f.key)));
  const texts = plan.files.map((f, i) => ({
    path: f.displayPath,
    text: decodeFileText(bytes[i]!, 'csv', plan.rawOptions, plan.legacyJavaCharsets),
  }));
  return readCsv(texts, plan.rawOptions, plan.read.userSchema);
}

/** ORC files decode in formats/orc; partition values are appended per file, as for the row formats. */
async function orcRows(
  files: readonly PartitionedFile[],
  partitionSchema: StructType,
  dataSchema: StructType | undefined,
): Promise<FileRows> {
  const sources = await Promise.all(
    files.map((f) => objectStoreSource(f.file.store, f.file.key, f.file.displayPath)),
  );
  const first = sources[0];
  const schema = dataSchema ?? (first === undefined ? struct([]) : (await openOrcFile(first)).schema);
  if (partitionSchema.fields.length === 0) return readOrcRows(sources, schema);
  const rows: Value[][] = [];
  for (const [i, f] of files.entries()) {
    const values = f.partitionValues.map((v, c) => partitionValue(v, partitionSchema.fields[c]!.type));
    for (const r of (await readOrcRows([sources[i]!], schema)).rows) rows.push([...r, ...values]);
  }
  return { schema: struct([...schema.fields, ...partitionSchema.fields]), rows };
}

/**
 * Spark's BinaryFileFormat schema: the file's path (a URI), modification time, length, and its bytes. The
 * schema is fixed: a user's schema may only name these columns (and partition columns) with these types.
 */
export const BINARY_FILE_SCHEMA: StructType = struct([
  field('path', { kind: 'primitive', name: 'string' }, false),
  field('modificationTime', { kind: 'primitive', name: 'timestamp' }, false),
  field('length', { kind: 'primitive', name: 'long' }, false),
  field('content', { kind: 'primitive', name: 'binary' }, true),
]);

function binaryFilePlan(
  userSchema: StructType | undefined,
  files: readonly PartitionedFile[],
  partitionSchema: StructType,
): FileReadPlan {
  if (userSchema !== undefined) {
    const allowed = [...BINARY_FILE_SCHEMA.fields, ...partitionSchema.fields];
    for (const f of userSchema.fields) {
      const known = allowed.find((a) => sameName(a.name, f.name));
      if (known === undefined || JSON.stringify(known.type) !== JSON.stringify(f.type)) {
        throw new LakesqlError('UNSUPPORTED_FEATURE', {
          feature: `the binaryFile column ${f.name} of that type (binaryFile reads path STRING, modificationTime TIMESTAMP, length BIGINT, content BINARY)`,
        });
      }
    }
  }
  return { kind: 'binaryFile', files, partitionSchema };
}

/** Hadoop's GlobFilter: the whole file name matches the glob. */
function globFilterOf(glob: string): (name: string) => boolean {
  const re = globSegmentRegex(glob);
  return (name) => re.test(name);
}

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function discoverPartitions(
  files: readonly DataFile[],
  userSchema: StructType | undefined,
): { partitionSchema: StructType; partitioned: PartitionedFile[] } {
  const names: string[] = [];
  const types = new Map<string, DataType | undefined>();
  const perFile = files.map((f) => partitionSegments(f.relativeDir));
  for (const segs of perFile) {
    for (const [k, v] of segs) {
      if (!names.some((n) => sameName(n, k))) names.push(k);
      const key = k.toLowerCase();
      types.set(key, widerPartitionType(types.get(key), inferPartitionValueType(v)));
    }
  }
  const fields = names.map((n) => {
    const given = userSchema?.fields.find((f) => sameName(f.name, n));
    return field(
      given?.name ?? n,
      given?.type ?? types.get(n.toLowerCase()) ?? { kind: 'primitive', name: 'string' },
      true,
    );
  });
  const partitioned = files.map((file, i) => ({
    file,
    partitionValues: names.map((n) => perFile[i]!.find(([k]) => sameName(k, n))?.[1] ?? null),
  }));
  return { partitionSchema: struct(fields), partitioned };
}

/** A partition folder's text as a value of the column's type (the Value conventions of file-rows.ts). */
export function partitionValue(text: string | null, type: DataType): Value {
  if (text === null) return null;
  if (type.kind === 'decimal') return BigInt(text) * 10n ** BigInt(type.scale);
  if (type.kind !== 'primitive') return text;
  switch (type.name) {
    case 'integer':
    case 'short':
    case 'byte':
    case 'double':
    case 'float':
      return Number(text);
    case 'long':
      return BigInt(text);
    case 'boolean':
      return text.toLowerCase() === 'true';
    case 'date':
      return parseDateDays(text) ?? null;
    case 'timestamp':
    case 'timestamp_ntz':
      return normalizeTimestamp(text) ?? null;
    default:
      return text;
  }
}
