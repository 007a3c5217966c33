/**
 * Plain CSV (formats/csv/csv-plain-read.ts) read by DuckDB's read_csv, with the read's Spark types passed
 * as `columns = {…}` by position and nothing sniffed: formats/ has already found the bytes plain and every
 * column's tokens of a shape both readers parse alike, so this is one read of the files, in C++.
 */
import type { CsvReadPlan } from '../../formats/file-source.js';
import type { StructType } from '../../types/data-types.js';
import { toDuckDBType } from '../duckdb-types.js';
import { quoteIdentifier, quoteString } from '../sql-text.js';

/**
 * The rows of `plan` with its schema's names and types. The columns are named by position inside read_csv
 * (`c0`, `c1`, …) and renamed outside, so that any Spark name (DuckDB keywords, dots, quotes) comes through.
 */
export function csvReadSql(plan: CsvReadPlan): { sql: string; schema: StructType } {
  const { schema, options: o, files } = plan.read;
  const columns = schema.fields
    .map((f, i) => `${quoteString(`c${i}`)}: ${quoteString(toDuckDBType(f.type))}`)
    .join(', ');
  const paths = files.map((f) => quoteString(f.localPath)).join(', ');
  const call =
    `read_csv([${paths}], columns = {${columns}}, header = ${o.header}, delim = ${quoteString(o.sep)}, ` +
    `quote = ${quoteString(o.quote)}, auto_detect = false, null_padding = true)`;
  const list = schema.fields.map((f, i) => `${quoteIdentifier(`c${i}`)} AS ${quoteIdentifier(f.name)}`);
  return { sql: `SELECT ${list.join(', ')} FROM ${call}`, schema };
}
