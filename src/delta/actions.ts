/**
 * Delta log actions, named and shaped as PROTOCOL.md's "Actions" section gives them.
 * Each action is tagged with `kind` (the JSON key it is stored under) so that switches are exhaustive.
 * Fields are optional exactly where the protocol makes them optional.
 */

export interface Protocol {
  readonly minReaderVersion: number;
  readonly minWriterVersion: number;
  /** Present iff minReaderVersion is 3 ("table features"). */
  readonly readerFeatures?: readonly string[];
  /** Present iff minWriterVersion is 7. */
  readonly writerFeatures?: readonly string[];
}

export interface Format {
  readonly provider: string;
  readonly options: Readonly<Record<string, string>>;
}

export interface Metadata {
  readonly id: string;
  readonly name?: string | null;
  readonly description?: string | null;
  readonly format: Format;
  readonly schemaString: string;
  readonly partitionColumns: readonly string[];
  readonly createdTime?: number | null;
  readonly configuration: Readonly<Record<string, string>>;
}

/** Deletion Vector Descriptor: storageType 'u' (relative UUID path), 'i' (inline Z85), 'p' (absolute path). */
export interface DeletionVectorDescriptor {
  readonly storageType: 'u' | 'i' | 'p';
  readonly pathOrInlineDv: string;
  readonly offset?: number;
  readonly sizeInBytes: number;
  readonly cardinality: number;
}

export type PartitionValues = Readonly<Record<string, string | null>>;

export interface AddFile {
  readonly path: string;
  readonly partitionValues: PartitionValues;
  readonly size: number;
  readonly modificationTime: number;
  readonly dataChange: boolean;
  /** File statistics as a JSON string (see stats.ts); absent when the writer collected none. */
  readonly stats?: string | null;
  readonly tags?: Readonly<Record<string, string>> | null;
  readonly deletionVector?: DeletionVectorDescriptor | null;
  readonly baseRowId?: number | null;
  readonly defaultRowCommitVersion?: number | null;
  readonly clusteringProvider?: string | null;
}

export interface RemoveFile {
  readonly path: string;
  readonly deletionTimestamp?: number | null;
  readonly dataChange: boolean;
  readonly extendedFileMetadata?: boolean | null;
  readonly partitionValues?: PartitionValues | null;
  readonly size?: number | null;
  readonly stats?: string | null;
  readonly tags?: Readonly<Record<string, string>> | null;
  readonly deletionVector?: DeletionVectorDescriptor | null;
  readonly baseRowId?: number | null;
  readonly defaultRowCommitVersion?: number | null;
}

export interface AddCDCFile {
  readonly path: string;
  readonly partitionValues: PartitionValues;
  readonly size: number;
  readonly dataChange: boolean;
  readonly tags?: Readonly<Record<string, string>> | null;
}

export interface SetTransaction {
  readonly appId: string;
  readonly version: number;
  readonly lastUpdated?: number | null;
}

/** Free-form provenance; the protocol fixes only `inCommitTimestamp` when that feature is on. */
export type CommitInfo = Readonly<Record<string, unknown>> & { readonly inCommitTimestamp?: number };

export interface DomainMetadata {
  readonly domain: string;
  readonly configuration: string;
  readonly removed: boolean;
}

export interface CheckpointMetadata {
  readonly version: number;
  readonly tags?: Readonly<Record<string, string>> | null;
}

export interface Sidecar {
  readonly path: string;
  readonly sizeInBytes: number;
  readonly modificationTime: number;
  readonly tags?: Readonly<Record<string, string>> | null;
}

export type Action =
  | { readonly kind: 'protocol'; readonly protocol: Protocol }
  | { readonly kind: 'metaData'; readonly metaData: Metadata }
  | { readonly kind: 'add'; readonly add: AddFile }
  | { readonly kind: 'remove'; readonly remove: RemoveFile }
  | { readonly kind: 'cdc'; readonly cdc: AddCDCFile }
  | { readonly kind: 'txn'; readonly txn: SetTransaction }
  | { readonly kind: 'commitInfo'; readonly commitInfo: CommitInfo }
  | { readonly kind: 'domainMetadata'; readonly domainMetadata: DomainMetadata }
  | { readonly kind: 'checkpointMetadata'; readonly checkpointMetadata: CheckpointMetadata }
  | { readonly kind: 'sidecar'; readonly sidecar: Sidecar };

export type ActionKind = Action['kind'];

export const ACTION_KINDS: readonly ActionKind[] = [
  'protocol',
  'metaData',
  'add',
  'remove',
  'cdc',
  'txn',
  'commitInfo',
  'domainMetadata',
  'checkpointMetadata',
  'sidecar',
];

/** The unique key of a logical file in log replay: path plus deletion vector id (PROTOCOL.md "Action Reconciliation"). */
export function fileActionKey(path: string, dv: DeletionVectorDescriptor | null | undefined): string {
  if (!dv) return path;
  return `${path}\u0000${dv.storageType}${dv.pathOrInlineDv}${dv.offset == null ? '' : `@${dv.offset}`}`;
}
