/**
 * ALTER TABLE … ADD / DROP / RENAME / ALTER / CHANGE COLUMN on a Delta table, top-level or nested (`s.f`,
 * `arr.element.f`, `m.value.f`: nested-columns.ts), each one commit with
 * Delta's operation name (DeltaOperations: ADD COLUMNS, DROP COLUMNS, RENAME COLUMN, CHANGE COLUMN).
 * Following Delta: added columns are nullable (NOT NULL is refused), DROP and RENAME need column mapping
 * (a column's name is its name in every data file otherwise), partition columns cannot be dropped,
 * SET NOT NULL first checks that no row holds NULL, and a type change must be a widening Delta allows.
 */
import {
  assignColumnMapping,
  COLUMN_MAPPING_MAX_ID_KEY,
  columnMappingMode,
} from '../../delta/column-mapping.js';
import { serializeDataType } from '../../delta/schema.js';
import { writerFeaturesOf } from '../../delta/table-features.js';
import { LakesqlError } from '../../errors/index.js';
import { quotedType } from '../../plan/functions/spark-type-text.js';
import { toDeltaField } from '../../plan/types/sql-schema.js';
import type {
  AlterColumnChange,
  AlterTableAction,
  ColumnDefinition,
  ColumnPosition,
} from '../../sql/ast/statements-ddl.js';
import { printExpression } from '../../sql/index.js';
import { type DataType, type StructField, type StructType, struct } from '../../types/data-types.js';
import type { CommandContext } from '../command-context.js';
import { assertColumnDefaultsAllowed } from '../dml/column-defaults.js';
import { CURRENT_DEFAULT } from '../dml/column-metadata.js';
import { assertNotDroppingClusteringColumns } from './cluster-by.js';
import { isTypeWidening, sameType } from './column-type-change.js';
import { commitMetadataChange, type DeltaAlterTarget, type MetadataChange } from './delta-alter-target.js';
import { countRowsNotSatisfying } from './existing-rows.js';
import {
  allPaths,
  type ColumnPath,
  editStructAt,
  findNestedField,
  prettyPath,
  schemaTree,
} from './nested-columns.js';
import { typeSql } from './show-create-table.js';

type ColumnAction = Extract<
  AlterTableAction,
  { kind: 'addColumns' | 'dropColumns' | 'renameColumn' | 'alterColumn' | 'changeColumn' }
>;

const COLUMN_MAPPING_ADVICE =
  "Please enable Column Mapping on your Delta table with mapping mode 'name'. You can use the following command:\n\nALTER TABLE <table_name> SET TBLPROPERTIES (\n'delta.columnMapping.mode' = 'name',\n'delta.minReaderVersion' = '2',\n'delta.minWriterVersion' = '5')\n";

export async function alterColumns(
  session: CommandContext,
  target: DeltaAlterTarget,
  action: ColumnAction,
): Promise<void> {
  const change = await columnChange(session, target, action);
  if (change) await commitMetadataChange(session, target, change);
}

async function columnChange(
  session: CommandContext,
  target: DeltaAlterTarget,
  action: ColumnAction,
): Promise<MetadataChange | undefined> {
  const schema = target.snapshot.schema;
  const config = target.snapshot.configuration;
  const mapped = columnMappingMode(config) !== 'none';
  switch (action.kind) {
    case 'addColumns': {
      let next = schema;
      for (const c of action.columns) {
        const parent = c.parentPath ?? [];
        next = editStructAt(
          next,
          parent,
          (fields) => insertAt([...fields], newField(c, fields, parent), c.position),
          (found) =>
            new LakesqlError('DELTA_ADD_COLUMN_PARENT_NOT_STRUCT', {
              columnName: c.name,
              other: typeSql(found),
            }),
          () => unresolvedColumn(parent, schema),
        );
      }
      let configuration = config;
      if (mapped) {
        const assigned = assignColumnMapping(next, Number(config[COLUMN_MAPPING_MAX_ID_KEY] ?? 0));
        next = assigned.schema;
        configuration = { ...config, [COLUMN_MAPPING_MAX_ID_KEY]: String(assigned.maxColumnId) };
      }
      return {
        schema: next,
        configuration,
        operation: 'ADD COLUMNS',
        parameters: {
          columns: action.columns.map((c) => {
            const path = [...(c.parentPath ?? []), c.name];
            return {
              column: fieldJson(findNestedField(next, path)!, path),
              ...(c.position ? { position: positionText(c.position) } : {}),
            };
          }),
        },
      };
    }
    case 'dropColumns': {
      if (!mapped) throw new LakesqlError('DELTA_UNSUPPORTED_DROP_COLUMN', { advice: COLUMN_MAPPING_ADVICE });
      const dropped = action.columns.filter((path) => {
        const found = findNestedField(schema, path);
        if (!found && !action.ifExists) throw unresolvedColumn(path, schema);
        return found !== undefined;
      });
      if (dropped.length === 0) return undefined;
      const partitions = target.snapshot.partitionColumns.filter((p) =>
        dropped.some((d) => d.length === 1 && same(d[0]!, p)),
      );
      if (partitions.length > 0) {
        throw new LakesqlError('DELTA_UNSUPPORTED_DROP_PARTITION_COLUMN', {
          columnList: partitions.join(','),
        });
      }
      assertNotDroppingClusteringColumns(target.snapshot, dropped);
      let next = schema;
      for (const path of dropped) {
        const leaf = path[path.length - 1]!;
        next = editStructAt(
          next,
          path.slice(0, -1),
          (fields) => {
            // Delta's dropColumnInStruct: a struct keeps at least one field.
            if (fields.length === 1) {
              throw new LakesqlError('DELTA_DROP_COLUMN_ON_SINGLE_FIELD_SCHEMA', {
                schema: schemaTree(struct(fields)),
              });
            }
            return fields.filter((f) => !same(f.name, leaf));
          },
          () => unresolvedColumn(path, schema),
          () => unresolvedColumn(path, schema),
        );
      }
      return { schema: next, operation: 'DROP COLUMNS', parameters: { columns: dropped.map(prettyPath) } };
    }
    case 'renameColumn': {
      if (!mapped)
        throw new LakesqlError('DELTA_UNSUPPORTED_RENAME_COLUMN', { advice: COLUMN_MAPPING_ADVICE });
      return renameChange(target, action.column, action.newName);
    }
    case 'alterColumn': {
      const path = action.column;
      let field = findNestedField(schema, path) ?? throwUnresolved(path, schema);
      let next = schema;
      for (const c of action.changes) {
        if (c.kind === 'position') {
          next = moveField(next, path, field, c.position);
          continue;
        }
        if (c.kind === 'setNotNull' && field.nullable) await assertNoNulls(session, target, path);
        if (c.kind === 'setDefault') assertDefaultsFeature(target);
        const old = field;
        field = changedField(config, field, c, path);
        next = replaceField(next, path, old, field);
      }
      return {
        schema: next,
        operation: 'CHANGE COLUMN',
        parameters: { column: fieldJson(field, path) },
      };
    }
    case 'changeColumn': {
      // Hive's CHANGE COLUMN old new TYPE [COMMENT c] [FIRST|AFTER]: a rename only when the name differs.
      const path = action.column;
      const field = findNestedField(schema, path) ?? throwUnresolved(path, schema);
      const renamed = !same(action.newName, field.name);
      if (renamed && !mapped) {
        throw new LakesqlError('DELTA_UNSUPPORTED_RENAME_COLUMN', { advice: COLUMN_MAPPING_ADVICE });
      }
      let changed = changedField(config, field, { kind: 'type', dataType: action.dataType }, path);
      if (action.comment !== null)
        changed = changedField(config, changed, { kind: 'comment', comment: action.comment }, path);
      changed = { ...changed, name: action.newName };
      if (renamed) assertNoSibling(schema, path, action.newName);
      let next = replaceField(schema, path, field, changed);
      const newPath = [...path.slice(0, -1), action.newName];
      if (action.position) next = moveField(next, newPath, changed, action.position);
      const partitionColumns = target.snapshot.partitionColumns.map((p) =>
        path.length === 1 && same(p, field.name) ? action.newName : p,
      );
      return {
        schema: next,
        partitionColumns,
        operation: 'CHANGE COLUMN',
        parameters: {
          column: fieldJson(changed, newPath),
          ...(action.position ? { position: positionText(action.position) } : {}),
        },
      };
    }
    default: {
      const never: never = action;
      throw new Error(`unknown action ${JSON.stringify(never)}`);
    }
  }
}

function renameChange(target: DeltaAlterTarget, path: ColumnPath, newName: string): MetadataChange {
  const schema = target.snapshot.schema;
  const field = findNestedField(schema, path) ?? throwUnresolved(path, schema);
  if (!same(field.name, newName)) assertNoSibling(schema, path, newName);
  const newPath = [...path.slice(0, -1), newName];
  return {
    schema: replaceField(schema, path, field, { ...field, name: newName }),
    partitionColumns: target.snapshot.partitionColumns.map((p) =>
      path.length === 1 && same(p, field.name) ? newName : p,
    ),
    operation: 'RENAME COLUMN',
    parameters: { oldColumnPath: prettyPath(path), newColumnPath: prettyPath(newPath) },
  };
}

/** A rename may not take the name of another field of the same struct. */
function assertNoSibling(schema: StructType, path: ColumnPath, newName: string): void {
  const siblingPath = [...path.slice(0, -1), newName];
  if (!findNestedField(schema, siblingPath)) return;
  throw new LakesqlError('COLUMN_ALREADY_EXISTS', {
    columnName: `\`${prettyPath(siblingPath).toLowerCase()}\``,
  });
}

/** `schema` with the field at `path` (which is `old`) replaced by `field`. */
function replaceField(
  schema: StructType,
  path: ColumnPath,
  old: StructField,
  field: StructField,
): StructType {
  return editStructAt(
    schema,
    path.slice(0, -1),
    (fields) => fields.map((f) => (f === old || same(f.name, old.name) ? field : f)),
    () => unresolvedColumn(path, schema),
    () => unresolvedColumn(path, schema),
  );
}

/** FIRST / AFTER sibling, within the struct that holds `path`. */
function moveField(
  schema: StructType,
  path: ColumnPath,
  field: StructField,
  position: ColumnPosition,
): StructType {
  return editStructAt(
    schema,
    path.slice(0, -1),
    (fields) =>
      insertAt(
        fields.filter((f) => !same(f.name, field.name)),
        field,
        position,
        path.slice(0, -1),
      ),
    () => unresolvedColumn(path, schema),
    () => unresolvedColumn(path, schema),
  );
}

/** One ALTER COLUMN change applied to a field (position changes are handled by the caller). */
function changedField(
  config: Readonly<Record<string, string>>,
  field: StructField,
  c: Exclude<AlterColumnChange, { kind: 'position' }>,
  path: ColumnPath,
): StructField {
  switch (c.kind) {
    case 'comment':
      return { ...field, metadata: { ...field.metadata, comment: c.comment } };
    case 'setNotNull':
      return { ...field, nullable: false };
    case 'dropNotNull':
      return { ...field, nullable: true };
    case 'type': {
      const wanted = toDeltaField(field.name, c.dataType, field.nullable, field.metadata);
      if (sameType(field.type, wanted.type)) return { ...field, metadata: wanted.metadata };
      const widening = config['delta.enableTypeWidening']?.toLowerCase() === 'true';
      if (!widening || !isTypeWidening(field.type, wanted.type)) {
        const text = (t: DataType, nullable: boolean) => typeSql(t) + (nullable ? '' : ' NOT NULL');
        throw new LakesqlError('DELTA_UNSUPPORTED_ALTER_TABLE_CHANGE_COL_OP', {
          fieldPath: prettyPath(path),
          oldField: text(field.type, field.nullable),
          newField: text(c.dataType, field.nullable),
        });
      }
      // PROTOCOL.md "Type Widening": writers record every change in the field's `delta.typeChanges`.
      const previous = Array.isArray(field.metadata['delta.typeChanges'])
        ? field.metadata['delta.typeChanges']
        : [];
      return {
        ...field,
        type: wanted.type,
        metadata: {
          ...wanted.metadata,
          'delta.typeChanges': [
            ...previous,
            {
              fromType: JSON.parse(serializeDataType(field.type)),
              toType: JSON.parse(serializeDataType(wanted.type)),
            },
          ],
        },
      };
    }
    case 'setDefault':
      return { ...field, metadata: { ...field.metadata, [CURRENT_DEFAULT]: printExpression(c.default) } };
    case 'dropDefault': {
      const { [CURRENT_DEFAULT]: _dropped, EXISTS_DEFAULT: _exists, ...metadata } = field.metadata;
      return { ...field, metadata };
    }
    default: {
      const never: never = c;
      throw new Error(`unknown change ${JSON.stringify(never)} of ${prettyPath(path)}`);
    }
  }
}

/**
 * SET DEFAULT needs the table's `allowColumnDefaults` feature, which is turned on explicitly
 * (`delta.feature.allowColumnDefaults = 'supported'`): Delta's wrongColumnDefaultsForDeltaFeatureNotEnabled.
 */
function assertDefaultsFeature(target: DeltaAlterTarget): void {
  if (writerFeaturesOf(target.snapshot.protocol).includes('allowColumnDefaults')) return;
  assertColumnDefaultsAllowed(target.snapshot.configuration, 'ALTER TABLE');
}

async function assertNoNulls(
  session: CommandContext,
  target: DeltaAlterTarget,
  path: ColumnPath,
): Promise<void> {
  const column = path.map((p) => `\`${p.replaceAll('`', '``')}\``).join('.');
  const n = await countRowsNotSatisfying(session, target.sqlName, `${column} IS NOT NULL`);
  if (n > 0n) {
    throw new LakesqlError('DELTA_NEW_NOT_NULL_VIOLATION', {
      numRows: String(n),
      tableName: target.qualifiedName,
      colName: prettyPath(path),
    });
  }
}

function newField(c: ColumnDefinition, existing: readonly StructField[], parent: ColumnPath): StructField {
  if (existing.some((f) => same(f.name, c.name))) {
    if (parent.length === 0) {
      throw new LakesqlError('COLUMN_ALREADY_EXISTS', { columnName: `\`${c.name.toLowerCase()}\`` });
    }
    // Spark's CheckAnalysis.checkColumnNotExists for a field of a struct.
    throw new LakesqlError('FIELD_ALREADY_EXISTS', {
      op: 'add',
      fieldNames: [...parent, c.name].map((p) => `\`${p}\``).join('.'),
      struct: quotedType(struct([...existing])),
    });
  }
  if (!c.nullable) {
    throw new LakesqlError('DELTA_OPERATION_NOT_ALLOWED', {
      operation: 'NOT NULL in ALTER TABLE ADD COLUMNS',
    });
  }
  if (c.default || c.generated) {
    throw new LakesqlError('UNSUPPORTED_FEATURE', {
      feature: `${c.default ? 'DEFAULT values' : 'generated columns'} in ALTER TABLE ADD COLUMNS`,
    });
  }
  return toDeltaField(c.name, c.dataType, true, c.comment !== null ? { comment: c.comment } : {});
}

function insertAt(
  fields: StructField[],
  f: StructField,
  position: ColumnPosition | null,
  parent: ColumnPath = [],
): StructField[] {
  if (!position) return [...fields, f];
  if (position.kind === 'first') return [f, ...fields];
  const i = fields.findIndex((x) => same(x.name, position.column));
  if (i < 0) throw unresolvedColumn([...parent, position.column], struct(fields));
  return [...fields.slice(0, i + 1), f, ...fields.slice(i + 1)];
}

function positionText(p: ColumnPosition): string {
  return p.kind === 'first' ? 'FIRST' : `AFTER ${p.column}`;
}

/** Delta's structFieldToMap for operation parameters: the name is the field's whole path. */
function fieldJson(f: StructField, path: ColumnPath): Record<string, unknown> {
  return {
    name: prettyPath(path),
    type: JSON.parse(serializeDataType(f.type)),
    nullable: f.nullable,
    metadata: f.metadata,
  };
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function unresolvedColumn(path: ColumnPath, schema: StructType): LakesqlError {
  return new LakesqlError('UNRESOLVED_COLUMN.WITH_SUGGESTION', {
    objectName: path.map((p) => `\`${p}\``).join('.'),
    proposal: allPaths(schema).join(', '),
  });
}

function throwUnresolved(path: ColumnPath, schema: StructType): never {
  throw unresolvedColumn(path, schema);
}
