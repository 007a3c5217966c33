/** Unsupported operations on a stream fail at start(), with Spark's messages; output modes are checked. */
import { describe, expect, it } from 'vitest';
import { col, countDistinct } from '../../api/functions.js';
import { csvIdStream } from '../../api/testing/csv-stream.js';
import { useLakeSession } from '../../api/testing/lake-session-fixture.js';

const fx = useLakeSession('lakesql-unsupported-ops-');

async function streamOf(name: string) {
  const w = await csvIdStream(fx, name, { 'a.csv': 'id\n1\n' });
  return (w as unknown as { df: import('../../api/dataframe/dataframe.js').DataFrame }).df;
}

describe('streaming unsupported operations', () => {
  it('a sort on a stream fails at start', async () => {
    const df = (await streamOf('sorted')).orderBy('id');
    const w = df.writeStream.format('memory').queryName('s1').option('checkpointLocation', `${fx.dir}/s1-cp`);
    await expect(w.start()).rejects.toMatchObject({
      errorClass: '_LEGACY_ERROR_TEMP_3102',
      sqlState: '42000',
      messageParameters: {
        msg: 'Sorting is not supported on streaming DataFrames/Datasets, unless it is on aggregated DataFrame/Dataset in Complete output mode',
      },
    });
  });

  it('append mode with a streaming aggregation fails at start', async () => {
    const df = (await streamOf('agg')).groupBy('id').count();
    const w = df.writeStream.format('memory').queryName('s2').option('checkpointLocation', `${fx.dir}/s2-cp`);
    await expect(w.start()).rejects.toMatchObject({
      errorClass: '_LEGACY_ERROR_TEMP_3102',
      messageParameters: {
        msg: 'Append output mode not supported when there are streaming aggregations on streaming DataFrames/DataSets without watermark',
      },
    });
  });

  it("a limit fails at start in update mode with Spark's error", async () => {
    const df = (await streamOf('lim')).limit(1);
    const update = df.writeStream.outputMode('update').foreachBatch(() => {});
    await expect(update.option('checkpointLocation', `${fx.dir}/s3u-cp`).start()).rejects.toMatchObject({
      errorClass: '_LEGACY_ERROR_TEMP_3102',
      messageParameters: {
        msg: 'Limits are not supported on streaming DataFrames/Datasets in Update output mode',
      },
    });
  });

  it("a distinct aggregate in a streaming aggregation fails at start with Spark's error", async () => {
    const df = (await streamOf('distinct')).groupBy().agg(countDistinct(col('id')));
    const w = df.writeStream.outputMode('complete').foreachBatch(() => {});
    await expect(w.option('checkpointLocation', `${fx.dir}/s5-cp`).start()).rejects.toMatchObject({
      errorClass: '_LEGACY_ERROR_TEMP_3102',
      messageParameters: {
        msg: 'Distinct aggregations are not supported on streaming DataFrames/Datasets. Consider using approx_count_distinct() instead.',
      },
    });
  });

  it('an unknown output mode is refused with STREAMING_OUTPUT_MODE.INVALID', async () => {
    const df = await streamOf('mode');
    expect(() => df.writeStream.outputMode('sideways')).toThrow(
      expect.objectContaining({ errorClass: 'STREAMING_OUTPUT_MODE.INVALID' }),
    );
  });
});
