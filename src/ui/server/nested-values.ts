/**
 * Arrays, maps and structs as a tree the grid can unfold: each level keeps its shape (elements, entries,
 * named fields) and each leaf is the value's display text, as its own column would show it (a string without
 * the quotes HiveResult puts around nested strings, NULL as null). The one-line display text stays the cell's
 * text; the tree travels beside it for the cells a user expands.
 */
import { hiveResultString } from '../../exec/value-format/index.js';
import type { DataType } from '../../types/data-types.js';
import type { MapValue, StructValue, Value } from '../../types/value.js';

export type NestedNode =
  | string
  | null
  | { readonly array: readonly NestedNode[] }
  | { readonly map: readonly (readonly [NestedNode, NestedNode])[] }
  | { readonly struct: readonly (readonly [string, NestedNode])[] };

export function isNested(type: DataType): boolean {
  return type.kind === 'array' || type.kind === 'map' || type.kind === 'struct';
}

export function nestedTree(value: Value, type: DataType, timeZone: string): NestedNode {
  if (value === null) return null;
  switch (type.kind) {
    case 'array':
      return { array: (value as readonly Value[]).map((e) => nestedTree(e, type.elementType, timeZone)) };
    case 'map':
      return {
        map: (value as MapValue).entries.map(
          ([k, v]) =>
            [nestedTree(k, type.keyType, timeZone), nestedTree(v, type.valueType, timeZone)] as const,
        ),
      };
    case 'struct': {
      const fields = (value as StructValue).fields;
      return {
        struct: type.fields.map(
          (f) => [f.name, nestedTree(fields[f.name] ?? null, f.type, timeZone)] as const,
        ),
      };
    }
    default:
      return hiveResultString(value, type, { timeZone });
  }
}
