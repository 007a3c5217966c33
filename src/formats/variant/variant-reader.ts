/**
 * Reading Spark's binary variant encoding (VariantUtil): the type of a value, its scalars, object fields and
 * array elements, and Spark's JSON text of it (Variant.toJson: no spaces, fields in stored order, which is key
 * order; decimals without trailing zeros; doubles as Java prints them). Bytes that break the encoding raise
 * MALFORMED_VARIANT, never a wrong answer.
 */
import { javaDoubleToString, javaFloatToString } from '../../types/java-double-text.js';
import {
  BASIC_ARRAY,
  BASIC_OBJECT,
  BASIC_SHORT_STR,
  MAX_DECIMAL4_PRECISION,
  MAX_DECIMAL8_PRECISION,
  MAX_DECIMAL16_PRECISION,
  malformedVariant,
  PRIM,
  VERSION,
} from './variant-format.js';

export type VariantKind =
  | 'object'
  | 'array'
  | 'null'
  | 'boolean'
  | 'long'
  | 'string'
  | 'double'
  | 'decimal'
  | 'date'
  | 'timestamp'
  | 'timestamp_ntz'
  | 'float'
  | 'binary'
  | 'uuid';

const utf8 = new TextDecoder('utf-8', { fatal: false });

/** One value inside a variant: the shared metadata and the value bytes from `pos`. */
export class VariantValue {
  constructor(
    readonly metadata: Uint8Array,
    readonly value: Uint8Array,
    readonly pos = 0,
  ) {
    if (metadata.length < 1 || (metadata[0]! & 0x0f) !== VERSION) throw malformedVariant();
  }

  private header(): number {
    if (this.pos >= this.value.length) throw malformedVariant();
    return this.value[this.pos]!;
  }

  private typeInfo(): number {
    return this.header() >> 2;
  }

  kind(): VariantKind {
    const h = this.header();
    switch (h & 3) {
      case BASIC_SHORT_STR:
        return 'string';
      case BASIC_OBJECT:
        return 'object';
      case BASIC_ARRAY:
        return 'array';
    }
    switch (h >> 2) {
      case PRIM.NULL:
        return 'null';
      case PRIM.TRUE:
      case PRIM.FALSE:
        return 'boolean';
      case PRIM.INT1:
      case PRIM.INT2:
      case PRIM.INT4:
      case PRIM.INT8:
        return 'long';
      case PRIM.DOUBLE:
        return 'double';
      case PRIM.DECIMAL4:
      case PRIM.DECIMAL8:
      case PRIM.DECIMAL16:
        return 'decimal';
      case PRIM.DATE:
        return 'date';
      case PRIM.TIMESTAMP:
        return 'timestamp';
      case PRIM.TIMESTAMP_NTZ:
        return 'timestamp_ntz';
      case PRIM.FLOAT:
        return 'float';
      case PRIM.BINARY:
        return 'binary';
      case PRIM.LONG_STR:
        return 'string';
      case PRIM.UUID:
        return 'uuid';
      default:
        throw malformedVariant();
    }
  }

  boolean(): boolean {
    return this.typeInfo() === PRIM.TRUE;
  }

  /** INT1..INT8, and the day/microsecond counts of dates and timestamps. */
  long(): bigint {
    const t = this.typeInfo();
    const size = t === PRIM.INT1 ? 1 : t === PRIM.INT2 ? 2 : t === PRIM.INT4 || t === PRIM.DATE ? 4 : 8;
    return readSigned(this.value, this.pos + 1, size);
  }

  double(): number {
    this.check(this.pos + 8);
    return new DataView(this.value.buffer, this.value.byteOffset).getFloat64(this.pos + 1, true);
  }

  float(): number {
    this.check(this.pos + 4);
    return new DataView(this.value.buffer, this.value.byteOffset).getFloat32(this.pos + 1, true);
  }

  /** The unscaled value and the stored scale. */
  decimal(): { readonly unscaled: bigint; readonly scale: number } {
    const t = this.typeInfo();
    const [size, max] =
      t === PRIM.DECIMAL4
        ? [4, MAX_DECIMAL4_PRECISION]
        : t === PRIM.DECIMAL8
          ? [8, MAX_DECIMAL8_PRECISION]
          : [16, MAX_DECIMAL16_PRECISION];
    this.check(this.pos + 1);
    const scale = this.value[this.pos + 1]!;
    const unscaled = readSigned(this.value, this.pos + 2, size);
    const digits = (unscaled < 0n ? -unscaled : unscaled).toString().length;
    if (scale > max || digits > max) throw malformedVariant();
    return { unscaled, scale };
  }

  string(): string {
    const h = this.header();
    if ((h & 3) === BASIC_SHORT_STR) return this.text(this.pos + 1, h >> 2);
    return this.text(this.pos + 5, readUnsigned(this.value, this.pos + 1, 4));
  }

  binary(): Uint8Array {
    const length = readUnsigned(this.value, this.pos + 1, 4);
    this.check(this.pos + 4 + length);
    return this.value.subarray(this.pos + 5, this.pos + 5 + length);
  }

  private text(start: number, length: number): string {
    if (length > 0) this.check(start + length - 1);
    return utf8.decode(this.value.subarray(start, start + length));
  }

  private check(last: number): void {
    if (last >= this.value.length) throw malformedVariant();
  }

  /** An object's size and where its id, offset and data lists start. */
  private objectLayout() {
    const info = this.typeInfo();
    const sizeBytes = (info >> 4) & 1 ? 4 : 1;
    const idSize = ((info >> 2) & 3) + 1;
    const offsetSize = (info & 3) + 1;
    const size = readUnsigned(this.value, this.pos + 1, sizeBytes);
    const idStart = this.pos + 1 + sizeBytes;
    const offsetStart = idStart + size * idSize;
    const dataStart = offsetStart + (size + 1) * offsetSize;
    return { size, idSize, offsetSize, idStart, offsetStart, dataStart };
  }

  /** The object's fields in stored order (Spark stores them sorted by key). */
  fields(): { readonly key: string; readonly value: VariantValue }[] {
    const l = this.objectLayout();
    const out: { key: string; value: VariantValue }[] = [];
    for (let i = 0; i < l.size; i++) {
      const id = readUnsigned(this.value, l.idStart + i * l.idSize, l.idSize);
      const offset = readUnsigned(this.value, l.offsetStart + i * l.offsetSize, l.offsetSize);
      out.push({ key: metadataKey(this.metadata, id), value: this.at(l.dataStart + offset) });
    }
    return out;
  }

  /** The field named `key` (a binary search, as the fields are sorted), or undefined. */
  field(key: string): VariantValue | undefined {
    const l = this.objectLayout();
    let lo = 0;
    let hi = l.size - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const id = readUnsigned(this.value, l.idStart + mid * l.idSize, l.idSize);
      const k = metadataKey(this.metadata, id);
      if (k === key) {
        return this.at(
          l.dataStart + readUnsigned(this.value, l.offsetStart + mid * l.offsetSize, l.offsetSize),
        );
      }
      if (k < key) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }

  private arrayLayout() {
    const info = this.typeInfo();
    const sizeBytes = (info >> 2) & 1 ? 4 : 1;
    const offsetSize = (info & 3) + 1;
    const size = readUnsigned(this.value, this.pos + 1, sizeBytes);
    const offsetStart = this.pos + 1 + sizeBytes;
    return { size, offsetSize, offsetStart, dataStart: offsetStart + (size + 1) * offsetSize };
  }

  arraySize(): number {
    return this.arrayLayout().size;
  }

  element(i: number): VariantValue | undefined {
    const l = this.arrayLayout();
    if (i < 0 || i >= l.size) return undefined;
    return this.at(l.dataStart + readUnsigned(this.value, l.offsetStart + i * l.offsetSize, l.offsetSize));
  }

  private at(pos: number): VariantValue {
    if (pos >= this.value.length) throw malformedVariant();
    return new VariantValue(this.metadata, this.value, pos);
  }

  /** The number of bytes of this value (VariantUtil.valueSize). */
  size(): number {
    const h = this.header();
    switch (h & 3) {
      case BASIC_SHORT_STR:
        return 1 + (h >> 2);
      case BASIC_OBJECT: {
        const l = this.objectLayout();
        return (
          l.dataStart -
          this.pos +
          readUnsigned(this.value, l.offsetStart + l.size * l.offsetSize, l.offsetSize)
        );
      }
      case BASIC_ARRAY: {
        const l = this.arrayLayout();
        return (
          l.dataStart -
          this.pos +
          readUnsigned(this.value, l.offsetStart + l.size * l.offsetSize, l.offsetSize)
        );
      }
    }
    switch (h >> 2) {
      case PRIM.NULL:
      case PRIM.TRUE:
      case PRIM.FALSE:
        return 1;
      case PRIM.INT1:
        return 2;
      case PRIM.INT2:
        return 3;
      case PRIM.INT4:
      case PRIM.DATE:
      case PRIM.FLOAT:
        return 5;
      case PRIM.INT8:
      case PRIM.DOUBLE:
      case PRIM.TIMESTAMP:
      case PRIM.TIMESTAMP_NTZ:
        return 9;
      case PRIM.DECIMAL4:
        return 6;
      case PRIM.DECIMAL8:
        return 10;
      case PRIM.DECIMAL16:
        return 18;
      case PRIM.BINARY:
      case PRIM.LONG_STR:
        return 5 + readUnsigned(this.value, this.pos + 1, 4);
      case PRIM.UUID:
        return 17;
      default:
        throw malformedVariant();
    }
  }

  /** Spark's Variant.toJson (UTC for timestamps). */
  toJson(): string {
    const parts: string[] = [];
    writeJson(this, parts);
    return parts.join('');
  }
}

function writeJson(v: VariantValue, out: string[]): void {
  switch (v.kind()) {
    case 'object': {
      out.push('{');
      v.fields().forEach((f, i) => {
        if (i > 0) out.push(',');
        out.push(jsonString(f.key), ':');
        writeJson(f.value, out);
      });
      out.push('}');
      return;
    }
    case 'array': {
      out.push('[');
      const n = v.arraySize();
      for (let i = 0; i < n; i++) {
        if (i > 0) out.push(',');
        writeJson(v.element(i)!, out);
      }
      out.push(']');
      return;
    }
    case 'string':
      out.push(jsonString(v.string()));
      return;
    default:
      out.push(scalarJson(v));
  }
}

/** A scalar's JSON text (strings, dates, timestamps and binaries quoted). */
function scalarJson(v: VariantValue): string {
  const k = v.kind();
  switch (k) {
    case 'null':
      return 'null';
    case 'boolean':
      return String(v.boolean());
    case 'long':
      return v.long().toString();
    case 'double':
      return javaDoubleToString(v.double());
    case 'float':
      return javaFloatToString(v.float());
    case 'decimal':
      return decimalPlainText(v.decimal(), true);
    case 'date':
      return jsonString(new Date(Number(v.long()) * 86_400_000).toISOString().slice(0, 10));
    case 'timestamp':
    case 'timestamp_ntz': {
      const micros = v.long();
      const iso = new Date(Number(micros / 1000n)).toISOString().replace('T', ' ').replace('Z', '');
      const frac = (((micros % 1_000_000n) + 1_000_000n) % 1_000_000n).toString().padStart(6, '0');
      const text = `${iso.slice(0, 19)}${frac === '000000' ? '' : `.${frac.replace(/0+$/, '')}`}`;
      return jsonString(k === 'timestamp' ? `${text}+00:00` : text);
    }
    case 'binary':
      return jsonString(Buffer.from(v.binary()).toString('base64'));
    case 'uuid':
      return jsonString(uuidText(v));
    default:
      throw malformedVariant();
  }
}

function uuidText(v: VariantValue): string {
  const hex = Buffer.from(v.value.subarray(v.pos + 1, v.pos + 17)).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** BigDecimal.toPlainString, after stripTrailingZeros when `strip` (VariantUtil.getDecimal). */
export function decimalPlainText(
  d: { readonly unscaled: bigint; readonly scale: number },
  strip: boolean,
): string {
  let { unscaled, scale } = d;
  if (strip) {
    while (scale > 0 && unscaled % 10n === 0n && unscaled !== 0n) {
      unscaled /= 10n;
      scale--;
    }
    if (unscaled === 0n) scale = 0;
  }
  const negative = unscaled < 0n;
  const digits = (negative ? -unscaled : unscaled).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, digits.length - scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}

/** Jackson's string escaping: `"`, `\` and control characters; everything else as it is. */
export function jsonString(s: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what JSON must escape
  return `"${s.replace(/["\\\u0000-\u001f]/g, (c) => ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`)}"`;
}

const ESCAPES: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};

function metadataKey(metadata: Uint8Array, id: number): string {
  const offsetSize = ((metadata[0]! >> 6) & 3) + 1;
  const dictSize = readUnsigned(metadata, 1, offsetSize);
  if (id >= dictSize) throw malformedVariant();
  const stringStart = 1 + (dictSize + 2) * offsetSize;
  const offset = readUnsigned(metadata, 1 + (id + 1) * offsetSize, offsetSize);
  const next = readUnsigned(metadata, 1 + (id + 2) * offsetSize, offsetSize);
  if (offset > next || stringStart + next > metadata.length) throw malformedVariant();
  return utf8.decode(metadata.subarray(stringStart + offset, stringStart + next));
}

function readUnsigned(bytes: Uint8Array, pos: number, size: number): number {
  if (pos + size > bytes.length) throw malformedVariant();
  let v = 0;
  for (let i = size - 1; i >= 0; i--) v = v * 256 + bytes[pos + i]!;
  return v;
}

function readSigned(bytes: Uint8Array, pos: number, size: number): bigint {
  if (pos + size > bytes.length) throw malformedVariant();
  let v = 0n;
  for (let i = size - 1; i >= 0; i--) v = (v << 8n) | BigInt(bytes[pos + i]!);
  return BigInt.asIntN(size * 8, v);
}
