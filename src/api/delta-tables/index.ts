/**
 * The `delta` namespace of the package (delta-spark's `delta.tables`):
 * `import { delta } from 'lakesql'; const t = await delta.DeltaTable.forPath(spark, path);`
 */
export { DeltaTable } from './delta-table.js';
export type { AssignmentMap, ExpressionLike } from './expressions.js';
export { DeltaMergeBuilder, type InsertClause, type UpdateClause } from './merge-builder.js';
