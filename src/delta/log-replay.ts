/**
 * Action reconciliation (PROTOCOL.md "Action Reconciliation"): the state of a table at a version is the
 * result of applying, in order, the actions of the checkpoint and then of each later commit:
 * - the latest protocol and the latest metaData win;
 * - for each txn appId, the latest version wins;
 * - for each domainMetadata domain, the latest action wins (removed=true is a tombstone);
 * - a logical file is identified by (path, deletion vector id): an add makes it live (replacing an earlier
 *   add of the same key), a remove deletes it and leaves a tombstone.
 * Paths are compared after canonicalization, so a remove written as `file:/a/b` cancels an add of `/a/b`.
 */
import {
  type Action,
  type AddFile,
  type DomainMetadata,
  fileActionKey,
  type Metadata,
  type Protocol,
  type RemoveFile,
  type SetTransaction,
} from './actions.js';
import type { CheckpointAdds } from './checkpoint-adds.js';
import { LayeredMap } from './layered-map.js';
import { canonicalizePath, isAbsolutePath } from './table-paths.js';

export class LogReplay {
  protocol: Protocol | undefined;
  metadata: Metadata | undefined;
  readonly files: LayeredMap<AddFile>;
  readonly tombstones: LayeredMap<RemoveFile>;
  readonly txns: LayeredMap<SetTransaction>;
  readonly domains: LayeredMap<DomainMetadata>;
  /** Version that last set the protocol / metadata, for conflict detection and history. */
  protocolVersion = -1;
  metadataVersion = -1;

  /**
   * An empty replay, or with `from` one that goes on from that replay's state without changing it (a cached
   * snapshot refreshed by newer commits): that costs the changes since `from`'s maps were last flattened
   * (layered-map.ts), not the size of the table.
   */
  /** The canonical table root with its trailing slash: a relative path's key is this plus the path. */
  readonly #canonicalRoot: string;

  constructor(
    private readonly tableRootUrl: string,
    from?: LogReplay,
  ) {
    this.#canonicalRoot = canonicalizePath(
      '',
      tableRootUrl.endsWith('/') ? tableRootUrl : `${tableRootUrl}/`,
    );
    this.files = from ? from.files.fork() : new LayeredMap();
    this.tombstones = from ? from.tombstones.fork() : new LayeredMap();
    this.txns = from ? from.txns.fork() : new LayeredMap();
    this.domains = from ? from.domains.fork() : new LayeredMap();
    if (from) {
      this.protocol = from.protocol;
      this.metadata = from.metadata;
      this.protocolVersion = from.protocolVersion;
      this.metadataVersion = from.metadataVersion;
    }
  }

  /**
   * Applies the actions of one log file (a commit, a compaction or a checkpoint). Within one file the
   * actions are a set, not a sequence: a log compaction may hold both the add and the later remove of a
   * file, in any order. A remove in the same file as an add of the same key wins, as in delta-kernel.
   */
  applyFile(actions: readonly Action[], version: number): void {
    for (const a of actions) if (a.kind !== 'remove') this.apply(a, version);
    for (const a of actions) if (a.kind === 'remove') this.apply(a, version);
  }

  /**
   * Applies a checkpoint's actions (a set, as applyFile) to an empty replay, which is how every replay from
   * a checkpoint starts: files and tombstones fill plain Maps that become the layered maps' bases, the same
   * state applyFile would reach at a fraction of its cost per file. A replay already holding files goes
   * through applyFile.
   */
  applyCheckpoint(
    actions: readonly Action[],
    version: number,
    addSets: readonly CheckpointAdds[] = [],
  ): void {
    const noAddRows = !actions.some((a) => a.kind === 'add');
    if (addSets.length === 1 && noAddRows && this.files.size === 0 && this.tombstones.size === 0) {
      // The common checkpoint: live files as columns become the files' base undecoded (checkpoint-adds.ts).
      // A tombstone's key is looked up among them (which builds their keys, never their statistics).
      this.files.adoptBase(addSets[0]!);
      const tombstones = new Map<string, RemoveFile>();
      for (const a of actions) {
        if (a.kind !== 'remove') {
          this.apply(a, version);
          continue;
        }
        const key = this.key(a.remove.path, a.remove.deletionVector);
        this.files.delete(key);
        tombstones.set(key, a.remove);
      }
      this.tombstones.adoptBase(tombstones);
      return;
    }
    // Several parts, or adds also read as rows: reconciled as objects (which decodes the adds).
    const all: Action[] = addSets.flatMap((set) =>
      [...set.values()].map((add) => ({ kind: 'add', add }) as Action),
    );
    if (all.length > 0) all.push(...actions);
    this.#applyCheckpointActions(all.length > 0 ? all : actions, version);
  }

  #applyCheckpointActions(actions: readonly Action[], version: number): void {
    if (this.files.size > 0 || this.tombstones.size > 0) {
      this.applyFile(actions, version);
      return;
    }
    const files = new Map<string, AddFile>();
    const tombstones = new Map<string, RemoveFile>();
    // Adds before removes, as applyFile; no tombstone exists yet for an add to clear.
    for (const a of actions) {
      if (a.kind === 'add') {
        files.set(this.key(a.add.path, a.add.deletionVector), a.add);
      } else if (a.kind !== 'remove') {
        this.apply(a, version);
      }
    }
    for (const a of actions) {
      if (a.kind !== 'remove') continue;
      const key = this.key(a.remove.path, a.remove.deletionVector);
      files.delete(key);
      tombstones.set(key, a.remove);
    }
    this.files.adoptBase(files);
    this.tombstones.adoptBase(tombstones);
  }

  apply(action: Action, version: number): void {
    switch (action.kind) {
      case 'protocol':
        this.protocol = action.protocol;
        this.protocolVersion = version;
        return;
      case 'metaData':
        this.metadata = action.metaData;
        this.metadataVersion = version;
        return;
      case 'add': {
        const key = this.key(action.add.path, action.add.deletionVector);
        this.files.set(key, action.add);
        this.tombstones.delete(key);
        return;
      }
      case 'remove': {
        const key = this.key(action.remove.path, action.remove.deletionVector);
        this.files.delete(key);
        this.tombstones.set(key, action.remove);
        return;
      }
      case 'txn':
        this.txns.set(action.txn.appId, action.txn);
        return;
      case 'domainMetadata':
        if (action.domainMetadata.removed) this.domains.delete(action.domainMetadata.domain);
        else this.domains.set(action.domainMetadata.domain, action.domainMetadata);
        return;
      case 'cdc':
      case 'commitInfo':
      case 'checkpointMetadata':
      case 'sidecar':
        return; // not part of the table state
      default: {
        const never: never = action;
        throw new Error(`unknown action ${JSON.stringify(never)}`);
      }
    }
  }

  /** The key of a file action: its canonical path and deletion vector id. */
  key(path: string, dv: AddFile['deletionVector']): string {
    // canonicalizePath(root, relative) is the canonical root plus the path; building it directly saves a
    // few string copies per file of a large checkpoint.
    const canonical = isAbsolutePath(path)
      ? canonicalizePath(this.tableRootUrl, path)
      : this.#canonicalRoot + path;
    return fileActionKey(canonical, dv);
  }
}
