/**
 * One row of a ColumnVector as a Value (types/value.ts): the edge where columnar data becomes JS values.
 * long -> bigint, decimal -> unscaled bigint, date -> days, timestamp -> bigint microseconds, binary ->
 * Uint8Array, union -> struct<tag, field0, field1, …> with only the chosen variant's field set.
 */
import type { Value } from '../../types/value.js';
import { type ColumnVector, isNull } from './column-vector.js';

const utf8 = new TextDecoder();

export function rowValue(v: ColumnVector, row: number): Value {
  if (isNull(v, row)) return null;
  switch (v.kind) {
    case 'boolean':
      return v.values[row] === 1;
    case 'int':
    case 'float':
    case 'double':
      return v.values[row]!;
    case 'long':
      return v.values[row]!;
    case 'bytes': {
      const bytes = v.data.subarray(v.offsets[row]!, v.offsets[row + 1]!);
      return v.type.kind === 'binary' ? new Uint8Array(bytes) : utf8.decode(bytes);
    }
    case 'decimal':
      return v.values[row]!;
    case 'timestamp':
      return BigInt(v.seconds[row]!) * 1_000_000n + BigInt(Math.floor(v.nanos[row]! / 1000));
    case 'list': {
      const out: Value[] = [];
      for (let i = v.offsets[row]!; i < v.offsets[row + 1]!; i++) out.push(rowValue(v.child, i));
      return out;
    }
    case 'map': {
      const entries: (readonly [Value, Value])[] = [];
      for (let i = v.offsets[row]!; i < v.offsets[row + 1]!; i++) {
        entries.push([rowValue(v.keys, i), rowValue(v.values, i)]);
      }
      return { kind: 'map', entries };
    }
    case 'struct': {
      const fields: Record<string, Value> = {};
      v.fields.forEach((f, i) => {
        fields[v.type.fieldNames[i]!] = rowValue(f, row);
      });
      return { kind: 'struct', fields };
    }
    case 'union': {
      const tag = v.tags[row]!;
      const fields: Record<string, Value> = { tag };
      v.children.forEach((c, i) => {
        fields[`field${i}`] = i === tag ? rowValue(c, v.childRows[row]!) : null;
      });
      return { kind: 'struct', fields };
    }
    default:
      return v satisfies never;
  }
}
