/**
 * One batch of `lakesql ingest --merge-on k,…`: the batch's files read, deduplicated on the keys keeping
 * the row of the latest file (by modification time, then path), then
 * `MERGE INTO target USING batch ON keys WHEN MATCHED THEN UPDATE SET * WHEN NOT MATCHED THEN INSERT *`.
 * Re-running a batch after a crash merges the same rows again, which leaves the table as it was.
 *
 * The rows come from the batch's files as the stream source logged them in the checkpoint
 * (`sources/0/<batchId>`), read by `read_files` with the stream's format, schema and options, because the
 * streaming DataFrame's rows do not say which file they came from; the streaming DataFrame itself is not read.
 */
import type { LakeSession } from '../../api/lake-session.js';
import { parseSchemaDdl } from '../../plan/types/parse-data-type.js';
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

export async function mergeBatch(
  session: LakeSession,
  target: readonly string[],
  keys: readonly string[],
  read: BatchFileRead,
  files: readonly SourceFile[],
): Promise<void> {
  if (files.length === 0) return;
  await session.sql(mergeStatement(target, keys, read, files));
}

/**
 * The MERGE of one batch. Each file is read by its own `read_files` with its place in the batch (files are
 * logged oldest first: by modification time, then path) as a column, since only Parquet reads have the
 * `_metadata` column here; the latest file's row of each key wins.
 */
export function mergeStatement(
  target: readonly string[],
  keys: readonly string[],
  read: BatchFileRead,
  files: readonly SourceFile[],
): string {
  const options = [
    `format => ${quoteString(read.format)}`,
    `schema => ${quoteString(read.schemaDdl)}`,
    ...Object.entries(read.options)
      .filter(([k]) => !['format', 'schema'].includes(k.toLowerCase()))
      .map(([k, v]) => `${quoteIdentifier(k)} => ${quoteString(v)}`),
  ].join(', ');
  const ordered = [...files].sort((a, b) => a.timestamp - b.timestamp || a.url.localeCompare(b.url));
  const perFile = ordered.map(
    (f, i) => `SELECT *, ${i} AS ${FILE_ORDER} FROM read_files(${quoteString(f.localPath)}, ${options})`,
  );
  const columns = parseSchemaDdl(read.schemaDdl).fields.map((f) => quoteIdentifier(f.name));
  const partition = keys.map(quoteIdentifier).join(', ');
  const ranked = `SELECT *, row_number() OVER (PARTITION BY ${partition} ORDER BY ${FILE_ORDER} DESC) AS ${RANK} FROM (${perFile.join(' UNION ALL ')})`;
  const latest = `SELECT ${columns.join(', ')} FROM (${ranked}) WHERE ${RANK} = 1`;
  const on = keys.map((k) => `t.${quoteIdentifier(k)} = s.${quoteIdentifier(k)}`).join(' AND ');
  return `MERGE INTO ${quoteName(target)} AS t USING (${latest}) AS s ON ${on} WHEN MATCHED THEN UPDATE SET * WHEN NOT MATCHED THEN INSERT *`;
}
