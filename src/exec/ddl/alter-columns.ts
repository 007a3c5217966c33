/**
 * ALTER TABLE … ADD / DROP / RENAME / ALTER / CHANGE COLUMN on a Delta table, each one commit with
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
      let fields = [...schema.fields];
      for (const c of action.columns) fields = insertAt(fields, newField(c, fields), c.position);
      let next = struct(fields);
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
          columns: action.columns.map((c) => ({
            column: fieldJson(next.fields.find((f) => f.name === c.name)!),
            ...(c.position ? { position: positionText(c.position) } : {}),
          })),
        },
      };
    }
    case 'dropColumns': {
      if (!mapped) throw new LakesqlError('DELTA_UNSUPPORTED_DROP_COLUMN', { advice: COLUMN_MAPPING_ADVICE });
      const names = action.columns.map((p) => p.join('.'));
      const dropped = names.filter((n) => {
        const found = findField(schema, n);
        if (!found && !action.ifExists) throw unresolvedColumn(n, schema);
        return found !== undefined;
      });
      if (dropped.length === 0) return undefined;
      const partitions = target.snapshot.partitionColumns.filter((p) =>
        dropped.some((d) => d.toLowerCase() === p.toLowerCase()),
      );
      if (partitions.length > 0) {
        throw new LakesqlError('DELTA_UNSUPPORTED_DROP_PARTITION_COLUMN', {
          columnList: partitions.join(','),
        });
      }
      assertNotDroppingClusteringColumns(
        target.snapshot,
        action.columns.filter((p) => dropped.includes(p.join('.'))),
      );
      const next = struct(
        schema.fields.filter((f) => !dropped.some((d) => d.toLowerCase() === f.name.toLowerCase())),
      );
      return { schema: next, operation: 'DROP COLUMNS', parameters: { columns: dropped } };
    }
    case 'renameColumn': {
      if (!mapped)
        throw new LakesqlError('DELTA_UNSUPPORTED_RENAME_COLUMN', { advice: COLUMN_MAPPING_ADVICE });
      const old = action.column.join('.');
      return renameChange(target, old, action.newName);
    }
    case 'alterColumn': {
      const name = action.column.join('.');
      let field = findField(schema, name) ?? throwUnresolved(name, schema);
      let fields = [...schema.fields];
      for (const c of action.changes) {
        if (c.kind === 'position') {
          fields = insertAt(
            fields.filter((f) => f.name !== field.name),
            field,
            c.position,
          );
          continue;
        }
        if (c.kind === 'setNotNull' && field.nullable) await assertNoNulls(session, target, field.name);
        if (c.kind === 'setDefault') assertDefaultsFeature(target);
        field = changedField(config, field, c, schema);
        fields = fields.map((f) => (f.name.toLowerCase() === field.name.toLowerCase() ? field : f));
      }
      return {
        schema: struct(fields),
        operation: 'CHANGE COLUMN',
        parameters: { column: fieldJson(field) },
      };
    }
    case 'changeColumn': {
      // Hive's CHANGE COLUMN old new TYPE [COMMENT c] [FIRST|AFTER]: a rename only when the name differs.
      const name = action.column.join('.');
      const field = findField(schema, name) ?? throwUnresolved(name, schema);
      if (action.newName.toLowerCase() !== field.name.toLowerCase()) {
        if (!mapped)
          throw new LakesqlError('DELTA_UNSUPPORTED_RENAME_COLUMN', { advice: COLUMN_MAPPING_ADVICE });
      }
      let next = changedField(config, field, { kind: 'type', dataType: action.dataType }, schema);
      if (action.comment !== null)
        next = changedField(config, next, { kind: 'comment', comment: action.comment }, schema);
      next = { ...next, name: action.newName };
      let fields = schema.fields.map((f) => (f === field ? next : f));
      if (action.position)
        fields = insertAt(
          fields.filter((f) => f !== next),
          next,
          action.position,
        );
      const partitionColumns = target.snapshot.partitionColumns.map((p) =>
        p.toLowerCase() === field.name.toLowerCase() ? action.newName : p,
      );
      return {
        schema: struct(fields),
        partitionColumns,
        operation: 'CHANGE COLUMN',
        parameters: {
          column: fieldJson(next),
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

function renameChange(target: DeltaAlterTarget, oldName: string, newName: string): MetadataChange {
  const schema = target.snapshot.schema;
  const field = findField(schema, oldName) ?? throwUnresolved(oldName, schema);
  if (field.name.toLowerCase() !== newName.toLowerCase() && findField(schema, newName)) {
    throw new LakesqlError('COLUMN_ALREADY_EXISTS', { columnName: `\`${newName.toLowerCase()}\`` });
  }
  const next = struct(schema.fields.map((f) => (f === field ? { ...f, name: newName } : f)));
  return {
    schema: next,
    partitionColumns: target.snapshot.partitionColumns.map((p) =>
      p.toLowerCase() === field.name.toLowerCase() ? newName : p,
    ),
    operation: 'RENAME COLUMN',
    parameters: { oldColumnPath: field.name, newColumnPath: newName },
  };
}

/** One ALTER COLUMN change applied to a field (position changes are handled by the caller). */
function changedField(
  config: Readonly<Record<string, string>>,
  field: StructField,
  c: Exclude<AlterColumnChange, { kind: 'position' }>,
  schema: StructType,
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
          fieldPath: field.name,
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
      throw new Error(`unknown change ${JSON.stringify(never)} in ${schema.fields.length} fields`);
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
  column: string,
): Promise<void> {
  const n = await countRowsNotSatisfying(
    session,
    target.sqlName,
    `\`${column.replaceAll('`', '``')}\` IS NOT NULL`,
  );
  if (n > 0n) {
    throw new LakesqlError('DELTA_NEW_NOT_NULL_VIOLATION', {
      numRows: String(n),
      tableName: target.qualifiedName,
      colName: column,
    });
  }
}

function newField(c: ColumnDefinition, existing: readonly StructField[]): StructField {
  if (existing.some((f) => f.name.toLowerCase() === c.name.toLowerCase())) {
    throw new LakesqlError('COLUMN_ALREADY_EXISTS', { columnName: `\`${c.name.toLowerCase()}\`` });
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

function insertAt(fields: StructField[], f: StructField, position: ColumnPosition | null): StructField[] {
  if (!position) return [...fields, f];
  if (position.kind === 'first') return [f, ...fields];
  const i = fields.findIndex((x) => x.name.toLowerCase() === position.column.toLowerCase());
  if (i < 0) throw unresolvedColumn(position.column, struct(fields));
  return [...fields.slice(0, i + 1), f, ...fields.slice(i + 1)];
}

function positionText(p: ColumnPosition): string {
  return p.kind === 'first' ? 'FIRST' : `AFTER ${p.column}`;
}

/** Delta's structFieldToMap for operation parameters. */
function fieldJson(f: StructField): Record<string, unknown> {
  return {
    name: f.name,
    type: JSON.parse(serializeDataType(f.type)),
    nullable: f.nullable,
    metadata: f.metadata,
  };
}

function findField(schema: StructType, name: string): StructField | undefined {
  return schema.fields.find((f) => f.name.toLowerCase() === name.toLowerCase());
}

function unresolvedColumn(name: string, schema: StructType): LakesqlError {
  return new LakesqlError('UNRESOLVED_COLUMN.WITH_SUGGESTION', {
    objectName: `\`${name}\``,
    proposal: schema.fields.map((f) => `\`${f.name}\``).join(', '),
  });
}

function throwUnresolved(name: string, schema: StructType): never {
  throw unresolvedColumn(name, schema);
}
