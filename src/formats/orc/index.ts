/** The ORC reader (ORC v1 specification, apache/orc site/specification/ORCv1.md). */
export { bytesSource, type OrcByteSource, objectStoreSource } from './byte-source.js';
export type { ColumnVector } from './column-vector.js';
export { OrcFormatError } from './orc-error.js';
export type { OrcColumn, OrcFile, OrcReadOptions, OrcStripe } from './orc-file.js';
export { openOrcFile } from './orc-file.js';
export { readOrcRows } from './orc-file-rows.js';
export { rowValue } from './row-values.js';
export type { OrcType } from './type-tree.js';
