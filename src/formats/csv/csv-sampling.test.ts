/**
 * `samplingRatio` for CSV inference: Spark's own sample (seed 1), so a tiny ratio sees the rows Spark's
 * would, the same ones on every run. The random streams are checked against java.util.Random and a
 * port of Spark's XORShiftRandom / BernoulliSampler run on a JVM.
 */
import { describe, expect, it } from 'vitest';
import { isLakesqlError } from '../../errors/index.js';
import { sqlTypeName } from '../../types/data-types.js';
import { JavaRandom, XorShiftRandom } from '../../types/xorshift-random.js';
import { DataSourceOptions } from '../data-source-options.js';
import { datasetSampleMask, rddSampleMasks } from '../spark-sampling.js';
import { readCsv } from './csv-reader.js';

const schemaOf = (text: string, options: Record<string, string>) =>
  readCsv(
    [{ path: '/data/f.csv', text }],
    DataSourceOptions.from({ header: 'true', inferSchema: 'true', ...options }),
  ).schema.fields.map((f) => `${f.name}:${sqlTypeName(f.type)}`);

/** Lines 1..n of a file whose data lines hold an int where `ints` says so and `x` elsewhere. */
const file = (n: number, intLines: readonly number[]) =>
  ['a,b', ...Array.from({ length: n - 1 }, (_, i) => `${intLines.includes(i + 2) ? i : 'x'},1.5`)].join('\n');

describe('Spark random streams', () => {
  it('java.util.Random(1).nextLong and XORShiftRandom.nextDouble match the JVM', () => {
    const j = new JavaRandom(1n);
    expect([j.nextLong(), j.nextLong()]).toEqual([-4964420948893066024n, 7564655870752979346n]);
    const x = new XorShiftRandom(1n);
    expect([x.nextDouble(), x.nextDouble(), x.nextDouble()]).toEqual([
      0.6363787615254752, 0.5993846534021868, 0.134842710012538,
    ]);
    expect(datasetSampleMask(12, 0.3, 1).flatMap((k, i) => (k ? [i + 1] : []))).toEqual([2, 10, 12]);
    expect(rddSampleMasks([12], 0.3)[0]!.flatMap((k, i) => (k ? [i] : []))).toEqual([0, 2, 5, 10, 11]);
    expect(rddSampleMasks([12], 0.6)[0]!.flatMap((k, i) => (k ? [i] : []))).toEqual([2, 3, 6, 7, 8, 9]);
  });
});

describe('CSV samplingRatio', () => {
  // Dataset.sample(false, 0.3, 1) keeps lines 3, 4, 7, 8 and 12 of a one-partition file.
  const text = file(12, [3, 4, 7, 8, 12]);

  it('infers from the lines Spark samples (line per record)', () => {
    expect(schemaOf(text, { samplingRatio: '0.3' })).toEqual(['a:int', 'b:double']);
    expect(schemaOf(text, { samplingRatio: '1.0' })).toEqual(['a:string', 'b:double']);
    // Above 0.99 everything is read.
    expect(schemaOf(text, { samplingRatio: '0.995' })).toEqual(['a:string', 'b:double']);
  });

  it('is the same sample on every run', () => {
    const runs = Array.from({ length: 5 }, () => schemaOf(text, { samplingRatio: '0.3' }));
    expect(new Set(runs.map((r) => r.join()))).toEqual(new Set(['a:int,b:double']));
  });

  it('samples parsed records with RDD.sample when multiLine', () => {
    // RDD.sample(false, 0.3, 1) keeps records 0, 2, 5, 10 and 11 (after the header).
    const records = [
      'a,b',
      ...Array.from({ length: 12 }, (_, i) => ([0, 2, 5, 10, 11].includes(i) ? `${i},"1.5"` : `"x\ny",1.5`)),
    ];
    expect(schemaOf(records.join('\n'), { samplingRatio: '0.3', multiLine: 'true' })).toEqual([
      'a:int',
      'b:double',
    ]);
    expect(schemaOf(records.join('\n'), { multiLine: 'true' })).toEqual(['a:string', 'b:double']);
  });

  it('leaves every column a string when the sample is empty, as Spark does', () => {
    // The first three draws of seed 1 are 0.64, 0.60 and 0.13: nothing is below 0.01.
    expect(schemaOf('a,b\n1,2\n3,4', { samplingRatio: '0.01' })).toEqual(['a:string', 'b:string']);
  });

  it('requires a ratio above 0 whenever the schema is inferred', () => {
    let error: unknown;
    try {
      schemaOf(text, { samplingRatio: '0' });
    } catch (e) {
      error = e;
    }
    expect(isLakesqlError(error, 'INVALID_OPTION_VALUE')).toBe(true);
    expect(String(error)).toContain('samplingRatio (0.0) should be greater than 0');
  });
});
