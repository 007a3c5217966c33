/**
 * The per-type hash UDFs that `hash()` and `xxhash64()` compile to (exec/functions/hash-compilers.ts). Spark
 * hashes a row by folding its columns left to right, each column's hash seeding the next
 * (HashExpression.computeHash); a NULL value leaves the seed unchanged, so every UDF here takes NULL values
 * (special handling) and returns the seed for them.
 */
import {
  BIGINT,
  BLOB,
  DOUBLE,
  type DuckDBConnection,
  type DuckDBDataChunk,
  DuckDBScalarFunction,
  type DuckDBType,
  FLOAT,
  INTEGER,
  VARCHAR,
} from '@duckdb/node-api';
import { murmur3Bytes, murmur3Int, murmur3Long } from '../../types/murmur3.js';
import { xxhash64Bytes, xxhash64Int, xxhash64Long } from './xxhash64.js';

/** Spark's hash view of a value: either a 4-byte int, an 8-byte long or bytes (HashExpression.computeHash). */
type HashInput =
  | { readonly kind: 'int'; readonly value: number }
  | { readonly kind: 'long'; readonly value: bigint }
  | { readonly kind: 'bytes'; readonly value: Uint8Array };

const utf8 = new TextEncoder();
const f32 = new DataView(new ArrayBuffer(8));

/** Float.floatToIntBits after Spark's -0.0 -> 0.0 normalisation (NaN is canonical in Java too). */
function floatInput(f: number): HashInput {
  if (Number.isNaN(f)) return { kind: 'int', value: 0x7fc00000 };
  f32.setFloat32(0, f === 0 ? 0 : f);
  return { kind: 'int', value: f32.getInt32(0) };
}

function doubleInput(d: number): HashInput {
  if (Number.isNaN(d)) return { kind: 'long', value: 0x7ff8000000000000n };
  f32.setFloat64(0, d === 0 ? 0 : d);
  return { kind: 'long', value: f32.getBigInt64(0) };
}

/** java.math.BigInteger.toByteArray: minimal big-endian two's complement, for decimals above precision 18. */
export function bigIntegerBytes(v: bigint): Uint8Array {
  let bytes = 1;
  while (v < -(1n << BigInt(8 * bytes - 1)) || v >= 1n << BigInt(8 * bytes - 1)) bytes += 1;
  const u = BigInt.asUintN(8 * bytes, v);
  const out = new Uint8Array(bytes);
  for (let i = 0; i < bytes; i++) out[i] = Number((u >> BigInt(8 * (bytes - 1 - i))) & 0xffn);
  return out;
}

const INPUTS: readonly { suffix: string; type: DuckDBType; read: (v: unknown) => HashInput }[] = [
  { suffix: 'int', type: INTEGER, read: (v) => ({ kind: 'int', value: v as number }) },
  { suffix: 'long', type: BIGINT, read: (v) => ({ kind: 'long', value: v as bigint }) },
  { suffix: 'float', type: FLOAT, read: (v) => floatInput(v as number) },
  { suffix: 'double', type: DOUBLE, read: (v) => doubleInput(v as number) },
  { suffix: 'string', type: VARCHAR, read: (v) => ({ kind: 'bytes', value: utf8.encode(v as string) }) },
  {
    suffix: 'bytes',
    type: BLOB,
    read: (v) => ({ kind: 'bytes', value: (v as { bytes: Uint8Array }).bytes }),
  },
  {
    suffix: 'bigdecimal',
    type: VARCHAR,
    read: (v) => ({ kind: 'bytes', value: bigIntegerBytes(BigInt(v as string)) }),
  },
];

function murmur3(input: HashInput, seed: number): number {
  switch (input.kind) {
    case 'int':
      return murmur3Int(input.value, seed);
    case 'long':
      return murmur3Long(input.value, seed);
    case 'bytes':
      return murmur3Bytes(input.value, seed);
  }
}

function xxhash64(input: HashInput, seed: bigint): bigint {
  switch (input.kind) {
    case 'int':
      return xxhash64Int(input.value, seed);
    case 'long':
      return xxhash64Long(input.value, seed);
    case 'bytes':
      return xxhash64Bytes(input.value, seed);
  }
}

function hashUdf<S>(
  name: string,
  valueType: DuckDBType,
  seedType: DuckDBType,
  hash: (v: unknown, seed: S) => S,
): DuckDBScalarFunction {
  return DuckDBScalarFunction.create({
    name,
    returnType: seedType,
    parameterTypes: [valueType, seedType],
    specialHandling: true,
    mainFunction: (_info, input: DuckDBDataChunk, output) => {
      const values = input.getColumnVector(0);
      const seeds = input.getColumnVector(1);
      for (let i = 0; i < input.rowCount; i++) {
        const seed = seeds.getItem(i) as S | null;
        const value = values.getItem(i);
        output.setItem(i, (seed === null ? null : value === null ? seed : hash(value, seed)) as never);
      }
      output.flush();
    },
  });
}

/** `spark_murmur3_<suffix>(value, seed INTEGER)` and `spark_xxhash64_<suffix>(value, seed BIGINT)`. */
export function registerHashUdfs(connection: DuckDBConnection): void {
  for (const { suffix, type, read } of INPUTS) {
    connection.registerScalarFunction(
      hashUdf<number>(`spark_murmur3_${suffix}`, type, INTEGER, (v, seed) => murmur3(read(v), seed)),
    );
    connection.registerScalarFunction(
      hashUdf<bigint>(`spark_xxhash64_${suffix}`, type, BIGINT, (v, seed) => xxhash64(read(v), seed)),
    );
  }
}
