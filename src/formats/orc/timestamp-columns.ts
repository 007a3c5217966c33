/**
 * Timestamps (ORCv1.md "Timestamp Columns"): DATA holds signed seconds since 2015-01-01 00:00:00 in the
 * writer's time zone, SECONDARY the nanoseconds with trailing decimal zeros folded into the low three bits
 * (1000 ns is 0x0a: 1 with 2 + 1 zeros). `timestamp` decodes to the writer's wall clock, as Apache ORC's
 * reader gives it to a reader in GMT; `timestamp with local time zone` counts from 2015-01-01 UTC.
 */

import { type ColumnReadContext, type Presence, requiredStream, rleVersion } from './column-context.js';
import type { ColumnVector } from './column-vector.js';
import { integerReader } from './integer-rle.js';
import { readSignedNumbers } from './primitive-columns.js';
import { ORC_EPOCH_UTC_SECONDS } from './timezone.js';
import type { OrcType } from './type-tree.js';

export function decodeNanos(encoded: number): number {
  const zeros = encoded & 7;
  const n = Math.floor(encoded / 8);
  return zeros === 0 ? n : n * 10 ** (zeros + 1);
}

export function readTimestamp(ctx: ColumnReadContext, t: OrcType, count: number, p: Presence): ColumnVector {
  const stored = readSignedNumbers(ctx, t, new Float64Array(count), p, 'TimestampColumn');
  const denseNanos = new Float64Array(p.nonNull);
  integerReader(
    requiredStream(ctx, t, 'SECONDARY', 'TimestampColumn', p.nonNull),
    false,
    rleVersion(ctx, t),
  ).readNumbers(denseNanos, 0, p.nonNull);
  const toSeconds = t.kind === 'timestamp' ? ctx.toWallClock : (s: number) => s + ORC_EPOCH_UTC_SECONDS;
  const seconds = new Float64Array(count);
  const nanos = new Int32Array(count);
  let j = 0;
  for (let i = 0; i < count; i++) {
    if (p.present !== undefined && p.present[i] === 0) continue;
    const ns = decodeNanos(denseNanos[j++]!);
    let s = toSeconds(stored[i]!);
    // Writers store seconds truncated toward zero; a negative time with a fraction is one second less.
    if (s < 0 && ns > 999999) s -= 1;
    seconds[i] = s;
    nanos[i] = ns;
  }
  return { kind: 'timestamp', type: t, length: count, present: p.present, seconds, nanos };
}
