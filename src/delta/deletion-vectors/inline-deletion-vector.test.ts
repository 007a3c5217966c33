import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inlineDeletionVectorDescriptor, readInlineDeletionVector } from './inline-deletion-vector.js';

describe('inline deletion vectors', () => {
  it('encodes rows as the Z85 of the serialized bitmap, as in kernel-rs/cdf-table-with-dv', () => {
    expect(inlineDeletionVectorDescriptor([0, 1, 4, 5])).toEqual({
      storageType: 'i',
      pathOrInlineDv: '^Bg9^0rr910000000000iXQKl0rr91000935c8Xg000311onP9',
      sizeInBytes: 40,
      cardinality: 4,
    });
  });

  it('zero-pads to whole Z85 groups and keeps the unpadded size', () => {
    const dv = inlineDeletionVectorDescriptor([3n]);
    expect(dv.sizeInBytes).toBe(34);
    expect(dv.pathOrInlineDv).toHaveLength(45);
    expect(dv.pathOrInlineDv.startsWith('^Bg9^0rr910000000000iXQKl0rr91000005c8Xg')).toBe(true);
    expect(Array.from(readInlineDeletionVector(dv).toBigUint64Array())).toEqual([3n]);
  });

  it('round-trips any set of row indexes', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 0n, max: 2n ** 63n - 1n }), { maxLength: 60 }), (values) => {
        const dv = inlineDeletionVectorDescriptor(values);
        const expected = [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        expect(dv.cardinality).toBe(expected.length);
        expect(Array.from(readInlineDeletionVector(dv).toBigUint64Array())).toEqual(expected);
      }),
    );
  });

  it('checks the cardinality the descriptor claims', () => {
    const dv = { ...inlineDeletionVectorDescriptor([1, 2]), cardinality: 1 };
    expect(() => readInlineDeletionVector(dv)).toThrow(
      expect.objectContaining({ errorClass: 'DELTA_INVALID_DELETION_VECTOR' }),
    );
  });
});
