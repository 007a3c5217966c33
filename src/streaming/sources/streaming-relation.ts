/**
 * The relation a streaming DataFrame reads (Spark's StreamingRelation): it opens the stream's source (a
 * StreamingSource of streaming/sources/, the micro-batch contract) when a query starts. Its plan reads a
 * temp view private to the stream; for each micro-batch the view is pointed at that batch's rows, so every
 * transformation of the streaming DataFrame (select, filter, withColumn, …) applies to that batch only.
 * Between batches the view is an empty relation with the source's schema.
 *
 * A file stream (this file) points the view at `read_files(<that batch's files>, format, schema,
 * options…)`; a Delta stream (delta-streaming-relation.ts) at the snapshot scan of the batch's files.
 */

import { LakesqlError } from '../../errors/index.js';
import { readFilesCall } from '../../exec/file-tables/read-files-call.js';
import { readBatchOnce } from '../../exec/read-batch-once.js';
import type { DataSourceOptions } from '../../formats/data-source-options.js';
import { emptySelect, query } from '../../sql/ast/node-builders.js';
import type { Query } from '../../sql/ast/query.js';
import { parseStatement } from '../../sql/index.js';
import type { ObjectStore } from '../../storage/object-store.js';
import { storeForUrl } from '../../storage/store-for-url.js';
import { resolveUserPath } from '../../storage/user-path.js';
import { type StructType, sqlTypeName } from '../../types/data-types.js';
import { STREAM_VIEW_PREFIX } from '../analysis/stream-views.js';
import type { CheckpointLog } from '../checkpoint/checkpoint-log.js';
import { type LoopControl, runStreamingLoop } from '../execution/micro-batch-loop.js';
import type { StatefulQuery } from '../state/stateful-query.js';
import { listSourceFiles } from './file-listing.js';
import { FileStreamingSource, type SourceFileCleaner } from './file-source.js';
import type { FileSourceOptions } from './file-source-options.js';
import { sourceFileArchiver, sourceFileRemover } from './source-file-cleaner.js';
import type { StreamSession } from './stream-session.js';

let streamCounter = 0;

/** What a query needs to open its source when it starts. */
export interface OpenContext {
  readonly checkpoint: CheckpointLog;
  /** A user's path (dbfs:/…, relative) as the storage URL it names. */
  readonly resolvePath: (path: string) => string;
  /** The query's watermark and state operators, when its plan has any (../stateful/open-stream.ts). */
  readonly stateful?: StatefulQuery;
}

/**
 * The running side of a source: drives the micro-batch loop, binding the source's view to each batch
 * (read once, see exec/read-batch-once.ts) while `body` runs it.
 */
export type StreamRunner = (control: LoopControl, body: (batchId: number) => Promise<void>) => Promise<void>;

export abstract class StreamingRelation {
  readonly viewName: string;

  constructor(readonly session: StreamSession) {
    streamCounter += 1;
    this.viewName = `${STREAM_VIEW_PREFIX}${streamCounter}`;
  }

  /** Makes the view exist with the source's schema (before the streaming DataFrame is analyzed). */
  abstract ready(): Promise<void>;

  /** Opens the source for a query starting now. */
  abstract open(ctx: OpenContext): Promise<StreamRunner>;

  /** The view as no rows of `schema`. */
  protected bindEmptyOf(schema: StructType): void {
    const items = schema.fields
      .map((f) => `CAST(NULL AS ${sqlTypeName(f.type)}) AS \`${f.name.replaceAll('`', '``')}\``)
      .join(', ');
    const statement = parseStatement(`SELECT ${items} WHERE false`);
    if (statement.kind !== 'queryStatement') throw new Error('stream source: the empty view is not a query');
    this.bindQuery(statement.query);
  }

  /**
   * Runs `body` over the batch the view names now, read once into a table; returns its input rows. A batch
   * the sink already holds is neither read nor run (LoopControl.sinkHolds); a sink that reads the batch's
   * input itself runs instead of `body` (LoopControl.sinkReadsInput).
   */
  protected async readOnce(
    control: LoopControl,
    batchId: number,
    body: (batchId: number) => Promise<void>,
  ): Promise<number> {
    if (await control.sinkHolds?.(batchId)) return 0;
    if (control.sinkReadsInput) return control.sinkReadsInput(batchId);
    return readBatchOnce(this.session.sqlSession, this.viewName, () => body(batchId));
  }

  protected bindQuery(q: Query): void {
    this.session.sqlSession.catalog.createTempView(
      [this.viewName],
      { kind: 'query', query: q, columnNames: null },
      true,
    );
  }
}

/**
 * A folder of csv/json/parquet/orc/text files, each file read once (Spark's FileStreamSource), with the
 * file source options of streaming/sources/file-source-options.ts. Without a user schema (allowed when
 * spark.sql.streaming.schemaInference is on) the schema is inferred from the folder's files when the
 * stream is first analyzed, as the batch reader infers it.
 */
export class FileStreamingRelation extends StreamingRelation {
  #schema: StructType | undefined;
  #ready: Promise<void> | undefined;

  constructor(
    session: StreamSession,
    readonly format: string,
    readonly options: DataSourceOptions,
    schema: StructType | undefined,
    /** The folder as the user gave it (dbfs paths resolve when the query starts). */
    readonly path: string,
    readonly sourceOptions: FileSourceOptions,
  ) {
    super(session);
    this.#schema = schema;
    if (schema !== undefined) this.bindEmpty();
  }

  get schema(): StructType {
    if (this.#schema === undefined)
      throw new Error('file stream: the schema is inferred when the source is ready');
    return this.#schema;
  }

  ready(): Promise<void> {
    this.#ready ??= this.inferSchema();
    return this.#ready;
  }

  /** DataSource.sourceSchema with schema inference: the batch reader's schema of the folder's files. */
  private async inferSchema(): Promise<void> {
    if (this.#schema !== undefined) return;
    const folder = storeForUrl(resolveUserPath(this.path, this.session.sqlSession));
    const files = await listSourceFiles(folder);
    if (files.length === 0) {
      throw new LakesqlError('UNABLE_TO_INFER_SCHEMA', { format: this.format.toUpperCase() });
    }
    this.#schema = await this.session.inferFileSchema(
      this.format,
      this.options.entries(),
      files.map((f) => f.localPath),
    );
    this.bindEmpty();
  }

  async open(ctx: OpenContext): Promise<StreamRunner> {
    await this.ready();
    const folderUrl = ctx.resolvePath(this.path);
    const folder = storeForUrl(folderUrl);
    const source = new FileStreamingSource(
      ctx.checkpoint,
      folder,
      this.sourceOptions,
      undefined,
      this.cleaner(folder, folderUrl, ctx),
    );
    return (control, body) =>
      runStreamingLoop({
        ...control,
        source,
        sourceDescription: `FileStreamSource[${folder.rootUrl}]`,
        runBatch: async (files, batchId) => {
          this.bindFiles(files.map((f) => f.localPath));
          try {
            return await this.readOnce(control, batchId, body);
          } finally {
            this.bindEmpty();
          }
        },
      });
  }

  /** cleanSource: what happens to a committed batch's files. */
  private cleaner(folder: ObjectStore, folderUrl: string, ctx: OpenContext): SourceFileCleaner | undefined {
    const o = this.sourceOptions;
    switch (o.cleanSource) {
      case 'off':
        return undefined;
      case 'delete':
        return sourceFileRemover(folder);
      case 'archive': {
        const archiveUrl = ctx.resolvePath(o.sourceArchiveDir!);
        return sourceFileArchiver(folder, folderUrl, storeForUrl(archiveUrl), archiveUrl);
      }
      default:
        return o.cleanSource satisfies never;
    }
  }

  /** Points the source view at exactly these files. */
  bindFiles(paths: readonly string[]): void {
    // A batch without files (a no-data batch run for a watermark) reads no rows.
    if (paths.length === 0) {
      this.bindEmpty();
      return;
    }
    const relation = readFilesCall(paths, this.format, this.options, this.schema);
    this.bindQuery(query(emptySelect([relation])));
  }

  bindEmpty(): void {
    this.bindEmptyOf(this.schema);
  }
}
