/**
 * A typed SQL scalar as a variant (Spark's cast to VARIANT): the value keeps its type's kind, an integer
 * becomes the smallest INT that holds it, a decimal keeps its scale, a double stays DOUBLE. `text` is
 * DuckDB's text of the value (a decimal printed with its full scale, a date as yyyy-MM-dd, a timestamp's
 * microseconds since the epoch, a binary in hex).
 */
import { packVariant } from './variant-blob.js';
import { decimalValue, doubleValue, longValue, stringVariantValue } from './variant-builder.js';
import { PRIM } from './variant-format.js';

const EMPTY_METADATA = new Uint8Array([1, 0, 0]);

export function scalarVariant(kind: string, text: string): Uint8Array {
  return packVariant({ metadata: EMPTY_METADATA, value: scalarValue(kind, text) });
}

function scalarValue(kind: string, text: string): Uint8Array {
  switch (kind) {
    case 'long':
      return longValue(BigInt(text));
    case 'double':
      return doubleValue(Number(text));
    case 'float': {
      const out = new Uint8Array(5);
      out[0] = PRIM.FLOAT << 2;
      new DataView(out.buffer).setFloat32(1, Number(text), true);
      return out;
    }
    case 'binary': {
      const bytes = Buffer.from(text, 'hex');
      const out = new Uint8Array(5 + bytes.length);
      out[0] = PRIM.BINARY << 2;
      new DataView(out.buffer).setUint32(1, bytes.length, true);
      out.set(bytes, 5);
      return out;
    }
    case 'boolean':
      return new Uint8Array([(text === 'true' ? PRIM.TRUE : PRIM.FALSE) << 2]);
    case 'decimal': {
      const negative = text.startsWith('-');
      const [whole = '', fraction = ''] = text.replace('-', '').split('.');
      const unscaled = BigInt(`${whole}${fraction}`);
      const precision = unscaled.toString().length;
      return decimalValue(negative ? -unscaled : unscaled, fraction.length, precision);
    }
    case 'date':
      return typed(PRIM.DATE, BigInt(Math.round(Date.parse(`${text}T00:00:00Z`) / 86_400_000)), 4);
    case 'timestamp':
      return typed(PRIM.TIMESTAMP, BigInt(text), 8);
    case 'timestamp_ntz':
      return typed(PRIM.TIMESTAMP_NTZ, BigInt(text), 8);
    default:
      return stringVariantValue(text);
  }
}

function typed(type: number, v: bigint, size: number): Uint8Array {
  const out = new Uint8Array(1 + size);
  out[0] = type << 2;
  let x = BigInt.asUintN(size * 8, v);
  for (let i = 1; i <= size; i++) {
    out[i] = Number(x & 0xffn);
    x >>= 8n;
  }
  return out;
}
