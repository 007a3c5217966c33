/** lakesql: a Delta Lake lakehouse for Node.js and TypeScript. */
export { DeltaTable, type ReadOptions, type ReadResult, type WriteOptions } from './api/delta-table.js';
export { DEFAULT_WAREHOUSE, LakeSession, type LakeSessionOptions } from './api/lake-session.js';
export type { Predicate } from './delta/predicate.js';
export { and, col, or } from './delta/predicate.js';
export { ERROR_CLASSES, type ErrorClass, isLakesqlError, LakesqlError } from './errors/index.js';
export * from './types/data-types.js';
