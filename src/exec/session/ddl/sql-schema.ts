/**
 * Column definitions of CREATE TABLE as a Delta schema. CHAR(n)/VARCHAR(n) are stored as `string` with
 * Spark's `__CHAR_VARCHAR_TYPE_STRING` field metadata (how Spark keeps them in Delta), comments as `comment`.
 */

import { LakesqlError } from '../../../errors/index.js';
import type { ColumnDefinition } from '../../../sql/ast/statements-ddl.js';
import {
  type DataType,
  StringType,
  type StructField,
  type StructType,
  sqlTypeName,
  struct,
} from '../../../types/data-types.js';

export const CHAR_VARCHAR_KEY = '__CHAR_VARCHAR_TYPE_STRING';

export function toDeltaField(
  name: string,
  type: DataType,
  nullable: boolean,
  metadata: Record<string, unknown> = {},
): StructField {
  if (type.kind === 'char' || type.kind === 'varchar') {
    return {
      name,
      type: StringType,
      nullable,
      metadata: { ...metadata, [CHAR_VARCHAR_KEY]: sqlTypeName(type) },
    };
  }
  if (
    type.kind === 'yearMonthInterval' ||
    type.kind === 'dayTimeInterval' ||
    type.kind === 'calendarInterval'
  ) {
    throw new LakesqlError('DELTA_UNSUPPORTED_DATA_TYPES', {
      dataTypeList: `[${name}: ${sqlTypeName(type)}]`,
      config: '',
    });
  }
  return { name, type, nullable, metadata };
}

export function columnsToSchema(columns: readonly ColumnDefinition[]): StructType {
  const seen = new Set<string>();
  return struct(
    columns.map((c) => {
      const lower = c.name.toLowerCase();
      if (seen.has(lower)) throw new LakesqlError('COLUMN_ALREADY_EXISTS', { columnName: `\`${lower}\`` });
      seen.add(lower);
      if (c.default || c.generated) {
        throw new LakesqlError('UNSUPPORTED_FEATURE', {
          feature: `${c.default ? 'DEFAULT values' : 'generated columns'} (the DML issue adds them)`,
        });
      }
      return toDeltaField(c.name, c.dataType, c.nullable, c.comment !== null ? { comment: c.comment } : {});
    }),
  );
}

/** The SQL type of a stored field: CHAR/VARCHAR come back from their metadata. */
export function sqlTypeOfField(f: StructField): string {
  const cv = f.metadata[CHAR_VARCHAR_KEY];
  return typeof cv === 'string' ? cv : sqlTypeName(f.type);
}
