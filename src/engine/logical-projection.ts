import { type ColumnMappingMode, fieldId, physicalName } from '../delta/column-mapping.js';
import { assertNever, type DataType, type StructField } from '../types/data-types.js';
import type { FileColumn } from './scan-file-layout.js';
import { quoteIdentifier, quoteString } from './sql-text.js';

/** The file column holding `field`: by field id in `id` mode, else by physical name (case-insensitively). */
export function findFileColumn(
  field: StructField,
  mode: ColumnMappingMode,
  columns: readonly FileColumn[],
): FileColumn | undefined {
  if (mode === 'id') {
    const id = fieldId(field);
    if (id !== undefined) return columns.find((c) => c.fieldId === id);
  }
  const name = physicalName(field, mode);
  // Spark resolves Parquet columns case-insensitively by default (spark.sql.caseSensitive=false).
  return (
    columns.find((c) => c.name === name) ?? columns.find((c) => c.name.toLowerCase() === name.toLowerCase())
  );
}

/** How a nested rename reads a field's name in the input and names it in the output. */
export interface NestedRenaming {
  readonly from: (f: StructField) => string;
  readonly to: (f: StructField) => string;
}

function _renameToLogical(
  expr: string,
  logical: DataType,
  mode: ColumnMappingMode,
  depth: number,
): string | undefined {
  return renameNestedFields(expr, logical, { from: (f) => physicalName(f, mode), to: (f) => f.name }, depth);
}

/**
 * `expr` rebuilt with every nested struct field renamed from `from(f)` to `to(f)` (struct_pack inside
 * list_transform / map_from_entries as deep as needed); undefined when no name changes, so that the common
 * case stays a plain CAST. `t` is the logical type, whose fields carry the column-mapping metadata.
 */
export function renameNestedFields(
  expr: string,
  t: DataType,
  renaming: NestedRenaming,
  depth: number,
): string | undefined {
  switch (t.kind) {
    case 'primitive':
    case 'decimal':
      return undefined;
    case 'struct': {
      let changed = false;
      const parts = t.fields.map((f) => {
        const child = `struct_extract(${expr}, ${quoteString(renaming.from(f))})`;
        const renamed = renameNestedFields(child, f.type, renaming, depth + 1);
        if (renamed !== undefined || renaming.from(f) !== renaming.to(f)) changed = true;
        return `${quoteIdentifier(renaming.to(f))} := ${renamed ?? child}`;
      });
      if (!changed) return undefined;
      return `CASE WHEN ${expr} IS NULL THEN NULL ELSE struct_pack(${parts.join(', ')}) END`;
    }
    case 'array': {
      const v = `"__e${depth}"`;
      const inner = renameNestedFields(v, t.elementType, renaming, depth + 1);
      return inner === undefined ? undefined : `list_transform(${expr}, lambda ${v}: ${inner})`;
    }
    case 'map': {
      const v = `"__m${depth}"`;
      const key = renameNestedFields(`${v}.key`, t.keyType, renaming, depth + 1);
      const value = renameNestedFields(`${v}.value`, t.valueType, renaming, depth + 1);
      if (key === undefined && value === undefined) return undefined;
      const entry = `struct_pack("key" := ${key ?? `${v}.key`}, "value" := ${value ?? `${v}.value`})`;
      return `map_from_entries(list_transform(map_entries(${expr}), lambda ${v}: ${entry}))`;
    }
    case 'char':
    case 'varchar':
    case 'yearMonthInterval':
    case 'dayTimeInterval':
    case 'calendarInterval':
      return undefined;
    default:
      return assertNever(t);
  }
}
