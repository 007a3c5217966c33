/**
 * A decoded column of one stripe: typed arrays where the type allows, a `present` mask (1 = not null;
 * absent when no row is null), nested vectors for list, map, struct and union. Rows of a null parent are
 * null in the children too. Values are stored at every row index; a null row's slot holds a zero.
 */
import type { OrcType } from './type-tree.js';

interface VectorBase {
  readonly type: OrcType;
  readonly length: number;
  /** 1 where the row is not null; undefined when no row is null. */
  readonly present: Uint8Array | undefined;
}

export type ColumnVector =
  | (VectorBase & { readonly kind: 'boolean'; readonly values: Uint8Array })
  /** tinyint, smallint, int, and date (days since 1970-01-01). */
  | (VectorBase & { readonly kind: 'int'; readonly values: Int32Array })
  | (VectorBase & { readonly kind: 'long'; readonly values: BigInt64Array })
  | (VectorBase & { readonly kind: 'float'; readonly values: Float32Array })
  | (VectorBase & { readonly kind: 'double'; readonly values: Float64Array })
  /** string, char, varchar (UTF-8) and binary: row i is data[offsets[i]..offsets[i+1]). */
  | (VectorBase & { readonly kind: 'bytes'; readonly offsets: Int32Array; readonly data: Uint8Array })
  /** Unscaled values at the column's declared `scale`. */
  | (VectorBase & {
      readonly kind: 'decimal';
      readonly precision: number;
      readonly scale: number;
      readonly values: readonly bigint[];
    })
  /**
   * `seconds` since 1970-01-01 and `nanos` within the second. For ORC `timestamp` these are the writer's
   * wall clock read as UTC; for `timestamp with local time zone` they are the UTC instant.
   */
  | (VectorBase & { readonly kind: 'timestamp'; readonly seconds: Float64Array; readonly nanos: Int32Array })
  /** Row i's elements are child rows offsets[i]..offsets[i+1]. */
  | (VectorBase & { readonly kind: 'list'; readonly offsets: Int32Array; readonly child: ColumnVector })
  | (VectorBase & {
      readonly kind: 'map';
      readonly offsets: Int32Array;
      readonly keys: ColumnVector;
      readonly values: ColumnVector;
    })
  | (VectorBase & { readonly kind: 'struct'; readonly fields: readonly ColumnVector[] })
  /** Row i holds variant tags[i], at row childRows[i] of children[tags[i]]. */
  | (VectorBase & {
      readonly kind: 'union';
      readonly tags: Uint8Array;
      readonly childRows: Int32Array;
      readonly children: readonly ColumnVector[];
    });

export function isNull(v: ColumnVector, row: number): boolean {
  return v.present !== undefined && v.present[row] === 0;
}
