/**
 * Column definitions of CREATE TABLE as a Delta schema. CHAR(n)/VARCHAR(n) are stored as `string` with
 * Spark's `__CHAR_VARCHAR_TYPE_STRING` field metadata (how Spark keeps them in Delta), comments as `comment`.
 */

import { LakesqlError } from '../../errors/index.js';
import type { ColumnDefinition } from '../../sql/ast/statements-ddl.js';
import { printExpression } from '../../sql/index.js';
import {
  type DataType,
  StringType,
  type StructField,
  type StructType,
  sqlTypeName,
  struct,
} from '../../types/data-types.js';

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

/**
 * Column definitions to fields. DEFAULT becomes `CURRENT_DEFAULT` metadata (the expression text, as Spark
 * stores it); GENERATED ALWAYS AS (expr) `delta.generationExpression`; GENERATED … AS IDENTITY the
 * `delta.identity.*` keys (Delta's IdentityColumn: bigint only, step not 0).
 */
export function columnsToSchema(columns: readonly ColumnDefinition[]): StructType {
  assertUniqueColumnNames(columns.map((c) => c.name));
  return struct(
    columns.map((c) => {
      const metadata: Record<string, unknown> = c.comment !== null ? { comment: c.comment } : {};
      if (c.default) metadata.CURRENT_DEFAULT = c.defaultText ?? printExpression(c.default);
      const g = c.generated;
      if (g?.kind === 'expression') metadata['delta.generationExpression'] = printExpression(g.expr);
      if (g?.kind === 'identity') {
        if (c.dataType.kind !== 'primitive' || c.dataType.name !== 'long') {
          throw new LakesqlError('DELTA_IDENTITY_COLUMNS_UNSUPPORTED_DATA_TYPE', {
            dataType: sqlTypeName(c.dataType).toUpperCase(),
          });
        }
        const step = g.step ?? 1n;
        if (step === 0n) throw new LakesqlError('DELTA_IDENTITY_COLUMNS_ILLEGAL_STEP', {});
        metadata['delta.identity.start'] = safeLong(g.start ?? 1n);
        metadata['delta.identity.step'] = safeLong(step);
        metadata['delta.identity.allowExplicitInsert'] = !g.always;
      }
      return toDeltaField(c.name, c.dataType, c.nullable, metadata);
    }),
  );
}

function safeLong(v: bigint): number | bigint {
  return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v;
}

/**
 * CharVarcharUtils.getRawType: the CHAR/VARCHAR type a string column was declared with, from its metadata
 * (a table's field, or a query column read from one), else `type` itself.
 */
export function rawType(type: DataType, metadata: Readonly<Record<string, unknown>> | undefined): DataType {
  const raw = metadata?.[CHAR_VARCHAR_KEY];
  if (typeof raw !== 'string' || type.kind !== 'primitive' || type.name !== 'string') return type;
  const m = /^(char|varchar)\((\d+)\)$/i.exec(raw.trim());
  if (!m) return type;
  return { kind: m[1]!.toLowerCase() === 'char' ? 'char' : 'varchar', length: Number(m[2]) };
}

/** The SQL type of a stored field: CHAR/VARCHAR come back from their metadata. */
export function sqlTypeOfField(f: StructField): string {
  const cv = f.metadata[CHAR_VARCHAR_KEY];
  return typeof cv === 'string' ? cv : sqlTypeName(f.type);
}

/**
 * Spark's SchemaUtils.checkColumnNameDuplication for a new table's or an INSERT list's columns (case-insensitive):
 * COLUMN_ALREADY_EXISTS names the first repeat, lower-cased.
 */
export function assertUniqueColumnNames(names: Iterable<string>): void {
  const seen = new Set<string>();
  for (const name of names) {
    const key = name.toLowerCase();
    if (seen.has(key)) throw new LakesqlError('COLUMN_ALREADY_EXISTS', { columnName: `\`${key}\`` });
    seen.add(key);
  }
}
