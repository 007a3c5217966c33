/** lakesql: a Delta Lake lakehouse for Node.js and TypeScript. */

export { CatalogApi, type Database, type Table } from './api/catalog-api.js';
export { Column, type ColumnOrLiteral } from './api/column.js';
export { RuntimeConfig } from './api/conf-api.js';
export { DataFrame, type Row } from './api/dataframe/dataframe.js';
export { GroupedData } from './api/dataframe/grouped-data.js';
export type { JoinHow } from './api/dataframe/join-type.js';
export * as types from './api/dataframe/schema.js';
export type { JsValue } from './api/dataframe/value-to-js.js';
export { Window, WindowSpecBuilder } from './api/dataframe/window.js';
export { DataFrameWriter, type OptionValue } from './api/dataframe/writer.js';
export { DeltaTable, type ReadOptions, type ReadResult, type WriteOptions } from './api/delta-table.js';
/** delta-spark's DeltaTable API: `delta.DeltaTable.forPath(spark, path)` (the root DeltaTable is the low-level one). */
export * as delta from './api/delta-tables/index.js';
export * as functions from './api/functions.js';
export { col, expr, lit } from './api/functions.js';
export { DEFAULT_WAREHOUSE, LakeSession, type LakeSessionOptions } from './api/lake-session.js';
export { SessionBuilder } from './api/session-builder.js';
export type { Predicate } from './delta/predicate.js';
export { and, col as predicateCol, or } from './delta/predicate.js';
export { ERROR_CLASSES, type ErrorClass, isLakesqlError, LakesqlError } from './errors/index.js';
export * from './types/data-types.js';
