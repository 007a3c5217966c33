import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DELTA_CONFORMANCE_DIR } from '../../conformance/data-dirs.js';
import type { DeletionVectorDescriptor } from '../actions.js';
import { readDeletionVectorFromFile, writeDeletionVectorFile } from './deletion-vector-file.js';
import { RoaringBitmapArray } from './roaring-treemap.js';

const CONFORMANCE = DELTA_CONFORMANCE_DIR;
const invalid = (reason: RegExp) =>
  expect.objectContaining({
    errorClass: 'DELTA_INVALID_DELETION_VECTOR',
    message: expect.stringMatching(reason),
  });
const rows = (set: RoaringBitmapArray): bigint[] => Array.from(set.toBigUint64Array());

describe('deletion vector files', () => {
  it('writes byte for byte the DV file Delta wrote for rows 0 and 9 (kernel-rs/table-with-dv-small)', () => {
    const uuid = '61d16c75-6994-46b7-a15b-8b538852e50e';
    const written = writeDeletionVectorFile([[0, 9]], { uuid });
    expect(written.path).toBe(`deletion_vector_${uuid}.bin`);
    expect(written.descriptors).toEqual([
      {
        storageType: 'u',
        pathOrInlineDv: 'vBn[lx{q8@P<9BNH/isA',
        offset: 1,
        sizeInBytes: 36,
        cardinality: 2,
      },
    ]);
    const real = readFileSync(`${CONFORMANCE}/kernel-rs/table-with-dv-small/delta/${written.path}`);
    expect(Buffer.from(written.bytes).toString('hex')).toBe(real.toString('hex'));
  });

  it('puts a random prefix in front of the Z85 UUID and in the path', () => {
    const written = writeDeletionVectorFile([[1n]], {
      uuid: 'd2c639aa-8816-431a-aaf6-d3fe2512ff61',
      randomPrefix: 'ab',
    });
    expect(written.path).toBe('ab/deletion_vector_d2c639aa-8816-431a-aaf6-d3fe2512ff61.bin');
    expect(written.descriptors[0]!.pathOrInlineDv).toBe('ab^-aqEH.-t@S}K{vb[*k^');
    const fresh = writeDeletionVectorFile([[1n]]);
    expect(fresh.path).toMatch(/^deletion_vector_[0-9a-f-]{36}\.bin$/);
    expect(fresh.descriptors[0]!.pathOrInlineDv).toHaveLength(20);
  });

  it('round-trips several DVs in one file, each found at its offset', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.bigInt({ min: 0n, max: 2n ** 40n }), { maxLength: 100 }), {
          minLength: 1,
          maxLength: 5,
        }),
        (sets) => {
          const written = writeDeletionVectorFile(sets);
          expect(written.bytes[0]).toBe(1);
          written.descriptors.forEach((dv, i) => {
            const expected = RoaringBitmapArray.from(sets[i]!);
            expect(dv.cardinality).toBe(expected.cardinality);
            expect(rows(readDeletionVectorFromFile(written.bytes, dv, written.path))).toEqual(rows(expected));
          });
          const last = written.descriptors.at(-1)!;
          expect(written.bytes.length).toBe(last.offset! + 4 + last.sizeInBytes + 4);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('checks the version byte, size, checksum and cardinality', () => {
    const { bytes, descriptors } = writeDeletionVectorFile([[0, 9]]);
    const dv = descriptors[0]!;
    const corrupt = (at: number, value: number): Uint8Array => {
      const copy = bytes.slice();
      copy[at] = value;
      return copy;
    };
    const read =
      (file: Uint8Array, descriptor: DeletionVectorDescriptor = dv) =>
      () =>
        readDeletionVectorFromFile(file, descriptor, 'dv.bin');
    expect(read(corrupt(0, 2))).toThrow(invalid(/dv.bin has format version 2, expected 1/));
    expect(read(new Uint8Array(0))).toThrow(invalid(/format version \(empty file\)/));
    expect(read(bytes, { ...dv, sizeInBytes: 35 })).toThrow(
      invalid(/the file says 36 bytes, the log says 35/),
    );
    expect(read(corrupt(40, 8))).toThrow(
      invalid(/CRC-32 is 0x[0-9a-f]{8} but the file stores 0x[0-9a-f]{8}/),
    );
    expect(read(corrupt(44, bytes[44]! ^ 1))).toThrow(invalid(/CRC-32/));
    expect(read(bytes, { ...dv, cardinality: 3 })).toThrow(invalid(/holds 2 row indexes, the log says 3/));
    expect(read(bytes.subarray(0, 30))).toThrow(invalid(/needs 44 bytes, the file has 29/));
    expect(read(bytes, { ...dv, offset: 44 })).toThrow(invalid(/the file ends before the DV's size/));
  });
});
