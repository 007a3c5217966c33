/**
 * `streaming`: what a streaming trigger costs over a batch write of the same rows.
 * - One tiny file per trigger: an availableNow query over a folder (its checkpoint kept between rounds, so each
 *   trigger finds only the file just added) appending to a Delta table through the Delta sink, against a batch
 *   `INSERT INTO … VALUES` of the same rows. The difference is the per-batch overhead: query start, listing,
 *   the file log, offsets and commit files, the idempotent sink commit (target: at most 50 ms).
 * - 1,000 small JSON files: an availableNow ingest of the folder into a new Delta table against a one-shot
 *   `spark.read.json(folder)` then `write.format('delta').save()` of the same files (target: at most 1.3x).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { type BenchContext, scaled } from './context.js';
import { type BenchCase, check } from './harness.js';

export const SMALL_FILES = 1_000;
const ROWS_PER_FILE = 10;

export async function streamingCases(ctx: BenchContext): Promise<BenchCase[]> {
  return [tinyTriggerCase(ctx), await smallFilesCase(ctx)];
}

function tinyTriggerCase(ctx: BenchContext): BenchCase {
  const src = ctx.dir('trigger-source');
  const checkpoint = ctx.dir('trigger-checkpoint');
  const streamed = ctx.dir('trigger-streamed');
  const inserted = ctx.dir('trigger-inserted');
  let n = 0;
  let ready = false;
  const row = (i: number) => ({ id: i, name: `n${i}`, value: i * 0.5 });
  return {
    benchmark: 'streaming',
    name: 'one trigger of one tiny file',
    lakesqlDoes:
      'a new 3-row JSON file, then readStream.json(dir) availableNow into a Delta sink (checkpoint kept)',
    baselineDoes: 'INSERT INTO delta.`t` VALUES (the same 3 rows)',
    prepare: async (side) => {
      if (!ready) {
        await fs.mkdir(src, { recursive: true });
        for (const t of [streamed, inserted]) {
          await ctx.session.sql(
            `CREATE TABLE delta.\`${t}\` (id BIGINT, name STRING, value DOUBLE) USING delta`,
          );
        }
        ready = true;
      }
      if (side === 'lakesql') {
        n += 1;
        const rows = [3 * n, 3 * n + 1, 3 * n + 2].map((i) => JSON.stringify(row(i)));
        await fs.writeFile(path.join(src, `tiny-${String(n).padStart(5, '0')}.json`), `${rows.join('\n')}\n`);
      }
    },
    lakesql: async () => {
      const q = await ctx.session.readStream
        .schema('id bigint, name string, value double')
        .json(src)
        .writeStream.format('delta')
        .option('checkpointLocation', checkpoint)
        .trigger({ availableNow: true })
        .start(streamed);
      await q.awaitTermination();
      check(
        q.lastProgress?.numInputRows === 3,
        `the trigger read ${String(q.lastProgress?.numInputRows)} rows`,
      );
    },
    baseline: async () => {
      const i = 3 * (n + 1);
      const values = [i, i + 1, i + 2].map((k) => `(${k}, 'n${k}', ${k * 0.5})`).join(', ');
      await ctx.session.sql(`INSERT INTO delta.\`${inserted}\` VALUES ${values}`);
    },
  };
}

async function smallFilesCase(ctx: BenchContext): Promise<BenchCase> {
  const files = SMALL_FILES;
  const rowsPerFile = scaled(ctx, ROWS_PER_FILE);
  const src = ctx.dir('small-files');
  await fs.mkdir(src, { recursive: true });
  for (let f = 0; f < files; f++) {
    const lines = Array.from({ length: rowsPerFile }, (_, r) => {
      const id = f * rowsPerFile + r;
      return JSON.stringify({ id, name: `n${id % 100}`, value: id * 0.5 });
    });
    await fs.writeFile(path.join(src, `part-${String(f).padStart(5, '0')}.json`), `${lines.join('\n')}\n`);
  }
  const total = files * rowsPerFile;
  let target = '';
  let checkpoint = '';
  const count = async () =>
    Number((await (await ctx.session.sql(`SELECT count(*) AS n FROM delta.\`${target}\``)).collect())[0]?.n);
  return {
    benchmark: 'streaming',
    name: `availableNow ingest of ${files} small files`,
    lakesqlDoes: `readStream.json(dir) availableNow into a new Delta table (${total} rows)`,
    baselineDoes: 'spark.read.json(dir) then write.format(delta).save(), one shot',
    prepare: async () => {
      target = ctx.dir('small-files-target');
      checkpoint = ctx.dir('small-files-checkpoint');
    },
    lakesql: async () => {
      const q = await ctx.session.readStream
        .schema('id bigint, name string, value double')
        .json(src)
        .writeStream.format('delta')
        .option('checkpointLocation', checkpoint)
        .trigger({ availableNow: true })
        .start(target);
      await q.awaitTermination();
      check((await count()) === total, 'the stream ingested every row');
    },
    baseline: async () => {
      const df = await ctx.session.read.schema('id bigint, name string, value double').json(src);
      await df.write.format('delta').save(target);
      check((await count()) === total, 'the batch load wrote every row');
    },
  };
}
