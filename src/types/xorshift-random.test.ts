import { describe, expect, it } from 'vitest';
import { JavaRandom, XorShiftRandom } from './xorshift-random.js';

describe('XorShiftRandom (Spark’s org.apache.spark.util.random.XORShiftRandom)', () => {
  it('gives the values Spark documents for rand(0) and randn(0)', () => {
    const r = new XorShiftRandom(0n);
    expect([r.nextDouble(), r.nextDouble(), r.nextDouble()]).toEqual([
      0.7604953758285915, 0.5234194256885571, 0.0953472826424725,
    ]);
    expect(new XorShiftRandom(0n).nextGaussian()).toBe(1.6034991609278433);
  });
  it('nextInt is a signed 32-bit int; nextGaussian hands out the pair’s second value next', () => {
    const ints = Array.from(
      { length: 200 },
      (() => {
        const r = new XorShiftRandom(42n);
        return () => r.nextInt();
      })(),
    );
    expect(ints.some((i) => i < 0)).toBe(true);
    expect(ints.every((i) => Number.isInteger(i) && i >= -(2 ** 31) && i < 2 ** 31)).toBe(true);
    const g = new XorShiftRandom(5n);
    const pair = [g.nextGaussian(), g.nextGaussian()];
    const again = new XorShiftRandom(5n);
    expect([again.nextGaussian(), again.nextGaussian()]).toEqual(pair);
    expect(pair[0]).not.toBe(pair[1]);
  });
  it('JavaRandom.nextLong is java.util.Random’s', () => {
    expect(new JavaRandom(1n).nextLong()).toBe(-4964420948893066024n);
  });
});
