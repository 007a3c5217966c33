/** File statistics in the footer (orc_proto.proto ColumnStatistics), decoded here with the reader's ProtoReader. */
import { describe, expect, it } from 'vitest';
import {
  BooleanType,
  DateType,
  DoubleType,
  decimal,
  field,
  IntegerType,
  StringType,
  struct,
  TimestampType,
} from '../../../types/data-types.js';
import type { Value } from '../../../types/value.js';
import { codecFor, decompressStream } from '../compression.js';
import { bytesSource, openOrcFile } from '../index.js';
import { ProtoReader } from '../protobuf.js';
import { decimalText } from './column-statistics.js';
import { writeOrcFile } from './index.js';

type Stats = Record<string, unknown>;

function decodeStats(r: ProtoReader): Stats {
  const out: Stats = {};
  while (!r.done) {
    const f = r.nextField();
    if (f.fieldNumber === 1) out.numberOfValues = r.uint64();
    else if (f.fieldNumber === 10) out.hasNull = r.bool();
    else if (f.wireType === 2) out[`m${f.fieldNumber}`] = decodeInner(f.fieldNumber, r.message());
    else r.skip(f.wireType);
  }
  return out;
}

function decodeInner(kind: number, r: ProtoReader): Record<number, unknown> {
  const out: Record<number, unknown> = {};
  while (!r.done) {
    const f = r.nextField();
    if (kind === 3) out[f.fieldNumber] = r.double();
    else if ((kind === 4 || kind === 6) && f.fieldNumber !== 3) out[f.fieldNumber] = r.string();
    else if (kind === 6) out[f.fieldNumber] = r.string();
    else if (kind === 5)
      out[f.fieldNumber] = (() => {
        const a: number[] = [];
        r.packedUint64(f.wireType, a);
        return a;
      })();
    else if (kind === 9 && f.fieldNumber >= 5) out[f.fieldNumber] = r.uint64();
    else out[f.fieldNumber] = r.sint64();
  }
  return out;
}

async function fileStatistics(bytes: Uint8Array): Promise<Stats[]> {
  const file = await openOrcFile(bytesSource(bytes));
  const psLength = bytes[bytes.length - 1]!;
  const ps = new ProtoReader(bytes, bytes.length - 1 - psLength, bytes.length - 1);
  let footerLength = 0;
  while (!ps.done) {
    const f = ps.nextField();
    if (f.fieldNumber === 1) footerLength = ps.uint64();
    else ps.skip(f.wireType);
  }
  const footerStart = bytes.length - 1 - psLength - footerLength;
  const footer = decompressStream(
    codecFor(file.compression, undefined),
    bytes.subarray(footerStart, footerStart + footerLength),
    'footer',
  );
  const r = new ProtoReader(footer);
  const stats: Stats[] = [];
  while (!r.done) {
    const f = r.nextField();
    if (f.fieldNumber === 7) stats.push(decodeStats(r.message()));
    else r.skip(f.wireType);
  }
  return stats;
}

describe('ORC writer statistics', () => {
  it('writes count, hasNull, min, max and sum per column in the footer', async () => {
    const schema = struct([
      field('i', IntegerType),
      field('d', DoubleType),
      field('s', StringType),
      field('b', BooleanType),
      field('day', DateType),
      field('dec', decimal(10, 2)),
      field('ts', TimestampType),
    ]);
    const rows: Value[][] = [
      [5, 1.5, 'pear', true, 100, 12345n, 1_500_000n],
      [-3, Number.NaN, 'apple', false, -20, -50n, -2_000_001n],
      [null, 2.5, null, true, null, 150n, null],
    ];
    for (const compression of ['NONE', 'ZSTD'] as const) {
      const stats = await fileStatistics(
        await writeOrcFile(schema, rows, { compression, stripeSizeRows: 2 }),
      );
      expect(stats[0]).toEqual({ numberOfValues: 3, hasNull: false });
      expect(stats[1]).toEqual({ numberOfValues: 2, hasNull: true, m2: { 1: -3n, 2: 5n, 3: 2n } });
      expect(stats[2]).toEqual({ numberOfValues: 3, hasNull: false, m3: { 1: 1.5, 2: 2.5, 3: Number.NaN } });
      expect(stats[3]).toEqual({ numberOfValues: 2, hasNull: true, m4: { 1: 'apple', 2: 'pear', 3: 9n } });
      expect(stats[4]).toEqual({ numberOfValues: 3, hasNull: false, m5: { 1: [2] } });
      expect(stats[5]).toEqual({ numberOfValues: 2, hasNull: true, m7: { 1: -20n, 2: 100n } });
      expect(stats[6]).toEqual({
        numberOfValues: 3,
        hasNull: false,
        m6: { 1: '-0.5', 2: '123.45', 3: '124.45' },
      });
      // Milliseconds (floored) in minimumUtc/maximumUtc, sub-millisecond nanos + 1.
      expect(stats[7]).toEqual({
        numberOfValues: 2,
        hasNull: true,
        m9: { 3: -2001n, 4: 1500n, 5: 999001, 6: 1 },
      });
    }
  });

  it('formats decimal statistics as HiveDecimal text', () => {
    expect(decimalText(12345n, 2)).toBe('123.45');
    expect(decimalText(-5n, 3)).toBe('-0.005');
    expect(decimalText(1200n, 2)).toBe('12');
    expect(decimalText(0n, 4)).toBe('0');
  });
});
