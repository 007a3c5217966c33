/**
 * string, char, varchar and binary (ORCv1.md "String, Char, and VarChar Columns", "Binary Columns"):
 * DIRECT stores the bytes in DATA and each length in LENGTH; DICTIONARY stores the distinct values in
 * DICTIONARY_DATA with their LENGTHs, and DATA holds each row's dictionary index. Both decode to one
 * offsets + bytes vector.
 */

import { type ColumnReadContext, type Presence, requiredStream, rleVersion } from './column-context.js';
import type { ColumnVector } from './column-vector.js';
import { integerReader } from './integer-rle.js';
import { OrcFormatError, orcCheck } from './orc-error.js';
import type { OrcType } from './type-tree.js';

export function readBytes(ctx: ColumnReadContext, t: OrcType, count: number, p: Presence): ColumnVector {
  const encoding = ctx.streams.encoding(t.id);
  const dictionary = encoding.kind === 'DICTIONARY' || encoding.kind === 'DICTIONARY_V2';
  return dictionary && t.kind !== 'binary'
    ? readDictionary(ctx, t, count, p, encoding.dictionarySize)
    : readDirect(ctx, t, count, p);
}

function readLengths(ctx: ColumnReadContext, t: OrcType, n: number, reader: string): Float64Array {
  const lengths = new Float64Array(n);
  integerReader(requiredStream(ctx, t, 'LENGTH', reader, n), false, rleVersion(ctx, t)).readNumbers(
    lengths,
    0,
    n,
  );
  return lengths;
}

function readDirect(ctx: ColumnReadContext, t: OrcType, count: number, p: Presence): ColumnVector {
  const lengths = readLengths(ctx, t, p.nonNull, 'StringDirectColumn');
  const offsets = new Int32Array(count + 1);
  let total = 0;
  let j = 0;
  for (let i = 0; i < count; i++) {
    if (p.present === undefined || p.present[i] === 1) {
      const len = lengths[j++]!;
      orcCheck(len >= 0 && len < 0x7fffffff, () => `ORC: column ${t.id}: bad value length ${len}`);
      total += len;
      orcCheck(total < 0x7fffffff, () => `ORC: column ${t.id}: values total over 2 GiB in one stripe`);
    }
    offsets[i + 1] = total;
  }
  const data = requiredStream(ctx, t, 'DATA', 'StringDirectColumn', total).take(total);
  return { kind: 'bytes', type: t, length: count, present: p.present, offsets, data };
}

function readDictionary(
  ctx: ColumnReadContext,
  t: OrcType,
  count: number,
  p: Presence,
  dictionarySize: number,
): ColumnVector {
  const reader = 'StringDictionaryColumn';
  // A stripe's dictionary holds only values its rows use: a bound on memory for a corrupt size. (Rows of a
  // range of row groups may use only some of it.)
  orcCheck(
    ctx.rowGroups === true || dictionarySize <= p.nonNull,
    () => `ORC: column ${t.id}: dictionary size ${dictionarySize} exceeds the stripe's ${p.nonNull} values`,
  );
  const lengths = readLengths(ctx, t, dictionarySize, reader);
  const starts = new Float64Array(dictionarySize + 1);
  for (let k = 0; k < dictionarySize; k++) {
    const len = lengths[k]!;
    if (len < 0) throw new OrcFormatError(`ORC: column ${t.id}: Negative dictionary entry length ${len}`);
    starts[k + 1] = starts[k]! + len;
  }
  const blobLength = starts[dictionarySize]!;
  const dictBytes = requiredStream(ctx, t, 'DICTIONARY_DATA', reader, blobLength).take(blobLength);
  const ids = new Float64Array(p.nonNull);
  integerReader(requiredStream(ctx, t, 'DATA', reader, p.nonNull), false, rleVersion(ctx, t)).readNumbers(
    ids,
    0,
    p.nonNull,
  );
  const offsets = new Int32Array(count + 1);
  let total = 0;
  let j = 0;
  const rowIds = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    if (p.present === undefined || p.present[i] === 1) {
      const id = ids[j++]!;
      orcCheck(
        id >= 0 && id < dictionarySize,
        () => `ORC: column ${t.id}: dictionary index ${id} outside the dictionary of ${dictionarySize}`,
      );
      const k = id;
      rowIds[i] = k;
      total += starts[k + 1]! - starts[k]!;
    }
    offsets[i + 1] = total;
  }
  const data = new Uint8Array(total);
  // A byte loop: values are short, and a subarray per row would cost more than the copy.
  for (let i = 0; i < count; i++) {
    let at = offsets[i]!;
    const end = offsets[i + 1]!;
    if (at === end) continue;
    const k = rowIds[i]!;
    for (let b = starts[k]!; at < end; b++) data[at++] = dictBytes[b]!;
  }
  return { kind: 'bytes', type: t, length: count, present: p.present, offsets, data };
}
