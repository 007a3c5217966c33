/** describe() and summary(): Spark's output layout, statistics as strings, percentiles by rank. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LakesqlError } from '../../errors/index.js';
import { LakeSession } from '../lake-session.js';

let dir: string;
let spark: LakeSession;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lakesql-describe-'));
  spark = await LakeSession.create({ warehouse: dir, output: () => {} });
});

afterAll(async () => {
  spark.close();
  await rm(dir, { recursive: true, force: true });
});

const people = () =>
  spark.createDataFrame(
    [
      [1, 'ann', '2024-01-01', 10.0],
      [2, 'bob', '2024-01-02', 20.0],
      [3, '7', '2024-01-03', null],
      [4, 'dee', '2024-01-04', 40.0],
    ],
    'id int, name string, day date, v double',
  );

describe('describe', () => {
  it('covers the numeric and string columns with count, mean, stddev, min, max as strings', async () => {
    const df = people().describe();
    expect(await df.dtypes()).toEqual([
      ['summary', 'string'],
      ['id', 'string'],
      ['name', 'string'],
      ['v', 'string'],
    ]);
    expect(await df.collect()).toEqual([
      { summary: 'count', id: '4', name: '4', v: '3' },
      { summary: 'mean', id: '2.5', name: '7.0', v: '23.333333333333332' },
      { summary: 'stddev', id: '1.2909944487358056', name: null, v: '15.275252316519467' },
      { summary: 'min', id: '1', name: '7', v: '10.0' },
      { summary: 'max', id: '4', name: 'dee', v: '40.0' },
    ]);
  });

  it('takes column names', async () => {
    expect(await people().describe('id').collect()).toEqual([
      { summary: 'count', id: '4' },
      { summary: 'mean', id: '2.5' },
      { summary: 'stddev', id: '1.2909944487358056' },
      { summary: 'min', id: '1' },
      { summary: 'max', id: '4' },
    ]);
  });

  it('of no numeric or string column is the statistic names alone', async () => {
    expect(await people().describe('day').collect()).toEqual(
      ['count', 'mean', 'stddev', 'min', 'max'].map((summary) => ({ summary })),
    );
  });
});

describe('summary', () => {
  it('adds the 25%, 50% and 75% percentiles by default', async () => {
    const df = people().select('id', 'v').summary();
    expect(await df.collect()).toEqual([
      { summary: 'count', id: '4', v: '3' },
      { summary: 'mean', id: '2.5', v: '23.333333333333332' },
      { summary: 'stddev', id: '1.2909944487358056', v: '15.275252316519467' },
      { summary: 'min', id: '1', v: '10.0' },
      { summary: '25%', id: '1', v: '10.0' },
      { summary: '50%', id: '2', v: '20.0' },
      { summary: '75%', id: '3', v: '40.0' },
      { summary: 'max', id: '4', v: '40.0' },
    ]);
  });

  it('computes the statistics asked for, in their order', async () => {
    expect(await spark.range(10).summary('max', 'count_distinct', '90%', '75%').collect()).toEqual([
      { summary: 'max', id: '9' },
      { summary: 'count_distinct', id: '10' },
      { summary: '90%', id: '8' },
      { summary: '75%', id: '7' },
    ]);
  });

  it('refuses an unknown statistic and a bad percentile', async () => {
    const e = (() => {
      try {
        people().summary('median');
      } catch (x) {
        return x as LakesqlError;
      }
    })();
    expect(e?.errorClass).toBe('_LEGACY_ERROR_TEMP_2114');
    expect(e?.message).toBe(
      '[_LEGACY_ERROR_TEMP_2114] median is not a recognised statistic. SQLSTATE: 22023',
    );
    expect(() => people().summary('x%')).toThrow(
      '[_LEGACY_ERROR_TEMP_2113] Unable to parse x% as a percentile.',
    );
  });
});
