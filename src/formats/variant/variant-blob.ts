/**
 * How a VARIANT value travels inside DuckDB: one BLOB holding the metadata's length (4 bytes, little-endian),
 * the metadata, then the value. Spark's own binary encoding is kept (not JSON text) because DuckDB's JSON
 * functions rewrite numbers (`1.50` comes back as the double 1.5, a 23-digit integer as a double), while a
 * variant must keep each number's kind: INT1..INT8, DECIMAL with its scale, DOUBLE. One BLOB rather than a
 * STRUCT keeps every function a plain one-argument chunk UDF; a Delta data file stores the two halves as
 * Parquet's variant group (metadata, value), split and joined by the spark_variant_* UDFs.
 */
import type { VariantBytes } from './variant-builder.js';
import { malformedVariant } from './variant-format.js';
import { VariantValue } from './variant-reader.js';

export function packVariant(v: VariantBytes): Uint8Array {
  const out = new Uint8Array(4 + v.metadata.length + v.value.length);
  new DataView(out.buffer).setUint32(0, v.metadata.length, true);
  out.set(v.metadata, 4);
  out.set(v.value, 4 + v.metadata.length);
  return out;
}

export function unpackVariant(blob: Uint8Array): VariantBytes {
  if (blob.length < 5) throw malformedVariant();
  const n = new DataView(blob.buffer, blob.byteOffset, blob.byteLength).getUint32(0, true);
  if (4 + n > blob.length) throw malformedVariant();
  return { metadata: blob.subarray(4, 4 + n), value: blob.subarray(4 + n) };
}

export function readVariant(blob: Uint8Array): VariantValue {
  const { metadata, value } = unpackVariant(blob);
  return new VariantValue(metadata, value);
}

/** A value inside a variant as a variant of its own (Spark keeps the whole metadata, as here). */
export function packSubVariant(v: VariantValue): Uint8Array {
  return packVariant({ metadata: v.metadata, value: v.value.subarray(v.pos, v.pos + v.size()) });
}
