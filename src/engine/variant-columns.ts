/**
 * VARIANT columns in Delta data files: Parquet's variant layout (parquet-format VariantEncoding.md, as Spark
 * and Delta's `variantType` feature write it) is a group of two BINARY fields, `metadata` and `value`, in
 * Spark's binary encoding. Inside DuckDB a variant is one packed BLOB (formats/variant/variant-blob.ts), so a
 * write splits it into that group and a read joins the group back. Only top-level variant columns are stored
 * this way; a variant nested in a struct, array or map is refused rather than written in another layout.
 */
import { LakesqlError } from '../errors/index.js';
import type { DataType, StructField } from '../types/data-types.js';
import { quoteIdentifier } from './sql-text.js';

/** The DuckDB type of a variant column as read from a data file. */
export const VARIANT_FILE_TYPE = 'STRUCT("metadata" BLOB, "value" BLOB)';

export const isVariantType = (t: DataType): boolean => t.kind === 'primitive' && t.name === 'variant';

/** A packed variant as the Parquet group; a NULL variant stays a NULL group. */
export function variantToFileSql(packed: string): string {
  return `CASE WHEN ${packed} IS NULL THEN NULL ELSE struct_pack("metadata" := spark_variant_metadata(${packed}), "value" := spark_variant_value(${packed})) END`;
}

/** The Parquet group read back as a packed variant. */
export function variantFromFileSql(group: string): string {
  return `spark_variant_pack(struct_extract(${group}, 'metadata'), struct_extract(${group}, 'value'))`;
}

/** Refuses a variant below the top level of `fields`, which lakesql cannot store yet. */
export function refuseNestedVariants(fields: readonly StructField[]): void {
  for (const f of fields) {
    if (!isVariantType(f.type) && containsVariant(f.type)) {
      throw new LakesqlError('UNSUPPORTED_FEATURE', {
        feature: `a VARIANT nested inside the column ${quoteIdentifier(f.name)} of a Delta table`,
      });
    }
  }
}

function containsVariant(t: DataType): boolean {
  if (t.kind === 'array') return containsVariant(t.elementType);
  if (t.kind === 'map') return containsVariant(t.keyType) || containsVariant(t.valueType);
  if (t.kind === 'struct') return t.fields.some((f) => containsVariant(f.type));
  return isVariantType(t);
}
