export { CheckpointLog, type FileLogEntry, newRunId } from './checkpoint-log.js';
export { listSourceFiles, type SourceFile } from './file-listing.js';
export { type BatchProgress, type LoopOptions, runMicroBatches } from './micro-batch-loop.js';
export { type RunnableTrigger, runnableTrigger, type Trigger } from './trigger.js';
