/**
 * Rows [start, start + count) of a decoded column as a vector indexed from 0: what decodeRowGroups
 * returns for a column whose row index cannot place the range (the writer recorded no positions), after
 * decoding the column whole. Typed arrays are shared (subarray), not copied.
 */
import type { ColumnVector } from './column-vector.js';

export function sliceVector(v: ColumnVector, start: number, count: number): ColumnVector {
  const end = start + count;
  const present = slicePresence(v.present, start, count);
  const base = { type: v.type, length: count, present };
  switch (v.kind) {
    case 'boolean':
      return { ...base, kind: v.kind, values: v.values.subarray(start, end) };
    case 'int':
      return { ...base, kind: v.kind, values: v.values.subarray(start, end) };
    case 'long':
      return { ...base, kind: v.kind, values: v.values.subarray(start, end) };
    case 'float':
      return { ...base, kind: v.kind, values: v.values.subarray(start, end) };
    case 'double':
      return { ...base, kind: v.kind, values: v.values.subarray(start, end) };
    case 'bytes': {
      const from = v.offsets[start]!;
      return {
        ...base,
        kind: v.kind,
        offsets: rebase(v.offsets, start, count),
        data: v.data.subarray(from, v.offsets[end]!),
      };
    }
    case 'decimal':
      return {
        ...base,
        kind: v.kind,
        precision: v.precision,
        scale: v.scale,
        values: v.values.slice(start, end),
      };
    case 'timestamp':
      return {
        ...base,
        kind: v.kind,
        seconds: v.seconds.subarray(start, end),
        nanos: v.nanos.subarray(start, end),
      };
    case 'list': {
      const from = v.offsets[start]!;
      const n = v.offsets[end]! - from;
      return {
        ...base,
        kind: v.kind,
        offsets: rebase(v.offsets, start, count),
        child: sliceVector(v.child, from, n),
      };
    }
    case 'map': {
      const from = v.offsets[start]!;
      const n = v.offsets[end]! - from;
      return {
        ...base,
        kind: v.kind,
        offsets: rebase(v.offsets, start, count),
        keys: sliceVector(v.keys, from, n),
        values: sliceVector(v.values, from, n),
      };
    }
    case 'struct':
      return { ...base, kind: v.kind, fields: v.fields.map((f) => sliceVector(f, start, count)) };
    case 'union':
      // childRows index the variants' whole vectors, which stay as they are.
      return {
        ...base,
        kind: v.kind,
        tags: v.tags.subarray(start, end),
        childRows: v.childRows.subarray(start, end),
        children: v.children,
      };
    default:
      return v satisfies never;
  }
}

/** A presence mask's rows [start, start + count); undefined when none of them is null. */
export function slicePresence(
  present: Uint8Array | undefined,
  start: number,
  count: number,
): Uint8Array | undefined {
  if (present === undefined) return undefined;
  const part = present.subarray(start, start + count);
  return part.includes(0) ? part : undefined;
}

function rebase(offsets: Int32Array, start: number, count: number): Int32Array {
  const out = new Int32Array(count + 1);
  const from = offsets[start]!;
  for (let i = 0; i <= count; i++) out[i] = offsets[start + i]! - from;
  return out;
}
