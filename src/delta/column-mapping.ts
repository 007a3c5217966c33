/**
 * Column mapping: logical (display) names versus the physical names and ids that data files, partition
 * values and statistics use (PROTOCOL.md, "Column Mapping").
 *
 * The caller decides whether the table property counts at all: the protocol honours
 * `delta.columnMapping.mode` only when the table's protocol supports the `columnMapping` feature
 * (reader version 2, or 3 with the feature listed).
 */
import { LakesqlError } from '../errors/index.js';
import { assertNever, type DataType, type StructField, type StructType } from '../types/data-types.js';
import type { ColumnMappingMode } from './scan-plan.js';

export type { ColumnMappingMode } from './scan-plan.js';

export const COLUMN_MAPPING_MODE_KEY = 'delta.columnMapping.mode';
export const COLUMN_MAPPING_MAX_ID_KEY = 'delta.columnMapping.maxColumnId';
export const PHYSICAL_NAME_KEY = 'delta.columnMapping.physicalName';
export const COLUMN_ID_KEY = 'delta.columnMapping.id';

const MODES: readonly ColumnMappingMode[] = ['none', 'name', 'id'];

/** `delta.columnMapping.mode` of a table's configuration; `none` when absent. Spark matches it case-insensitively. */
export function columnMappingMode(configuration: Readonly<Record<string, string>>): ColumnMappingMode {
  const raw = configuration[COLUMN_MAPPING_MODE_KEY];
  if (raw === undefined) return 'none';
  const mode = raw.toLowerCase() as ColumnMappingMode;
  if (!MODES.includes(mode)) {
    throw new LakesqlError('DELTA_MODE_NOT_SUPPORTED', { mode: raw, supportedModes: MODES.join(', ') });
  }
  return mode;
}

/**
 * The name a column has in data files, partition values and statistics. In `name` and `id` mode that is
 * `delta.columnMapping.physicalName`; a column without one (a table upgraded from `none`, whose existing
 * columns keep their names) uses its display name, as Delta's own reader does.
 */
export function physicalName(field: StructField, mode: ColumnMappingMode): string {
  switch (mode) {
    case 'none':
      return field.name;
    case 'name':
    case 'id': {
      const p = field.metadata[PHYSICAL_NAME_KEY];
      return typeof p === 'string' && p !== '' ? p : field.name;
    }
    default:
      return assertNever(mode);
  }
}

/** `delta.columnMapping.id`: the Parquet field id of the column in `id` mode. */
export function fieldId(field: StructField): number | undefined {
  const id = field.metadata[COLUMN_ID_KEY];
  if (typeof id === 'number' && Number.isInteger(id)) return id;
  if (typeof id === 'bigint') return Number(id);
  return undefined;
}

/**
 * The schema as it is written in data files: every struct field (nested ones too, inside arrays and maps)
 * renamed to its physical name. Metadata, field ids included, is kept: `id` mode reads columns by id.
 */
export function toPhysicalSchema(schema: StructType, mode: ColumnMappingMode): StructType {
  if (mode === 'none') return schema;
  return physicalStruct(schema, mode);
}

function physicalStruct(s: StructType, mode: ColumnMappingMode): StructType {
  return {
    kind: 'struct',
    fields: s.fields.map((f) => ({ ...f, name: physicalName(f, mode), type: physicalType(f.type, mode) })),
  };
}

function physicalType(t: DataType, mode: ColumnMappingMode): DataType {
  switch (t.kind) {
    case 'primitive':
    case 'decimal':
      return t;
    case 'struct':
      return physicalStruct(t, mode);
    case 'array':
      return { ...t, elementType: physicalType(t.elementType, mode) };
    case 'map':
      return { ...t, keyType: physicalType(t.keyType, mode), valueType: physicalType(t.valueType, mode) };
    case 'char':
    case 'varchar':
    case 'yearMonthInterval':
    case 'dayTimeInterval':
    case 'calendarInterval':
      return t;
    default:
      return assertNever(t);
  }
}

/**
 * Resolves a logical column path (top-level name, then nested struct fields; case-insensitive as Spark's
 * default resolver) to its field and the physical path that statistics are keyed by.
 */
export function resolvePhysicalPath(
  schema: StructType,
  logicalPath: readonly string[],
  mode: ColumnMappingMode,
): { field: StructField; physicalPath: string[] } | undefined {
  let current: StructType = schema;
  let found: StructField | undefined;
  const physicalPath: string[] = [];
  for (let i = 0; i < logicalPath.length; i++) {
    const name = logicalPath[i]!;
    const lower = name.toLowerCase();
    found =
      current.fields.find((f) => f.name === name) ??
      current.fields.find((f) => f.name.toLowerCase() === lower);
    if (!found) return undefined;
    physicalPath.push(physicalName(found, mode));
    if (i < logicalPath.length - 1) {
      if (found.type.kind !== 'struct') return undefined;
      current = found.type;
    }
  }
  return found ? { field: found, physicalPath } : undefined;
}

/**
 * The key of `add.partitionValues` for a logical partition column: writers "track partition values …
 * with the physical name of the column" (PROTOCOL.md, "Writer Requirements for Column Mapping").
 */
export function physicalPartitionKey(
  schema: StructType,
  logicalPartitionColumn: string,
  mode: ColumnMappingMode,
): string {
  const lower = logicalPartitionColumn.toLowerCase();
  const f =
    schema.fields.find((x) => x.name === logicalPartitionColumn) ??
    schema.fields.find((x) => x.name.toLowerCase() === lower);
  if (!f) {
    throw new LakesqlError('DELTA_INVALID_SCHEMA', {
      reason: `partition column ${logicalPartitionColumn} is not a top-level column of the schema`,
    });
  }
  return physicalName(f, mode);
}

/**
 * Gives every column that lacks them a column id and a physical name `col-<uuid>`, as writers must when
 * column mapping is turned on or columns are added ("Writer Requirements for Column Mapping"). Ids are
 * assigned parent before children, in schema order, continuing from the table's current
 * `delta.columnMapping.maxColumnId`; the returned maxColumnId is the new value of that property.
 */
export function assignColumnMapping(
  schema: StructType,
  maxColumnId = 0,
  newUuid: () => string = () => globalThis.crypto.randomUUID(),
): { schema: StructType; maxColumnId: number } {
  let maxId = Math.max(maxColumnId, maxExistingId(schema));
  const assignStruct = (s: StructType): StructType => ({
    kind: 'struct',
    fields: s.fields.map((f) => {
      const metadata = { ...f.metadata };
      if (fieldId(f) === undefined) metadata[COLUMN_ID_KEY] = ++maxId;
      const p = metadata[PHYSICAL_NAME_KEY];
      if (typeof p !== 'string' || p === '') metadata[PHYSICAL_NAME_KEY] = `col-${newUuid()}`;
      return { ...f, metadata, type: assignType(f.type) };
    }),
  });
  const assignType = (t: DataType): DataType => {
    switch (t.kind) {
      case 'primitive':
      case 'decimal':
        return t;
      case 'struct':
        return assignStruct(t);
      case 'array':
        return { ...t, elementType: assignType(t.elementType) };
      case 'map':
        return { ...t, keyType: assignType(t.keyType), valueType: assignType(t.valueType) };
      case 'char':
      case 'varchar':
      case 'yearMonthInterval':
      case 'dayTimeInterval':
      case 'calendarInterval':
        return t;
      default:
        return assertNever(t);
    }
  };
  const out = assignStruct(schema);
  return { schema: out, maxColumnId: maxId };
}

function maxExistingId(t: DataType): number {
  switch (t.kind) {
    case 'primitive':
    case 'decimal':
      return 0;
    case 'struct':
      return t.fields.reduce((m, f) => Math.max(m, fieldId(f) ?? 0, maxExistingId(f.type)), 0);
    case 'array':
      return maxExistingId(t.elementType);
    case 'map':
      return Math.max(maxExistingId(t.keyType), maxExistingId(t.valueType));
    case 'char':
    case 'varchar':
    case 'yearMonthInterval':
    case 'dayTimeInterval':
    case 'calendarInterval':
      return 0;
    default:
      return assertNever(t);
  }
}
