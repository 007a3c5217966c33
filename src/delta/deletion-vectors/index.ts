import { LakesqlError } from '../../errors/index.js';
import { ObjectNotFoundError, type ObjectStore } from '../../storage/object-store.js';
import { storeForUrl } from '../../storage/store-for-url.js';
import type { DeletionVectorDescriptor } from '../actions.js';
import {
  checkDeletionVectorFileVersion,
  parseStoredDeletionVector,
  storedDeletionVectorLength,
} from './deletion-vector-file.js';
import { absoluteUriToStoreKey, deletionVectorEntryOffset, dvAbsolutePathKey } from './derived-fields.js';
import { readInlineDeletionVector } from './inline-deletion-vector.js';
import type { RoaringBitmapArray } from './roaring-treemap.js';

export {
  DELETION_VECTOR_FILE_FORMAT_VERSION,
  type DeletionVectorFileOptions,
  readDeletionVectorFromFile,
  type WrittenDeletionVectorFile,
  writeDeletionVectorFile,
} from './deletion-vector-file.js';
export {
  deletionVectorFileName,
  deletionVectorUniqueId,
  dvAbsolutePathKey,
  parseRelativeDeletionVectorPath,
} from './derived-fields.js';
export { inlineDeletionVectorDescriptor, readInlineDeletionVector } from './inline-deletion-vector.js';
export { RoaringBitmap } from './roaring-bitmap.js';
export {
  NATIVE_ROARING_BITMAP_ARRAY_MAGIC,
  PORTABLE_ROARING_BITMAP_ARRAY_MAGIC,
  RoaringBitmapArray,
} from './roaring-treemap.js';
export { z85Decode, z85DecodeUuid, z85Encode, z85EncodeUuid } from './z85.js';

/**
 * Loads the set of row indexes a deletion vector marks as deleted (PROTOCOL.md "Reader Requirements for
 * Deletion Vectors"), verified against the descriptor's size, checksum and cardinality.
 * `store` is rooted at the table root: a 'u' DV's file is a key of it; a 'p' DV must lie under its root.
 */
export async function loadDeletionVector(
  store: ObjectStore,
  dv: DeletionVectorDescriptor,
): Promise<RoaringBitmapArray> {
  switch (dv.storageType) {
    case 'i':
      return readInlineDeletionVector(dv);
    case 'u':
      return readStored(store, dvAbsolutePathKey(dv)!, dv);
    case 'p': {
      const key = absoluteUriToStoreKey(dv.pathOrInlineDv, store.rootUrl);
      if (key !== undefined) return readStored(store, key, dv);
      // A DV of another table's file (a shallow clone references its source's files and their vectors):
      // read through a store rooted at the file's folder.
      const slash = dv.pathOrInlineDv.lastIndexOf('/');
      const folder = storeForUrl(dv.pathOrInlineDv.slice(0, slash));
      return readStored(folder, decodeURIComponent(dv.pathOrInlineDv.slice(slash + 1)), dv);
    }
    default:
      throw new LakesqlError('DELTA_INVALID_DELETION_VECTOR', {
        reason: `unknown storageType '${(dv as { storageType: string }).storageType}'`,
      });
  }
}

/**
 * Loads many deletion vectors at once, in the order given (undefined stays undefined). DVs stored in the
 * same file are read with one ranged read of that file instead of one or two each: the DVs a DML statement
 * writes all go into one file, so the next statement touching those files reads them with one request.
 */
export async function loadDeletionVectors(
  store: ObjectStore,
  dvs: readonly (DeletionVectorDescriptor | null | undefined)[],
): Promise<(RoaringBitmapArray | undefined)[]> {
  const out: (RoaringBitmapArray | undefined)[] = new Array(dvs.length).fill(undefined);
  const byFile = new Map<string, number[]>();
  const single: Promise<void>[] = [];
  dvs.forEach((dv, i) => {
    if (dv == null) return;
    const key = storedKey(store, dv);
    if (key === undefined) {
      single.push(loadDeletionVector(store, dv).then((b) => void (out[i] = b)));
      return;
    }
    const list = byFile.get(key);
    if (list) list.push(i);
    else byFile.set(key, [i]);
  });
  const shared = [...byFile].map(async ([key, indexes]) => {
    if (indexes.length === 1) {
      out[indexes[0]!] = await readStored(store, key, dvs[indexes[0]!]!);
      return;
    }
    const end = Math.max(...indexes.map((i) => entryEnd(dvs[i]!)));
    const wanted = indexes.reduce((n, i) => n + storedDeletionVectorLength(dvs[i]!), 0);
    // One read from the file's start (its version byte) to the last wanted entry, unless that would read
    // much more than the entries themselves (a large shared file of which a few DVs are wanted).
    if (end > SHARED_READ_BYTES && wanted * 2 < end) {
      await Promise.all(indexes.map(async (i) => void (out[i] = await readStored(store, key, dvs[i]!))));
      return;
    }
    const bytes = await readKey(key, () => store.getRange(key, 0, end));
    checkDeletionVectorFileVersion(bytes[0], key);
    for (const i of indexes) {
      const dv = dvs[i]!;
      const offset = deletionVectorEntryOffset(dv);
      out[i] = parseStoredDeletionVector(
        bytes.subarray(offset, offset + storedDeletionVectorLength(dv)),
        dv,
        key,
      );
    }
  });
  await Promise.all([...single, ...shared]);
  return out;
}

/** Below this a shared DV file is read from its start to its last wanted entry in one request. */
const SHARED_READ_BYTES = 1 << 20;

/** The store key of a DV kept in a file under the table root; undefined for inline ones (and 'p' outside). */
function storedKey(store: ObjectStore, dv: DeletionVectorDescriptor): string | undefined {
  if (dv.storageType === 'u') return dvAbsolutePathKey(dv);
  if (dv.storageType === 'p') return absoluteUriToStoreKey(dv.pathOrInlineDv, store.rootUrl);
  return undefined;
}

function entryEnd(dv: DeletionVectorDescriptor): number {
  return deletionVectorEntryOffset(dv) + storedDeletionVectorLength(dv);
}

/** The deleted row indexes of a deletion vector, ascending. */
export async function loadDeletedRowIndexes(
  store: ObjectStore,
  dv: DeletionVectorDescriptor,
): Promise<BigUint64Array> {
  return (await loadDeletionVector(store, dv)).toBigUint64Array();
}

/** Reads only the version byte and this DV's entry, not the other DVs a shared file may hold. */
async function readStored(
  store: ObjectStore,
  key: string,
  dv: DeletionVectorDescriptor,
): Promise<RoaringBitmapArray> {
  const offset = deletionVectorEntryOffset(dv);
  const length = storedDeletionVectorLength(dv);
  return readKey(key, async () => {
    let version: number | undefined;
    let entry: Uint8Array;
    if (offset === 1) {
      const bytes = await store.getRange(key, 0, 1 + length);
      version = bytes[0];
      entry = bytes.subarray(1);
    } else {
      const [head, body] = await Promise.all([
        store.getRange(key, 0, 1),
        store.getRange(key, offset, length),
      ]);
      version = head[0];
      entry = body;
    }
    checkDeletionVectorFileVersion(version, key);
    return parseStoredDeletionVector(entry, dv, key);
  });
}

/** Runs a read of a DV file; a missing file is Delta's DELTA_FILE_NOT_FOUND_DETAILED. */
async function readKey<T>(key: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (e) {
    if (e instanceof ObjectNotFoundError) {
      throw new LakesqlError('DELTA_FILE_NOT_FOUND_DETAILED', { filePath: key }, { cause: e });
    }
    throw e;
  }
}
