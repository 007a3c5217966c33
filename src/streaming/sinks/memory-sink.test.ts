/** The memory sink: rows of every batch reach the temporary view named by queryName. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useLakeSession } from '../../api/testing/lake-session-fixture.js';

const fx = useLakeSession('lakesql-memory-sink-');

describe('writeStream.format("memory")', () => {
  it('appends each batch to the view named by queryName, and counts each batch once', async () => {
    const src = path.join(fx.dir, 'src');
    await mkdir(src, { recursive: true });
    await writeFile(path.join(src, 'a.csv'), 'id,name\n1,x\n2,y\n');
    await writeFile(path.join(src, 'b.csv'), 'id,name\n3,z\n');
    const q = await fx.spark.readStream
      .schema('id int, name string')
      .option('header', true)
      .option('maxFilesPerTrigger', 1)
      .csv(src)
      .writeStream.format('memory')
      .queryName('mem_out')
      .option('checkpointLocation', path.join(fx.dir, 'cp'))
      .trigger({ availableNow: true })
      .start();
    await q.awaitTermination();
    expect(q.lastProgress?.batchId).toBe(1);
    expect(q.lastProgress?.numInputRows).toBe(1);
    // Spark's MemorySink.toString.
    expect(q.lastProgress?.sink.description).toBe('MemorySink');
    expect(await (await fx.spark.table('mem_out')).orderBy('id').collect()).toEqual([
      { id: 1, name: 'x' },
      { id: 2, name: 'y' },
      { id: 3, name: 'z' },
    ]);
    expect(await (await fx.spark.sql('SELECT count(*) AS n FROM mem_out')).collect()).toEqual([{ n: 3n }]);
  });

  it('refuses a memory sink without queryName', async () => {
    const src = path.join(fx.dir, 'src2');
    await mkdir(src, { recursive: true });
    const w = fx.spark.readStream.schema('id int').csv(src).writeStream.format('memory');
    await expect(w.start()).rejects.toMatchObject({ errorClass: 'UNSUPPORTED_FEATURE' });
  });
});
