/**
 * Some failures of DuckDB's Parquet decoder on damaged bytes name no file ("Invalid Error: Out of buffer",
 * thrown from its Thrift and page readers below the layer that adds the file name). A query reading many
 * files cannot say which one is damaged from that text, so after such a failure each Parquet file the
 * statement read is decoded alone, whole, until one fails: that file is named in Spark's
 * FAILED_READ_FILE.NO_HINT, DuckDB's words staying in the cause. Only the error path pays for the probe.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { LakesqlError } from '../errors/index.js';
import { fileUri } from './duckdb-error.js';
import { quoteString } from './sql-text.js';

/**
 * DuckDB's texts for damaged Parquet bytes that carry no file name: a page or header cut short, and a
 * Thrift structure (page header, column metadata) whose bytes do not decode. Which of the two a damage
 * gives can depend on DuckDB's threads, so both must be probed.
 */
const UNNAMED_DECODER_FAILURES = [/^Invalid Error: Out of buffer/, /^Invalid Error: TProtocolException: /];

/** Probing stops after this many files: a statement over thousands of files keeps its first error. */
const MAX_FILES_PROBED = 64;

/** Whether `e` (as translateDuckDBError returned it) is a decoder failure that names no file. */
export function isUnnamedDecoderFailure(e: unknown): e is LakesqlError {
  if (!(e instanceof LakesqlError) || e.errorClass !== 'INTERNAL_ERROR') return false;
  const cause = e.cause instanceof Error ? e.cause.message : '';
  return UNNAMED_DECODER_FAILURES.some((p) => p.test(cause));
}

/**
 * The files in the `read_parquet('…')` and `read_parquet(['…', …])` calls of generated SQL, in order, each
 * once. The literals are quoteString's: single quotes, a quote doubled.
 */
export function parquetFilesRead(sql: string): string[] {
  const files = new Set<string>();
  const call = /read_parquet\(\s*\[?/g;
  for (let m = call.exec(sql); m !== null; m = call.exec(sql)) {
    let at = call.lastIndex;
    for (;;) {
      while (sql[at] === ' ') at++;
      if (sql[at] !== "'") break;
      const literal = /^'((?:[^']|'')*)'/.exec(sql.slice(at));
      if (!literal) break;
      files.add((literal[1] ?? '').replaceAll("''", "'"));
      at += literal[0].length;
      while (sql[at] === ' ') at++;
      if (!m[0].endsWith('[') || sql[at] !== ',') break;
      at++;
    }
  }
  return [...files];
}

/**
 * `error` with the damaged file named when it is an unnamed decoder failure and one of the statement's files
 * fails to decode on its own; otherwise `error` unchanged.
 */
export async function nameDamagedFile(
  error: unknown,
  sql: string,
  connection: DuckDBConnection,
): Promise<unknown> {
  if (!isUnnamedDecoderFailure(error)) return error;
  const files = parquetFilesRead(sql);
  const damaged =
    files.length === 1 ? files[0] : await firstUndecodable(files.slice(0, MAX_FILES_PROBED), connection);
  if (damaged === undefined) return error;
  return new LakesqlError('FAILED_READ_FILE.NO_HINT', { path: fileUri(damaged) }, { cause: error.cause });
}

async function firstUndecodable(files: readonly string[], connection: DuckDBConnection) {
  for (const file of files) {
    try {
      // hash() of the whole row decodes every column of every row group.
      await connection.run(`SELECT max(hash("t")) FROM read_parquet(${quoteString(file)}) AS "t"`);
    } catch {
      return file;
    }
  }
  return undefined;
}
