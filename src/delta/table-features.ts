/**
 * Table features (PROTOCOL.md "Table Features", "Reader Version Requirements", "Writer Version
 * Requirements"): what a protocol asks of a reader or writer, and whether lakesql can honour it.
 * A reader that cannot honour a feature must refuse the table rather than return wrong rows.
 */
import { LakesqlError } from '../errors/index.js';
import type { Metadata, Protocol } from './actions.js';

/** Reader features whose semantics the scan path implements. */
export const SUPPORTED_READER_FEATURES: ReadonlySet<string> = new Set([
  'columnMapping',
  'deletionVectors',
  'timestampNtz',
  'v2Checkpoint',
  'vacuumProtocolCheck',
  'typeWidening',
  'typeWidening-preview',
  // Top-level VARIANT columns in Parquet's variant group (engine/variant-columns.ts); shredding is not read.
  'variantType',
  'variantType-preview',
]);

/**
 * Writer features lakesql honours when it commits to a table. changeDataFeed: writes that add or remove
 * whole files need no cdc files (readers turn them into inserts and deletes); row-level DML that rewrites
 * files writes `_change_data` files (exec/dml/change-data-write.ts).
 */
export const SUPPORTED_WRITER_FEATURES: ReadonlySet<string> = new Set([
  'appendOnly',
  'changeDataFeed',
  'columnMapping',
  'deletionVectors',
  'timestampNtz',
  'domainMetadata',
  'vacuumProtocolCheck',
  'typeWidening',
  'typeWidening-preview',
  'variantType',
  'variantType-preview',
  'inCommitTimestamp',
  // Enforced by exec/dml/table-invariants.ts on INSERT (and by UPDATE / MERGE through it).
  'checkConstraints',
  'generatedColumns',
  'identityColumns',
  'allowColumnDefaults',
  // Writers keep the `delta.clustering` domain as it is (exec/ddl/cluster-by.ts changes it) and write
  // statistics for the clustering columns, which CLUSTER BY checks are among the indexed columns.
  'clustering',
  // Collated string columns: the collation lives in `__COLLATIONS` field metadata as delta-spark writes it;
  // lakesql's data skipping never prunes on a collated column's byte-order min/max.
  'collations-preview',
  // Commits assign base row ids and default row commit versions and raise the high water mark
  // (delta/row-tracking.ts); rewrites keep rows' ids through the materialized columns.
  'rowTracking',
  // Checkpoints of tables with delta.checkpointPolicy = 'v2' are V2 checkpoints (checkpoint-v2-writer.ts).
  'v2Checkpoint',
]);

/**
 * Reader features that change only how data files are decoded, not how the log is replayed: a snapshot of
 * such a table can be reconstructed (history, file lists, DESCRIBE), but its rows cannot be read yet.
 */
export const DATA_DECODING_READER_FEATURES: ReadonlySet<string> = new Set([
  'variantShredding-preview',
  'geospatial',
]);

export const MAX_READER_VERSION = 3;
export const MAX_WRITER_VERSION = 7;

/** The reader features a protocol implies: explicit lists at reader version 3, legacy versions otherwise. */
export function readerFeaturesOf(protocol: Protocol): string[] {
  if (protocol.minReaderVersion >= 3) return [...(protocol.readerFeatures ?? [])];
  if (protocol.minReaderVersion === 2) return ['columnMapping'];
  return [];
}

/** The writer features a protocol implies (legacy writer versions enable a fixed set, PROTOCOL.md). */
export function writerFeaturesOf(protocol: Protocol): string[] {
  if (protocol.minWriterVersion >= 7) return [...(protocol.writerFeatures ?? [])];
  const legacy: [number, string][] = [
    [2, 'appendOnly'],
    [2, 'invariants'],
    [3, 'checkConstraints'],
    [4, 'changeDataFeed'],
    [4, 'generatedColumns'],
    [5, 'columnMapping'],
    [6, 'identityColumns'],
  ];
  return legacy.filter(([v]) => protocol.minWriterVersion >= v).map(([, f]) => f);
}

/**
 * `scope` 'log' checks what reconstructing a snapshot needs; 'data' (the default) also what reading rows
 * needs. An unknown reader feature always fails: it might change what the log means.
 */
export function assertReadSupported(
  protocol: Protocol,
  tablePath: string,
  scope: 'log' | 'data' = 'data',
): void {
  if (protocol.minReaderVersion > MAX_READER_VERSION || protocol.minWriterVersion > MAX_WRITER_VERSION) {
    throw new LakesqlError('DELTA_INVALID_PROTOCOL_VERSION', {
      tableNameOrPath: tablePath,
      readerRequired: protocol.minReaderVersion,
      writerRequired: protocol.minWriterVersion,
      supportedReaders: '[1, 2, 3]',
      supportedWriters: '[1, 2, 3, 4, 5, 6, 7]',
    });
  }
  const unsupported = readerFeaturesOf(protocol).filter(
    (f) => !SUPPORTED_READER_FEATURES.has(f) && !(scope === 'log' && DATA_DECODING_READER_FEATURES.has(f)),
  );
  if (unsupported.length > 0) {
    throw new LakesqlError('DELTA_UNSUPPORTED_FEATURES_FOR_READ', { unsupported: unsupported.join(', ') });
  }
}

/**
 * Protocols switch features on wholesale (legacy writer versions, and Spark lists `invariants` on most
 * table-features tables); some only matter when the metadata uses them (a CHECK constraint, a generated
 * column, an invariant). Such a feature that is on but unused asks nothing of a writer.
 */
export function assertWriteSupported(protocol: Protocol, metadata: Metadata, tablePath: string): void {
  assertReadSupported(protocol, tablePath);
  const unsupported = writerFeaturesOf(protocol).filter(
    (f) => !SUPPORTED_WRITER_FEATURES.has(f) && isFeatureInUse(f, metadata),
  );
  if (unsupported.length > 0) {
    throw new LakesqlError('DELTA_UNSUPPORTED_FEATURES_FOR_WRITE', { unsupported: unsupported.join(', ') });
  }
}

function isFeatureInUse(feature: string, metadata: Metadata): boolean {
  const conf = metadata.configuration;
  switch (feature) {
    case 'invariants':
      return metadata.schemaString.includes('delta.invariants');
    case 'allowColumnDefaults':
      return metadata.schemaString.includes('CURRENT_DEFAULT');
    case 'checkConstraints':
      return Object.keys(conf).some((k) => k.startsWith('delta.constraints.'));
    case 'changeDataFeed':
      return conf['delta.enableChangeDataFeed']?.toLowerCase() === 'true';
    case 'generatedColumns':
      return metadata.schemaString.includes('delta.generationExpression');
    case 'identityColumns':
      return metadata.schemaString.includes('delta.identity.');
    default:
      return true;
  }
}

/**
 * The lowest protocol that a new table's features need (PROTOCOL.md: reader 1 / writer 2 when nothing
 * more is needed; table features, reader 3 / writer 7, as soon as a feature has no legacy version).
 */
export function minimalProtocol(
  readerFeatures: readonly string[],
  writerFeatures: readonly string[],
): Protocol {
  const legacyWriter: Record<string, number> = {
    appendOnly: 2,
    invariants: 2,
    checkConstraints: 3,
    changeDataFeed: 4,
    generatedColumns: 4,
    columnMapping: 5,
    identityColumns: 6,
  };
  const needsWriterFeatures = writerFeatures.some((f) => !(f in legacyWriter));
  const needsReaderFeatures = readerFeatures.some((f) => f !== 'columnMapping');
  if (needsReaderFeatures || needsWriterFeatures) {
    const writers = new Set(writerFeatures);
    for (const f of readerFeatures) writers.add(f); // every reader feature is also a writer feature
    const proto: Protocol = {
      minReaderVersion: readerFeatures.length > 0 ? 3 : 1,
      minWriterVersion: 7,
      ...(readerFeatures.length > 0 ? { readerFeatures: [...new Set(readerFeatures)] } : {}),
      writerFeatures: [...writers],
    };
    return proto;
  }
  const writerVersion = Math.max(2, ...writerFeatures.map((f) => legacyWriter[f] ?? 2));
  return {
    minReaderVersion: readerFeatures.includes('columnMapping') ? 2 : 1,
    minWriterVersion: writerVersion,
  };
}
