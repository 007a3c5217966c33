/** A statement's result (metric row, DESCRIBE HISTORY / DETAIL rows) as a DataFrame, as delta-spark returns them. */
import type { StatementResult } from '../../exec/session/sql-session.js';
import { type DataType, field, struct } from '../../types/data-types.js';
import { valuesFrame } from '../dataframe/create-dataframe.js';
import { DataFrame } from '../dataframe/dataframe.js';
import { freshAlias } from '../dataframe/frame.js';
import type { LakeSession } from '../lake-session.js';

export function resultDataFrame(spark: LakeSession, result: StatementResult): DataFrame {
  if (result.kind === 'done' || result.columns.length === 0) return spark.emptyDataFrame();
  // The rows become literals, whose struct fields are nullable: a result's NOT NULL nested fields (OPTIMIZE's
  // metrics counters) are nullable fields of the same names and types in the DataFrame.
  const schema = struct(result.columns.map((c) => field(c.name, withNullableFields(c.type), c.nullable)));
  const alias = freshAlias();
  const frame = valuesFrame(schema, result.rows, alias);
  return new DataFrame(spark, () => frame, alias);
}

function withNullableFields(type: DataType): DataType {
  if (type.kind !== 'struct') return type;
  return {
    ...type,
    fields: type.fields.map((f) => ({ ...f, nullable: true, type: withNullableFields(f.type) })),
  };
}
