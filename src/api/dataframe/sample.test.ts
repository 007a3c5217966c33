/** df.sample: reproducible for a seed, Bernoulli without replacement, Poisson with replacement. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LakesqlError } from '../../errors/index.js';
import { LakeSession } from '../lake-session.js';

let dir: string;
let spark: LakeSession;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lakesql-sample-'));
  spark = await LakeSession.create({ warehouse: dir, output: () => {} });
});

afterAll(async () => {
  spark.close();
  await rm(dir, { recursive: true, force: true });
});

const ids = async (rows: Promise<Record<string, unknown>[]>) =>
  (await rows).map((r) => Number(r.id)).sort((a, b) => a - b);

describe('sample', () => {
  it('keeps about fraction of the rows, the same ones for the same seed, whatever the row order', async () => {
    const df = spark.range(10000);
    const a = await ids(df.sample(0.1, 42).collect());
    expect(a.length).toBeGreaterThan(900);
    expect(a.length).toBeLessThan(1100);
    expect(await ids(df.sample(false, 0.1, 42).collect())).toEqual(a);
    expect(await ids(df.sample({ fraction: 0.1, seed: 42 }).collect())).toEqual(a);
    expect(await ids(df.orderBy(df.col('id').desc()).sample(0.1, 42).collect())).toEqual(a);
    const b = await ids(df.sample(0.1, 43).collect());
    expect(b).not.toEqual(a);
    expect(await df.sample(0.1, 42).dtypes()).toEqual([['id', 'bigint']]);
  });

  it('draws identical rows independently', async () => {
    const df = spark.range(2000).selectExpr('1 AS one');
    const n = (await df.sample(0.5, 7).collect()).length;
    expect(n).toBeGreaterThan(900);
    expect(n).toBeLessThan(1100);
  });

  it('with replacement repeats rows about fraction times on average', async () => {
    const df = spark.range(5000);
    const rows = await ids(df.sample(true, 2.0, 3).collect());
    expect(rows.length).toBeGreaterThan(9500);
    expect(rows.length).toBeLessThan(10500);
    expect(new Set(rows).size).toBeLessThan(5000);
    expect(await ids(df.sample(true, 2.0, 3).collect())).toEqual(rows);
  });

  it('fraction 0 is empty, 1 without replacement is every row', async () => {
    expect(await spark.range(100).sample(0.0, 1).count()).toBe(0);
    expect(await spark.range(100).sample(1.0, 1).count()).toBe(100);
  });

  it('refuses a fraction outside [0, 1] without replacement, a negative one with it, a non-number', () => {
    const err = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e as LakesqlError;
      }
    };
    expect(err(() => spark.range(5).sample(1.5))?.message).toBe(
      '[VALUE_NOT_BETWEEN] Value for `fraction` must be between 0 and 1. SQLSTATE: 22023',
    );
    expect(err(() => spark.range(5).sample(true, -1))?.errorClass).toBe('VALUE_NOT_POSITIVE');
    expect(err(() => spark.range(5).sample('0.5' as never))?.messageParameters).toEqual({
      arg_name: 'fraction',
      arg_type: 'string',
    });
  });
});
