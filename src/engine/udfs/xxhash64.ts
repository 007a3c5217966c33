/**
 * Spark's XXH64 (org.apache.spark.sql.catalyst.expressions.XXH64), the hash behind `xxhash64()`: standard
 * xxHash64, with ints and longs hashed as their 4 / 8 little-endian bytes. All arithmetic is on unsigned 64-bit
 * BigInts wrapped with asUintN; the result is returned as Spark's signed long.
 */
const P1 = 0x9e3779b185ebca87n;
const P2 = 0xc2b2ae3d27d4eb4fn;
const P3 = 0x165667b19e3779f9n;
const P4 = 0x85ebca77c2b2ae63n;
const P5 = 0x27d4eb2f165667c5n;
const M = (x: bigint): bigint => BigInt.asUintN(64, x);
const rotl = (x: bigint, r: bigint): bigint => M((x << r) | (x >> (64n - r)));

function fmix(h: bigint): bigint {
  let x = h ^ (h >> 33n);
  x = M(x * P2);
  x ^= x >> 29n;
  x = M(x * P3);
  return BigInt.asIntN(64, x ^ (x >> 32n));
}

function round(acc: bigint, input: bigint): bigint {
  return M(rotl(M(acc + M(input * P2)), 31n) * P1);
}

function mergeRound(acc: bigint, val: bigint): bigint {
  return M(M((acc ^ round(0n, val)) * P1) + P4);
}

export function xxhash64Bytes(bytes: Uint8Array, seed: bigint): bigint {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const len = bytes.length;
  const s = M(seed);
  let i = 0;
  let h: bigint;
  if (len >= 32) {
    let v1 = M(s + P1 + P2);
    let v2 = M(s + P2);
    let v3 = s;
    let v4 = M(s - P1);
    for (; i <= len - 32; i += 32) {
      v1 = round(v1, view.getBigUint64(i, true));
      v2 = round(v2, view.getBigUint64(i + 8, true));
      v3 = round(v3, view.getBigUint64(i + 16, true));
      v4 = round(v4, view.getBigUint64(i + 24, true));
    }
    h = M(rotl(v1, 1n) + rotl(v2, 7n) + rotl(v3, 12n) + rotl(v4, 18n));
    h = mergeRound(mergeRound(mergeRound(mergeRound(h, v1), v2), v3), v4);
  } else {
    h = M(s + P5);
  }
  h = M(h + BigInt(len));
  for (; i <= len - 8; i += 8) {
    h ^= round(0n, view.getBigUint64(i, true));
    h = M(M(rotl(h, 27n) * P1) + P4);
  }
  for (; i <= len - 4; i += 4) {
    h ^= M(BigInt(view.getUint32(i, true)) * P1);
    h = M(M(rotl(h, 23n) * P2) + P3);
  }
  for (; i < len; i++) {
    h ^= M(BigInt(view.getUint8(i)) * P5);
    h = M(rotl(h, 11n) * P1);
  }
  return fmix(h);
}

export function xxhash64Int(value: number, seed: bigint): bigint {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setInt32(0, value, true);
  return xxhash64Bytes(b, seed);
}

export function xxhash64Long(value: bigint, seed: bigint): bigint {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setBigInt64(0, value, true);
  return xxhash64Bytes(b, seed);
}
