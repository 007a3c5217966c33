/**
 * `lakesql ingest --from DIR --format F --into db.table [--merge-on k,…] [--checkpoint DIR] [--trigger T]`:
 * a streaming query from a folder of files (or Auto Loader) into a Delta table, appending each batch, or
 * upserting it with MERGE on the keys (merge-batch.ts). The table is created from the source's schema on
 * the first run. The checkpoint defaults to `<folder holding the table>/_checkpoints/<table folder>`, beside
 * the table and outside its Delta folder, so each file is ingested once across runs. Progress goes to stderr
 * (ingest-progress.ts); the run's totals print on stdout as one JSON line. An abort (Ctrl-C in the CLI)
 * stops the query after its running batch.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DataFrame } from '../../api/dataframe/dataframe.js';
import type { LakeSession } from '../../api/lake-session.js';
import { FILE_STREAM_ONLY_OPTIONS } from '../../api/streaming/data-stream-reader.js';
import type { StreamingQueryListener } from '../../api/streaming/streaming-query-manager.js';
import { LakesqlError } from '../../errors/index.js';
import { schemaDdl } from '../../exec/file-tables/read-files-call.js';
import { parseColumnName } from '../../sql/ast/frame.js';
import { quoteName } from '../../sql/printer/quoting.js';
import { storeForUrl } from '../../storage/store-for-url.js';
import { resolveUserPath } from '../../storage/user-path.js';
import { CheckpointLog } from '../../streaming/index.js';
import { RESCUED_DATA_COLUMN } from '../../streaming/sources/cloud-files-relation.js';
import type { ProgressStream } from '../progress-line.js';
import { openSession, type SessionOptions } from '../session-options.js';
import type { IngestRequest } from './ingest-options.js';
import { IngestProgress, type IngestTotals } from './ingest-progress.js';
import { type BatchFileRead, mergeBatch } from './merge-batch.js';

export interface IngestIo {
  readonly progress: ProgressStream;
  /** Aborting stops the query after its running batch (the CLI aborts on SIGINT). */
  readonly signal?: AbortSignal;
}

export interface IngestSummary extends IngestTotals {
  readonly table: string;
  readonly checkpoint: string;
  readonly mode: 'append' | 'merge';
}

export async function ingestCommand(
  req: IngestRequest,
  options: SessionOptions,
  io: IngestIo,
): Promise<IngestSummary> {
  const session = await openSession(options);
  try {
    return await ingest(session, req, io);
  } finally {
    session.close();
  }
}

async function ingest(session: LakeSession, req: IngestRequest, io: IngestIo): Promise<IngestSummary> {
  const target = parseColumnName(req.into);
  const autoLoader = req.format === 'cloudFiles';
  const exists = await session.catalog.tableExists(req.into);
  // A file stream needs its schema; Auto Loader infers its own, so only a table created here needs one.
  const schema =
    req.schema ?? (autoLoader && exists ? undefined : await inferredSchema(session, readFormat(req), req));
  if (!exists && schema !== undefined) {
    await session.createDataFrame([], schema).write.format('delta').mode('ignore').saveAsTable(req.into);
  }
  const checkpoint = req.checkpoint ?? (await defaultCheckpoint(session, target));
  const reader = session.readStream.format(req.format).options(req.options);
  if (!autoLoader && schema !== undefined) reader.schema(schema);
  if (autoLoader) {
    // Auto Loader keeps its inferred schema under cloudFiles.schemaLocation (Databricks' usual place is the
    // checkpoint), and takes the table's types as hints so that its columns match the table's.
    if (req.options['cloudFiles.schemaLocation'] === undefined)
      reader.option('cloudFiles.schemaLocation', checkpoint);
    if (schema !== undefined && req.options['cloudFiles.schemaHints'] === undefined)
      reader.option('cloudFiles.schemaHints', schema);
  }
  const stream = reader.load(req.from);
  if (!exists && autoLoader) await addStreamColumns(session, target, stream);
  const writer = stream.writeStream.option('checkpointLocation', checkpoint).trigger(req.trigger);
  const checkpointLog = new CheckpointLog(storeForUrl(resolveUserPath(checkpoint, session.sqlSession)));
  const progress = new IngestProgress(io.progress);
  const batchFiles = (batchId: number) => checkpointLog.fileLogOf(batchId);
  const listener = progressListener(progress, batchFiles);
  session.streams.addListener(listener.listener);
  try {
    const query =
      req.mergeOn.length === 0
        ? await writer.toTable(req.into)
        : await writer
            .sinkReadingInput(async (batchId) => {
              const read = autoLoader
                ? await autoLoaderRead(req, stream)
                : { format: req.format, options: batchReadOptions(req.options), schemaDdl: schema ?? '' };
              const files = (await batchFiles(batchId)).map((e) => ({
                url: e.path,
                localPath: e.path.startsWith('file:') ? fileURLToPath(e.path) : e.path,
                timestamp: e.timestamp,
                size: 0,
              }));
              return mergeBatch(session, target, req.mergeOn, read, files);
            })
            .start();
    listener.watch(query.id);
    const stop = () => void query.stop();
    io.signal?.addEventListener('abort', stop, { once: true });
    if (io.signal?.aborted) stop();
    try {
      await query.awaitTermination();
    } finally {
      io.signal?.removeEventListener('abort', stop);
    }
    await listener.settled();
  } finally {
    session.streams.removeListener(listener.listener);
    progress.end();
  }
  return {
    table: req.into,
    checkpoint,
    mode: req.mergeOn.length === 0 ? 'append' : 'merge',
    ...progress.totals(),
  };
}

/**
 * Gives a table this run created the columns Auto Loader adds to what the files hold (`_rescued_data`), so
 * that its first batch appends: the stream's schema is known only once its source has inferred it.
 */
async function addStreamColumns(
  session: LakeSession,
  target: readonly string[],
  stream: DataFrame,
): Promise<void> {
  const table = (await (await session.table(quoteName(target))).schema()).type;
  const streamed = (await stream.schema()).type;
  if (table.kind !== 'struct' || streamed.kind !== 'struct') return;
  const have = new Set(table.fields.map((f) => f.name.toLowerCase()));
  const missing = streamed.fields.filter((f) => !have.has(f.name.toLowerCase()));
  if (missing.length === 0) return;
  await session.sql(
    `ALTER TABLE ${quoteName(target)} ADD COLUMNS (${schemaDdl({ kind: 'struct', fields: missing })})`,
  );
}

/**
 * How a merge batch re-reads Auto Loader's files: its cloudFiles.format with the stream's own schema (the
 * inferred and evolved columns, and `_rescued_data` when the source rescues), and its reader options
 * without the cloudFiles.* ones, so the rows are those the stream's batch holds.
 */
async function autoLoaderRead(req: IngestRequest, stream: DataFrame): Promise<BatchFileRead> {
  const type = (await stream.schema()).type;
  if (type.kind !== 'struct') throw new Error('ingest: a stream has a struct schema');
  const options = Object.fromEntries(
    Object.entries(batchReadOptions(req.options)).filter(
      ([k]) => !k.toLowerCase().startsWith('cloudfiles.') && k.toLowerCase() !== 'pathglobfilter',
    ),
  );
  if (type.fields.some((f) => f.name === RESCUED_DATA_COLUMN))
    options.rescuedDataColumn = RESCUED_DATA_COLUMN;
  return { format: readFormat(req), options, schemaDdl: schemaDdl(type) };
}

/** The format a batch read of the folder uses: Auto Loader's `cloudFiles.format`, else the format itself. */
function readFormat(req: IngestRequest): string {
  if (req.format !== 'cloudFiles') return req.format;
  const format = req.options['cloudFiles.format'];
  if (format === undefined)
    throw new LakesqlError('UNSUPPORTED_FEATURE', {
      feature: '--format cloudFiles without --option cloudFiles.format=… (json, csv, parquet or text)',
    });
  return format;
}

/** The schema of the files there now, as a batch read infers it (Spark's file stream source needs one). */
async function inferredSchema(session: LakeSession, format: string, req: IngestRequest): Promise<string> {
  const df = await session.read.format(format).options(batchReadOptions(req.options)).load(req.from);
  const type = (await df.schema()).type;
  if (type.kind !== 'struct') throw new Error('ingest: a file read has a struct schema');
  return schemaDdl(type);
}

function batchReadOptions(options: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(options).filter(([k]) => !FILE_STREAM_ONLY_OPTIONS.has(k.toLowerCase())),
  );
}

/** `<folder holding the table>/_checkpoints/<table folder name>`: beside the table, not inside its Delta folder. */
async function defaultCheckpoint(session: LakeSession, target: readonly string[]): Promise<string> {
  const detail = await (await session.sql(`DESCRIBE DETAIL ${quoteName(target)}`)).collect();
  const location = String(detail[0]?.location ?? '');
  const local = location.startsWith('file:') ? fileURLToPath(location) : location;
  return path.join(path.dirname(local), '_checkpoints', path.basename(local));
}

/** Reports each batch of the watched query (its files from the checkpoint's source log) to `progress`. */
function progressListener(
  progress: IngestProgress,
  batchFiles: (batchId: number) => Promise<readonly unknown[]>,
): { listener: StreamingQueryListener; watch(id: string): void; settled(): Promise<void> } {
  let watched: string | undefined;
  let reports: Promise<void> = Promise.resolve();
  const listener: StreamingQueryListener = {
    onQueryProgress({ progress: p }) {
      if (watched !== undefined && p.id !== watched) return;
      reports = reports.then(async () => {
        const files = (await batchFiles(p.batchId)).length;
        progress.batchDone({ batchId: p.batchId, files, rows: p.numInputRows, durationMs: p.batchDuration });
      });
    },
  };
  return {
    listener,
    watch(id) {
      watched = id;
    },
    settled: () => reports,
  };
}
