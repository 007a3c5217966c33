import type { DeletionVectorDescriptor } from '../actions.js';
import { checkCardinality } from './deletion-vector-file.js';
import { RoaringBitmapArray } from './roaring-treemap.js';
import { z85DecodePadded, z85EncodePadded } from './z85.js';

/**
 * Inline DVs (storageType 'i', PROTOCOL.md "Deletion Vector Descriptor Schema"): `pathOrInlineDv` is the
 * Z85 text of the serialized RoaringBitmapArray (magic number included, no size or checksum framing),
 * zero-padded to a multiple of 4 bytes; `sizeInBytes` is the size before that padding; there is no offset.
 */
export function readInlineDeletionVector(dv: DeletionVectorDescriptor): RoaringBitmapArray {
  const bitmap = RoaringBitmapArray.deserialize(z85DecodePadded(dv.pathOrInlineDv, dv.sizeInBytes));
  checkCardinality(bitmap, dv, 'inline deletion vector');
  return bitmap;
}

/** The descriptor that stores these row indexes inline in the log. */
export function inlineDeletionVectorDescriptor(
  rowIndexes: RoaringBitmapArray | Iterable<bigint | number>,
): DeletionVectorDescriptor {
  const bitmap = rowIndexes instanceof RoaringBitmapArray ? rowIndexes : RoaringBitmapArray.from(rowIndexes);
  const bytes = bitmap.serialize();
  return {
    storageType: 'i',
    pathOrInlineDv: z85EncodePadded(bytes),
    sizeInBytes: bytes.length,
    cardinality: bitmap.cardinality,
  };
}
