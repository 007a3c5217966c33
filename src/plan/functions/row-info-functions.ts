/**
 * monotonically_increasing_id() and input_file_name() (MonotonicallyIncreasingID, InputFileName).
 *
 * monotonically_increasing_id: Spark's value is (partition id << 33) + the row's position in its partition.
 * lakesql hands DuckDB one logical partition (spark_partition_id() is 0), so the value is the row's position
 * in the query's output order as DuckDB produces it: 0, 1, 2, … — unique and increasing, like Spark's. It is
 * allowed in a SELECT list only (the analyzer refuses it elsewhere).
 *
 * input_file_name: over one file relation with the hidden `_metadata` column (a Delta table, Parquet files)
 * the analyzer makes it `_metadata.file_path`; elsewhere it is Spark's value when the file is unknown, ''.
 */
import { LongType, StringType } from '../../types/data-types.js';
import type { FunctionSignature } from './function-signature.js';
import { simple } from './signature-kit.js';

export const ROW_INFO_FUNCTIONS: readonly FunctionSignature[] = [
  simple('monotonically_increasing_id', { args: [], returns: LongType, nullable: false }),
  simple('input_file_name', { args: [], returns: StringType, nullable: false }),
];
