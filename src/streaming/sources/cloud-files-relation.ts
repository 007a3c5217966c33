/**
 * Auto Loader: `readStream.format('cloudFiles')` over a local folder or a dbfs: path, as Databricks'
 * cloudFiles source behaves on directory listing. Discovery is the plain file source's (streaming/
 * file-source.ts): each file is logged under `sources/0/<batchId>` of the checkpoint and read once.
 *
 * The schema lives in the schema location, in the layout Databricks writes:
 *   `<schemaLocation>/_schemas/<N>` = the line `v1`, then one JSON object
 *   `{"dataSchemaJson":"<Spark StructType JSON>","partitionSchemaJson":"{\"type\":\"struct\",\"fields\":[]}"}`.
 * The highest N is the current schema. Version 0 is inferred from the files present at the first start
 * (JSON/CSV columns as STRING unless cloudFiles.inferColumnTypes, parquet's own types), with
 * cloudFiles.schemaHints applied over it; later starts read it back instead of inferring. The stored schema
 * holds the data columns only; `_rescued_data` (JSON/CSV, every evolution mode but `none`) is appended.
 *
 * Evolution (cloudFiles.schemaEvolutionMode): before a batch is read its files' columns are listed; under
 * `addNewColumns` (the default) new ones are added to the schema as `_schemas/<N+1>` and the batch fails with
 * UNKNOWN_FIELD_EXCEPTION.NEW_FIELDS_IN_FILE before it commits, so a restart re-reads that batch with the new
 * columns; `failOnNewColumns` fails the same way without evolving; `rescue` keeps the schema and the rescued
 * column catches the new fields; `none` ignores them (no rescued column).
 */

import path from 'node:path';
import { parseSchemaString, serializeSchema } from '../../delta/schema.js';
import { LakesqlError } from '../../errors/index.js';
import { readFilesCall } from '../../exec/file-tables/read-files-call.js';
import { DataSourceOptions } from '../../formats/data-source-options.js';
import { BINARY_FILE_SCHEMA } from '../../formats/file-source.js';
import {
  inferPartitionValueType,
  partitionSegments,
  widerPartitionType,
} from '../../formats/paths/partition-discovery.js';
import { parseSchemaDdl } from '../../plan/types/parse-data-type.js';
import { NO_SPAN } from '../../sql/ast/common.js';
import {
  aliased,
  cast,
  columnRef,
  emptySelect,
  literal,
  query,
  stringLiteral,
} from '../../sql/ast/node-builders.js';
import type { QueryBody } from '../../sql/ast/query.js';
import { plainSelect } from '../../sql/ast/query-builders.js';
import type { ObjectStore } from '../../storage/object-store.js';
import { storeForUrl } from '../../storage/store-for-url.js';
import { resolveUserPath } from '../../storage/user-path.js';
import { type DataType, field, StringType, type StructType, struct } from '../../types/data-types.js';
import { runStreamingLoop } from '../execution/micro-batch-loop.js';
import { checkCloudFilesOptionKeys } from './cloud-files-option-keys.js';
import { listSourceFiles, type SourceFile } from './file-listing.js';
import { FileStreamingSource } from './file-source.js';
import { type FileSourceLimits, parseTriggerLimits } from './file-source-options.js';
import type { StreamSession } from './stream-session.js';
import { type OpenContext, StreamingRelation, type StreamRunner } from './streaming-relation.js';

export const RESCUED_DATA_COLUMN = '_rescued_data';

const FORMATS = new Set(['json', 'csv', 'parquet', 'orc', 'text', 'binaryfile']);
const EVOLUTION_MODES = new Set(['addnewcolumns', 'rescue', 'failonnewcolumns', 'none']);
/** Options this source handles itself rather than passing to the file reader. */
const OWN_OPTIONS = new Set(['path', 'pathglobfilter']);

const EXISTING_FILES_KEY = 'sources/0/existing-files';
/** Formats whose schema is fixed (no inference, no schema location, no evolution). */
const FIXED_SCHEMA_FORMATS = new Set(['text', 'binaryfile']);

export class CloudFilesStreamingRelation extends StreamingRelation {
  private readonly options: ReadonlyMap<string, string>;
  #ready: Promise<void> | undefined;
  #schema: StructType | undefined;
  /** Hive-style partition columns from the folders below the source (cloudFiles.partitionColumns). */
  #partitions: StructType = struct([]);
  /** The source folder's local path, for each file's partition folders. */
  #root: string | undefined;
  #schemaVersion = 0;

  constructor(
    session: StreamSession,
    /** The folder as the user gave it (a dbfs: path resolves through the session). */
    readonly path: string,
    rawOptions: ReadonlyMap<string, string>,
    private readonly userSchema: StructType | undefined,
  ) {
    super(session);
    this.options = new Map([...rawOptions].map(([k, v]) => [k.toLowerCase(), v]));
  }

  private get format(): string {
    return (this.options.get('cloudfiles.format') ?? '').toLowerCase();
  }

  private get mode(): string {
    return (this.options.get('cloudfiles.schemaevolutionmode') ?? 'addNewColumns').toLowerCase();
  }

  private flag(key: string, fallback: boolean): boolean {
    const v = this.options.get(key);
    return v === undefined ? fallback : v.toLowerCase() === 'true';
  }

  /** Whether the source view carries `_rescued_data`. */
  private get rescues(): boolean {
    return (this.format === 'json' || this.format === 'csv') && this.mode !== 'none';
  }

  /** The data columns, then partition columns, then, when rescuing, `_rescued_data`: the stream's schema. */
  get schema(): StructType {
    const data = this.readSchema;
    return struct([
      ...data.fields.slice(0, this.#schema!.fields.length),
      ...this.#partitions.fields,
      ...data.fields.slice(this.#schema!.fields.length),
    ]);
  }

  /** What the file reader produces: the data columns and, when rescuing, `_rescued_data`. */
  private get readSchema(): StructType {
    const data = this.#schema;
    if (data === undefined) throw new Error('cloudFiles: the schema is read when the source is ready');
    return this.rescues ? struct([...data.fields, field(RESCUED_DATA_COLUMN, StringType, true)]) : data;
  }

  /** Refuses what this source does not implement, before anything is read. */
  private validate(): void {
    const format = this.format;
    if (format === '')
      throw new LakesqlError('UNSUPPORTED_FEATURE', {
        feature: 'format("cloudFiles") without option("cloudFiles.format", …)',
      });
    if (!FORMATS.has(format))
      throw new LakesqlError('UNSUPPORTED_FEATURE', {
        feature: `cloudFiles.format "${format}" (lakesql's Auto Loader reads json, csv, parquet, orc, text and binaryFile)`,
      });
    checkCloudFilesOptionKeys(this.options);
    if (!EVOLUTION_MODES.has(this.mode))
      throw new LakesqlError('UNSUPPORTED_FEATURE', {
        feature: `cloudFiles.schemaEvolutionMode "${this.mode}" (addNewColumns, rescue, failOnNewColumns or none)`,
      });
    for (const key of [
      'cloudfiles.infercolumntypes',
      'cloudfiles.includeexistingfiles',
      'cloudfiles.allowoverwrites',
      'cloudfiles.validateoptions',
    ]) {
      const v = this.options.get(key);
      if (v !== undefined && !['true', 'false'].includes(v.toLowerCase()))
        throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: `${key} "${v}" (true or false)` });
    }
    this.limits();
    if (this.userSchema !== undefined)
      throw new LakesqlError('UNSUPPORTED_FEATURE', {
        feature:
          'format("cloudFiles") with .schema(…) (lakesql infers it: use cloudFiles.schemaLocation and schemaHints)',
      });
    if (!FIXED_SCHEMA_FORMATS.has(format) && this.options.get('cloudfiles.schemalocation') === undefined)
      throw new LakesqlError('UNSUPPORTED_FEATURE', {
        feature:
          'format("cloudFiles") without option("cloudFiles.schemaLocation", …) (where the inferred schema is kept)',
      });
  }

  /** cloudFiles.maxFilesPerTrigger and cloudFiles.maxBytesPerTrigger (a soft maximum, as Databricks documents). */
  private limits(): FileSourceLimits {
    // Auto Loader lists the folders below the source too, and with allowOverwrites takes a file again
    // when it is rewritten.
    return {
      ...parseTriggerLimits(this.options, 'cloudFiles.', 'soft'),
      recursive: true,
      allowOverwrites: this.flag('cloudfiles.allowoverwrites', false),
    };
  }

  ready(): Promise<void> {
    this.#ready ??= this.settleSchema();
    return this.#ready;
  }

  private resolve(p: string): string {
    return resolveUserPath(p, this.session.sqlSession);
  }

  private schemaStore(): ObjectStore {
    return storeForUrl(this.resolve(this.options.get('cloudfiles.schemalocation')!));
  }

  /** The options the file reader gets (format options such as header), with the rescued column's name. */
  private readOptions(): DataSourceOptions {
    const entries = [...this.options].filter(([k]) => !k.startsWith('cloudfiles.') && !OWN_OPTIONS.has(k));
    if (this.rescues) entries.push(['rescueddatacolumn', RESCUED_DATA_COLUMN]);
    return new DataSourceOptions(entries);
  }

  private async settleSchema(): Promise<void> {
    this.validate();
    if (this.format === 'text') {
      this.#schema = parseSchemaDdl('value string');
    } else if (this.format === 'binaryfile') {
      this.#schema = BINARY_FILE_SCHEMA;
    } else {
      const store = this.schemaStore();
      const versions = await schemaVersions(store);
      if (versions.length > 0) {
        this.#schemaVersion = versions[versions.length - 1]!;
        const stored = await readSchemaVersion(store, this.#schemaVersion);
        this.#schema = this.withHints(stored.data);
        this.#partitions = this.withHints(stored.partitions, false);
      } else {
        const files = await this.listFiles();
        if (files.length === 0)
          throw new LakesqlError('CF_EMPTY_DIR_FOR_SCHEMA_INFERENCE', { path: this.path });
        this.#partitions = this.withHints(this.partitionSchemaOf(files), false);
        const names = new Set(this.#partitions.fields.map((f) => f.name.toLowerCase()));
        const data = await this.inferSchema(files.map((f) => f.localPath));
        this.#schema = this.withHints(struct(data.fields.filter((f) => !names.has(f.name.toLowerCase()))));
        await writeSchemaVersion(store, 0, this.#schema, this.#partitions);
      }
    }
    if (FIXED_SCHEMA_FORMATS.has(this.format)) {
      this.#partitions = this.withHints(this.partitionSchemaOf(await this.listFiles()), false);
    }
    this.bindEmptyOf(this.schema);
  }

  private async listFiles(): Promise<SourceFile[]> {
    const glob = globFilter(this.options.get('pathglobfilter'));
    return (await listSourceFiles(storeForUrl(this.resolve(this.path)), true)).filter(glob);
  }

  /** A file's `key=value` folders below the source folder, in order. */
  private partitionSegmentsOf(f: SourceFile): [string, string | null][] {
    this.#root ??= storeForUrl(this.resolve(this.path)).localPath('') ?? '';
    const root = this.#root;
    const dirs = path.relative(root, f.localPath).split(path.sep).slice(0, -1);
    return partitionSegments(dirs);
  }

  /**
   * cloudFiles.partitionColumns (comma-separated; empty for none) or, without it, the Hive-style folders
   * every listed file has alike, as Auto Loader infers them (conflicting layouts give none). Values are
   * STRING unless cloudFiles.inferColumnTypes; schemaHints may type them.
   */
  private partitionSchemaOf(files: readonly SourceFile[]): StructType {
    const given = this.options.get('cloudfiles.partitioncolumns');
    let names: string[];
    if (given !== undefined) {
      names = given
        .split(',')
        .map((n) => n.trim())
        .filter((n) => n !== '');
    } else {
      const layouts = new Set(
        files.map((f) =>
          this.partitionSegmentsOf(f)
            .map(([k]) => k.toLowerCase())
            .join('/'),
        ),
      );
      const [only] = layouts;
      names = layouts.size === 1 && only !== '' ? this.partitionSegmentsOf(files[0]!).map(([k]) => k) : [];
    }
    const inferTypes = this.flag('cloudfiles.infercolumntypes', false);
    return struct(
      names.map((name) => {
        if (!inferTypes) return field(name, StringType, true);
        let type: DataType | undefined;
        for (const f of files) {
          const v = this.partitionSegmentsOf(f).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
          if (v !== undefined) type = widerPartitionType(type, inferPartitionValueType(v));
        }
        return field(name, type ?? StringType, true);
      }),
    );
  }

  /**
   * The schema of these files as the batch reader infers it; JSON/CSV columns become STRING unless
   * cloudFiles.inferColumnTypes (Databricks' default for those formats).
   */
  private async inferSchema(paths: readonly string[]): Promise<StructType> {
    const inferTypes = this.flag('cloudfiles.infercolumntypes', false);
    const options: [string, string][] = [...this.options].filter(
      ([k]) => !k.startsWith('cloudfiles.') && !OWN_OPTIONS.has(k),
    );
    if (this.format === 'csv') options.push(['inferSchema', String(inferTypes)]);
    const inferred = await this.session.inferFileSchema(this.format, options, paths);
    const data = struct(inferred.fields.filter((f) => f.name !== RESCUED_DATA_COLUMN));
    // Columnar formats carry their types; JSON and CSV values are text unless inferColumnTypes.
    if (this.format === 'parquet' || this.format === 'orc' || inferTypes) return data;
    return struct(data.fields.map((f) => field(f.name, StringType, true)));
  }

  /** cloudFiles.schemaHints over a schema: a hinted column takes the hint's type; an unknown one is added. */
  private withHints(schema: StructType, addUnknown = true): StructType {
    const hints = this.options.get('cloudfiles.schemahints');
    if (hints === undefined || hints.trim() === '') return schema;
    const hinted = parseSchemaDdl(hints).fields;
    const byName = new Map(hinted.map((h) => [h.name.toLowerCase(), h]));
    const fields = schema.fields.map((f) => {
      const h = byName.get(f.name.toLowerCase());
      return h === undefined ? f : field(f.name, h.type, true);
    });
    if (!addUnknown) return struct(fields);
    const known = new Set([...schema.fields, ...this.#partitions.fields].map((f) => f.name.toLowerCase()));
    return struct([...fields, ...hinted.filter((h) => !known.has(h.name.toLowerCase()))]);
  }

  /** Under addNewColumns / failOnNewColumns, stops a batch whose files bring columns the schema lacks. */
  private async checkNewColumns(files: readonly SourceFile[]): Promise<void> {
    if (
      FIXED_SCHEMA_FORMATS.has(this.format) ||
      this.mode === 'rescue' ||
      this.mode === 'none' ||
      files.length === 0
    )
      return;
    const current = this.#schema!;
    const known = new Set(current.fields.map((f) => f.name.toLowerCase()));
    for (const file of files) {
      const seen = await this.inferSchema([file.localPath]);
      const added = seen.fields.filter((f) => !known.has(f.name.toLowerCase()));
      if (added.length === 0) continue;
      const retryable = this.mode === 'addnewcolumns';
      if (retryable) {
        const evolved = this.withHints(struct([...current.fields, ...added]));
        await writeSchemaVersion(this.schemaStore(), this.#schemaVersion + 1, evolved, this.#partitions);
      }
      throw new LakesqlError('UNKNOWN_FIELD_EXCEPTION.NEW_FIELDS_IN_FILE', {
        unknownFields: added.map((f) => f.name).join(', '),
        isRetryable: String(retryable),
        filePath: file.url,
      });
    }
  }

  async open(ctx: OpenContext): Promise<StreamRunner> {
    this.validate();
    await this.ready();
    const folder = storeForUrl(ctx.resolvePath(this.path));
    const glob = globFilter(this.options.get('pathglobfilter'));
    const existing = await this.existingFiles(ctx, folder);
    const source = new FileStreamingSource(
      ctx.checkpoint,
      folder,
      this.limits(),
      (f) => glob(f) && !existing.has(f.url),
    );
    return (control, body) =>
      runStreamingLoop({
        ...control,
        source,
        sourceDescription: `CloudFilesSource[${folder.rootUrl}]`,
        runBatch: async (files, batchId) => {
          await this.checkNewColumns(files);
          this.bindFiles(files);
          try {
            return await this.readOnce(control, batchId, body);
          } finally {
            this.bindEmptyOf(this.schema);
          }
        },
      });
  }

  /**
   * cloudFiles.includeExistingFiles = false: the files present when the query first started are never
   * read. Their urls are kept in the checkpoint (`sources/0/existing-files`) so later runs skip them too.
   */
  private async existingFiles(ctx: OpenContext, folder: ObjectStore): Promise<ReadonlySet<string>> {
    const kept = await ctx.checkpoint.readState(EXISTING_FILES_KEY);
    if (kept !== undefined) return new Set(JSON.parse(kept) as string[]);
    if (this.flag('cloudfiles.includeexistingfiles', true)) return new Set();
    if ((await ctx.checkpoint.offsetBatchIds()).length > 0) return new Set();
    const urls = (await listSourceFiles(folder, true)).map((f) => f.url);
    await ctx.checkpoint.writeState(EXISTING_FILES_KEY, JSON.stringify(urls));
    return new Set(urls);
  }

  /**
   * Points the view at the batch's files: one read_files per partition folder, its partition values
   * constants there, the reads combined with UNION ALL.
   */
  private bindFiles(files: readonly SourceFile[]): void {
    // A batch without files (a no-data batch run for a watermark) reads no rows.
    if (files.length === 0) {
      this.bindEmptyOf(this.schema);
      return;
    }
    const partitions = this.#partitions.fields;
    if (partitions.length === 0) {
      const relation = readFilesCall(
        files.map((f) => f.localPath),
        this.format,
        this.readOptions(),
        this.readSchema,
      );
      this.bindQuery(query(emptySelect([relation])));
      return;
    }
    const groups = new Map<string, { values: (string | null)[]; paths: string[] }>();
    for (const f of files) {
      const segs = this.partitionSegmentsOf(f);
      const values = partitions.map(
        (p) => segs.find(([k]) => k.toLowerCase() === p.name.toLowerCase())?.[1] ?? null,
      );
      const key = JSON.stringify(values);
      const group = groups.get(key) ?? { values, paths: [] };
      group.paths.push(f.localPath);
      groups.set(key, group);
    }
    const dataCount = this.#schema!.fields.length;
    const selects = [...groups.values()].map(({ values, paths }) => {
      const read = this.readSchema.fields.map((f) => columnRef([f.name]));
      const constants = partitions.map((p, i) => {
        const v = values[i];
        return aliased(
          cast(v === null || v === undefined ? literal({ type: 'null' }) : stringLiteral(v), p.type),
          p.name,
        );
      });
      const items = [...read.slice(0, dataCount), ...constants, ...read.slice(dataCount)];
      return plainSelect(
        items,
        [readFilesCall(paths, this.format, this.readOptions(), this.readSchema)],
        NO_SPAN,
      );
    });
    const body = selects
      .slice(1)
      .reduce<QueryBody>(
        (left, right) => ({ kind: 'setOperation', op: 'UNION', all: true, left, right, span: NO_SPAN }),
        selects[0]!,
      );
    this.bindQuery(query(body));
  }
}

async function schemaVersions(store: ObjectStore): Promise<number[]> {
  const metas = await store.list('_schemas/');
  return metas
    .map((m) => m.path.slice('_schemas/'.length))
    .filter((n) => /^\d+$/.test(n))
    .map(Number)
    .sort((a, b) => a - b);
}

async function readSchemaVersion(
  store: ObjectStore,
  version: number,
): Promise<{ data: StructType; partitions: StructType }> {
  const body = new TextDecoder().decode(await store.get(`_schemas/${version}`));
  const [marker, json] = body.split('\n');
  if (marker !== 'v1' || json === undefined)
    throw new Error(`cloudFiles: _schemas/${version} is not a v1 schema file`);
  const entry = JSON.parse(json) as { dataSchemaJson: string; partitionSchemaJson?: string };
  return {
    data: parseSchemaString(entry.dataSchemaJson),
    partitions:
      entry.partitionSchemaJson === undefined ? struct([]) : parseSchemaString(entry.partitionSchemaJson),
  };
}

async function writeSchemaVersion(
  store: ObjectStore,
  version: number,
  schema: StructType,
  partitions: StructType,
): Promise<void> {
  const entry = {
    dataSchemaJson: serializeSchema(schema),
    partitionSchemaJson: serializeSchema(partitions),
  };
  await store.put(`_schemas/${version}`, `v1\n${JSON.stringify(entry)}`);
}

/** pathGlobFilter: a glob (`*`, `?`, `[…]`, `{a,b}`) over the file's name. */
export function globFilter(glob: string | undefined): (f: SourceFile) => boolean {
  if (glob === undefined) return () => true;
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (c === '[') {
      const end = glob.indexOf(']', i + 1);
      if (end < 0) re += '\\[';
      else {
        re += `[${glob
          .slice(i + 1, end)
          .replace(/^!/, '^')
          .replaceAll('\\', '\\\\')}]`;
        i = end;
      }
    } else if (c === '{') {
      const end = glob.indexOf('}', i + 1);
      if (end < 0) re += '\\{';
      else {
        re += `(?:${glob
          .slice(i + 1, end)
          .split(',')
          .map((a) => a.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('|')})`;
        i = end;
      }
    } else re += c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  const matcher = new RegExp(`^${re}$`);
  return (f) => matcher.test(f.url.slice(f.url.lastIndexOf('/') + 1));
}
