/**
 * Which files and folders a VACUUM deletes, as Delta's VacuumCommand.gc decides it:
 * - the valid set: every file the current snapshot references (its adds) and every file removed at or after
 *   the cutoff (tombstones younger than the retention), each with its deletion-vector file and the folders
 *   above it. Time travel to any version within the retention needs exactly these;
 * - FULL lists the table folder and deletes every file older than the cutoff that is not valid — removed
 *   files past the retention and untracked files (failed writes) alike — and every folder holding no file
 *   older than the cutoff (a folder is only ever removed once it is empty: young files in it keep it);
 * - LITE does not list: its candidates are the files removed (and the change-data files written) by the
 *   commits that ended before the cutoff and that no earlier VACUUM LITE has covered (`_last_vacuum_info`).
 * Never touched: `_delta_log` and every hidden file or folder (a name starting `_` or `.`, except
 * partition folders `col=…`, `_change_data` and `_delta_index`, which Delta vacuums: DeltaTableUtils.
 * isHiddenDirectory), files younger than the cutoff (a commit in flight writes its files before its log
 * entry), and files the log names by an absolute path outside the table (a shallow clone's source files).
 */
import type { AddFile, DeletionVectorDescriptor, RemoveFile } from '../../delta/actions.js';
import { absoluteUriToStoreKey, dvAbsolutePathKey } from '../../delta/deletion-vectors/derived-fields.js';
import type { Snapshot } from '../../delta/snapshot.js';
import { resolveFileLocation } from '../../delta/table-paths.js';

/** A file or folder (key ending `/`) of the table's store that VACUUM deletes. */
export interface VacuumCandidate {
  readonly key: string;
  readonly size: number;
}

/** Whether a name of a file or folder under the table is hidden from VACUUM. */
export function isHiddenName(partitionColumns: readonly string[], name: string): boolean {
  if (!name.startsWith('.') && !name.startsWith('_')) return false;
  if (name.startsWith('_delta_index') || name.startsWith('_change_data')) return false;
  return !partitionColumns.some((c) => name.startsWith(`${c}=`));
}

/** Whether some segment of `key` (a file key, or a folder key ending `/`) is hidden. */
export function isHiddenKey(partitionColumns: readonly string[], key: string): boolean {
  const segments = key.endsWith('/') ? key.slice(0, -1).split('/') : key.split('/');
  return segments.some((s) => isHiddenName(partitionColumns, s));
}

/** The store key of a file named in the log, or undefined when it lives outside the table. */
export function tableKeyOf(snapshot: Snapshot, path: string): string | undefined {
  const { location, isAbsolute } = resolveFileLocation(snapshot.store.rootUrl, path);
  return isAbsolute ? undefined : location;
}

/** The store key of a deletion vector's file, when it is a file under the table. */
export function deletionVectorKeyOf(
  snapshot: Snapshot,
  dv: DeletionVectorDescriptor | null | undefined,
): string | undefined {
  if (!dv) return undefined;
  if (dv.storageType === 'u') return dvAbsolutePathKey(dv);
  if (dv.storageType === 'p') return absoluteUriToStoreKey(dv.pathOrInlineDv, snapshot.store.rootUrl);
  return undefined;
}

/** The folders above `key`: `a/b/c.parquet` gives `a/` and `a/b/`. */
export function parentFolders(key: string): string[] {
  const out: string[] = [];
  for (let i = key.indexOf('/'); i >= 0 && i < key.length - 1; i = key.indexOf('/', i + 1)) {
    out.push(key.slice(0, i + 1));
  }
  return out;
}

/**
 * The keys VACUUM must keep: live files and files removed at or after `cutoffMs`, their deletion vectors,
 * and the folders above them (Delta's getValidFilesFromSnapshot).
 */
export function validKeys(snapshot: Snapshot, cutoffMs: number): Set<string> {
  const valid = new Set<string>();
  const keep = (file: AddFile | RemoveFile) => {
    const key = tableKeyOf(snapshot, file.path);
    if (key !== undefined) {
      valid.add(key);
      for (const folder of parentFolders(key)) valid.add(folder);
    }
    const dv = deletionVectorKeyOf(snapshot, file.deletionVector);
    if (dv !== undefined) valid.add(dv);
  };
  for (const add of snapshot.activeFiles()) keep(add);
  for (const remove of snapshot.tombstones()) {
    if ((remove.deletionTimestamp ?? 0) >= cutoffMs) keep(remove);
  }
  return valid;
}

/** What a FULL VACUUM found by listing the table folder. */
export interface ListedCandidates {
  readonly candidates: VacuumCandidate[];
  /** Delta's dirCounts: the folders listed, plus the table folder itself (`numVacuumedDirectories`). */
  readonly directories: number;
}

/**
 * FULL: the files older than `cutoffMs` that are not valid, and the folders that hold no file older than
 * the cutoff and are not above a valid file (Delta's "count = 1" rule: files are deleted, folders only when
 * they are already empty; a folder emptied by this VACUUM goes at the next one, as in Delta).
 */
export async function listedCandidates(
  snapshot: Snapshot,
  valid: ReadonlySet<string>,
  cutoffMs: number,
): Promise<ListedCandidates> {
  const partitionColumns = snapshot.partitionColumns;
  const store = snapshot.store;
  const files = (await store.list('')).filter((f) => !isHiddenKey(partitionColumns, f.path));
  const folders = store.listFolders
    ? (await store.listFolders('')).filter((d) => !isHiddenKey(partitionColumns, d))
    : [];
  const holdsOldFile = new Set<string>();
  const candidates: VacuumCandidate[] = [];
  for (const f of files) {
    if (f.lastModified >= cutoffMs) continue;
    for (const folder of parentFolders(f.path)) holdsOldFile.add(folder);
    if (!valid.has(f.path)) candidates.push({ key: f.path, size: f.size });
  }
  for (const folder of folders) {
    if (!holdsOldFile.has(folder) && !valid.has(folder)) candidates.push({ key: folder, size: 0 });
  }
  return { candidates, directories: folders.length + 1 };
}
