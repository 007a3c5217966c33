/** The ORC reader (ORC v1 specification, apache/orc site/specification/ORCv1.md). */
export { bytesSource, type OrcByteSource, objectStoreSource } from './byte-source.js';
export { fileColumnNames } from './column-matching.js';
export type { ColumnVector } from './column-vector.js';
export { OrcFormatError } from './orc-error.js';
export type {
  OrcColumn,
  OrcFile,
  OrcReadOptions,
  OrcRowsOptions,
  OrcStripe,
  PreparedStripe,
} from './orc-file.js';
export { openOrcFile } from './orc-file.js';
export { readOrcRows } from './orc-file-rows.js';
export type { OrcPredicate } from './orc-predicate.js';
export type { OrcColumnStatistics, OrcRowIndexEntry, OrcTypeStatistics } from './orc-statistics.js';
export { rowValue } from './row-values.js';
export type { OrcType } from './type-tree.js';
