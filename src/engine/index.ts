/**
 * engine/: the DuckDB adapter, and the only folder that imports @duckdb/node-api.
 * It owns the session's DuckDB instance, turns ScanPlans into SQL, writes data files with Delta statistics
 * and serves the Delta layer's Parquet needs (ParquetHandler).
 */
export { type WriteDataFilesRequest, writeDataFiles } from './data-file-writer.js';
export { translateDuckDBError } from './duckdb-error.js';
export { toDuckDBType } from './duckdb-types.js';
export { EngineSession, type EngineSessionOptions } from './engine-session.js';
export { DuckDBParquetHandler } from './parquet-handler.js';
export { type ScanOptions, type ScanRelation, scanRelation } from './snapshot-scan.js';
export { quoteIdentifier, quoteString, scalarToSql } from './sql-text.js';
