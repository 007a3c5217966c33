/**
 * Schema evolution of a write (`INSERT WITH SCHEMA EVOLUTION`, spark.databricks.delta.schema.autoMerge.enabled,
 * the mergeSchema option): columns of the data that the table lacks are appended to the table's schema as
 * nullable columns of the data's type, in the same commit (Delta's SchemaMergingUtils.mergeSchemas).
 */
import { LakesqlError } from '../../errors/index.js';
import { toDeltaField } from '../../plan/types/sql-schema.js';
import type { DataType, StructType } from '../../types/data-types.js';

export function evolveSchema(
  schema: StructType,
  added: readonly { readonly name: string; readonly type: DataType }[],
): StructType {
  for (const a of added) {
    if (a.type.kind === 'primitive' && a.type.name === 'void') {
      throw new LakesqlError('DELTA_METADATA_MISMATCH', {
        detail: `Column \`${a.name}\` has no type (NULL): cast it to the type the new column should have.`,
      });
    }
  }
  return { ...schema, fields: [...schema.fields, ...added.map((a) => toDeltaField(a.name, a.type, true))] };
}
