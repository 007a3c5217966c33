/**
 * Spark's VariantBuilder: a JSON document to the binary variant encoding, with parse_json's rules for
 * numbers (VariantBuilder.buildJson): an integer is the smallest of INT1/2/4/8 that holds it, else a decimal
 * (precision <= 38), else a double; a number with a fraction and no exponent is a decimal keeping its scale
 * (`1.50` is DECIMAL(3,2)), else a double. Object keys enter the metadata dictionary in the order they are
 * first met; an object's fields are stored sorted by key, and a key twice in one object is refused
 * (VARIANT_DUPLICATE_KEY), as Spark does unless spark.sql.variant.allowDuplicateKeys is set.
 */
import { LakesqlError } from '../../errors/index.js';
import type { JsonNode } from '../json/json-parser.js';
import {
  BASIC_ARRAY,
  BASIC_OBJECT,
  BASIC_PRIMITIVE,
  BASIC_SHORT_STR,
  MAX_DECIMAL4_PRECISION,
  MAX_DECIMAL8_PRECISION,
  MAX_DECIMAL16_PRECISION,
  MAX_SHORT_STR_SIZE,
  PRIM,
  SIZE_LIMIT,
  VERSION,
} from './variant-format.js';

/** A variant as Spark (and Parquet) store it: two byte strings. */
export interface VariantBytes {
  readonly metadata: Uint8Array;
  readonly value: Uint8Array;
}

/** Thrown when a variant would reach 16 MiB; the caller names the function in VARIANT_SIZE_LIMIT. */
export class VariantSizeLimitError extends Error {}

const utf8 = new TextEncoder();

export class VariantBuilder {
  private readonly keys: string[] = [];
  private readonly keyIds = new Map<string, number>();

  /** The whole variant of one JSON document. */
  static fromJson(node: JsonNode): VariantBytes {
    const b = new VariantBuilder();
    const value = b.build(node);
    return { metadata: b.metadata(), value };
  }

  private build(n: JsonNode): Uint8Array {
    switch (n.t) {
      case 'null':
        return primitive(PRIM.NULL);
      case 'bool':
        return primitive(n.v ? PRIM.TRUE : PRIM.FALSE);
      case 'str':
        return stringVariantValue(n.v);
      case 'num':
        return numberValue(n.text, n.integral);
      case 'arr':
        return arrayValue(n.items.map((i) => this.build(i)));
      case 'obj':
        return this.objectValue(n.entries);
      default: {
        const never: never = n;
        throw new Error(`unknown JSON node ${JSON.stringify(never)}`);
      }
    }
  }

  private objectValue(entries: readonly (readonly [string, JsonNode])[]): Uint8Array {
    const fields = entries.map(([key, node]) => ({ key, id: this.keyId(key), value: this.build(node) }));
    // Java's String.compareTo orders UTF-16 code units, as JavaScript's `<` does.
    fields.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    for (let i = 1; i < fields.length; i++) {
      if (fields[i]!.key === fields[i - 1]!.key) {
        throw new LakesqlError('VARIANT_DUPLICATE_KEY', { key: fields[i]!.key });
      }
    }
    return objectValue(fields);
  }

  private keyId(key: string): number {
    let id = this.keyIds.get(key);
    if (id === undefined) {
      id = this.keys.length;
      this.keys.push(key);
      this.keyIds.set(key, id);
    }
    return id;
  }

  private metadata(): Uint8Array {
    const strings = this.keys.map((k) => asciiBytes(k) ?? utf8.encode(k));
    const total = strings.reduce((n, s) => n + s.length, 0);
    const offsetSize = integerSize(Math.max(total, strings.length));
    const out = new Uint8Array(1 + (strings.length + 2) * offsetSize + total);
    checkSize(out.length);
    out[0] = VERSION | ((offsetSize - 1) << 6);
    writeUnsigned(out, 1, strings.length, offsetSize);
    let offset = 0;
    const dataStart = 1 + (strings.length + 2) * offsetSize;
    strings.forEach((s, i) => {
      writeUnsigned(out, 1 + (i + 1) * offsetSize, offset, offsetSize);
      out.set(s, dataStart + offset);
      offset += s.length;
    });
    writeUnsigned(out, 1 + (strings.length + 1) * offsetSize, offset, offsetSize);
    return out;
  }
}

function primitive(type: number, contentSize = 0): Uint8Array {
  const out = new Uint8Array(1 + contentSize);
  out[0] = (type << 2) | BASIC_PRIMITIVE;
  return out;
}

export function stringVariantValue(s: string): Uint8Array {
  const bytes = asciiBytes(s) ?? utf8.encode(s);
  if (bytes.length <= MAX_SHORT_STR_SIZE) {
    const out = new Uint8Array(1 + bytes.length);
    out[0] = (bytes.length << 2) | BASIC_SHORT_STR;
    out.set(bytes, 1);
    return out;
  }
  checkSize(bytes.length);
  const out = primitive(PRIM.LONG_STR, 4 + bytes.length);
  writeUnsigned(out, 1, bytes.length, 4);
  out.set(bytes, 5);
  return out;
}

const INT_TYPES = [
  { type: PRIM.INT1, bytes: 1 },
  { type: PRIM.INT2, bytes: 2 },
  { type: PRIM.INT4, bytes: 4 },
  { type: PRIM.INT8, bytes: 8 },
] as const;

export function longValue(v: bigint): Uint8Array {
  for (const { type, bytes } of INT_TYPES) {
    const limit = 1n << BigInt(bytes * 8 - 1);
    if (v >= -limit && v < limit) {
      const out = primitive(type, bytes);
      writeSigned(out, 1, v, bytes);
      return out;
    }
  }
  throw new Error(`not a long: ${v}`);
}

function smallIntValue(n: number): Uint8Array {
  if (n >= -0x80 && n < 0x80) return new Uint8Array([PRIM.INT1 << 2, n & 0xff]);
  if (n >= -0x8000 && n < 0x8000) return new Uint8Array([PRIM.INT2 << 2, n & 0xff, (n >> 8) & 0xff]);
  return new Uint8Array([PRIM.INT4 << 2, n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >> 24) & 0xff]);
}

export function doubleValue(d: number): Uint8Array {
  const out = primitive(PRIM.DOUBLE, 8);
  new DataView(out.buffer).setFloat64(1, d, true);
  return out;
}

/** A decimal from its unscaled value and scale (precision and scale at most 38, as the caller checked). */
export function decimalValue(unscaled: bigint, scale: number, precision: number): Uint8Array {
  const [type, bytes] =
    precision <= MAX_DECIMAL4_PRECISION && scale <= MAX_DECIMAL4_PRECISION
      ? [PRIM.DECIMAL4, 4]
      : precision <= MAX_DECIMAL8_PRECISION && scale <= MAX_DECIMAL8_PRECISION
        ? [PRIM.DECIMAL8, 8]
        : [PRIM.DECIMAL16, 16];
  const out = primitive(type, 1 + bytes);
  out[1] = scale;
  writeSigned(out, 2, unscaled, bytes);
  return out;
}

const LONG_MIN = -(1n << 63n);
const LONG_MAX = (1n << 63n) - 1n;

function numberValue(text: string, integral: boolean): Uint8Array {
  // Most integers fit INT1..INT4: written from a JS number, without BigInt.
  if (integral && text.length <= 10) {
    const n = Number(text);
    if (n >= -0x80000000 && n <= 0x7fffffff) return smallIntValue(n);
  }
  if (integral) {
    const v = BigInt(text);
    if (v >= LONG_MIN && v <= LONG_MAX) return longValue(v);
  }
  return decimalFromText(text) ?? doubleValue(Number(text));
}

/** Spark's tryParseDecimal: plain digits with an optional point (no exponent) within DECIMAL(38, 38). */
function decimalFromText(text: string): Uint8Array | undefined {
  if (!/^-?\d*\.?\d*$/.test(text)) return undefined;
  const [whole = '', fraction = ''] = text.replace('-', '').split('.');
  const unscaled = BigInt(`${whole}${fraction}` || '0');
  const scale = fraction.length;
  const digits = unscaled === 0n ? 1 : unscaled.toString().length;
  // BigDecimal's precision counts at least the scale's digits (0.001 is precision 1, scale 3).
  const precision = Math.max(digits, 1);
  if (scale > MAX_DECIMAL16_PRECISION || precision > MAX_DECIMAL16_PRECISION) return undefined;
  return decimalValue(text.startsWith('-') ? -unscaled : unscaled, scale, precision);
}

export function arrayValue(items: readonly Uint8Array[]): Uint8Array {
  const dataSize = items.reduce((n, i) => n + i.length, 0);
  const large = items.length > 0xff;
  const sizeBytes = large ? 4 : 1;
  const offsetSize = integerSize(dataSize);
  const dataStart = 1 + sizeBytes + (items.length + 1) * offsetSize;
  const out = new Uint8Array(dataStart + dataSize);
  checkSize(out.length);
  out[0] = ((((large ? 1 : 0) << 2) | (offsetSize - 1)) << 2) | BASIC_ARRAY;
  writeUnsigned(out, 1, items.length, sizeBytes);
  let offset = 0;
  items.forEach((item, i) => {
    writeUnsigned(out, 1 + sizeBytes + i * offsetSize, offset, offsetSize);
    out.set(item, dataStart + offset);
    offset += item.length;
  });
  writeUnsigned(out, 1 + sizeBytes + items.length * offsetSize, offset, offsetSize);
  return out;
}

/** An object of fields already sorted by key and free of duplicates; `id` indexes the metadata dictionary. */
export function objectValue(
  fields: readonly { readonly id: number; readonly value: Uint8Array }[],
): Uint8Array {
  const dataSize = fields.reduce((n, f) => n + f.value.length, 0);
  const large = fields.length > 0xff;
  const sizeBytes = large ? 4 : 1;
  const idSize = integerSize(fields.reduce((m, f) => Math.max(m, f.id), 0));
  const offsetSize = integerSize(dataSize);
  const idStart = 1 + sizeBytes;
  const offsetStart = idStart + fields.length * idSize;
  const dataStart = offsetStart + (fields.length + 1) * offsetSize;
  const out = new Uint8Array(dataStart + dataSize);
  checkSize(out.length);
  out[0] = ((((large ? 1 : 0) << 4) | ((idSize - 1) << 2) | (offsetSize - 1)) << 2) | BASIC_OBJECT;
  writeUnsigned(out, 1, fields.length, sizeBytes);
  let offset = 0;
  fields.forEach((f, i) => {
    writeUnsigned(out, idStart + i * idSize, f.id, idSize);
    writeUnsigned(out, offsetStart + i * offsetSize, offset, offsetSize);
    out.set(f.value, dataStart + offset);
    offset += f.value.length;
  });
  writeUnsigned(out, offsetStart + fields.length * offsetSize, offset, offsetSize);
  return out;
}

function integerSize(v: number): number {
  return v <= 0xff ? 1 : v <= 0xffff ? 2 : v <= 0xffffff ? 3 : 4;
}

function checkSize(n: number): void {
  if (n > SIZE_LIMIT) throw new VariantSizeLimitError();
}

function writeUnsigned(out: Uint8Array, pos: number, v: number, bytes: number): void {
  for (let i = 0; i < bytes; i++) out[pos + i] = (v >>> (8 * i)) & 0xff;
}

function writeSigned(out: Uint8Array, pos: number, v: bigint, bytes: number): void {
  let x = BigInt.asUintN(bytes * 8, v);
  for (let i = 0; i < bytes; i++) {
    out[pos + i] = Number(x & 0xffn);
    x >>= 8n;
  }
}

/** The bytes of an ASCII string (a plain copy, quicker than TextEncoder for short keys and values). */
function asciiBytes(s: string): Uint8Array | undefined {
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c > 0x7f) return undefined;
    out[i] = c;
  }
  return out;
}
