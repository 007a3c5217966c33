/** The console sink: each batch printed under Spark's banner, as show(numRows, truncate) prints it. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LakeSession } from '../../api/lake-session.js';

let dir: string;
let spark: LakeSession;
let printed: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lakesql-console-sink-'));
  spark = await LakeSession.builder()
    .config('spark.sql.warehouse.dir', path.join(dir, 'warehouse'))
    .withOutput((text) => printed.push(text))
    .getOrCreate();
});
afterAll(async () => {
  await spark.stop();
  await rm(dir, { recursive: true, force: true });
});

async function sourceWith(name: string, files: Record<string, string>): Promise<string> {
  const src = path.join(dir, name);
  await mkdir(src, { recursive: true });
  for (const [f, text] of Object.entries(files)) await writeFile(path.join(src, f), text);
  return src;
}

describe('writeStream.format("console")', () => {
  it('prints every batch under its banner, at most numRows rows, truncating long values', async () => {
    const src = await sourceWith('src', {
      'a.csv': 'id,name\n1,x\n2,a value longer than twenty characters\n3,z\n',
      'b.csv': 'id,name\n4,w\n',
    });
    printed = [];
    const q = await spark.readStream
      .schema('id int, name string')
      .option('header', true)
      .option('maxFilesPerTrigger', 1)
      .csv(src)
      .writeStream.format('console')
      .option('numRows', 2)
      .option('checkpointLocation', path.join(dir, 'cp'))
      .trigger({ availableNow: true })
      .start();
    await q.awaitTermination();
    // Spark's ConsoleTable keeps Object.toString: the class name and an identity hash.
    expect(q.lastProgress?.sink.description).toMatch(
      /^org\.apache\.spark\.sql\.execution\.streaming\.ConsoleTable\$@[0-9a-f]{1,8}$/,
    );
    expect(printed.join('')).toBe(
      [
        '-------------------------------------------',
        'Batch: 0',
        '-------------------------------------------',
        '+---+--------------------+',
        '| id|                name|',
        '+---+--------------------+',
        '|  1|                   x|',
        '|  2|a value longer th...|',
        '+---+--------------------+',
        'only showing top 2 rows',
        '',
        '-------------------------------------------',
        'Batch: 1',
        '-------------------------------------------',
        '+---+----+',
        '| id|name|',
        '+---+----+',
        '|  4|   w|',
        '+---+----+',
        '',
        '',
      ].join('\n'),
    );
    expect(q.lastProgress?.numInputRows).toBe(1);
  });

  it('prints whole values with truncate false', async () => {
    const src = await sourceWith('src2', { 'a.csv': 'id,name\n1,a value longer than twenty characters\n' });
    printed = [];
    const q = await spark.readStream
      .schema('id int, name string')
      .option('header', true)
      .csv(src)
      .writeStream.format('console')
      .option('truncate', false)
      .option('checkpointLocation', path.join(dir, 'cp2'))
      .trigger({ availableNow: true })
      .start();
    await q.awaitTermination();
    expect(printed.join('')).toContain('|1  |a value longer than twenty characters|');
  });

  it('refuses a numRows that is not a positive integer when the query starts', async () => {
    const src = await sourceWith('src3', {});
    const w = spark.readStream.schema('id int').csv(src).writeStream.format('console').option('numRows', 0);
    await expect(w.start()).rejects.toMatchObject({
      errorClass: 'INVALID_OPTION_VALUE',
      messageParameters: { option: 'numRows', value: '0' },
    });
  });
});
