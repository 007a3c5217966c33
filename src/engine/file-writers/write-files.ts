/**
 * Writes a query's rows as a folder of Parquet, CSV, JSON or text files the way Spark's FileFormatWriter
 * does (InsertIntoHadoopFsRelationCommand for the save modes): Hive-style partition folders with Spark's
 * escaping, `part-00000-<job uuid>-c000<ext>` files (one per partition folder: lakesql runs the job as one
 * task), and `_SUCCESS` at the root once every file is in place.
 *
 * Parquet goes through DuckDB's COPY (its files are what Spark writes: INT64 micros timestamps, the codec
 * asked for); ORC through lakesql's ORC writer; CSV, JSON and text are formatted by formats/writers from the rows, because DuckDB's CSV and
 * JSON output differ from Spark's (quoting, timestamps, number text).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { deflateSync, gzipSync } from 'node:zlib';
import type { DuckDBConnection } from '@duckdb/node-api';
import { partitionDirectory } from '../../delta/partition-path.js';
import { serializePartitionValue } from '../../delta/partition-values.js';
import { LakesqlError } from '../../errors/index.js';
import type { DataSourceOptions } from '../../formats/data-source-options.js';
import { writeOrcFile } from '../../formats/orc/writer/index.js';
import { assertCsvWritable, csvText, csvWriteOptions } from '../../formats/writers/csv-writer.js';
import { assertJsonWritable, jsonText, jsonWriteOptions } from '../../formats/writers/json-writer.js';
import {
  type OutputCodec,
  partFileName,
  SUCCESS_MARKER,
  type WriteFileFormat,
} from '../../formats/writers/output-layout.js';
import { assertTextWritable, textText } from '../../formats/writers/text-writer.js';
import type { ObjectStore } from '../../storage/object-store.js';
import type { StructField, StructType } from '../../types/data-types.js';
import type { ScalarValue } from '../../types/scalar.js';
import type { Value } from '../../types/value.js';
import { toDuckDBType } from '../duckdb-types.js';
import type { EngineSession } from '../engine-session.js';
import { readResultOn } from '../result-reader.js';
import { quoteIdentifier, quoteString, scalarToSql } from '../sql-text.js';
import { ScratchFolder } from '../temp-files.js';
import { valueRenderer } from './value-renderer.js';

/** Spark's SaveMode for a path write. */
export type FileSaveMode = 'append' | 'overwrite' | 'errorifexists' | 'ignore';

export interface WriteFilesRequest {
  /** A DuckDB SELECT whose columns are `schema`'s, by name. */
  readonly sourceSql: string;
  readonly schema: StructType;
  readonly codec: OutputCodec;
  readonly options: DataSourceOptions;
  readonly partitionBy: readonly string[];
  readonly mode: FileSaveMode;
  /** The session time zone, for timestamps in CSV and JSON. */
  readonly timeZone: string;
  /**
   * Whether `_SUCCESS` is written at the end (default true, as a batch job's commit). A streaming file
   * sink commits through its `_spark_metadata` log instead and writes none (ManifestFileCommitProtocol).
   */
  readonly successMarker?: boolean;
}

export interface WrittenFile {
  /** The file's key in the store, `a=1/part-00000-….csv`. */
  readonly key: string;
  readonly numRows: number;
}

export interface WriteFilesResult {
  /** False when `ignore` found the path already there. */
  readonly written: boolean;
  readonly files: readonly WrittenFile[];
}

export async function writeFiles(
  engine: EngineSession,
  store: ObjectStore,
  req: WriteFilesRequest,
): Promise<WriteFilesResult> {
  const partitionFields = req.partitionBy.map((p) => partitionField(req.schema, p));
  const dataFields = req.schema.fields.filter((f) => !partitionFields.includes(f));
  const dataSchema: StructType = { kind: 'struct', fields: dataFields };
  assertWritable(req.codec.format, dataSchema);

  // Append never looks at what is there, so a streaming sink's batch does not list its growing folder.
  const existing = req.mode === 'append' ? [] : await store.list('');
  if (existing.length > 0) {
    if (req.mode === 'ignore') return { written: false, files: [] };
    if (req.mode === 'errorifexists') {
      throw new LakesqlError('PATH_ALREADY_EXISTS', { outputPath: `\`${store.rootUrl}\`` });
    }
  }
  const jobUuid = randomUUID();
  const files = await engine.withConnection(async (c) => {
    await c.run(`CREATE OR REPLACE TEMP TABLE "__lakesql_write_src" AS ${req.sourceSql}`);
    try {
      const groups = await partitionGroups(c, partitionFields);
      if (req.mode === 'overwrite') for (const m of existing) await store.delete(m.path);
      const written: WrittenFile[] = [];
      for (const values of groups) {
        const dir = partitionDirectory(
          partitionFields.map((f) => f.name),
          Object.fromEntries(
            partitionFields.map((f, i) => [
              f.name,
              serializePartitionValue((values[i] ?? null) as ScalarValue, f.type, f.name),
            ]),
          ),
        );
        const name = partFileName(0, jobUuid, 0, req.codec);
        const key = dir === '' ? name : `${dir}/${name}`;
        const where = partitionFields.length
          ? ` WHERE ${partitionFields.map((f, i) => `${quoteIdentifier(f.name)} IS NOT DISTINCT FROM ${scalarToSql((values[i] ?? null) as ScalarValue, f.type)}`).join(' AND ')}`
          : '';
        const select = `SELECT ${dataFields.map((f) => `CAST(${quoteIdentifier(f.name)} AS ${toDuckDBType(f.type)}) AS ${quoteIdentifier(f.name)}`).join(', ')} FROM "__lakesql_write_src"${where}`;
        written.push(await writeOne(c, store, key, select, dataSchema, req));
      }
      return written;
    } finally {
      await c.run(`DROP TABLE IF EXISTS "__lakesql_write_src"`);
    }
  });
  if (req.successMarker !== false) await store.put(SUCCESS_MARKER, new Uint8Array());
  return { written: true, files };
}

function assertWritable(format: WriteFileFormat, schema: StructType): void {
  if (format === 'csv') assertCsvWritable(schema);
  else if (format === 'json') assertJsonWritable(schema);
  else if (format === 'text') assertTextWritable(schema);
}

function partitionField(schema: StructType, name: string): StructField {
  const f = schema.fields.find((x) => x.name.toLowerCase() === name.toLowerCase());
  if (!f) {
    throw new LakesqlError('UNRESOLVED_COLUMN', { objectName: `\`${name}\`` });
  }
  return f;
}

/** The distinct partition values, in a stable order; one empty group for an unpartitioned write. */
async function partitionGroups(c: DuckDBConnection, fields: readonly StructField[]): Promise<Value[][]> {
  if (fields.length === 0) return [[]];
  const cols = fields.map((f) => quoteIdentifier(f.name)).join(', ');
  return readResultOn(c, `SELECT DISTINCT ${cols} FROM "__lakesql_write_src" ORDER BY ${cols}`, {
    kind: 'struct',
    fields,
  });
}

async function writeOne(
  c: DuckDBConnection,
  store: ObjectStore,
  key: string,
  select: string,
  dataSchema: StructType,
  req: WriteFilesRequest,
): Promise<WrittenFile> {
  const codec = req.codec;
  if (codec.format === 'parquet') {
    const scratch = new ScratchFolder();
    try {
      const target = store.localPath(key);
      // On a local store DuckDB writes beside the key under an in-flight temp name (which listings skip and
      // the next write of a killed writer's table deletes), renamed into place once whole: readers never
      // list a part-written file (a killed INSERT left one, and every later read failed on its footer).
      const local = target === undefined ? await scratch.file('.parquet') : inFlightName(target);
      await mkdirFor(local);
      const copied = await c
        .runAndReadAll(
          `COPY (${select}) TO ${quoteString(local)} (FORMAT parquet, COMPRESSION ${codec.codec})`,
        )
        .catch(async (e: unknown) => {
          await fs.rm(local, { force: true });
          throw e;
        });
      if (target === undefined) await store.put(key, await fs.readFile(local));
      else await fs.rename(local, target);
      return { key, numRows: Number(copied.getRows()[0]?.[0] ?? 0) };
    } finally {
      await scratch.remove();
    }
  }
  const rows = await readResultOn(c, select, dataSchema);
  if (codec.format === 'orc') {
    // ORC is encoded by lakesql's own writer (formats/orc/writer): DuckDB has no ORC output.
    const compression = ({ none: 'NONE', snappy: 'SNAPPY', zlib: 'ZLIB', lz4: 'LZ4', zstd: 'ZSTD' } as const)[
      codec.codec
    ];
    await store.put(key, await writeOrcFile(dataSchema, rows, { compression }));
    return { key, numRows: rows.length };
  }
  const render = valueRenderer(req.timeZone);
  const text =
    codec.format === 'csv'
      ? csvText(dataSchema, rows, csvWriteOptions(req.options), render)
      : codec.format === 'json'
        ? jsonText(dataSchema, rows, jsonWriteOptions(req.options), render)
        : textText(rows, req.options);
  const encoding = csvEncoding(req.options);
  const bytes = Buffer.from(text, encoding);
  const body =
    codec.codec === 'gzip' ? gzipSync(bytes) : codec.codec === 'deflate' ? deflateSync(bytes) : bytes;
  await store.put(key, new Uint8Array(body));
  return { key, numRows: rows.length };
}

/** `encoding`/`charset` (default UTF-8); Node knows the common ones Spark users pass. */
function csvEncoding(options: DataSourceOptions): BufferEncoding {
  const name = (options.get('encoding') ?? options.get('charset') ?? 'utf-8').toLowerCase();
  if (name === 'utf-8' || name === 'utf8') return 'utf8';
  if (name === 'iso-8859-1' || name === 'latin1') return 'latin1';
  if (name === 'utf-16le') return 'utf16le';
  if (name === 'us-ascii' || name === 'ascii') return 'ascii';
  throw new LakesqlError('INVALID_OPTION_VALUE', {
    value: name,
    option: 'encoding',
    reason: 'lakesql writes UTF-8, ISO-8859-1, UTF-16LE and US-ASCII',
  });
}

/** `.<name>.<random>.tmp` beside `file`: the store's name for a write in flight (storage/object-key.ts). */
function inFlightName(file: string): string {
  return path.join(
    path.dirname(file),
    `.${path.basename(file).slice(0, 200)}.${randomBytes(8).toString('hex')}.tmp`,
  );
}

async function mkdirFor(file: string): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
}
