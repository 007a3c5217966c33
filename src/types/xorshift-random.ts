/**
 * Spark's random streams: org.apache.spark.util.random.XORShiftRandom, a java.util.Random whose `next(bits)`
 * is a 64-bit xorshift over a seed hashed by MurmurHash3 (so nearby seeds give unrelated streams), and
 * java.util.Random's own 48-bit LCG where Spark seeds with it. `rand(seed)`, `randn(seed)`, `uniform`,
 * `randstr` and the samplers draw from these, so a seeded query repeats Spark's values.
 * Java's 64-bit arithmetic runs on BigInt.
 */
import { scalaBytesHash } from './murmur3.js';

const MASK64 = (1n << 64n) - 1n;
const MASK48 = (1n << 48n) - 1n;
const DOUBLE_UNIT = 2 ** -53;

export class XorShiftRandom {
  private seed: bigint;
  private nextNextGaussian: number | undefined;

  constructor(seed: bigint) {
    this.seed = hashSeed(seed);
  }

  /** The low `bits` bits of the next state, as Java's `int` (signed when bits is 32). */
  private next(bits: number): number {
    let s = this.seed;
    s ^= (s << 21n) & MASK64;
    s ^= s >> 35n;
    s ^= (s << 4n) & MASK64;
    this.seed = s;
    return Number(BigInt.asIntN(32, s & ((1n << BigInt(bits)) - 1n)));
  }

  /** java.util.Random.nextInt(): 32 random bits as a signed int. */
  nextInt(): number {
    return this.next(32);
  }

  /** java.util.Random.nextDouble over this `next`. */
  nextDouble(): number {
    return (this.next(26) * 2 ** 27 + this.next(27)) * DOUBLE_UNIT;
  }

  /**
   * java.util.Random.nextGaussian: Marsaglia's polar method, which yields two values per accepted pair and
   * keeps the second for the next call. V8's Math.log and Math.sqrt agree with StrictMath's here (fdlibm,
   * and IEEE's correctly rounded square root).
   */
  nextGaussian(): number {
    if (this.nextNextGaussian !== undefined) {
      const kept = this.nextNextGaussian;
      this.nextNextGaussian = undefined;
      return kept;
    }
    let v1: number;
    let v2: number;
    let s: number;
    do {
      v1 = 2 * this.nextDouble() - 1;
      v2 = 2 * this.nextDouble() - 1;
      s = v1 * v1 + v2 * v2;
    } while (s >= 1 || s === 0);
    const multiplier = Math.sqrt((-2 * Math.log(s)) / s);
    this.nextNextGaussian = v2 * multiplier;
    return v1 * multiplier;
  }
}

/** java.util.Random's 48-bit LCG (only nextLong is needed: PartitionwiseSampledRDD's partition seeds). */
export class JavaRandom {
  private seed: bigint;

  constructor(seed: bigint) {
    this.seed = (BigInt.asUintN(64, seed) ^ 0x5deece66dn) & MASK48;
  }

  private next(bits: number): bigint {
    this.seed = (this.seed * 0x5deece66dn + 0xbn) & MASK48;
    return BigInt.asIntN(32, this.seed >> BigInt(48 - bits));
  }

  nextLong(): bigint {
    return BigInt.asIntN(64, (this.next(32) << 32n) + this.next(32));
  }
}

/** XORShiftRandom.hashSeed: MurmurHash3.bytesHash of the seed's 8 big-endian bytes, twice. */
function hashSeed(seed: bigint): bigint {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt.asUintN(64, seed));
  const low = scalaBytesHash(bytes, 0x3c074a61);
  const high = scalaBytesHash(bytes, low);
  return ((BigInt(high >>> 0) << 32n) | BigInt(low >>> 0)) & MASK64;
}
