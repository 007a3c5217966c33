/**
 * The random streams behind `samplingRatio` (CSVUtils.sample / JsonUtils.sample:
 * `sample(withReplacement = false, samplingRatio, seed = 1)`, skipped when the ratio is above 0.99), so a
 * sample is the one Spark draws for the same partition:
 * - a Dataset's sample (line-per-record CSV and JSON; SampleExec) keeps an element when its draw from
 *   BernoulliCellSampler's XORShiftRandom, seeded `seed + partitionIndex`, is below the ratio;
 * - an RDD's sample (multi-line CSV records, multi-line JSON files; PartitionwiseSampledRDD) seeds each
 *   partition's BernoulliSampler with the next `java.util.Random(seed).nextLong()`, and samples by gap
 *   sampling when the ratio is at most 0.4, by `nextDouble() <= ratio` otherwise.
 * The streams are types/xorshift-random.ts; they are only used when a ratio below 1 is asked for.
 */
import { LakesqlError } from '../errors/index.js';
import { JavaRandom, XorShiftRandom } from '../types/xorshift-random.js';

/** CSVUtils.sample / JsonUtils.sample: `require(samplingRatio > 0)`, checked whenever a schema is inferred. */
export function requirePositiveRatio(ratio: number): void {
  if (!(ratio > 0)) {
    const text = Number.isInteger(ratio) ? ratio.toFixed(1) : String(ratio);
    throw new LakesqlError('INVALID_OPTION_VALUE', {
      value: text,
      option: 'samplingRatio',
      reason: `samplingRatio (${text}) should be greater than 0`,
    });
  }
}

/** CSVUtils.sample / JsonUtils.sample take everything above 0.99. */
export const samplesAll = (ratio: number): boolean => ratio > 0.99;

/**
 * Dataset.sample over one partition, element by element: BernoulliCellSampler(0, ratio) seeded
 * `1 + partitionIndex` draws once per element and keeps it when the draw is below the ratio.
 */
export class DatasetSampler {
  private readonly rng: XorShiftRandom;
  private drawn = 0;
  private last = false;

  constructor(
    private readonly ratio: number,
    partitionIndex: number,
  ) {
    this.rng = new XorShiftRandom(1n + BigInt(partitionIndex));
  }

  /** Whether element `index` (0-based, not decreasing across calls) is kept; skipped elements draw too. */
  keeps(index: number): boolean {
    while (this.drawn <= index) {
      this.last = this.rng.nextDouble() < this.ratio;
      this.drawn += 1;
    }
    return this.last;
  }
}

/**
 * RDD.sample over one partition, element by element: BernoulliSampler seeded with the partition's seed
 * (rddPartitionSeeds), by GapSampling (epsilon 5e-11) at ratios up to 0.4.
 */
export class RddSampler {
  private readonly rng: XorShiftRandom;
  private readonly lnq: number;
  private drop = 0;

  constructor(
    private readonly ratio: number,
    seed: bigint,
  ) {
    this.rng = new XorShiftRandom(seed);
    this.lnq = Math.log1p(-ratio);
    if (ratio <= 0.4) this.drop = this.gap();
  }

  private gap(): number {
    return javaDoubleToInt(Math.log(Math.max(this.rng.nextDouble(), 5e-11)) / this.lnq);
  }

  /** Whether the next element is kept. */
  next(): boolean {
    if (this.ratio > 0.4) return this.rng.nextDouble() <= this.ratio;
    if (this.drop > 0) {
      this.drop -= 1;
      return false;
    }
    this.drop = this.gap();
    return true;
  }
}

/** PartitionwiseSampledRDD's partition seeds: `new Random(1).nextLong()` for each partition in turn. */
export function rddPartitionSeeds(partitions: number): bigint[] {
  const seeds = new JavaRandom(1n);
  return Array.from({ length: partitions }, () => seeds.nextLong());
}

/** Dataset.sample's decisions for the `count` elements of partition `partitionIndex`. */
export function datasetSampleMask(count: number, ratio: number, partitionIndex: number): boolean[] {
  const sampler = new DatasetSampler(ratio, partitionIndex);
  return Array.from({ length: count }, (_, i) => sampler.keeps(i));
}

/** RDD.sample's decisions for `counts[p]` elements of each partition p. */
export function rddSampleMasks(counts: readonly number[], ratio: number): boolean[][] {
  const seeds = rddPartitionSeeds(counts.length);
  return counts.map((count, p) => {
    const sampler = new RddSampler(ratio, seeds[p]!);
    return Array.from({ length: count }, () => sampler.next());
  });
}

/** Scala's Double.toInt: truncation, saturating at Int's range. */
function javaDoubleToInt(d: number): number {
  if (Number.isNaN(d)) return 0;
  return Math.max(-2147483648, Math.min(2147483647, Math.trunc(d)));
}
