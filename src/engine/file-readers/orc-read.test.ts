/** ORC through spark.read.orc and SQL path tables: Spark's schema and the decoded rows. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LakeSession } from '../../api/lake-session.js';
import { ORC_EXAMPLES_DIR } from '../../conformance/data-dirs.js';

const EXAMPLES = ORC_EXAMPLES_DIR;
let dir: string;
let spark: LakeSession;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lakesql-orc-'));
  spark = await LakeSession.builder()
    .config('spark.sql.warehouse.dir', path.join(dir, 'warehouse'))
    .config('spark.sql.session.timeZone', 'UTC')
    .withOutput(() => {})
    .getOrCreate();
});

afterAll(async () => {
  spark.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('reading ORC', () => {
  it('spark.read.orc gives Spark types and rows', async () => {
    const df = await spark.read.orc(path.join(EXAMPLES, 'TestOrcFile.testStringAndBinaryStatistics.orc'));
    expect(await df.dtypes()).toEqual([
      ['bytes1', 'binary'],
      ['string1', 'string'],
    ]);
    const rows = await df.collect();
    expect(rows.map((r) => r.string1)).toEqual(['foo', 'bar', null, 'hi']);
  });

  it('SELECT … FROM orc.`path` with timestamps, decimals and a filter', async () => {
    const p = path.join(EXAMPLES, 'orc_split_elim.orc');
    const df = await spark.sql(
      `SELECT userid, decimal1, CAST(ts AS STRING) AS ts FROM orc.\`${p}\` WHERE userid = 2 LIMIT 1`,
    );
    expect(await df.collect()).toEqual([{ userid: 2n, decimal1: '1.2000000000', ts: '1969-12-31 16:00:00' }]);
  });
});
