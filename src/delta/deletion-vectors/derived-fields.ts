import type { DeletionVectorDescriptor } from '../actions.js';
import { invalidDeletionVector } from './invalid-deletion-vector.js';
import { z85DecodeUuid } from './z85.js';

/**
 * The fields PROTOCOL.md "Deletion Vector Descriptor Schema" / "Derived Fields" computes from a descriptor
 * rather than storing: the unique id used in log replay and where the DV's bytes live.
 */

/** The Z85 form of a UUID is always 20 characters; a 'u' path is `<random prefix><those 20>`. */
export const Z85_UUID_LENGTH = 20;

/** `<storageType><pathOrInlineDv>` plus `@<offset>` when the descriptor has an offset ("Derived Fields"). */
export function deletionVectorUniqueId(dv: DeletionVectorDescriptor): string {
  // JSON commits may carry `"offset": null` for inline DVs; that is the same as absent.
  return dv.offset == null
    ? `${dv.storageType}${dv.pathOrInlineDv}`
    : `${dv.storageType}${dv.pathOrInlineDv}@${dv.offset}`;
}

/** The file name Delta gives a DV file with this UUID. */
export function deletionVectorFileName(uuid: string): string {
  return `deletion_vector_${uuid}.bin`;
}

/** The key, relative to the table root, of a DV file: `<random prefix>/deletion_vector_<uuid>.bin`. */
export function relativeDeletionVectorPath(randomPrefix: string, uuid: string): string {
  const fileName = deletionVectorFileName(uuid);
  return randomPrefix === '' ? fileName : `${randomPrefix}/${fileName}`;
}

/** Splits a 'u' descriptor's `pathOrInlineDv` into its random prefix and its UUID (canonical form). */
export function parseRelativeDeletionVectorPath(pathOrInlineDv: string): {
  randomPrefix: string;
  uuid: string;
} {
  if (pathOrInlineDv.length < Z85_UUID_LENGTH) {
    throw invalidDeletionVector(
      `a 'u' deletion vector path needs at least ${Z85_UUID_LENGTH} characters, got '${pathOrInlineDv}'`,
    );
  }
  const split = pathOrInlineDv.length - Z85_UUID_LENGTH;
  return {
    randomPrefix: pathOrInlineDv.slice(0, split),
    uuid: z85DecodeUuid(pathOrInlineDv.slice(split)),
  };
}

/** The table-root-relative store key of a 'u' DV file; undefined for inline ('i') and absolute ('p') DVs. */
export function dvAbsolutePathKey(dv: DeletionVectorDescriptor): string | undefined {
  if (dv.storageType !== 'u') return undefined;
  const { randomPrefix, uuid } = parseRelativeDeletionVectorPath(dv.pathOrInlineDv);
  return relativeDeletionVectorPath(randomPrefix, uuid);
}

/**
 * Where the DV's entry starts in its file. PROTOCOL.md says to read an absent offset as 0, but byte 0 is the
 * file's format version; like delta-kernel-rs we then read the entry right after that byte.
 */
export function deletionVectorEntryOffset(dv: DeletionVectorDescriptor): number {
  return dv.offset == null ? 1 : dv.offset;
}

/**
 * The store key for an absolute ('p') DV path when it lies under the store's root, else undefined.
 * Absolute paths are URIs "with the same format as the `path` field in the add/remove actions", so the part
 * under the root is percent-decoded once. Hadoop-style `file:/x` and `file:///x` name the same file.
 */
export function absoluteUriToStoreKey(uri: string, rootUrl: string): string | undefined {
  const normalizedUri = normalizeFileUri(uri);
  const root = normalizeFileUri(rootUrl.endsWith('/') ? rootUrl : `${rootUrl}/`);
  const decodedRoot = safeDecode(root);
  const decodedUri = safeDecode(normalizedUri);
  if (decodedRoot === undefined || decodedUri === undefined) return undefined;
  if (!decodedUri.startsWith(decodedRoot) || decodedUri.length === decodedRoot.length) return undefined;
  return decodedUri.slice(decodedRoot.length);
}

function normalizeFileUri(uri: string): string {
  if (uri.startsWith('file:/') && !uri.startsWith('file://')) return `file://${uri.slice('file:'.length)}`;
  if (uri.startsWith('file://localhost/')) return `file://${uri.slice('file://localhost'.length)}`;
  return uri;
}

function safeDecode(uri: string): string | undefined {
  try {
    return decodeURIComponent(uri);
  } catch {
    return undefined;
  }
}
