export { CheckpointLog, type FileLogEntry, newRunId } from './checkpoint/checkpoint-log.js';
export {
  QUERY_STATUS_FILE,
  type QueryState,
  QueryStatusFile,
  type QueryStatusRecord,
  readQueryStatus,
} from './checkpoint/query-status-file.js';
export {
  type RegisteredStream,
  registeredStreams,
  registerStream,
  STREAMS_PREFIX,
} from './checkpoint/stream-registry.js';
export {
  type BatchProgress,
  type LoopControl,
  type LoopOptions,
  runMicroBatches,
  runStreamingLoop,
  type StatefulBatchHooks,
  type StateOperatorProgress,
  type StreamingLoopOptions,
} from './execution/micro-batch-loop.js';
export { type RunnableTrigger, runnableTrigger, type Trigger } from './execution/trigger.js';
export {
  checkChangeUnblocked,
  DeltaSchemaTrackingLog,
  type PersistedMetadata,
  schemaLogFolder,
} from './sources/delta-schema-tracking.js';
export {
  type DeltaBatch,
  type DeltaSourceOffset,
  DeltaStreamingSource,
  type DeltaStreamOptions,
} from './sources/delta-source.js';
export { listSourceFiles, type SourceFile } from './sources/file-listing.js';
export {
  admit,
  type FileSourceOffset,
  FileStreamingSource,
  type SourceFileCleaner,
} from './sources/file-source.js';
export {
  type ByteLimitRule,
  type CleanSourceMode,
  type FileSourceLimits,
  type FileSourceOptions,
  parseFileSourceOptions,
  parseTriggerLimits,
} from './sources/file-source-options.js';
export { sourceFileArchiver, sourceFileRemover } from './sources/source-file-cleaner.js';
export type { StreamingSource } from './sources/streaming-source.js';
export {
  MULTIPLE_WATERMARK_POLICY,
  type WatermarkPolicy,
  WatermarkTracker,
  watermarkPolicyOf,
} from './state/watermark-tracker.js';
