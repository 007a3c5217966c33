/** The hidden `_metadata` struct of a file read as DuckDB SQL (types/file-metadata.ts). */
import type { FileFacts } from '../../types/file-metadata.js';
import { quoteString } from '../sql-text.js';

/**
 * `_metadata` over one read_parquet of `files` aliased `alias`: per-file constants picked by DuckDB's
 * `file_index` (a literal when there is one file), and `file_row_number` as the row index, so nothing is
 * joined per row. Splits are whole files: a block starts at 0 and spans the file.
 */
export function fileMetadataSql(files: readonly FileFacts[], alias: string): string {
  const perFile = (value: (f: FileFacts) => string): string => {
    const values = files.map(value);
    if (values.every((v) => v === values[0])) return values[0]!;
    return `[${values.join(', ')}][CAST(${alias}."file_index" AS BIGINT) + 1]`;
  };
  const size = perFile((f) => `CAST(${f.size} AS BIGINT)`);
  return `struct_pack(${[
    `file_path := ${perFile((f) => quoteString(f.uri))}`,
    `file_name := ${perFile((f) => quoteString(f.name))}`,
    `file_size := ${size}`,
    'file_block_start := CAST(0 AS BIGINT)',
    `file_block_length := ${size}`,
    `file_modification_time := ${perFile((f) => `make_timestamptz(CAST(${f.modified} AS BIGINT) * 1000)`)}`,
    `row_index := CAST(${alias}."file_row_number" AS BIGINT)`,
  ].join(', ')})`;
}
