/**
 * MurmurHash3 x86_32 in the two forms Spark uses. Spark's Murmur3_x86_32
 * (org.apache.spark.unsafe.hash.Murmur3_x86_32), the hash behind `hash()` and hash partitioning, is
 * standard except for the tail: `hashUnsafeBytes` mixes each trailing byte (sign-extended) as a whole
 * block instead of packing them into one word. Scala's MurmurHash3.bytesHash, which seeds Spark's samplers,
 * is the standard one.
 */
const C1 = 0xcc9e2d51;
const C2 = 0x1b873593;

function mixK1(k: number): number {
  let k1 = Math.imul(k, C1);
  k1 = (k1 << 15) | (k1 >>> 17);
  return Math.imul(k1, C2);
}

function mixH1(h: number, k1: number): number {
  let h1 = h ^ k1;
  h1 = (h1 << 13) | (h1 >>> 19);
  return (Math.imul(h1, 5) + 0xe6546b64) | 0;
}

function fmix(h: number, length: number): number {
  let h1 = h ^ length;
  h1 ^= h1 >>> 16;
  h1 = Math.imul(h1, 0x85ebca6b);
  h1 ^= h1 >>> 13;
  h1 = Math.imul(h1, 0xc2b2ae35);
  return h1 ^ (h1 >>> 16);
}

export function murmur3Int(value: number, seed: number): number {
  return fmix(mixH1(seed, mixK1(value | 0)), 4);
}

export function murmur3Long(value: bigint, seed: number): number {
  const low = Number(BigInt.asIntN(32, value));
  const high = Number(BigInt.asIntN(32, value >> 32n));
  return fmix(mixH1(mixH1(seed, mixK1(low)), mixK1(high)), 8);
}

export function murmur3Bytes(bytes: Uint8Array, seed: number): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const aligned = bytes.length - (bytes.length % 4);
  let h1 = seed | 0;
  for (let i = 0; i < aligned; i += 4) h1 = mixH1(h1, mixK1(view.getInt32(i, true)));
  for (let i = aligned; i < bytes.length; i++) h1 = mixH1(h1, mixK1(view.getInt8(i)));
  return fmix(h1, bytes.length);
}

/** scala.util.hashing.MurmurHash3.bytesHash: standard MurmurHash3 x86_32, trailing bytes packed into one word. */
export function scalaBytesHash(bytes: Uint8Array, seed: number): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const aligned = bytes.length - (bytes.length % 4);
  let h1 = seed | 0;
  for (let i = 0; i < aligned; i += 4) h1 = mixH1(h1, mixK1(view.getInt32(i, true)));
  let tail = 0;
  for (let i = bytes.length - 1; i >= aligned; i--) tail = (tail << 8) | bytes[i]!;
  if (bytes.length > aligned) h1 ^= mixK1(tail);
  return fmix(h1, bytes.length);
}
