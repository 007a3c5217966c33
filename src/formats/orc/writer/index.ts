/** The ORC writer (ORC v1 specification, apache/orc site/specification/ORCv1.md). */
export type { OrcWriteCompression } from './compression-writer.js';
export { type OrcWriteOptions, OrcWriter, writeOrcFile } from './orc-writer.js';
export { type OrcSchema, orcSchemaOf, orcSupportsType } from './write-type.js';
