/**
 * The schema tracking log of a Delta streaming source (Delta's DeltaSourceMetadataTrackingLog, option
 * `schemaTrackingLocation`): the metadata (schema, partition schema, table configuration, protocol) the
 * source reads its files with, one entry per change, so that a column rename or drop in the source table
 * does not stop the stream for good.
 *
 * - The log lives in `<schemaTrackingLocation>/_schema_log_<tableId>[_<streamingSourceTrackingId>]`; entry
 *   N is the file `N`, holding `v1` and one JSON line (Delta's PersistedMetadata), written once
 *   (put-if-absent), as Spark's metadata logs are.
 * - The latest entry is the read metadata of the query: files committed before a change are read with
 *   the metadata that was current then (under column mapping, by their physical names).
 * - When the source meets a metadata change it stops the batch before it; once that batch has committed,
 *   the new metadata becomes the next entry and the query fails with DELTA_STREAMING_METADATA_EVOLUTION.
 *   The restart reads on with the new entry. A non-additive change (a rename or drop) between the last two
 *   entries needs the user's go-ahead in a SQL conf first (DELTA_STREAMING_CANNOT_CONTINUE_PROCESSING_POST_
 *   SCHEMA_EVOLUTION), because the sink may need the same change.
 */
import type { Metadata, Protocol } from '../../delta/actions.js';
import { fieldId, physicalName } from '../../delta/column-mapping.js';
import { parseSchemaString, serializeSchema } from '../../delta/schema.js';
import { LakesqlError } from '../../errors/index.js';
import type { ObjectStore } from '../../storage/object-store.js';
import type { StructField, StructType } from '../../types/data-types.js';

/** One entry of the log, with Delta's PersistedMetadata field names. */
export interface PersistedMetadata {
  readonly tableId: string;
  /** The table version whose metadata this is (the invariant: read-compatible with the snapshot there). */
  readonly deltaCommitVersion: number;
  readonly dataSchemaJson: string;
  readonly partitionSchemaJson: string;
  /** The source's folder in the query's checkpoint (`<checkpoint>/sources/0`). */
  readonly sourceMetadataPath: string;
  readonly tableConfigurations?: Readonly<Record<string, string>>;
  /** The protocol action's JSON (`{"protocol":{…}}`). */
  readonly protocolJson?: string;
  readonly previousMetadataSeqNum?: number;
}

/** The metadata a Delta source reads with: the table's at query start, or the log's latest entry. */
export interface ReadMetadata {
  readonly schema: StructType;
  readonly partitionColumns: readonly string[];
  readonly configuration: Readonly<Record<string, string>>;
  readonly protocol: Protocol;
  /** The version it was taken at (a change at or before it is not a change for the stream). */
  readonly version: number;
}

const LOG_VERSION = 'v1';

/** DeltaSourceMetadataTrackingLog.fullMetadataTrackingLocation, relative to the tracking location. */
export function schemaLogFolder(tableId: string, trackingId: string | undefined): string {
  return `_schema_log_${tableId}${trackingId === undefined ? '' : `_${trackingId}`}`;
}

export function persistedMetadata(
  read: ReadMetadata,
  tableId: string,
  sourceMetadataPath: string,
): PersistedMetadata {
  const partitionSchema: StructType = {
    kind: 'struct',
    fields: read.partitionColumns.flatMap((name) => read.schema.fields.filter((f) => f.name === name)),
  };
  return {
    tableId,
    deltaCommitVersion: read.version,
    dataSchemaJson: serializeSchema(read.schema),
    partitionSchemaJson: serializeSchema(partitionSchema),
    sourceMetadataPath,
    tableConfigurations: read.configuration,
    protocolJson: JSON.stringify({ protocol: read.protocol }),
  };
}

/** An entry as the metadata a source reads with. */
export function readMetadataOf(entry: PersistedMetadata, location: string, fallback: Protocol): ReadMetadata {
  let schema: StructType;
  let partitionSchema: StructType;
  try {
    schema = parseSchemaString(entry.dataSchemaJson);
    partitionSchema = parseSchemaString(entry.partitionSchemaJson);
  } catch {
    throw new LakesqlError('DELTA_STREAMING_SCHEMA_LOG_PARSE_SCHEMA_FAILED', { location });
  }
  let protocol = fallback;
  if (entry.protocolJson !== undefined) {
    try {
      protocol = (JSON.parse(entry.protocolJson) as { protocol: Protocol }).protocol;
    } catch {
      throw new LakesqlError('DELTA_STREAMING_SCHEMA_LOG_DESERIALIZE_FAILED', { location });
    }
  }
  return {
    schema,
    partitionColumns: partitionSchema.fields.map((f) => f.name),
    configuration: entry.tableConfigurations ?? {},
    protocol,
    version: entry.deltaCommitVersion,
  };
}

export class DeltaSchemaTrackingLog {
  private constructor(
    private readonly store: ObjectStore,
    /** Entries by sequence number, ascending. */
    private readonly entries: PersistedMetadata[],
  ) {}

  /** Reads the log in `store` (the `_schema_log_…` folder); validates it belongs to the table `tableId`. */
  static async open(store: ObjectStore, tableId: string): Promise<DeltaSchemaTrackingLog> {
    const seqs = (await store.list(''))
      .map((m) => m.path)
      .filter((p) => /^\d+$/.test(p))
      .map(Number)
      .sort((a, b) => a - b);
    const entries: PersistedMetadata[] = [];
    for (const seq of seqs) {
      const text = new TextDecoder().decode(await store.get(String(seq)));
      const [version, json] = text.split('\n');
      let entry: PersistedMetadata;
      try {
        if (version !== LOG_VERSION || json === undefined) throw new Error('not a v1 entry');
        entry = JSON.parse(json) as PersistedMetadata;
        if (typeof entry.tableId !== 'string' || typeof entry.deltaCommitVersion !== 'number')
          throw new Error('not a PersistedMetadata');
      } catch {
        throw new LakesqlError('DELTA_STREAMING_SCHEMA_LOG_DESERIALIZE_FAILED', { location: store.rootUrl });
      }
      entries.push(entry);
    }
    const current = entries.at(-1);
    if (current !== undefined && current.tableId !== tableId) {
      throw new LakesqlError('DELTA_STREAMING_SCHEMA_LOG_INCOMPATIBLE_DELTA_TABLE_ID', {
        persistedId: current.tableId,
        tableId,
      });
    }
    return new DeltaSchemaTrackingLog(store, entries);
  }

  get location(): string {
    return this.store.rootUrl;
  }

  get current(): PersistedMetadata | undefined {
    return this.entries.at(-1);
  }

  /** The entry before the current one (the read metadata the last evolution started from). */
  get previous(): PersistedMetadata | undefined {
    const current = this.entries.at(-1);
    if (current?.previousMetadataSeqNum !== undefined) return this.entries[current.previousMetadataSeqNum];
    return this.entries.at(-2);
  }

  /** Appends an entry; another query writing the same entry first means two streams share the log. */
  async write(entry: PersistedMetadata, tablePath: string): Promise<void> {
    const seq = this.entries.length;
    try {
      await this.store.putIfAbsent(String(seq), `${LOG_VERSION}\n${JSON.stringify(entry)}`);
    } catch (e) {
      if (e instanceof LakesqlError) throw e;
      throw new LakesqlError('DELTA_STREAMING_SCHEMA_LOCATION_CONFLICT', {
        loc: this.store.rootUrl,
        table: tablePath,
      });
    }
    this.entries.push(entry);
  }
}

/** Delta's NonAdditiveSchemaChangeTypes. */
export type NonAdditiveChange = 'RENAME COLUMN' | 'DROP COLUMN' | 'RENAME AND DROP COLUMN';

/**
 * DeltaColumnMapping.isRenameColumnOperation / isDropColumnOperation: under column mapping a column keeps
 * its physical name for life, so a physical name whose logical path changed was renamed, and one that is
 * gone was dropped. Without column mapping neither can happen in place.
 */
export function nonAdditiveChange(
  newSchema: StructType,
  oldSchema: StructType,
): NonAdditiveChange | undefined {
  const before = physicalPaths(oldSchema);
  const after = physicalPaths(newSchema);
  let renamed = false;
  let dropped = false;
  for (const [key, logical] of before) {
    const now = after.get(key);
    if (now === undefined) dropped = true;
    else if (now !== logical) renamed = true;
  }
  if (renamed && dropped) return 'RENAME AND DROP COLUMN';
  if (renamed) return 'RENAME COLUMN';
  if (dropped) return 'DROP COLUMN';
  return undefined;
}

/** Every field under column mapping, keyed by its physical path, with its logical path. */
function physicalPaths(schema: StructType): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (fields: readonly StructField[], physical: string, logical: string) => {
    for (const f of fields) {
      if (fieldId(f) === undefined) continue;
      const p = `${physical}.${physicalName(f, 'name')}`;
      const l = `${logical}.${f.name.toLowerCase()}`;
      out.set(p, l);
      if (f.type.kind === 'struct') walk(f.type.fields, p, l);
    }
  };
  walk(schema.fields, '', '');
  return out;
}

/** Delta's DeltaSourceMetadataEvolutionSupport.getCheckpointHash: Java's String.hashCode of the path. */
export function checkpointHash(path: string): number {
  let h = 0;
  for (let i = 0; i < path.length; i++) h = (Math.imul(h, 31) + path.charCodeAt(i)) | 0;
  return h;
}

const CONF_PREFIX = 'spark.databricks.delta.streaming';
const UNBLOCK_ALL = 'allowSourceColumnRenameAndDrop';
const UNBLOCK_OF: Record<NonAdditiveChange, string> = {
  'RENAME COLUMN': 'allowSourceColumnRename',
  'DROP COLUMN': 'allowSourceColumnDrop',
  'RENAME AND DROP COLUMN': UNBLOCK_ALL,
};

/**
 * DeltaSourceMetadataEvolutionSupport.validateIfSchemaChangeCanBeUnblockedWithSQLConf: a restart after a
 * rename or drop goes on only when the user said so, for all streams (`…allowSourceColumnRenameAndDrop =
 * always`), for this stream (`….ckpt_<hash> = always`) or for this change (`….ckpt_<hash> = <version>`);
 * `allowSourceColumnRename` / `allowSourceColumnDrop` allow one kind only.
 */
export function checkChangeUnblocked(
  conf: (key: string) => string | undefined,
  metadataPath: string,
  current: PersistedMetadata,
  previous: PersistedMetadata,
): void {
  const change = nonAdditiveChange(
    parseSchemaString(current.dataSchemaJson),
    parseSchemaString(previous.dataSchemaJson),
  );
  if (change === undefined) return;
  const hash = checkpointHash(metadataPath);
  const version = String(current.deltaCommitVersion);
  const modes = change === 'RENAME AND DROP COLUMN' ? [UNBLOCK_ALL] : [UNBLOCK_OF[change], UNBLOCK_ALL];
  const allowed = modes.some((mode) => {
    const key = `${CONF_PREFIX}.${mode}`;
    const is = (k: string, v: string) => conf(k)?.toLowerCase() === v;
    return is(key, 'always') || is(`${key}.ckpt_${hash}`, 'always') || is(`${key}.ckpt_${hash}`, version);
  });
  if (allowed) return;
  const allKey = `${CONF_PREFIX}.${UNBLOCK_ALL}`;
  throw new LakesqlError('DELTA_STREAMING_CANNOT_CONTINUE_PROCESSING_POST_SCHEMA_EVOLUTION', {
    opType: change,
    previousSchemaChangeVersion: previous.deltaCommitVersion,
    currentSchemaChangeVersion: current.deltaCommitVersion,
    allowCkptVerKey: `${allKey}.ckpt_${hash}`,
    allowCkptVerValue: version,
    allowCkptKey: `${allKey}.ckpt_${hash}`,
    allowCkptValue: 'always',
    allowAllKey: allKey,
    allowAllValue: 'always',
    allowAllMode: UNBLOCK_ALL,
    opSpecificMode: UNBLOCK_OF[change],
  });
}

/**
 * DeltaSourceMetadataEvolutionSupport.hasMetadataOrProtocolChangeComparedToStreamMetadata: a change of the
 * schema (with its field metadata), the partition columns, a `delta.` table property or the protocol.
 */
export function metadataChanged(
  read: ReadMetadata,
  metadata: Metadata | undefined,
  protocol: Protocol | undefined,
): boolean {
  if (protocol !== undefined && JSON.stringify(protocol) !== JSON.stringify(read.protocol)) return true;
  if (metadata === undefined) return false;
  if (serializeSchema(parseSchemaString(metadata.schemaString)) !== serializeSchema(read.schema)) return true;
  if (metadata.partitionColumns.join('\u0000') !== read.partitionColumns.join('\u0000')) return true;
  return deltaProperties(metadata.configuration) !== deltaProperties(read.configuration);
}

function deltaProperties(configuration: Readonly<Record<string, string>>): string {
  return JSON.stringify(
    Object.entries(configuration)
      .filter(([k]) => k.startsWith('delta.'))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
}
