/**
 * ALTER TABLE … SET / UNSET TBLPROPERTIES on a Delta table: one commit (SET TBLPROPERTIES / UNSET
 * TBLPROPERTIES) of the new configuration. `delta.minReaderVersion` / `delta.minWriterVersion` are not
 * stored but upgrade the protocol, as in Delta; any property that turns a feature on upgrades the protocol
 * to carry it. Turning on column mapping gives the existing columns ids and their current names as
 * physical names, so that existing data files keep reading (Delta's "upgrade to column mapping").
 * UNSET of a key that is not set, without IF EXISTS, is Spark's UNSET_NONEXISTENT_PROPERTIES.
 */
import {
  assignColumnMapping,
  COLUMN_MAPPING_MAX_ID_KEY,
  columnMappingMode,
  PHYSICAL_NAME_KEY,
} from '../../delta/column-mapping.js';
import {
  autoCompactProperty,
  optimizeWriteProperty,
  targetFileSizeBytes,
} from '../../delta/table-properties.js';
import { LakesqlError } from '../../errors/index.js';
import type { Property } from '../../sql/ast/common.js';
import type { DataType, StructType } from '../../types/data-types.js';
import type { CommandContext } from '../command-context.js';
import { assertNoClusteringPropertiesSet } from '../write/clustering-definition.js';
import { commitMetadataChange, type DeltaAlterTarget } from './delta-alter-target.js';
import { propertyMap } from './properties.js';
import { removeColumnMapping } from './remove-column-mapping.js';

const PROTOCOL_KEYS = new Set(['delta.minreaderversion', 'delta.minwriterversion']);

/** Spark's TableCatalog.PROP_COMMENT: the table property that is the table's comment. */
export const TABLE_COMMENT_KEY = 'comment';

export async function setTableProperties(
  session: CommandContext,
  target: DeltaAlterTarget,
  properties: readonly Property[],
): Promise<void> {
  const asked = propertyMap(properties);
  assertNoClusteringPropertiesSet(Object.keys(asked));
  const configuration: Record<string, string> = { ...target.snapshot.configuration };
  let minReaderVersion: number | undefined;
  let minWriterVersion: number | undefined;
  let description: string | undefined;
  for (const [k, v] of Object.entries(asked)) {
    // The table comment is metaData.description, not a configuration key (Delta's
    // AlterTableSetPropertiesDeltaCommand; COMMENT ON TABLE sets it the same way).
    if (k === TABLE_COMMENT_KEY) description = v;
    else if (k.toLowerCase() === 'delta.minreaderversion') minReaderVersion = Number(v);
    else if (k.toLowerCase() === 'delta.minwriterversion') minWriterVersion = Number(v);
    else configuration[k] = v;
  }
  // Delta checks a property's value when it is set (DeltaConfig.validate), not first at the next write.
  targetFileSizeBytes(configuration);
  autoCompactProperty(configuration);
  optimizeWriteProperty(configuration);
  const fromMode = columnMappingMode(target.snapshot.configuration);
  const toMode = columnMappingMode(configuration);
  if (fromMode !== 'none' && toMode !== fromMode) {
    // Delta's RemoveColumnMappingCommand: `none` rewrites the files with the logical names, alone in its
    // commit; a change between `name` and `id` is refused, as Delta refuses it.
    if (toMode !== 'none' || Object.keys(asked).length > 1) {
      throw new LakesqlError('DELTA_UNSUPPORTED_COLUMN_MAPPING_MODE_CHANGE', {
        oldMode: fromMode,
        newMode: toMode === 'none' ? 'none, together with other properties,' : toMode,
      });
    }
    await removeColumnMapping(session, target.snapshot, { keepModeNone: true });
    return;
  }
  let schema: StructType | undefined;
  if (
    columnMappingMode(target.snapshot.configuration) === 'none' &&
    columnMappingMode(configuration) !== 'none'
  ) {
    const assigned = assignColumnMapping(withPhysicalNames(target.snapshot.schema), 0);
    schema = assigned.schema;
    configuration[COLUMN_MAPPING_MAX_ID_KEY] = String(assigned.maxColumnId);
  }
  await commitMetadataChange(session, target, {
    configuration,
    ...(description !== undefined ? { description } : {}),
    ...(schema ? { schema } : {}),
    ...(minReaderVersion !== undefined ? { minReaderVersion } : {}),
    ...(minWriterVersion !== undefined ? { minWriterVersion } : {}),
    operation: 'SET TBLPROPERTIES',
    parameters: { properties: asked },
  });
}

export async function unsetTableProperties(
  session: CommandContext,
  target: DeltaAlterTarget,
  keys: readonly string[],
  ifExists: boolean,
): Promise<void> {
  const current = target.snapshot.configuration;
  const hasComment = typeof target.snapshot.metadata.description === 'string';
  const missing = keys.filter(
    (k) => !(k in current) && !PROTOCOL_KEYS.has(k.toLowerCase()) && !(k === TABLE_COMMENT_KEY && hasComment),
  );
  if (missing.length > 0 && !ifExists) {
    throw new LakesqlError('UNSET_NONEXISTENT_PROPERTIES', {
      properties: missing.map((k) => `\`${k}\``).join(', '),
      table: target.qualifiedName
        .split('.')
        .map((p) => `\`${p}\``)
        .join('.'),
    });
  }
  const configuration = Object.fromEntries(Object.entries(current).filter(([k]) => !keys.includes(k)));
  await commitMetadataChange(session, target, {
    configuration,
    ...(keys.includes(TABLE_COMMENT_KEY) ? { description: null } : {}),
    operation: 'UNSET TBLPROPERTIES',
    parameters: { properties: keys, ifExists },
  });
}

/** Existing fields keep their names as physical names when column mapping is turned on. */
function withPhysicalNames(schema: StructType): StructType {
  const visit = (t: DataType): DataType => {
    switch (t.kind) {
      case 'struct':
        return withPhysicalNames(t);
      case 'array':
        return { ...t, elementType: visit(t.elementType) };
      case 'map':
        return { ...t, keyType: visit(t.keyType), valueType: visit(t.valueType) };
      default:
        return t;
    }
  };
  return {
    kind: 'struct',
    fields: schema.fields.map((f) => ({
      ...f,
      type: visit(f.type),
      metadata:
        typeof f.metadata[PHYSICAL_NAME_KEY] === 'string'
          ? f.metadata
          : { ...f.metadata, [PHYSICAL_NAME_KEY]: f.name },
    })),
  };
}
