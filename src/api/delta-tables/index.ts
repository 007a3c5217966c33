/** delta-spark's `delta.tables`: DeltaTable, its merge builder and its table builder. */
export { DeltaTable } from './delta-table.js';
export type { AssignmentMap, ExpressionLike } from './expressions.js';
export { DeltaMergeBuilder } from './merge-builder.js';
export { DeltaOptimizeBuilder } from './optimize-builder.js';
export { type ColumnOptions, DeltaTableBuilder } from './table-builder.js';
