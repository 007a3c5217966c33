/**
 * The add actions of a clone (delta-spark CloneTableBase.handleClone): a SHALLOW clone references every file
 * of the source where it lies, by an absolute URI (Delta's DeltaFileOperations.makePathsAbsolute), and turns
 * each table-relative ('u') deletion vector into an absolute ('p') one; a DEEP clone copies the data files
 * and their deletion vector files into the clone's folder, so that the clone keeps no reference to the source.
 * Either way the files keep their statistics, partition values and tags, and lose their row ids and
 * default row commit versions ("CLONE does not preserve Row IDs and Commit Versions").
 */
import { randomUUID } from 'node:crypto';
import type { AddFile, DeletionVectorDescriptor } from '../../delta/actions.js';
import { relativeDeletionVectorPath } from '../../delta/deletion-vectors/derived-fields.js';
import { dvAbsolutePathKey } from '../../delta/deletion-vectors/index.js';
import { z85EncodeUuid } from '../../delta/deletion-vectors/z85.js';
import { canonicalizePath, resolveFileLocation } from '../../delta/table-paths.js';
import { missingFileError } from '../../engine/snapshot-scan.js';
import type { ObjectStore } from '../../storage/object-store.js';
import { storeForUrl } from '../../storage/store-for-url.js';

/** The absolute URI of a file of the table rooted at `rootUrl`, in Hadoop's `file:/x` spelling. */
export function absoluteFileUri(rootUrl: string, path: string): string {
  const canonical = canonicalizePath(rootUrl, path);
  return canonical.startsWith('file:///') ? `file:${canonical.slice('file://'.length)}` : canonical;
}

/** What a clone adds, and how much it copied. */
export interface ClonedFiles {
  readonly adds: readonly AddFile[];
  readonly copiedFiles: number;
  readonly copiedBytes: number;
}

function withoutRowTracking(f: AddFile): AddFile {
  const { baseRowId: _b, defaultRowCommitVersion: _d, ...rest } = f;
  return { ...rest, dataChange: true };
}

export function shallowCloneFiles(source: ObjectStore, files: readonly AddFile[]): ClonedFiles {
  const adds = files.map((f) => {
    const dv = f.deletionVector;
    return {
      ...withoutRowTracking(f),
      path: absoluteFileUri(source.rootUrl, f.path),
      ...(dv && dv.storageType === 'u'
        ? {
            deletionVector: {
              ...dv,
              storageType: 'p' as const,
              pathOrInlineDv: absoluteFileUri(source.rootUrl, encodeKey(dvAbsolutePathKey(dv)!)),
            },
          }
        : {}),
    };
  });
  return { adds, copiedFiles: 0, copiedBytes: 0 };
}

export async function deepCloneFiles(
  source: ObjectStore,
  target: ObjectStore,
  files: readonly AddFile[],
): Promise<ClonedFiles> {
  const copiedVectors = new Map<string, DeletionVectorDescriptor>();
  const adds: AddFile[] = [];
  let copiedBytes = 0;
  for (const f of files) {
    const { store, key } = fileOf(source, f.path);
    // A file the source itself referenced from elsewhere (a clone of a shallow clone) lands at the root.
    const targetKey = store === source ? key : key.slice(key.lastIndexOf('/') + 1);
    await target.put(targetKey, await store.get(key).catch(missingFileError(store)));
    copiedBytes += f.size;
    const dv = f.deletionVector
      ? await copyDeletionVector(source, target, f.deletionVector, copiedVectors)
      : null;
    adds.push({
      ...withoutRowTracking(f),
      path: store === source ? f.path : encodeKey(targetKey),
      ...(dv ? { deletionVector: dv } : {}),
    });
  }
  return { adds, copiedFiles: files.length, copiedBytes };
}

/** The store and key a log path names: a key of the table's store, or a file elsewhere (absolute URI). */
function fileOf(table: ObjectStore, path: string): { store: ObjectStore; key: string } {
  const { location, isAbsolute } = resolveFileLocation(table.rootUrl, path);
  if (!isAbsolute) return { store: table, key: location };
  const slash = location.lastIndexOf('/');
  return { store: storeForUrl(location.slice(0, slash)), key: decodeURIComponent(location.slice(slash + 1)) };
}

/**
 * A 'u' vector's file is copied to the same key (its path is relative to the table root); a 'p' vector's
 * file, wherever it lies, becomes a new 'u' file of the clone. A file shared by several vectors is copied once.
 */
async function copyDeletionVector(
  source: ObjectStore,
  target: ObjectStore,
  dv: DeletionVectorDescriptor,
  copied: Map<string, DeletionVectorDescriptor>,
): Promise<DeletionVectorDescriptor> {
  if (dv.storageType === 'i') return dv;
  const done = copied.get(dv.pathOrInlineDv);
  if (done) return { ...dv, storageType: done.storageType, pathOrInlineDv: done.pathOrInlineDv };
  let copy: DeletionVectorDescriptor;
  if (dv.storageType === 'u') {
    const key = dvAbsolutePathKey(dv)!;
    await target.put(key, await source.get(key));
    copy = dv;
  } else {
    const { store, key } = fileOf(source, dv.pathOrInlineDv);
    const uuid = randomUUID();
    await target.put(relativeDeletionVectorPath('', uuid), await store.get(key));
    copy = { ...dv, storageType: 'u', pathOrInlineDv: z85EncodeUuid(uuid) };
  }
  copied.set(dv.pathOrInlineDv, copy);
  return copy;
}

/** A store key as a log path: each segment URI-encoded, as Delta writes `add.path`. */
function encodeKey(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}
