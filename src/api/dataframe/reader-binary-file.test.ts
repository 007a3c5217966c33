/**
 * spark.read.format('binaryFile') (Spark's BinaryFileFormat): one row per file with its path as a URI, its
 * modification time, length and bytes; partition folders become columns, pathGlobFilter keeps matching
 * names, and the schema is fixed.
 */
import { mkdir, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { useLakeSession } from '../testing/lake-session-fixture.js';

const fx = useLakeSession('lakesql-binary-file-');
let root: string;

const uri = (p: string) => pathToFileURL(p).href.replace(/^file:\/\/\//, 'file:/');

beforeAll(async () => {
  root = path.join(fx.dir, 'blobs');
  await mkdir(path.join(root, 'kind=png'), { recursive: true });
  await mkdir(path.join(root, 'kind=txt'), { recursive: true });
  await writeFile(path.join(root, 'kind=png', 'a.png'), Uint8Array.from([0, 255, 1, 128]));
  await writeFile(path.join(root, 'kind=txt', 'b.txt'), 'hello');
  const when = new Date('2024-05-01T10:20:30.000Z');
  await utimes(path.join(root, 'kind=png', 'a.png'), when, when);
});

describe("spark.read.format('binaryFile')", () => {
  it('reads each file as one row with its partition column, in Spark’s schema', async () => {
    const df = await fx.spark.read.format('binaryFile').load(root);
    expect(await df.dtypes()).toEqual([
      ['path', 'string'],
      ['modificationTime', 'timestamp'],
      ['length', 'bigint'],
      ['content', 'binary'],
      ['kind', 'string'],
    ]);
    const rows = await df.orderBy('path').collect();
    expect(
      rows.map((r) => [r.path, r.length, Buffer.from(r.content as Uint8Array).toString('hex'), r.kind]),
    ).toEqual([
      [uri(path.join(root, 'kind=png', 'a.png')), 4n, '00ff0180', 'png'],
      [uri(path.join(root, 'kind=txt', 'b.txt')), 5n, Buffer.from('hello').toString('hex'), 'txt'],
    ]);
    expect((rows[0]!.modificationTime as Date).toISOString()).toBe('2024-05-01T10:20:30.000Z');
    const b = await stat(path.join(root, 'kind=txt', 'b.txt'));
    expect((rows[1]!.modificationTime as Date).getTime()).toBe(Math.floor(b.mtimeMs));
  });

  it('pathGlobFilter keeps matching file names; SQL reads binaryFile.`path` and read_files', async () => {
    const png = await fx.spark.read.format('binaryFile').option('pathGlobFilter', '*.png').load(root);
    expect((await png.select('length', 'kind').collect()).map((r) => ({ ...r }))).toEqual([
      { length: 4n, kind: 'png' },
    ]);
    const sql = await fx.spark.sql(`SELECT kind, length FROM binaryFile.\`${root}\` ORDER BY kind`);
    expect((await sql.collect()).map((r) => ({ ...r }))).toEqual([
      { kind: 'png', length: 4n },
      { kind: 'txt', length: 5n },
    ]);
    const tvf = await fx.spark.sql(`SELECT count(*) AS n FROM read_files('${root}', format => 'binaryFile')`);
    expect((await tvf.collect()).map((r) => ({ ...r }))).toEqual([{ n: 2n }]);
  });

  it('no matching file reads as no rows; a schema other than the fixed one is refused', async () => {
    const none = await fx.spark.read.format('binaryFile').option('pathGlobFilter', '*.gif').load(root);
    expect(await none.count()).toBe(0);
    await expect(
      (async () => (await fx.spark.read.format('binaryFile').schema('path INT').load(root)).collect())(),
    ).rejects.toMatchObject({ errorClass: 'UNSUPPORTED_FEATURE' });
  });
});
