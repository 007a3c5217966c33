/** Row results of the catalog statements (SHOW, DESCRIBE): Spark's column names, mostly strings. */
import { type DataType, StringType } from '../../types/data-types.js';
import type { Value } from '../../types/value.js';
import type { ResultColumn } from '../query/run-query.js';
import type { StatementResult } from '../statement-result.js';

export function column(name: string, type: DataType = StringType, nullable = true): ResultColumn {
  return { name, type, nullable };
}

/** Spark's `col_name`, `data_type`, `comment` (DESCRIBE TABLE, DESCRIBE QUERY). */
export const DESCRIBE_COLUMNS: readonly ResultColumn[] = [
  column('col_name', StringType, false),
  column('data_type', StringType, false),
  column('comment'),
];

/** Spark's `info_name`, `info_value` (DESCRIBE DATABASE, DESCRIBE t col). */
export const INFO_COLUMNS: readonly ResultColumn[] = [
  column('info_name', StringType, false),
  column('info_value', StringType, false),
];

export function rowsResult(columns: readonly ResultColumn[], rows: Value[][]): StatementResult {
  return { kind: 'rows', columns, rows };
}
