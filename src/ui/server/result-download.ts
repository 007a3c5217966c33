/**
 * A result downloaded as Parquet: the page sends the query that produced it, and the server writes the
 * query's rows through the engine (DuckDB's COPY, with the types and layout `df.write.parquet` gives, api/
 * dataframe/write-files.ts) into a scratch folder, then streams the one file written to the response and
 * deletes the folder. The rows never pass through JavaScript values, so a result of any size downloads at
 * the engine's pace; the query runs again, so it sees the tables as they are now.
 */
import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { saveFiles } from '../../api/dataframe/write-files.js';
import { ScratchFolder } from '../../engine/temp-files.js';
import { LakesqlError } from '../../errors/index.js';
import { parseStatement } from '../../sql/index.js';
import { type ErrorPayload, errorPayload } from './error-payload.js';
import type { UiContext } from './ui-context.js';

export type ParquetFile =
  | { readonly ok: true; readonly file: string; readonly remove: () => Promise<void> }
  | { readonly ok: false; readonly error: ErrorPayload };

/** Writes `sql`'s rows as one Parquet file in a scratch folder, on the session's turn. */
export async function writeResultParquet(context: UiContext, sql: string): Promise<ParquetFile> {
  const scratch = new ScratchFolder();
  try {
    const statement = parseStatement(sql);
    if (statement.kind !== 'queryStatement') {
      throw new LakesqlError('UNSUPPORTED_FEATURE', {
        feature: 'downloading as Parquet the result of a statement that is not a query',
      });
    }
    const folder = await scratch.file('');
    await context.withSession((session) =>
      saveFiles(session, folder, {
        format: 'parquet',
        query: statement.query,
        mode: 'errorifexists',
        partitionBy: [],
        options: new Map(),
      }),
    );
    // One task writes one part file (engine/file-writers/write-files.ts), beside `_SUCCESS`.
    const part = (await readdir(folder)).find((f) => f.endsWith('.parquet'));
    if (part === undefined) throw new Error(`no Parquet file was written in ${folder}`);
    return { ok: true, file: path.join(folder, part), remove: () => scratch.remove() };
  } catch (e) {
    await scratch.remove();
    return { ok: false, error: errorPayload(e, sql, { offset: 0, text: sql }) };
  }
}

/** Streams the file as an attachment named `fileName`, then removes its folder. */
export function sendParquet(
  res: ServerResponse,
  written: Extract<ParquetFile, { ok: true }>,
  fileName: string,
): void {
  res.writeHead(200, {
    'content-type': 'application/vnd.apache.parquet',
    'content-disposition': `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`,
    'cache-control': 'no-store',
  });
  const stream = createReadStream(written.file);
  stream.pipe(res);
  res.once('close', () => {
    stream.destroy();
    void written.remove();
  });
}
