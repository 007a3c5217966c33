/** A statement's result (metric row, DESCRIBE HISTORY / DETAIL rows) as a DataFrame, as delta-spark returns them. */
import type { StatementResult } from '../../exec/session/sql-session.js';
import { freshAlias } from '../../sql/ast/frame.js';
import { type DataType, field, struct } from '../../types/data-types.js';
import { valuesFrame } from '../dataframe/create-dataframe.js';
import { DataFrame } from '../dataframe/dataframe.js';
import type { LakeSession } from '../lake-session.js';

export function resultDataFrame(spark: LakeSession, result: StatementResult): DataFrame {
  if (result.kind === 'done' || result.columns.length === 0) return spark.emptyDataFrame();
  // The rows become literals, whose struct fields are nullable: a result's NOT NULL nested fields (OPTIMIZE's
  // metrics counters) are nullable fields of the same names and types in the DataFrame.
  const schema = struct(result.columns.map((c) => field(c.name, withNullableFields(c.type), c.nullable)));
  const alias = freshAlias();
  const frame = valuesFrame(schema, result.rows, alias);
  const df = new DataFrame(spark, () => frame, alias);
  // A row of plain counters or names (DML's num_affected_rows) is what DuckDB would hand back from the
  // VALUES: collecting it as it is saves each statement a compile and a query.
  if (!schema.fields.every((f) => PLAIN_TYPES.has(f.type.kind === 'primitive' ? f.type.name : ''))) return df;
  const columns = schema.fields.map((f) => ({ name: f.name, type: f.type, nullable: f.nullable }));
  return df.keepRows({ columns, rows: result.rows });
}

/** Types whose values are the same JS values before and after a DuckDB round trip. */
const PLAIN_TYPES = new Set(['long', 'integer', 'string', 'boolean']);

function withNullableFields(type: DataType): DataType {
  if (type.kind !== 'struct') return type;
  return {
    ...type,
    fields: type.fields.map((f) => ({ ...f, nullable: true, type: withNullableFields(f.type) })),
  };
}
