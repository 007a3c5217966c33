/**
 * DESCRIBE [EXTENDED] t col: Spark's DescribeColumnCommand rows (`info_name`, `info_value`): col_name,
 * data_type, comment (the text `NULL` when absent); EXTENDED adds the column statistics Spark keeps in
 * its metastore (min, max, num_nulls, distinct_count, avg_col_len, max_col_len, histogram), which
 * lakesql never computes (ANALYZE TABLE is accepted and ignored), so they print as `NULL` as they do in
 * Spark for a table without statistics.
 */
import { LakesqlError } from '../../errors/index.js';
import { sqlTypeOfField } from '../../plan/types/sql-schema.js';
import type { StructType } from '../../types/data-types.js';
import type { Value } from '../../types/value.js';

const STATISTICS = ['min', 'max', 'num_nulls', 'distinct_count', 'avg_col_len', 'max_col_len', 'histogram'];

export function describeColumnRows(
  schema: StructType,
  column: readonly string[],
  extended: boolean,
): Value[][] {
  let fields = schema.fields;
  let found: StructType['fields'][number] | undefined;
  for (const part of column) {
    found = fields.find((f) => f.name.toLowerCase() === part.toLowerCase());
    if (!found) break;
    fields = found.type.kind === 'struct' ? found.type.fields : [];
  }
  if (!found) {
    throw new LakesqlError('UNRESOLVED_COLUMN.WITH_SUGGESTION', {
      objectName: column.map((p) => `\`${p}\``).join('.'),
      proposal: schema.fields.map((f) => `\`${f.name}\``).join(', '),
    });
  }
  const comment = found.metadata.comment;
  const rows: Value[][] = [
    ['col_name', found.name],
    ['data_type', sqlTypeOfField(found)],
    ['comment', typeof comment === 'string' ? comment : 'NULL'],
  ];
  if (extended) for (const s of STATISTICS) rows.push([s, 'NULL']);
  return rows;
}
