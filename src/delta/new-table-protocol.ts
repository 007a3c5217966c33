/**
 * The protocol a new table needs, derived from its properties and schema the way Delta derives it
 * (PROTOCOL.md "Table Features for New and Existing Tables"): each enabled capability turns on its feature,
 * `delta.feature.<name> = supported` turns one on explicitly, and the result is the lowest protocol that
 * carries them all (reader 1 / writer 2 when nothing more is needed).
 */
import type { DataType, StructType } from '../types/data-types.js';
import type { Protocol } from './actions.js';
import { columnMappingMode } from './column-mapping.js';
import { minimalProtocol } from './table-features.js';

/** Features that readers must understand too (they are listed as both reader and writer features). */
const READER_WRITER_FEATURES = new Set([
  'columnMapping',
  'deletionVectors',
  'timestampNtz',
  'typeWidening',
  'v2Checkpoint',
  'vacuumProtocolCheck',
  'variantType',
]);

export function protocolForNewTable(
  configuration: Readonly<Record<string, string>>,
  schema: StructType,
): Protocol {
  const on = (key: string) => configuration[key]?.toLowerCase() === 'true';
  const features = new Set<string>();
  if (on('delta.appendOnly')) features.add('appendOnly');
  if (columnMappingMode(configuration) !== 'none') features.add('columnMapping');
  if (on('delta.enableChangeDataFeed')) features.add('changeDataFeed');
  if (on('delta.enableDeletionVectors')) features.add('deletionVectors');
  if (on('delta.enableInCommitTimestamps')) features.add('inCommitTimestamp');
  if (on('delta.enableTypeWidening')) features.add('typeWidening');
  if (on('delta.enableRowTracking')) {
    features.add('rowTracking');
    features.add('domainMetadata');
  }
  if (configuration['delta.checkpointPolicy'] === 'v2') features.add('v2Checkpoint');
  if (Object.keys(configuration).some((k) => k.startsWith('delta.constraints.')))
    features.add('checkConstraints');
  if (schema.fields.some((f) => containsPrimitive(f.type, 'timestamp_ntz'))) features.add('timestampNtz');
  // A collated string column (`__COLLATIONS` field metadata) needs delta-spark's collations-preview feature.
  if (schema.fields.some((f) => containsCollation(f.type))) features.add('collations-preview');
  // A VARIANT column needs readers that decode Parquet's variant group (Delta's variantType feature).
  if (schema.fields.some((f) => containsPrimitive(f.type, 'variant'))) features.add('variantType');
  // Column features live in field metadata (Delta's GeneratedColumn / IdentityColumn / column defaults).
  if (schema.fields.some((f) => 'delta.generationExpression' in f.metadata)) features.add('generatedColumns');
  if (schema.fields.some((f) => 'delta.identity.start' in f.metadata)) features.add('identityColumns');
  if (schema.fields.some((f) => 'CURRENT_DEFAULT' in f.metadata)) features.add('allowColumnDefaults');
  for (const [key, value] of Object.entries(configuration)) {
    const m = /^delta\.feature\.(.+)$/.exec(key);
    if (m && ['supported', 'enabled'].includes(value.toLowerCase())) features.add(m[1]!);
  }
  const readerFeatures = [...features].filter((f) => READER_WRITER_FEATURES.has(f));
  return minimalProtocol(readerFeatures, [...features]);
}

function containsPrimitive(t: DataType, name: string): boolean {
  switch (t.kind) {
    case 'primitive':
      return t.name === name;
    case 'decimal':
    case 'char':
    case 'varchar':
    case 'yearMonthInterval':
    case 'dayTimeInterval':
    case 'calendarInterval':
      return false;
    case 'array':
      return containsPrimitive(t.elementType, name);
    case 'map':
      return containsPrimitive(t.keyType, name) || containsPrimitive(t.valueType, name);
    case 'struct':
      return t.fields.some((f) => containsPrimitive(f.type, name));
    default: {
      const never: never = t;
      return never;
    }
  }
}

function containsCollation(t: DataType): boolean {
  if (t.kind === 'primitive') return t.collation !== undefined;
  if (t.kind === 'array') return containsCollation(t.elementType);
  if (t.kind === 'map') return containsCollation(t.keyType) || containsCollation(t.valueType);
  if (t.kind === 'struct') return t.fields.some((f) => containsCollation(f.type));
  return false;
}
