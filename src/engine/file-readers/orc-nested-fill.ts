/**
 * Nested ORC columns (array, map, struct, uniontype) written straight into DuckDB LIST, MAP and STRUCT
 * output vectors, from the decoded ColumnVectors' offsets, present masks and child vectors: no row objects,
 * no per-value DuckDBValue, a native call per string longer than 12 bytes and a handful per vector else.
 *
 * Why the raw C API: @duckdb/node-api's DuckDBListVector/DuckDBMapVector can only be written through
 * `setItem(row, listValue([...]))` (a JS object per row, re-walked by `flush`), so this file goes one level
 * down to @duckdb/node-bindings (the same native module node-api wraps, version-locked with it): a LIST
 * vector's entries are (offset, length) uint64 pairs written with `copy_data_to_vector`; its child gets its
 * room with `list_vector_reserve` + `list_vector_set_size` and is reached with `list_vector_get_child`; a
 * STRUCT's fields are `struct_vector_get_child(v, i)`; a MAP is a LIST of STRUCT(key, value); validity is a
 * 64-bit-word bitmask copied with `vector_ensure_validity_writable` + `copy_data_to_vector_validity`; fixed
 * width leaves are typed arrays copied in one call; strings are laid out as DuckDB's 16-byte string_t (see
 * writeStrings), those over 12 bytes through `vector_assign_string_element_len`. The table function hands
 * fills the chunk's native vectors (`data_chunk_get_vector`), so no node-api wrapper is built per chunk.
 *
 * Leaves are written in their final DuckDB type, except ORC `timestamp` (see below): strings as VARCHAR
 * (bad UTF-8 repaired to U+FFFD as the rows path's TextDecoder does: DuckDB checks nothing laid out
 * directly, and its C API blanks bad UTF-8), binary as BLOB, dates as DATE days, decimals at their
 * declared width and scale, `timestamp with local time zone` as TIMESTAMPTZ (UTC micros). An ORC
 * `timestamp` is a wall clock that the read interprets in the session time zone: it travels as TIMESTAMP
 * (the wall clock as UTC micros, nanos cut to micros as the rows path cuts them) and the SQL around the
 * scan casts the whole nested value to the read's type (`carrierCast`: CAST(col AS STRUCT(… TIMESTAMPTZ …)));
 * DuckDB casts nested values field by field (structs by name) and TIMESTAMP -> TIMESTAMPTZ in the session
 * zone, exactly as the flat path's make_timestamp cast does. (The rows path cannot read nested timestamps:
 * it hands their microseconds to a text cast, which fails.)
 * A union becomes STRUCT(tag TINYINT, field0, field1, …) with only the chosen variant set (Spark's and the
 * rows path's shape); its variants are gathered through a selection of child rows.
 */

import { isUtf8 } from 'node:buffer';
import {
  BIGINT,
  BLOB,
  BOOLEAN,
  DATE,
  DECIMAL,
  DOUBLE,
  DuckDBDecimalType,
  DuckDBListType,
  DuckDBMapType,
  DuckDBStructType,
  type DuckDBType,
  DuckDBTypeId,
  FLOAT,
  INTEGER,
  SMALLINT,
  TIMESTAMP,
  TIMESTAMPTZ,
  TINYINT,
  VARCHAR,
} from '@duckdb/node-api';
import duckdb from '@duckdb/node-bindings';
import type { ColumnVector, OrcType } from '../../formats/orc/index.js';
import { DEFAULT_DECIMAL_SCALE, decimalShape } from '../../formats/orc/type-tree.js';

/**
 * The DuckDB type that carries an ORC type in a nested column. Struct fields keep
 * the ORC names, as the read's Spark type does, so the cast to the read's type matches them by name.
 */
export function nestedCarrierType(t: OrcType): DuckDBType {
  switch (t.kind) {
    case 'boolean':
      return BOOLEAN;
    case 'tinyint':
      return TINYINT;
    case 'smallint':
      return SMALLINT;
    case 'int':
      return INTEGER;
    case 'bigint':
      return BIGINT;
    case 'float':
      return FLOAT;
    case 'double':
      return DOUBLE;
    case 'string':
    case 'char':
    case 'varchar':
      return VARCHAR;
    case 'binary':
      return BLOB;
    case 'decimal': {
      // The reader opens files with the default Hive 0.11 scale, as the read's schema does.
      const d = decimalShape(t, DEFAULT_DECIMAL_SCALE);
      return DECIMAL(d.precision, d.scale);
    }
    case 'date':
      return DATE;
    case 'timestamp':
      return TIMESTAMP;
    case 'timestamp with local time zone':
      return TIMESTAMPTZ;
    case 'array':
      return new DuckDBListType(nestedCarrierType(t.children[0]!));
    case 'map':
      return new DuckDBMapType(nestedCarrierType(t.children[0]!), nestedCarrierType(t.children[1]!));
    case 'struct':
      return new DuckDBStructType(t.fieldNames, t.children.map(nestedCarrierType));
    case 'uniontype':
      return new DuckDBStructType(
        ['tag', ...t.children.map((_, i) => `field${i}`)],
        [TINYINT, ...t.children.map(nestedCarrierType)],
      );
    default:
      return t.kind satisfies never;
  }
}

/**
 * Writes rows from..from+count of a vector into the output vector's rows 0..count. A nested vector must
 * meet its own carrier type (nestedCarrierType); a flat one is written as the output vector's type, which
 * is its carrier (orc-vector-fill.ts orcCarrier: timestamps as BIGINT micros, strings as BLOB or VARCHAR).
 */
export function columnFill(v: ColumnVector): VectorFill {
  const nested = v.kind === 'list' || v.kind === 'map' || v.kind === 'struct' || v.kind === 'union';
  const type = nested ? nestedCarrierType(v.type) : undefined;
  const strings = new Map<ColumnVector, StringRows>();
  return (out, from, count) => {
    if (type !== undefined && out.type.toString() !== type.toString())
      throw new Error(`ORC nested fill: output vector is ${out.type}, the column's carrier ${type}`);
    write({ vector: out.vector, type: type ?? out.type, strings }, v, { from, sel: undefined }, count);
  };
}

/** One column of a DuckDB output chunk: its native vector and its type. */
export interface OutputVector {
  readonly vector: duckdb.Vector;
  readonly type: DuckDBType;
}

/** Writes rows from..from+count of a column into out[0..count). */
export type VectorFill = (out: OutputVector, from: number, count: number) => void;

/** A fill for a column absent from a file: all NULL. */
export const fillNulls: VectorFill = (out, _from, count) => {
  if (count > 0) writeNulls(out.vector, out.type, count);
};

/**
 * Rows 0..n NULL. A LIST or MAP also gets empty entries and a STRUCT NULL fields, so that nothing below a
 * NULL row is left as whatever the vector held before (DuckDB reuses output vectors between chunks).
 */
function writeNulls(vector: duckdb.Vector, type: DuckDBType, n: number): void {
  duckdb.vector_ensure_validity_writable(vector);
  const mask = new Uint8Array(Math.ceil(n / 64) * 8);
  duckdb.copy_data_to_vector_validity(vector, 0, mask.buffer, 0, mask.byteLength);
  if (type instanceof DuckDBListType || type instanceof DuckDBMapType) {
    const entries = new Uint32Array(n * 4);
    duckdb.copy_data_to_vector(vector, 0, entries.buffer, 0, entries.byteLength);
    duckdb.list_vector_set_size(vector, 0);
  } else if (type instanceof DuckDBStructType) {
    type.entryTypes.forEach((t, i) => {
      writeNulls(duckdb.struct_vector_get_child(vector, i), t, n);
    });
  }
}

const STRING_TYPE: OrcType = {
  id: 0,
  maxId: 0,
  kind: 'string',
  children: [],
  fieldNames: [],
  maximumLength: undefined,
  precision: undefined,
  scale: undefined,
};

/** A fill of one constant VARCHAR (a partition value's text), or NULL. */
export function fillConstant(value: string | null): VectorFill {
  if (value === null) return fillNulls;
  const bytes = new TextEncoder().encode(value);
  const text: Extract<ColumnVector, { kind: 'bytes' }> = {
    kind: 'bytes',
    type: STRING_TYPE,
    length: 1,
    present: undefined,
    offsets: Int32Array.of(0, bytes.length),
    data: bytes,
  };
  const strings = new Map<ColumnVector, StringRows>();
  return (out, _from, count) => {
    // Every row is row 0 of the one-value vector.
    write(
      { vector: out.vector, type: out.type, strings },
      text,
      { from: 0, sel: new Int32Array(count) },
      count,
    );
  };
}

interface Target {
  readonly vector: duckdb.Vector;
  readonly type: DuckDBType;
  /** Per string vector, its rows' bytes (repaired once per stripe when the UTF-8 is bad). */
  readonly strings: Map<ColumnVector, StringRows>;
}

/**
 * Which source rows fill target rows 0..n: from+i, or sel[i] (where -1 means NULL). A selection appears
 * under a union, whose variants own only some of its rows, and in everything below one.
 */
interface Rows {
  readonly from: number;
  readonly sel: Int32Array | undefined;
}

const child = (t: Target, vector: duckdb.Vector, type: DuckDBType): Target => ({
  vector,
  type,
  strings: t.strings,
});

function write(t: Target, v: ColumnVector, rows: Rows, n: number): void {
  if (n === 0) return;
  writeValidity(t.vector, v, rows, n);
  switch (v.kind) {
    case 'list':
      writeList(t, v.offsets, rows, n, (items, childRows, total) => {
        const type = t.type as DuckDBListType;
        write(child(t, items, type.valueType), v.child, childRows, total);
      });
      return;
    case 'map':
      writeList(t, v.offsets, rows, n, (entries, childRows, total) => {
        const type = t.type as DuckDBMapType;
        write(child(t, duckdb.struct_vector_get_child(entries, 0), type.keyType), v.keys, childRows, total);
        write(
          child(t, duckdb.struct_vector_get_child(entries, 1), type.valueType),
          v.values,
          childRows,
          total,
        );
      });
      return;
    case 'struct': {
      const type = t.type as DuckDBStructType;
      v.fields.forEach((f, i) => {
        write(child(t, duckdb.struct_vector_get_child(t.vector, i), type.entryTypes[i]!), f, rows, n);
      });
      return;
    }
    case 'union':
      writeUnion(t, v, rows, n);
      return;
    case 'bytes':
      writeStrings(t, v, rows, n);
      return;
    default:
      copyAll(t.vector, leafData(t, v, rows, n));
  }
}

const asBigInt = (x: bigint | number): bigint => (typeof x === 'bigint' ? x : BigInt(x));

/** The source row of target row i, or -1 for a forced NULL. */
const rowAt = (rows: Rows, i: number): number => (rows.sel === undefined ? rows.from + i : rows.sel[i]!);

/** NULL where the selection says so or the row is not present; nothing written when no row is NULL. */
function writeValidity(vector: duckdb.Vector, v: ColumnVector, rows: Rows, n: number): void {
  const present = v.present;
  const words = Math.ceil(n / 64);
  let mask: Uint8Array<ArrayBuffer> | undefined;
  for (let i = 0; i < n; i++) {
    const r = rowAt(rows, i);
    if (r >= 0 && (present === undefined || present[r] === 1)) continue;
    if (mask === undefined) mask = new Uint8Array(words * 8).fill(0xff);
    mask[i >> 3]! &= ~(1 << (i & 7));
  }
  if (mask === undefined) {
    // A vector DuckDB hands out again may still carry a mask from an earlier chunk.
    if (duckdb.vector_get_validity(vector, 8) === null) return;
    mask = new Uint8Array(words * 8).fill(0xff);
  }
  duckdb.vector_ensure_validity_writable(vector);
  duckdb.copy_data_to_vector_validity(vector, 0, mask.buffer, mask.byteOffset, mask.byteLength);
}

/**
 * A LIST (or MAP) vector: entries (offset, length) per row, then the child sized to every element of
 * these rows, written from the child rows these rows own (a contiguous range unless under a selection).
 */
function writeList(
  t: Target,
  offsets: Int32Array,
  rows: Rows,
  n: number,
  writeChild: (child: duckdb.Vector, childRows: Rows, total: number) => void,
): void {
  // uint64 pairs written as uint32 halves (lengths and offsets stay below 2^31): no BigInt per row.
  const entries = new Uint32Array(n * 4);
  let total = 0;
  for (let i = 0; i < n; i++) {
    const r = rowAt(rows, i);
    const length = r < 0 ? 0 : offsets[r + 1]! - offsets[r]!;
    entries[i * 4] = total;
    entries[i * 4 + 2] = length;
    total += length;
  }
  duckdb.copy_data_to_vector(t.vector, 0, entries.buffer, entries.byteOffset, entries.byteLength);
  let childRows: Rows;
  if (rows.sel === undefined) {
    childRows = { from: offsets[rows.from]!, sel: undefined };
  } else {
    const sel = new Int32Array(total);
    let k = 0;
    for (let i = 0; i < n; i++) {
      const r = rows.sel[i]!;
      if (r < 0) continue;
      for (let c = offsets[r]!; c < offsets[r + 1]!; c++) sel[k++] = c;
    }
    childRows = { from: 0, sel };
  }
  duckdb.list_vector_reserve(t.vector, total);
  duckdb.list_vector_set_size(t.vector, total);
  writeChild(duckdb.list_vector_get_child(t.vector), childRows, total);
}

/** STRUCT(tag, field0, …): the tag, and each variant at the rows that chose it (NULL elsewhere). */
function writeUnion(t: Target, v: Extract<ColumnVector, { kind: 'union' }>, rows: Rows, n: number): void {
  const type = t.type as DuckDBStructType;
  const { tags, childRows, present } = v;
  const tag = new Int8Array(n);
  const sels = v.children.map(() => new Int32Array(n).fill(-1));
  for (let i = 0; i < n; i++) {
    const r = rowAt(rows, i);
    if (r < 0 || (present !== undefined && present[r] === 0)) continue;
    tag[i] = tags[r]!;
    sels[tags[r]!]![i] = childRows[r]!;
  }
  const tagVector = duckdb.struct_vector_get_child(t.vector, 0);
  // The tag is NULL exactly where the union is (the rows path sets no tag for a NULL union).
  writeValidity(tagVector, v, rows, n);
  copyAll(tagVector, tag);
  v.children.forEach((c, k) => {
    write(
      child(t, duckdb.struct_vector_get_child(t.vector, k + 1), type.entryTypes[k + 1]!),
      c,
      {
        from: 0,
        sel: sels[k],
      },
      n,
    );
  });
}

function copyAll(vector: duckdb.Vector, data: ArrayBufferView): void {
  duckdb.copy_data_to_vector(vector, 0, data.buffer as ArrayBuffer, data.byteOffset, data.byteLength);
}

/**
 * Copies n values picked by `rows` from `source` into a fresh array of the target's width; a contiguous
 * range of the same width is copied to DuckDB as it is.
 */
function gather<A extends Int8Array | Int16Array | Int32Array | Float32Array | Float64Array | Uint8Array>(
  target: A,
  source: ArrayLike<number>,
  rows: Rows,
  n: number,
): A {
  for (let i = 0; i < n; i++) {
    const r = rowAt(rows, i);
    target[i] = r < 0 ? 0 : source[r]!;
  }
  return target;
}

/** A fixed-width leaf's values for target rows 0..n, in the target's physical layout. */
function leafData(t: Target, v: ColumnVector, rows: Rows, n: number): ArrayBufferView {
  const id = t.type.typeId;
  switch (v.kind) {
    case 'boolean':
      return gather(new Uint8Array(n), v.values, rows, n);
    case 'int': {
      if (id === DuckDBTypeId.TINYINT) return gather(new Int8Array(n), v.values, rows, n);
      if (id === DuckDBTypeId.SMALLINT) return gather(new Int16Array(n), v.values, rows, n);
      if (rows.sel === undefined) return v.values.subarray(rows.from, rows.from + n);
      return gather(new Int32Array(n), v.values, rows, n);
    }
    case 'float':
      if (rows.sel === undefined) return v.values.subarray(rows.from, rows.from + n);
      return gather(new Float32Array(n), v.values, rows, n);
    case 'double':
      if (rows.sel === undefined) return v.values.subarray(rows.from, rows.from + n);
      return gather(new Float64Array(n), v.values, rows, n);
    case 'long': {
      const values: ArrayLike<bigint | number> = v.values;
      if (rows.sel === undefined && values instanceof BigInt64Array)
        return values.subarray(rows.from, rows.from + n);
      // Also accepts numbers, should a decoder hand them over for narrow values.
      const out = new BigInt64Array(n);
      for (let i = 0; i < n; i++) {
        const r = rowAt(rows, i);
        out[i] = r < 0 ? 0n : asBigInt(values[r]!);
      }
      return out;
    }
    case 'decimal':
      return decimalData(t, v, rows, n);
    case 'timestamp': {
      // BIGINT is the flat carrier (micros, of a wall clock or an instant: the SQL around knows which).
      const instant = v.type.kind === 'timestamp with local time zone';
      if (id !== DuckDBTypeId.BIGINT && instant !== (id === DuckDBTypeId.TIMESTAMP_TZ))
        throw new Error(`ORC nested fill: a ${v.type.kind} column cannot fill a ${t.type} vector`);
      return timestampMicros(v, rows, n);
    }
    default:
      throw new Error(`ORC nested fill: no leaf write for ${v.kind}`);
  }
}

/** Microseconds as int64, as the rows path truncates nanos (floor of nanos / 1000). */
function timestampMicros(
  v: Extract<ColumnVector, { kind: 'timestamp' }>,
  rows: Rows,
  n: number,
): Uint32Array {
  // Written as two uint32 halves where the value is a safe integer, so that no BigInt is made per value.
  const out = new Uint32Array(n * 2);
  const view = new BigInt64Array(out.buffer);
  for (let i = 0; i < n; i++) {
    const r = rowAt(rows, i);
    if (r < 0) continue;
    const seconds = v.seconds[r]!;
    const micros = Math.floor(v.nanos[r]! / 1000);
    const value = seconds * 1_000_000 + micros;
    if (Number.isSafeInteger(value)) {
      const high = Math.floor(value / 4_294_967_296);
      out[i * 2] = value - high * 4_294_967_296;
      out[i * 2 + 1] = high >>> 0;
    } else {
      view[i] = BigInt(seconds) * 1_000_000n + BigInt(micros);
    }
  }
  return out;
}

function decimalData(
  t: Target,
  v: Extract<ColumnVector, { kind: 'decimal' }>,
  rows: Rows,
  n: number,
): ArrayBufferView {
  const type = t.type as DuckDBDecimalType;
  if (!(type instanceof DuckDBDecimalType) || type.scale !== v.scale)
    throw new Error(`ORC nested fill: a decimal at scale ${v.scale} cannot fill a ${t.type} vector`);
  const values: ArrayLike<bigint | number> = v.values;
  const value = (i: number): bigint => {
    const r = rowAt(rows, i);
    return r < 0 ? 0n : asBigInt(values[r]!);
  };
  if (type.width <= 4) {
    const out = new Int16Array(n);
    for (let i = 0; i < n; i++) out[i] = Number(value(i));
    return out;
  }
  if (type.width <= 9) {
    const out = new Int32Array(n);
    for (let i = 0; i < n; i++) out[i] = Number(value(i));
    return out;
  }
  if (type.width <= 18) {
    const out = new BigInt64Array(n);
    for (let i = 0; i < n; i++) out[i] = value(i);
    return out;
  }
  // HUGEINT layout: lower uint64, then upper int64.
  const out = new BigUint64Array(n * 2);
  for (let i = 0; i < n; i++) {
    const x = value(i);
    out[i * 2] = BigInt.asUintN(64, x);
    out[i * 2 + 1] = BigInt.asUintN(64, x >> 64n);
  }
  return out;
}

/** A bytes vector's rows as DuckDB will store them: row r is data[offsets[r]..offsets[r+1]). */
interface StringRows {
  readonly data: Uint8Array;
  readonly offsets: Int32Array;
}

/**
 * DuckDB's string_t is 16 bytes: a uint32 length, then up to 12 bytes inline (zero-padded), or a 4-byte
 * prefix and a pointer into the vector's string heap. Short strings are therefore laid out here and copied
 * in one call (no native call and no view per value); longer ones go through
 * `vector_assign_string_element_len`, which copies them to the heap. NULL rows stay empty.
 */
const STRING_T_BYTES = 16;
const INLINE_BYTES = 12;

function writeStrings(t: Target, v: Extract<ColumnVector, { kind: 'bytes' }>, rows: Rows, n: number): void {
  let source = t.strings.get(v);
  if (source === undefined) {
    // Strings are repaired whatever carries them (a flat string's BLOB is decode()d to VARCHAR in SQL).
    source = stringRows(v, v.type.kind !== 'binary');
    t.strings.set(v, source);
  }
  const { data, offsets } = source;
  const present = v.present;
  const heads = new Uint8Array(n * STRING_T_BYTES);
  const lengths = new Uint32Array(heads.buffer);
  const long: number[] = [];
  for (let i = 0; i < n; i++) {
    const r = rowAt(rows, i);
    if (r < 0 || (present !== undefined && present[r] === 0)) continue;
    const start = offsets[r]!;
    const length = offsets[r + 1]! - start;
    if (length > INLINE_BYTES) {
      long.push(i);
      continue;
    }
    lengths[i * 4] = length;
    const at = i * STRING_T_BYTES + 4;
    for (let k = 0; k < length; k++) heads[at + k] = data[start + k]!;
  }
  copyAll(t.vector, heads);
  for (const i of long) {
    const r = rowAt(rows, i);
    duckdb.vector_assign_string_element_len(t.vector, i, data.subarray(offsets[r]!, offsets[r + 1]!));
  }
}

function stringRows(v: Extract<ColumnVector, { kind: 'bytes' }>, text: boolean): StringRows {
  const { offsets, data } = v;
  if (!text || validUtf8Rows(data, offsets, v.length)) return { data, offsets };
  // DuckDB stores what it is given, so bad UTF-8 is repaired here the way the rows path's TextDecoder
  // repairs it (U+FFFD for each bad sequence; Buffer decodes to the same WHATWG rules), once per vector.
  const buffer = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const parts: Buffer[] = [];
  const repaired = new Int32Array(v.length + 1);
  for (let r = 0; r < v.length; r++) {
    const part = Buffer.from(buffer.toString('utf8', offsets[r]!, offsets[r + 1]!));
    parts.push(part);
    repaired[r + 1] = repaired[r]! + part.length;
  }
  return { data: Buffer.concat(parts), offsets: repaired };
}

/**
 * Whether every row's bytes are valid UTF-8: the whole buffer is, and no row starts inside a character
 * (a continuation byte 10xxxxxx at a row boundary would mean two rows split one character).
 */
export function validUtf8Rows(data: Uint8Array, offsets: Int32Array, rows: number): boolean {
  if (!isUtf8(data)) return false;
  for (let r = 0; r < rows; r++) {
    const start = offsets[r]!;
    if (start < offsets[r + 1]! && ((data[start] ?? 0) & 0xc0) === 0x80) return false;
  }
  return true;
}
