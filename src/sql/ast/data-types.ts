/**
 * Data types in the AST are the shared src/types DataType (Spark's types, SQL-only kinds included), so the
 * analyzer never converts. A column definition's type is a DataType; struct field comments ride in the
 * field metadata under `comment`, as Spark's StructField does.
 */
export type { DataType, StructField } from '../../types/index.js';
