/**
 * The hidden `_metadata` column of file-based relations (Spark's FileSourceMetadataAttribute): facts about
 * the file each row comes from. Not part of `*`; a real column of the same name wins over it.
 */
import { field, LongType, StringType, type StructType, struct, TimestampType } from './data-types.js';

export const METADATA_COLUMN = '_metadata';

/** The fields every file relation has, in Spark's order. */
const COMMON = [
  field('file_path', StringType, false),
  field('file_name', StringType, false),
  field('file_size', LongType, false),
  field('file_block_start', LongType, false),
  field('file_block_length', LongType, false),
  field('file_modification_time', TimestampType, false),
];

/**
 * Delta tables with row tracking enabled add each row's id and commit version and the file's base values
 * they derive from (delta-spark's RowId / RowCommitVersion metadata fields, in its order).
 */
const ROW_TRACKING = [
  field('row_id', LongType, true),
  field('base_row_id', LongType, true),
  field('default_row_commit_version', LongType, true),
  field('row_commit_version', LongType, true),
];

/** The type of `_metadata`; Parquet files (and so Delta tables) add the row's position in its file. */
export function fileMetadataType(withRowIndex: boolean, withRowTracking = false): StructType {
  const fields = withRowIndex ? [...COMMON, field('row_index', LongType, false)] : COMMON;
  return struct(withRowTracking ? [...fields, ...ROW_TRACKING] : fields);
}

/** Spark's spelling of a file URI: `file:/abs/path` rather than `file:///abs/path`. */
export function sparkFileUri(uri: string): string {
  return uri.replace(/^file:\/\/\//, 'file:/');
}

/** A file read with the hidden `_metadata` struct as its last column, named `_metadata`. */
export interface FileMetadataRead {
  readonly sql: string;
  /** Whether the struct has `row_index` (Parquet). */
  readonly withRowIndex: boolean;
}

/** What `_metadata` says of one file. */
export interface FileFacts {
  /** The absolute URI, URL-encoded, as Spark spells it (sparkFileUri). */
  readonly uri: string;
  readonly name: string;
  readonly size: number;
  /** Milliseconds since the epoch. */
  readonly modified: number;
}
