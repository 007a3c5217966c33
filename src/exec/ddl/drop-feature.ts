/**
 * `ALTER TABLE t DROP FEATURE f [TRUNCATE HISTORY]`, as delta-spark's AlterTableDropFeatureDeltaCommand runs it
 * with history truncation (PROTOCOL.md "Removing a Table Feature"):
 * - the name must be a feature of the table's protocol (a `delta.*` name is a property, not a feature; an
 *   unknown name is a feature this client does not know), and a removable one;
 * - a writer feature that leaves no trace in readers' view (checkConstraints, once no constraint is left;
 *   inCommitTimestamp; vacuumProtocolCheck; rowTracking) is dropped at once, in one `DROP FEATURE` commit;
 * - a feature whose traces readers could meet in old versions (deletionVectors, v2Checkpoint, typeWidening,
 *   columnMapping) is dropped in two steps: the first run removes its traces from the current version (turns
 *   the property off, purges deletion vectors, rewrites the files with logical column names) and fails with DELTA_FEATURE_DROP_WAIT_FOR_RETENTION_PERIOD; a later run
 *   drops it from the protocol if no retained version still uses it, and otherwise fails with
 *   DELTA_FEATURE_DROP_HISTORICAL_VERSIONS_EXIST.
 * With TRUNCATE HISTORY, the later run first checkpoints the current version and deletes the log before it
 * that is older than the TRUNCATE HISTORY retention (drop-feature-truncate-history.ts), then checks what is
 * left; the downgraded protocol falls back to a legacy version where it can (delta/protocol-downgrade.ts).
 */
import type { Metadata } from '../../delta/actions.js';
import { COLUMN_MAPPING_MAX_ID_KEY, COLUMN_MAPPING_MODE_KEY } from '../../delta/column-mapping.js';
import { classifyLogFile } from '../../delta/log-files.js';
import { protocolWithoutFeature } from '../../delta/protocol-downgrade.js';
import type { Snapshot } from '../../delta/snapshot.js';
import { readerFeaturesOf, writerFeaturesOf } from '../../delta/table-features.js';
import { LakesqlError } from '../../errors/index.js';
import type { CommandContext } from '../command-context.js';
import { userMetadataOf } from '../dml/user-metadata.js';
import { CommitBuilder } from '../write/commit-builder.js';
import { truncateHistory } from './drop-feature-truncate-history.js';
import { removeColumnMapping } from './remove-column-mapping.js';

/** Every feature name Delta defines (TableFeature.allSupportedFeaturesMap), for telling "absent" from "unknown". */
const KNOWN_FEATURES = new Set([
  'appendOnly',
  'invariants',
  'checkConstraints',
  'changeDataFeed',
  'generatedColumns',
  'columnMapping',
  'identityColumns',
  'timestampNtz',
  'deletionVectors',
  'domainMetadata',
  'rowTracking',
  'v2Checkpoint',
  'icebergCompatV1',
  'icebergCompatV2',
  'clustering',
  'typeWidening',
  'typeWidening-preview',
  'inCommitTimestamp',
  'vacuumProtocolCheck',
  'allowColumnDefaults',
  'variantType',
  'variantType-preview',
  'checkpointProtection',
  'collations-preview',
]);

/** How each removable feature is taken out of a table. */
interface RemovableFeature {
  /** Old versions may hold its traces: the drop waits for them to expire. */
  readonly historyProtected: boolean;
  /** Properties that enable it, removed from the metadata when it is dropped. */
  readonly properties: readonly string[];
  /** Fails when the current version still needs the feature in a way the drop cannot remove itself. */
  assertDroppable?(snapshot: Snapshot): void;
  /** Whether the current version still uses the feature (its traces are then removed first). */
  inUse(snapshot: Snapshot): boolean;
  /** Whether a retained commit's actions use the feature. */
  usedByCommit?(commitText: string): boolean;
  /** Removes the feature's traces from the current version when turning properties off is not enough. */
  removeTraces?(ctx: CommandContext, snapshot: Snapshot): Promise<void>;
}

const REMOVABLE: Readonly<Record<string, RemovableFeature>> = {
  checkConstraints: {
    historyProtected: false,
    properties: [],
    assertDroppable(snapshot) {
      const names = Object.keys(snapshot.configuration)
        .filter((k) => k.startsWith('delta.constraints.'))
        .map((k) => k.slice('delta.constraints.'.length));
      if (names.length > 0) {
        throw new LakesqlError('DELTA_CANNOT_DROP_CHECK_CONSTRAINT_FEATURE', {
          constraints: names.join(', '),
        });
      }
    },
    inUse: () => false,
  },
  inCommitTimestamp: {
    historyProtected: false,
    properties: [
      'delta.enableInCommitTimestamps',
      'delta.inCommitTimestampEnablementVersion',
      'delta.inCommitTimestampEnablementTimestamp',
    ],
    inUse: () => false,
  },
  vacuumProtocolCheck: { historyProtected: false, properties: [], inUse: () => false },
  deletionVectors: {
    historyProtected: true,
    properties: ['delta.enableDeletionVectors'],
    inUse: (s) =>
      isOn(s, 'delta.enableDeletionVectors') || s.activeFiles().some((f) => f.deletionVector != null),
    usedByCommit: (text) => /"deletionVector"\s*:\s*\{/.test(text),
  },
  v2Checkpoint: {
    historyProtected: true,
    properties: ['delta.checkpointPolicy'],
    inUse: (s) => s.configuration['delta.checkpointPolicy'] === 'v2',
    usedByCommit: (text) => text.includes('"checkpointMetadata"'),
  },
  typeWidening: typeWidening(),
  'typeWidening-preview': typeWidening(),
  // Delta's ColumnMappingPreDowngradeCommand: the data files are rewritten with the logical names as their
  // column names (remove-column-mapping.ts); readers of older versions still need the mapping, so the
  // feature leaves the protocol only once those versions are gone.
  columnMapping: {
    historyProtected: true,
    properties: [COLUMN_MAPPING_MODE_KEY, COLUMN_MAPPING_MAX_ID_KEY],
    inUse: (s) =>
      s.columnMappingMode !== 'none' ||
      COLUMN_MAPPING_MAX_ID_KEY in s.configuration ||
      s.metadata.schemaString.includes('delta.columnMapping.'),
    usedByCommit: (text) => text.includes('delta.columnMapping.'),
    removeTraces: removeColumnMapping,
  },
  // Delta's RowTrackingPreDowngradeCommand: row tracking is turned off and its materialized column names
  // dropped. A writer feature: row ids in old versions mean nothing to readers, so it goes at once.
  rowTracking: {
    historyProtected: false,
    properties: [
      'delta.enableRowTracking',
      'delta.rowTracking.materializedRowIdColumnName',
      'delta.rowTracking.materializedRowCommitVersionColumnName',
    ],
    inUse: () => false,
  },
};

function typeWidening(): RemovableFeature {
  return {
    historyProtected: true,
    properties: ['delta.enableTypeWidening'],
    assertDroppable(snapshot) {
      if (snapshot.metadata.schemaString.includes('delta.typeChanges')) {
        throw new LakesqlError('UNSUPPORTED_FEATURE', {
          feature:
            'DROP FEATURE typeWidening of a table with widened columns (their files must be rewritten)',
        });
      }
    },
    inUse: (s) => isOn(s, 'delta.enableTypeWidening'),
    usedByCommit: (text) => text.includes('delta.typeChanges'),
  };
}

function isOn(s: Snapshot, key: string): boolean {
  return s.configuration[key]?.toLowerCase() === 'true';
}

export interface DropFeatureRequest {
  readonly snapshot: Snapshot;
  readonly feature: string;
  readonly truncateHistory: boolean;
  /** Rewrites the files that carry deletion vectors (REORG TABLE … APPLY (PURGE)). */
  readonly purgeDeletionVectors: () => Promise<void>;
}

export async function dropFeature(ctx: CommandContext, req: DropFeatureRequest): Promise<void> {
  const { snapshot, feature } = req;
  const present = new Set([...readerFeaturesOf(snapshot.protocol), ...writerFeaturesOf(snapshot.protocol)]);
  if (!present.has(feature)) {
    if (feature.toLowerCase().startsWith('delta.')) {
      throw new LakesqlError('DELTA_FEATURE_DROP_FEATURE_IS_DELTA_PROPERTY', { property: feature });
    }
    if (KNOWN_FEATURES.has(feature))
      throw new LakesqlError('DELTA_FEATURE_DROP_FEATURE_NOT_PRESENT', { feature });
    throw new LakesqlError('DELTA_FEATURE_DROP_UNSUPPORTED_CLIENT_FEATURE', { feature });
  }
  const removable = REMOVABLE[feature];
  if (removable === undefined) throw new LakesqlError('DELTA_FEATURE_DROP_NONREMOVABLE_FEATURE', { feature });
  if (req.truncateHistory && !removable.historyProtected) {
    throw new LakesqlError('DELTA_FEATURE_DROP_HISTORY_TRUNCATION_NOT_ALLOWED', {});
  }
  removable.assertDroppable?.(snapshot);
  if (removable.historyProtected) {
    if (removable.inUse(snapshot)) {
      await removeTraces(ctx, snapshot, feature, removable, req.purgeDeletionVectors);
      throw retentionError('DELTA_FEATURE_DROP_WAIT_FOR_RETENTION_PERIOD', feature, snapshot.metadata);
    }
    if (req.truncateHistory) await truncateHistory(snapshot, ctx.parquet, Date.now());
    // After truncation the current version is read from its checkpoint, whose live files are clean.
    const from = req.truncateHistory ? snapshot.version : -1;
    if (await historyUses(snapshot, removable, from)) {
      throw retentionError('DELTA_FEATURE_DROP_HISTORICAL_VERSIONS_EXIST', feature, snapshot.metadata);
    }
  }
  await CommitBuilder.onSnapshot(snapshot, ctx.parquet)
    .updateProtocol(protocolWithoutFeature(snapshot.protocol, feature))
    .updateMetadata(
      withoutProperties(snapshot.metadata, [...removable.properties, `delta.feature.${feature}`]),
    )
    .commit({
      name: 'DROP FEATURE',
      parameters: { featureName: feature, truncateHistory: req.truncateHistory },
      ...userMetadataOf(ctx),
    });
}

/** The pre-downgrade step: the properties that enable the feature off, its deletion vectors purged. */
async function removeTraces(
  ctx: CommandContext,
  snapshot: Snapshot,
  feature: string,
  removable: RemovableFeature,
  purge: () => Promise<void>,
): Promise<void> {
  if (removable.removeTraces) {
    await removable.removeTraces(ctx, snapshot);
    return;
  }
  const set = removable.properties.filter((k) => k in snapshot.configuration);
  if (set.length > 0) {
    const off: Record<string, string> =
      feature === 'v2Checkpoint' ? { 'delta.checkpointPolicy': 'classic' } : { [set[0]!]: 'false' };
    await CommitBuilder.onSnapshot(snapshot, ctx.parquet)
      .updateMetadata({ ...snapshot.metadata, configuration: { ...snapshot.configuration, ...off } })
      .commit({ name: 'SET TBLPROPERTIES', parameters: { properties: off }, ...userMetadataOf(ctx) });
  }
  if (feature === 'deletionVectors' && snapshot.activeFiles().some((f) => f.deletionVector != null)) {
    await purge();
  }
}

/** Whether any commit still in the log uses the feature (the versions a reader could time travel to). */
async function historyUses(
  snapshot: Snapshot,
  removable: RemovableFeature,
  checkpointed: number,
): Promise<boolean> {
  if (removable.usedByCommit === undefined) return false;
  const store = snapshot.store;
  for (const meta of await store.list('_delta_log/')) {
    const file = classifyLogFile(meta);
    if (file === undefined) continue;
    if (file.kind === 'v2Checkpoint' && removable === REMOVABLE.v2Checkpoint) return true;
    if (file.kind !== 'commit' || file.version === checkpointed) continue;
    if (removable.usedByCommit(new TextDecoder().decode(await store.get(meta.path)))) return true;
  }
  return false;
}

function retentionError(
  errorClass: 'DELTA_FEATURE_DROP_WAIT_FOR_RETENTION_PERIOD' | 'DELTA_FEATURE_DROP_HISTORICAL_VERSIONS_EXIST',
  feature: string,
  metadata: Metadata,
): LakesqlError {
  return new LakesqlError(errorClass, {
    feature,
    logRetentionPeriodKey: 'delta.logRetentionDuration',
    logRetentionPeriod: metadata.configuration['delta.logRetentionDuration'] ?? 'interval 30 days',
    truncateHistoryLogRetentionPeriod:
      metadata.configuration['delta.dropFeatureTruncateHistory.retentionDuration'] ?? 'interval 24 hours',
  });
}

function withoutProperties(metadata: Metadata, keys: readonly string[]): Metadata {
  const configuration = Object.fromEntries(
    Object.entries(metadata.configuration).filter(([k]) => !keys.includes(k)),
  );
  return { ...metadata, configuration };
}
