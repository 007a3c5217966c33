export { CheckpointLog, type FileLogEntry, newRunId } from './checkpoint-log.js';
export {
  checkChangeUnblocked,
  DeltaSchemaTrackingLog,
  type PersistedMetadata,
  schemaLogFolder,
} from './delta-schema-tracking.js';
export {
  type DeltaBatch,
  type DeltaSourceOffset,
  DeltaStreamingSource,
  type DeltaStreamOptions,
} from './delta-source.js';
export { listSourceFiles, type SourceFile } from './file-listing.js';
export { admit, type FileSourceOffset, FileStreamingSource, type SourceFileCleaner } from './file-source.js';
export {
  type ByteLimitRule,
  type CleanSourceMode,
  type FileSourceLimits,
  type FileSourceOptions,
  parseFileSourceOptions,
  parseTriggerLimits,
} from './file-source-options.js';
export {
  type BatchProgress,
  type LoopControl,
  type LoopOptions,
  runMicroBatches,
  runStreamingLoop,
  type StatefulBatchHooks,
  type StateOperatorProgress,
  type StreamingLoopOptions,
} from './micro-batch-loop.js';
export {
  QUERY_STATUS_FILE,
  type QueryState,
  QueryStatusFile,
  type QueryStatusRecord,
  readQueryStatus,
} from './query-status-file.js';
export { sourceFileArchiver, sourceFileRemover } from './source-file-cleaner.js';
export {
  type RegisteredStream,
  registeredStreams,
  registerStream,
  STREAMS_PREFIX,
} from './stream-registry.js';
export type { StreamingSource } from './streaming-source.js';
export { type RunnableTrigger, runnableTrigger, type Trigger } from './trigger.js';
export {
  MULTIPLE_WATERMARK_POLICY,
  type WatermarkPolicy,
  WatermarkTracker,
  watermarkPolicyOf,
} from './watermark-tracker.js';
