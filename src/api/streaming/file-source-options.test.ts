/**
 * The file stream source's own options (Spark's FileStreamOptions): maxBytesPerTrigger (with
 * maxFilesPerTrigger), latestFirst, maxFileAge relative to the latest file seen, cleanSource archive /
 * delete, and spark.sql.streaming.schemaInference. Modification times are set explicitly, so the order
 * of files and their ages do not depend on the clock.
 */
import { mkdir, readdir, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useLakeSession } from '../testing/lake-session-fixture.js';

const fx = useLakeSession('lakesql-file-source-options-');

const T = Date.UTC(2026, 0, 10) / 1000;
const HOUR = 3600;

/** Writes `name` holding rows `id,name` (one line each) with the modification time `mtime` (seconds). */
async function csv(folder: string, name: string, ids: number[], mtime: number): Promise<string> {
  await mkdir(folder, { recursive: true });
  const p = path.join(folder, name);
  await writeFile(p, `id,name\n${ids.map((i) => `${i},n${i}`).join('\n')}\n`);
  await utimes(p, mtime, mtime);
  return p;
}

/** Runs an availableNow foreachBatch query; returns each batch's ids in order. */
async function batchesOf(
  src: string,
  checkpoint: string,
  options: Record<string, string | number | boolean>,
): Promise<number[][]> {
  const batches: number[][] = [];
  let reader = fx.spark.readStream.schema('id int, name string').option('header', true);
  for (const [k, v] of Object.entries(options)) reader = reader.option(k, v);
  const q = await reader
    .csv(src)
    .writeStream.option('checkpointLocation', checkpoint)
    .trigger({ availableNow: true })
    .foreachBatch(async (df) => {
      batches.push((await df.orderBy('id').collect()).map((r) => r.id as number));
    })
    .start();
  await q.awaitTermination();
  return batches;
}

describe('file source: maxBytesPerTrigger', () => {
  it('takes files while their total fits, always at least one; with maxFilesPerTrigger both bound', async () => {
    const src = path.join(fx.dir, 'bytes/src');
    await csv(src, 'a.csv', [1, 2], T);
    await csv(src, 'b.csv', [3, 4], T + 1);
    await csv(src, 'c.csv', [5, 6], T + 2);
    expect((await stat(path.join(src, 'a.csv'))).size).toBe(18);
    expect(await batchesOf(src, path.join(fx.dir, 'bytes/cp1'), { maxBytesPerTrigger: 40 })).toEqual([
      [1, 2, 3, 4],
      [5, 6],
    ]);
    // A limit smaller than one file still takes one file per batch.
    expect(await batchesOf(src, path.join(fx.dir, 'bytes/cp2'), { maxBytesPerTrigger: 5 })).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
    expect(
      await batchesOf(src, path.join(fx.dir, 'bytes/cp3'), {
        maxBytesPerTrigger: '1k',
        maxFilesPerTrigger: 2,
      }),
    ).toEqual([
      [1, 2, 3, 4],
      [5, 6],
    ]);
  });
});

describe('file source: latestFirst and maxFileAge', () => {
  it('latestFirst takes the newest files first', async () => {
    const src = path.join(fx.dir, 'latest/src');
    await csv(src, 'a.csv', [1], T);
    await csv(src, 'b.csv', [2], T + 10);
    await csv(src, 'c.csv', [3], T + 20);
    expect(
      await batchesOf(src, path.join(fx.dir, 'latest/cp'), { latestFirst: true, maxFilesPerTrigger: 1 }),
    ).toEqual([[3], [2], [1]]);
  });

  it('after the first batch, files older than maxFileAge behind the latest file seen are ignored', async () => {
    const src = path.join(fx.dir, 'age/src');
    const cp = path.join(fx.dir, 'age/cp');
    // The first batch takes every file, however old.
    await csv(src, 'ancient.csv', [1], T - 30 * 24 * HOUR);
    await csv(src, 'now.csv', [2], T);
    expect(await batchesOf(src, cp, { maxFileAge: '1h' })).toEqual([[1, 2]]);
    // Later: 2 hours behind the latest file (T) is too old; 30 minutes behind is not; the clock plays no part.
    await csv(src, 'late-old.csv', [3], T - 2 * HOUR);
    await csv(src, 'late-recent.csv', [4], T - HOUR / 2);
    expect(await batchesOf(src, cp, { maxFileAge: '1h' })).toEqual([[4]]);
  });

  it('maxFileAge is ignored under latestFirst with a per-trigger limit (SPARK-19813)', async () => {
    const src = path.join(fx.dir, 'age2/src');
    const cp = path.join(fx.dir, 'age2/cp');
    await csv(src, 'now.csv', [1], T);
    const options = { maxFileAge: '1h', latestFirst: true, maxFilesPerTrigger: 5 };
    expect(await batchesOf(src, cp, options)).toEqual([[1]]);
    await csv(src, 'old.csv', [2], T - 5 * HOUR);
    expect(await batchesOf(src, cp, options)).toEqual([[2]]);
  });
});

describe('file source: cleanSource', () => {
  it('delete removes the files of each committed batch', async () => {
    const src = path.join(fx.dir, 'delete/src');
    await csv(src, 'a.csv', [1], T);
    await csv(src, 'b.csv', [2], T + 1);
    const batches = await batchesOf(src, path.join(fx.dir, 'delete/cp'), {
      cleanSource: 'delete',
      maxFilesPerTrigger: 1,
    });
    expect(batches).toEqual([[1], [2]]);
    expect(await readdir(src)).toEqual([]);
  });

  it('archive moves each file under sourceArchiveDir, keeping its own path', async () => {
    const src = path.join(fx.dir, 'archive/src');
    const archive = path.join(fx.dir, 'archive/done');
    const a = await csv(src, 'a.csv', [1], T);
    const batches = await batchesOf(src, path.join(fx.dir, 'archive/cp'), {
      cleanSource: 'ARCHIVE',
      sourceArchiveDir: archive,
    });
    expect(batches).toEqual([[1]]);
    expect(await readdir(src)).toEqual([]);
    expect(await readdir(path.join(archive, path.dirname(a)))).toEqual(['a.csv']);
    // A second run reads nothing again: the archived file is in the log.
    await csv(src, 'b.csv', [2], T + 1);
    expect(
      await batchesOf(src, path.join(fx.dir, 'archive/cp'), {
        cleanSource: 'archive',
        sourceArchiveDir: archive,
      }),
    ).toEqual([[2]]);
  });

  it('refuses an archive folder the source could list, and archive without sourceArchiveDir', async () => {
    const src = path.join(fx.dir, 'archive-bad/src');
    await csv(src, 'a.csv', [1], T);
    await expect(
      batchesOf(src, path.join(fx.dir, 'archive-bad/cp'), {
        cleanSource: 'archive',
        sourceArchiveDir: path.join(src, 'archived'),
      }),
    ).rejects.toMatchObject({ errorClass: 'INVALID_OPTION_VALUE' });
    expect(() => fx.spark.readStream.schema('id int').option('cleanSource', 'archive').csv(src)).toThrow(
      expect.objectContaining({
        errorClass: 'INVALID_OPTION_VALUE',
        message: expect.stringContaining("Archive mode must be used with 'sourceArchiveDir' option."),
      }),
    );
  });
});

describe('file source: invalid options fail when the stream is defined', () => {
  it.each([
    ['maxBytesPerTrigger', '2mg', "must be a size configuration such as '10g'"],
    ['maxFilesPerTrigger', '0', 'must be a positive integer'],
    ['latestFirst', 'yes', "must be 'true' or 'false'"],
    ['maxFileAge', 'a week', 'Time must be specified as seconds (s)'],
    ['cleanSource', 'move', 'Must be one of ARCHIVE,DELETE,OFF'],
  ])('%s = %s', (key, value, reason) => {
    expect(() => fx.spark.readStream.schema('id int').option(key, value).csv(fx.dir)).toThrow(
      expect.objectContaining({
        errorClass: 'INVALID_OPTION_VALUE',
        message: expect.stringContaining(reason),
      }),
    );
  });
});

describe('file source: spark.sql.streaming.schemaInference', () => {
  it('infers the schema from the folder when on; without it a schema is required', async () => {
    const src = path.join(fx.dir, 'infer/src');
    await mkdir(src, { recursive: true });
    await writeFile(path.join(src, 'a.json'), '{"id":1,"name":"x"}\n{"id":2,"name":"y"}\n');
    expect(() => fx.spark.readStream.json(src)).toThrow(
      expect.objectContaining({ errorClass: '_LEGACY_ERROR_TEMP_2048' }),
    );
    await fx.spark.conf.set('spark.sql.streaming.schemaInference', true);
    try {
      const stream = fx.spark.readStream.json(src);
      expect((await stream.schema()).fields.map((f) => `${f.name}:${f.dataType.simpleString()}`)).toEqual([
        'id:bigint',
        'name:string',
      ]);
      const rows: unknown[] = [];
      const q = await stream.writeStream
        .option('checkpointLocation', path.join(fx.dir, 'infer/cp'))
        .trigger({ once: true })
        .foreachBatch(async (df) => {
          rows.push(...(await df.orderBy('id').collect()));
        })
        .start();
      await q.awaitTermination();
      expect(rows).toEqual([
        { id: 1n, name: 'x' },
        { id: 2n, name: 'y' },
      ]);
      const empty = path.join(fx.dir, 'infer/empty');
      await mkdir(empty, { recursive: true });
      await expect(fx.spark.readStream.json(empty).schema()).rejects.toMatchObject({
        errorClass: 'UNABLE_TO_INFER_SCHEMA',
      });
    } finally {
      await fx.spark.conf.unset('spark.sql.streaming.schemaInference');
    }
  });
});
