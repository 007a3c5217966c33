/**
 * Test-only: reads Spark's golden files (test/data/spark-sql/results/**.sql.out) into
 * query blocks, each with whether Spark's parser rejected it (ParseException) and with which class.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SPARK_SQL_CONFORMANCE_DIR } from '../../conformance/data-dirs.js';

export interface GoldenQuery {
  readonly file: string;
  readonly sql: string;
  /** The error class when Spark's parser threw, else null. */
  readonly parseError: string | null;
  /** The error class of any exception Spark reported (parse time or later). */
  readonly errorClass: string | null;
}

export const GOLDEN_DIR = join(SPARK_SQL_CONFORMANCE_DIR, 'results');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.sql.out') ? [p] : [];
  });
}

export function goldenQueries(dir = GOLDEN_DIR): GoldenQuery[] {
  const out: GoldenQuery[] = [];
  for (const file of files(dir)) {
    const text = readFileSync(file, 'utf8');
    for (const block of text.split(/^-- !query\n/m).slice(1)) {
      const end = block.search(/^-- !query (schema|output)\n/m);
      const sql = (end < 0 ? block : block.slice(0, end)).trim();
      const output = end < 0 ? '' : block.slice(end);
      const m =
        /org\.apache\.spark\.sql\.catalyst\.parser\.ParseException\n\{\n\s*"errorClass" : "([^"]+)"/.exec(
          output,
        );
      const parseError = output.includes('org.apache.spark.sql.catalyst.parser.ParseException')
        ? (m?.[1] ?? 'UNKNOWN')
        : null;
      const any = /^org\.apache\.spark\.\S+\n\{\n\s*"errorClass" : "([^"]+)"/m.exec(output);
      out.push({ file: file.slice(dir.length + 1), sql, parseError, errorClass: any?.[1] ?? null });
    }
  }
  return out;
}
