/**
 * Decimals (ORCv1.md "Decimal Columns"): DATA holds each unscaled value as an unbounded zigzag varint and
 * SECONDARY its scale; values are rescaled to the column's declared scale (truncating, as Apache ORC's
 * C++ reader does). ORC's pre-2.0 files (version 1.9999) store precision <= 18 as "decimal64": RLE v2
 * integers already at the declared scale, with no SECONDARY stream (ORCv2.md "Decimal Columns").
 */

import { type ColumnReadContext, type Presence, requiredStream, rleVersion } from './column-context.js';
import type { ColumnVector } from './column-vector.js';
import { integerReader } from './integer-rle.js';
import { decimalShape, type OrcType } from './type-tree.js';

const POWERS_OF_TEN: bigint[] = Array.from({ length: 80 }, (_, i) => 10n ** BigInt(i));

export function readDecimal(ctx: ColumnReadContext, t: OrcType, count: number, p: Presence): ColumnVector {
  const { precision, scale } = decimalShape(t, ctx.hive11Scale);
  const values: bigint[] = new Array(count).fill(0n);
  if (ctx.decimal64 && precision <= 18 && !ctx.streams.has(t.id, 'SECONDARY')) {
    const dense = new BigInt64Array(p.nonNull);
    integerReader(requiredStream(ctx, t, 'DATA', 'Decimal64Column', p.nonNull), true, 2).read(
      dense,
      0,
      p.nonNull,
    );
    let j = 0;
    for (let i = 0; i < count; i++)
      if (p.present === undefined || p.present[i] === 1) values[i] = dense[j++]!;
  } else {
    const data = requiredStream(ctx, t, 'DATA', 'DecimalColumn', p.nonNull);
    const scales = new Float64Array(p.nonNull);
    integerReader(
      requiredStream(ctx, t, 'SECONDARY', 'DecimalColumn', p.nonNull),
      true,
      rleVersion(ctx, t),
    ).readNumbers(scales, 0, p.nonNull);
    let j = 0;
    for (let i = 0; i < count; i++) {
      if (p.present !== undefined && p.present[i] === 0) continue;
      values[i] = rescale(data.unboundedSvarint(), scales[j++]!, scale);
    }
  }
  return { kind: 'decimal', type: t, length: count, present: p.present, precision, scale, values };
}

function rescale(unscaled: bigint, from: number, to: number): bigint {
  if (from === to) return unscaled;
  const diff = Math.min(Math.abs(to - from), POWERS_OF_TEN.length - 1);
  // BigInt division truncates toward zero, as the C++ reader's Int128 division does.
  return from < to ? unscaled * POWERS_OF_TEN[diff]! : unscaled / POWERS_OF_TEN[diff]!;
}
