import type { StructType } from '../types/data-types.js';
import type { ScalarValue } from '../types/scalar.js';
import type { AddFile } from './actions.js';

export type ColumnMappingMode = 'none' | 'name' | 'id';

/**
 * One data file a scan must read, after partition pruning and file skipping.
 * `location` is where the bytes are: a key of the table's ObjectStore when the add path was relative (the
 * usual case) or pointed inside the table root, already URI-decoded once as PROTOCOL.md requires ("path:
 * A relative path … or an absolute path to a file … encoded as an RFC 2396 URI"); or, when `isAbsolute`, an
 * absolute URI outside the table (`file:///…`), still encoded: turn it into a path with fileURLToPath.
 */
export interface ScanFile {
  readonly add: AddFile;
  readonly location: string;
  readonly isAbsolute: boolean;
  /** Partition values parsed to their types, keyed by the logical partition column name. */
  readonly partitionValues: Readonly<Record<string, ScalarValue>>;
}

/**
 * Everything an engine needs to turn a snapshot into rows: the logical schema, how logical names map to
 * the physical names in the Parquet files, which columns come from partition values, and the files.
 */
export interface ScanPlan {
  readonly version: number;
  /** The table's logical schema (metaData.schemaString), partition columns included. */
  readonly schema: StructType;
  readonly partitionColumns: readonly string[];
  readonly columnMappingMode: ColumnMappingMode;
  readonly files: readonly ScanFile[];
  /** How many files the snapshot holds before pruning and skipping (for tests and metrics). */
  readonly totalFiles: number;
}
