/**
 * lakesql: a Delta Lake lakehouse for Node.js and TypeScript, with PySpark's API.
 *
 *     import { DeltaTable, LakeSession, col, functions as F, types as T } from 'lakesql';
 *
 * The names below are the whole public surface, listed one by one (src/index.test.ts pins them): the
 * pyspark.sql classes under their PySpark names (LakeSession is SparkSession), `functions` and `types` as
 * the pyspark.sql.functions / pyspark.sql.types modules, delta-spark's DeltaTable and its builders, and
 * LakesqlError for every error. See docs/API.md for each class with its PySpark counterpart.
 */

export { CatalogApi, type Database, type Table } from './api/catalog-api.js';
export { Column, type ColumnOrLiteral } from './api/column.js';
export { RuntimeConfig } from './api/conf-api.js';
export { DataFrame, type Row } from './api/dataframe/dataframe.js';
export { display } from './api/dataframe/display.js';
export { GroupedData } from './api/dataframe/grouped-data.js';
export type { JoinHow } from './api/dataframe/join-type.js';
export {
  DataFrameNaFunctions,
  type DropOptions,
  type NaValue,
  type ReplaceValue,
} from './api/dataframe/na-functions.js';
export { DataFrameReader } from './api/dataframe/reader.js';
export type { JsonValue, RowMethods } from './api/dataframe/row.js';
export type { SampleOptions } from './api/dataframe/sample.js';
export type { JsValue } from './api/dataframe/value-to-js.js';
export { Window, WindowSpecBuilder } from './api/dataframe/window.js';
export { DataFrameWriter, type OptionValue } from './api/dataframe/writer.js';
export { DataFrameWriterV2 } from './api/dataframe/writer-v2.js';
export type { DeltaTablePath, ReadOptions, ReadResult, WriteOptions } from './api/delta-table.js';
export {
  type AssignmentMap,
  type ColumnOptions,
  DeltaMergeBuilder,
  DeltaTable,
  DeltaTableBuilder,
  type ExpressionLike,
} from './api/delta-tables/index.js';
export * as functions from './api/functions.js';
export { col, expr, lit } from './api/functions.js';
export { LakeSession, type LakeSessionOptions } from './api/lake-session.js';
export { SessionBuilder } from './api/session-builder.js';
export { DataStreamReader } from './api/streaming/data-stream-reader.js';
export { type BatchFunction, DataStreamWriter } from './api/streaming/data-stream-writer.js';
export { StreamingQuery } from './api/streaming/streaming-query.js';
export * as types from './api/types.js';
export type { Predicate } from './delta/predicate.js';
export { ERROR_CLASSES, type ErrorClass, isLakesqlError, LakesqlError } from './errors/index.js';
