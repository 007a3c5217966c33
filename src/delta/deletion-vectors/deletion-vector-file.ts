import type { DeletionVectorDescriptor } from '../actions.js';
import { crc32 } from './crc32.js';
import { deletionVectorEntryOffset, relativeDeletionVectorPath } from './derived-fields.js';
import { invalidDeletionVector } from './invalid-deletion-vector.js';
import { RoaringBitmapArray } from './roaring-treemap.js';
import { z85EncodeUuid } from './z85.js';

/**
 * DV files, PROTOCOL.md "Deletion Vector File Storage Format": one version byte (1), then for each DV a
 * big-endian int32 `dataSize`, `dataSize` bytes of serialized RoaringBitmapArray (magic number included)
 * and a big-endian CRC-32 of those bytes. A descriptor's `offset` points at its DV's `dataSize` and its
 * `sizeInBytes` equals that `dataSize`. (The bitmap itself is little-endian; only this framing is big-endian,
 * as Java's DataOutputStream writes it.)
 */
export const DELETION_VECTOR_FILE_FORMAT_VERSION = 1;

/** Bytes a stored DV occupies from its offset: size, data, checksum. */
export function storedDeletionVectorLength(dv: DeletionVectorDescriptor): number {
  return 4 + dv.sizeInBytes + 4;
}

export function checkDeletionVectorFileVersion(version: number | undefined, path: string): void {
  if (version !== DELETION_VECTOR_FILE_FORMAT_VERSION) {
    throw invalidDeletionVector(
      `${path} has format version ${version ?? '(empty file)'}, expected ${DELETION_VECTOR_FILE_FORMAT_VERSION}`,
    );
  }
}

/**
 * Decodes one stored DV (`entry` starts at the descriptor's offset and holds at least
 * `storedDeletionVectorLength(dv)` bytes), checking its size, checksum and cardinality against `dv`.
 */
export function parseStoredDeletionVector(
  entry: Uint8Array,
  dv: DeletionVectorDescriptor,
  path: string,
): RoaringBitmapArray {
  const where = `${path} at offset ${deletionVectorEntryOffset(dv)}`;
  if (entry.length < 4) throw invalidDeletionVector(`${where}: the file ends before the DV's size`);
  const view = new DataView(entry.buffer, entry.byteOffset, entry.byteLength);
  const dataSize = view.getInt32(0, false);
  if (dataSize !== dv.sizeInBytes) {
    throw invalidDeletionVector(`${where}: the file says ${dataSize} bytes, the log says ${dv.sizeInBytes}`);
  }
  if (entry.length < 8 + dataSize) {
    throw invalidDeletionVector(`${where}: needs ${8 + dataSize} bytes, the file has ${entry.length}`);
  }
  const data = entry.subarray(4, 4 + dataSize);
  const stored = view.getUint32(4 + dataSize, false);
  const computed = crc32(data);
  if (stored !== computed) {
    throw invalidDeletionVector(`${where}: CRC-32 is ${hex(computed)} but the file stores ${hex(stored)}`);
  }
  const bitmap = RoaringBitmapArray.deserialize(data);
  checkCardinality(bitmap, dv, where);
  return bitmap;
}

/** Decodes the DV a descriptor points at, given the whole DV file. */
export function readDeletionVectorFromFile(
  file: Uint8Array,
  dv: DeletionVectorDescriptor,
  path: string,
): RoaringBitmapArray {
  checkDeletionVectorFileVersion(file[0], path);
  return parseStoredDeletionVector(file.subarray(deletionVectorEntryOffset(dv)), dv, path);
}

/** "cardinality: Number of rows the given DV logically removes from the file" must match the bitmap. */
export function checkCardinality(
  bitmap: RoaringBitmapArray,
  dv: DeletionVectorDescriptor,
  where: string,
): void {
  const cardinality = bitmap.cardinality;
  if (cardinality !== dv.cardinality) {
    throw invalidDeletionVector(`${where}: holds ${cardinality} row indexes, the log says ${dv.cardinality}`);
  }
}

export interface WrittenDeletionVectorFile {
  /** The key, relative to the table root, to write `bytes` to. */
  readonly path: string;
  readonly bytes: Uint8Array;
  /** One descriptor per DV, in the order given (storage type 'u'). */
  readonly descriptors: readonly DeletionVectorDescriptor[];
}

export interface DeletionVectorFileOptions {
  /** Defaults to a random UUID. */
  readonly uuid?: string;
  /** Delta's optional random directory prefix (`delta.randomizeFilePrefixes`); none by default. */
  readonly randomPrefix?: string;
}

/** Lays out a DV file holding the given DVs (each a set of row indexes of one data file). */
export function writeDeletionVectorFile(
  deletionVectors: readonly (RoaringBitmapArray | Iterable<bigint | number>)[],
  options: DeletionVectorFileOptions = {},
): WrittenDeletionVectorFile {
  const uuid = options.uuid ?? globalThis.crypto.randomUUID();
  const randomPrefix = options.randomPrefix ?? '';
  const pathOrInlineDv = randomPrefix + z85EncodeUuid(uuid);
  const bitmaps = deletionVectors.map((d) =>
    d instanceof RoaringBitmapArray ? d : RoaringBitmapArray.from(d),
  );
  const serialized = bitmaps.map((b) => b.serialize());
  const bytes = new Uint8Array(1 + serialized.reduce((sum, data) => sum + 8 + data.length, 0));
  const view = new DataView(bytes.buffer);
  bytes[0] = DELETION_VECTOR_FILE_FORMAT_VERSION;
  let pos = 1;
  const descriptors = serialized.map((data, i): DeletionVectorDescriptor => {
    const offset = pos;
    view.setInt32(pos, data.length, false);
    bytes.set(data, pos + 4);
    view.setUint32(pos + 4 + data.length, crc32(data), false);
    pos += 8 + data.length;
    return {
      storageType: 'u',
      pathOrInlineDv,
      offset,
      sizeInBytes: data.length,
      cardinality: bitmaps[i]!.cardinality,
    };
  });
  return { path: relativeDeletionVectorPath(randomPrefix, uuid), bytes, descriptors };
}

function hex(n: number): string {
  return `0x${n.toString(16).padStart(8, '0')}`;
}
