/**
 * One batch of `lakesql ingest --merge-on k,…`: the batch's files read, deduplicated on the keys keeping
 * the row of the latest file (by modification time, then path), then
 * `MERGE INTO target USING batch ON keys WHEN MATCHED THEN UPDATE SET * WHEN NOT MATCHED THEN INSERT *`.
 * Re-running a batch after a crash merges the same rows again, which leaves the table as it was.
 *
 * The rows come from the batch's files as the stream source logged them in the checkpoint
 * (`sources/0/<batchId>`), read by `read_files` with the stream's format, schema and options, because the
 * streaming DataFrame's rows do not say which file they came from; the streaming DataFrame itself is not read
 * (the writer's sinkReadingInput). The files are read once, into the batch's scratch table
 * (exec/read-batch-once.ts): its row count is the batch's numInputRows and the MERGE reads the table.
 */
import type { LakeSession } from '../../api/lake-session.js';
import { readBatchOnce } from '../../exec/read-batch-once.js';
import { parseSchemaDdl } from '../../plan/types/parse-data-type.js';
import { parseStatement } from '../../sql/index.js';
import { quoteIdentifier, quoteName, quoteString } from '../../sql/printer/quoting.js';
import type { SourceFile } from '../../streaming/index.js';

/** How the batch's files are read: the ingest's format, reader options and schema. */
export interface BatchFileRead {
  readonly format: string;
  readonly options: Readonly<Record<string, string>>;
  readonly schemaDdl: string;
}

const FILE_ORDER = '__lakesql_file_order';
const RANK = '__lakesql_rank';
/** The temp view that names the batch's rows while it is merged. */
const BATCH_VIEW = '__lakesql_ingest_batch';

/** Merges the batch's files into `target`; returns the number of rows the files held. */
export async function mergeBatch(
  session: LakeSession,
  target: readonly string[],
  keys: readonly string[],
  read: BatchFileRead,
  files: readonly SourceFile[],
): Promise<number> {
  if (files.length === 0) return 0;
  const statement = parseStatement(batchRows(read, files));
  if (statement.kind !== 'queryStatement') throw new Error('ingest: a batch read is a query');
  // Bound unanalyzed, as a stream source binds its view: analyzing a file read plans it, which reads a
  // JSON file, so the batch's one analysis is readBatchOnce's.
  const catalog = session.sqlSession.catalog;
  catalog.createTempView([BATCH_VIEW], { kind: 'query', query: statement.query, columnNames: null }, true);
  try {
    return await readBatchOnce(session.sqlSession, BATCH_VIEW, async () => {
      await session.sql(mergeStatement(target, keys, read, BATCH_VIEW));
    });
  } finally {
    catalog.dropTempView([BATCH_VIEW]);
  }
}

/**
 * The batch's rows, each with its file's place in the batch (files are logged oldest first: by modification
 * time, then path) as a column. Each file is read by its own `read_files`, since only Parquet reads have the
 * `_metadata` column here.
 */
export function batchRows(read: BatchFileRead, files: readonly SourceFile[]): string {
  const options = [
    `format => ${quoteString(read.format)}`,
    `schema => ${quoteString(read.schemaDdl)}`,
    ...Object.entries(read.options)
      .filter(([k]) => !['format', 'schema'].includes(k.toLowerCase()))
      .map(([k, v]) => `${quoteIdentifier(k)} => ${quoteString(v)}`),
  ].join(', ');
  const ordered = [...files].sort((a, b) => a.timestamp - b.timestamp || a.url.localeCompare(b.url));
  return ordered
    .map((f, i) => `SELECT *, ${i} AS ${FILE_ORDER} FROM read_files(${quoteString(f.localPath)}, ${options})`)
    .join(' UNION ALL ');
}

/**
 * The MERGE of one batch from view `batch` (batchRows): the latest file's row of each key wins.
 */
export function mergeStatement(
  target: readonly string[],
  keys: readonly string[],
  read: BatchFileRead,
  batch: string,
): string {
  const columns = parseSchemaDdl(read.schemaDdl).fields.map((f) => quoteIdentifier(f.name));
  const partition = keys.map(quoteIdentifier).join(', ');
  const ranked = `SELECT *, row_number() OVER (PARTITION BY ${partition} ORDER BY ${FILE_ORDER} DESC) AS ${RANK} FROM ${quoteIdentifier(batch)}`;
  const latest = `SELECT ${columns.join(', ')} FROM (${ranked}) WHERE ${RANK} = 1`;
  const on = keys.map((k) => `t.${quoteIdentifier(k)} = s.${quoteIdentifier(k)}`).join(' AND ');
  return `MERGE INTO ${quoteName(target)} AS t USING (${latest}) AS s ON ${on} WHEN MATCHED THEN UPDATE SET * WHEN NOT MATCHED THEN INSERT *`;
}
