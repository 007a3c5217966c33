/**
 * Spark's NumericHistogram (org.apache.spark.sql.util.NumericHistogram, after Ben-Haim & Tom-Tov's streaming
 * histogram as Hive implements it): values are added one at a time in input order; an equal x raises its bin's
 * height, any other value gets a new bin, and whenever there are more than `nbins` bins the two closest
 * neighbours merge into one at their weighted mean. Ties between equally close pairs are broken at random by a
 * java.util.Random seeded with 31183, exactly as NumericHistogram does, so that the bins match Spark's.
 */

/** java.util.Random's 48-bit linear congruential generator (nextDouble only). */
class JavaRandom {
  private seed: bigint;
  constructor(seed: number) {
    this.seed = (BigInt(seed) ^ 0x5deece66dn) & ((1n << 48n) - 1n);
  }
  private next(bits: number): bigint {
    this.seed = (this.seed * 0x5deece66dn + 0xbn) & ((1n << 48n) - 1n);
    return this.seed >> BigInt(48 - bits);
  }
  nextDouble(): number {
    return Number((this.next(26) << 27n) + this.next(27)) * 2 ** -53;
  }
}
export interface HistogramBin {
  readonly x: number;
  readonly y: number;
}

export function numericHistogram(values: Iterable<number>, nbins: number): HistogramBin[] {
  const bins: { x: number; y: number }[] = [];
  const prng = new JavaRandom(31183);
  for (const v of values) {
    // Binary search for the first bin with x >= v (NumericHistogram.add).
    let lo = 0;
    let hi = bins.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((bins[mid] as HistogramBin).x < v) lo = mid + 1;
      else hi = mid;
    }
    const at = bins[lo];
    if (at !== undefined && at.x === v) {
      at.y += 1;
      continue;
    }
    bins.splice(lo, 0, { x: v, y: 1 });
    if (bins.length > nbins) trim(bins, nbins, prng);
  }
  return bins;
}

function trim(bins: { x: number; y: number }[], nbins: number, prng: JavaRandom): void {
  while (bins.length > nbins) {
    let smallest = (bins[1] as HistogramBin).x - (bins[0] as HistogramBin).x;
    let at = 0;
    let ties = 1;
    for (let i = 1; i + 1 < bins.length; i++) {
      const d = (bins[i + 1] as HistogramBin).x - (bins[i] as HistogramBin).x;
      if (d < smallest) {
        smallest = d;
        at = i;
        ties = 1;
      } else if (d === smallest) {
        ties += 1;
        if (prng.nextDouble() <= 1 / ties) at = i;
      }
    }
    const a = bins[at] as { x: number; y: number };
    const b = bins[at + 1] as HistogramBin;
    a.x = (a.x * a.y + b.x * b.y) / (a.y + b.y);
    a.y += b.y;
    bins.splice(at + 1, 1);
  }
}
