/**
 * For streaming tests: a folder of CSV files (each `id` column, with a header) read as a stream one file per
 * batch, returned as its writer with the checkpoint at `<name>-cp` beside it.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DataStreamWriter } from '../streaming/data-stream-writer.js';
import type { LakeSessionFixture } from './lake-session-fixture.js';

export async function csvIdStream(
  fx: LakeSessionFixture,
  name: string,
  files: Readonly<Record<string, string>>,
): Promise<DataStreamWriter> {
  const src = path.join(fx.dir, name);
  await mkdir(src, { recursive: true });
  for (const [f, text] of Object.entries(files)) await writeFile(path.join(src, f), text);
  return fx.spark.readStream
    .schema('id int')
    .option('header', true)
    .option('maxFilesPerTrigger', 1)
    .csv(src)
    .writeStream.option('checkpointLocation', path.join(fx.dir, `${name}-cp`));
}
