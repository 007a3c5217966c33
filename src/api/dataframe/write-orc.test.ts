/** df.write.format('orc'): Spark's part-file naming and codec, read back with lakesql's ORC reader. */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesSource, openOrcFile } from '../../formats/orc/index.js';
import { LakeSession } from '../lake-session.js';

let dir: string;
let spark: LakeSession;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lakesql-write-orc-'));
  spark = await LakeSession.create({ warehouse: path.join(dir, 'wh'), output: () => {} });
});

afterAll(async () => {
  spark.close();
  await rm(dir, { recursive: true, force: true });
});

const PART = /^part-00000-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-c000/;

async function parts(folder: string): Promise<string[]> {
  return (await readdir(folder)).filter((f) => f !== '_SUCCESS').sort();
}

describe('orc', () => {
  it('writes part-00000-<uuid>-c000.snappy.orc by default, readable with its rows', async () => {
    const out = path.join(dir, 'orc1');
    await (
      await spark.sql(`SELECT * FROM VALUES
        (1, 'a', 1.5D, CAST(12.50 AS DECIMAL(5,2)), DATE '2024-03-01', TIMESTAMP '2024-03-01 10:20:30.123', true),
        (2, NULL, NULL, NULL, NULL, NULL, NULL)
        AS t(id, s, d, m, dt, ts, b)`)
    ).write
      .format('orc')
      .save(out);
    const names = await parts(out);
    expect(names).toHaveLength(1);
    expect(names[0]!).toMatch(PART);
    expect(names[0]!.endsWith('.snappy.orc')).toBe(true);
    const file = await openOrcFile(bytesSource(await readFile(path.join(out, names[0]!))));
    expect(file.compression).toBe('SNAPPY');
    expect(await file.readRows()).toEqual([
      [1, 'a', 1.5, 1250n, 19783, 1709288430123000n, true],
      [2, null, null, null, null, null, null],
    ]);
  });

  it('takes the compression option: zlib gives .zlib.orc, none gives .orc', async () => {
    const zlib = path.join(dir, 'orc2');
    await (await spark.sql('SELECT 1 AS x')).write.format('orc').option('compression', 'zlib').save(zlib);
    expect((await parts(zlib))[0]!.endsWith('-c000.zlib.orc')).toBe(true);
    const none = path.join(dir, 'orc3');
    await (await spark.sql('SELECT 1 AS x')).write.format('orc').option('compression', 'none').save(none);
    const name = (await parts(none))[0]!;
    expect(name.endsWith('-c000.orc')).toBe(true);
    const file = await openOrcFile(bytesSource(await readFile(path.join(none, name))));
    expect(file.compression).toBe('NONE');
    expect(await file.readRows()).toEqual([[1]]);
  });
});

describe('write.orc(path)', () => {
  it("is format('orc').save(path), read back with spark.read.orc", async () => {
    const out = path.join(dir, 'orc4');
    await spark.createDataFrame([[1, 'a']], 'id int, s string').write.orc(out);
    expect((await parts(out))[0]!).toMatch(PART);
    expect(await (await spark.read.orc(out)).collect()).toEqual([{ id: 1, s: 'a' }]);
  });
});
