/**
 * list, map, struct and union (ORCv1.md "Struct Columns" … "Union Columns"). A struct's children have a
 * value slot for every row of the struct but stream entries only where the struct is present. A list's
 * or map's LENGTH gives how many child rows each row owns; a union's DATA (byte RLE) the variant of each
 * row, whose value is the next row of that variant's child.
 */
import { ByteRleReader } from './byte-rle.js';
import { type ColumnReadContext, type Presence, requiredStream, rleVersion } from './column-context.js';
import type { ColumnVector } from './column-vector.js';
import { integerReader } from './integer-rle.js';
import { orcCheck } from './orc-error.js';
import type { OrcType } from './type-tree.js';

export type ReadChild = (t: OrcType, count: number, incoming: Uint8Array | undefined) => ColumnVector;

const MAX_ROWS = 0x7fffffff;

export function readStruct(t: OrcType, count: number, p: Presence, readChild: ReadChild): ColumnVector {
  const fields = t.children.map((c) => readChild(c, count, p.present));
  return { kind: 'struct', type: t, length: count, present: p.present, fields };
}

function readOffsets(ctx: ColumnReadContext, t: OrcType, count: number, p: Presence): Int32Array {
  const lengths = new Float64Array(p.nonNull);
  integerReader(
    requiredStream(ctx, t, 'LENGTH', 'ListColumn', p.nonNull),
    false,
    rleVersion(ctx, t),
  ).readNumbers(lengths, 0, p.nonNull);
  const offsets = new Int32Array(count + 1);
  let total = 0;
  let j = 0;
  for (let i = 0; i < count; i++) {
    if (p.present === undefined || p.present[i] === 1) {
      const len = lengths[j++]!;
      orcCheck(len >= 0, () => `ORC: column ${t.id}: negative ${t.kind} length ${len}`);
      total += len;
      orcCheck(total <= MAX_ROWS, () => `ORC: column ${t.id}: ${t.kind} lengths sum past ${MAX_ROWS}`);
    }
    offsets[i + 1] = total;
  }
  return offsets;
}

export function readList(
  ctx: ColumnReadContext,
  t: OrcType,
  count: number,
  p: Presence,
  readChild: ReadChild,
): ColumnVector {
  const offsets = readOffsets(ctx, t, count, p);
  const child = readChild(t.children[0]!, offsets[count]!, undefined);
  return { kind: 'list', type: t, length: count, present: p.present, offsets, child };
}

export function readMap(
  ctx: ColumnReadContext,
  t: OrcType,
  count: number,
  p: Presence,
  readChild: ReadChild,
): ColumnVector {
  const offsets = readOffsets(ctx, t, count, p);
  const n = offsets[count]!;
  const keys = readChild(t.children[0]!, n, undefined);
  const values = readChild(t.children[1]!, n, undefined);
  return { kind: 'map', type: t, length: count, present: p.present, offsets, keys, values };
}

export function readUnion(
  ctx: ColumnReadContext,
  t: OrcType,
  count: number,
  p: Presence,
  readChild: ReadChild,
): ColumnVector {
  const tagReader = new ByteRleReader(requiredStream(ctx, t, 'DATA', 'UnionColumn', p.nonNull));
  const tags = new Uint8Array(count);
  const childRows = new Int32Array(count);
  const perVariant = new Array<number>(t.children.length).fill(0);
  for (let i = 0; i < count; i++) {
    if (p.present !== undefined && p.present[i] === 0) continue;
    const tag = tagReader.next();
    orcCheck(
      tag < t.children.length,
      () => `ORC: column ${t.id}: union tag ${tag} of ${t.children.length} variants`,
    );
    tags[i] = tag;
    childRows[i] = perVariant[tag]!;
    perVariant[tag]!++;
  }
  const children = t.children.map((c, k) => readChild(c, perVariant[k]!, undefined));
  return { kind: 'union', type: t, length: count, present: p.present, tags, childRows, children };
}
