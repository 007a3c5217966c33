import { describe, expect, it } from 'vitest';
import type { DeletionVectorDescriptor } from '../actions.js';
import {
  absoluteUriToStoreKey,
  deletionVectorEntryOffset,
  deletionVectorUniqueId,
  dvAbsolutePathKey,
  parseRelativeDeletionVectorPath,
} from './derived-fields.js';

// PROTOCOL.md "Deletion Vector Descriptor Schema", JSON Examples 1-3.
const relative: DeletionVectorDescriptor = {
  storageType: 'u',
  pathOrInlineDv: 'ab^-aqEH.-t@S}K{vb[*k^',
  offset: 4,
  sizeInBytes: 40,
  cardinality: 6,
};
const absolute: DeletionVectorDescriptor = {
  storageType: 'p',
  pathOrInlineDv: 's3://mytable/deletion_vector_d2c639aa-8816-431a-aaf6-d3fe2512ff61.bin',
  offset: 4,
  sizeInBytes: 40,
  cardinality: 6,
};
const inline: DeletionVectorDescriptor = {
  storageType: 'i',
  pathOrInlineDv: 'wi5b=000010000siXQKl0rr91000f55c8Xg0@@D72lkbi5=-{L',
  sizeInBytes: 40,
  cardinality: 6,
};

describe('deletion vector derived fields', () => {
  it('builds the unique id from storage type, path and offset', () => {
    expect(deletionVectorUniqueId(relative)).toBe('uab^-aqEH.-t@S}K{vb[*k^@4');
    expect(deletionVectorUniqueId(inline)).toBe('iwi5b=000010000siXQKl0rr91000f55c8Xg0@@D72lkbi5=-{L');
    // Logs written by some engines carry "offset": null for inline DVs.
    const withNull = { ...inline, offset: null } as unknown as DeletionVectorDescriptor;
    expect(deletionVectorUniqueId(withNull)).toBe(deletionVectorUniqueId(inline));
  });

  it("resolves a 'u' path to <random prefix>/deletion_vector_<uuid>.bin under the table root", () => {
    expect(dvAbsolutePathKey(relative)).toBe('ab/deletion_vector_d2c639aa-8816-431a-aaf6-d3fe2512ff61.bin');
    expect(dvAbsolutePathKey({ ...relative, pathOrInlineDv: 'vBn[lx{q8@P<9BNH/isA' })).toBe(
      'deletion_vector_61d16c75-6994-46b7-a15b-8b538852e50e.bin',
    );
    expect(parseRelativeDeletionVectorPath('ab^-aqEH.-t@S}K{vb[*k^')).toEqual({
      randomPrefix: 'ab',
      uuid: 'd2c639aa-8816-431a-aaf6-d3fe2512ff61',
    });
    expect(dvAbsolutePathKey(absolute)).toBeUndefined();
    expect(dvAbsolutePathKey(inline)).toBeUndefined();
    expect(() => dvAbsolutePathKey({ ...relative, pathOrInlineDv: 'tooShort' })).toThrow(
      expect.objectContaining({ errorClass: 'DELTA_INVALID_DELETION_VECTOR' }),
    );
  });

  it('finds the entry at the offset, or right after the version byte when there is none', () => {
    expect(deletionVectorEntryOffset(relative)).toBe(4);
    expect(deletionVectorEntryOffset({ ...relative, offset: undefined })).toBe(1);
  });

  it("maps an absolute 'p' URI to a key only when it lies under the store's root", () => {
    expect(absoluteUriToStoreKey('s3://mytable/deletion_vector_x.bin', 's3://mytable/')).toBe(
      'deletion_vector_x.bin',
    );
    expect(absoluteUriToStoreKey('file:/tmp/t/a%20b/dv.bin', 'file:///tmp/t')).toBe('a b/dv.bin');
    expect(absoluteUriToStoreKey('file:///tmp/my%20table/dv.bin', 'file:///tmp/my%20table/')).toBe('dv.bin');
    expect(absoluteUriToStoreKey('file:///tmp/other/dv.bin', 'file:///tmp/t/')).toBeUndefined();
    expect(absoluteUriToStoreKey('file:///tmp/t2/dv.bin', 'file:///tmp/t/')).toBeUndefined();
    expect(absoluteUriToStoreKey('s3://mytable/', 's3://mytable/')).toBeUndefined();
  });
});
