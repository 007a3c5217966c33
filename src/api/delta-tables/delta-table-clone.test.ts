/** DeltaTable.clone / cloneAtVersion / cloneAtTimestamp / generate: delta-spark's names over CLONE and GENERATE. */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LakeSession } from '../lake-session.js';
import { DeltaTable } from './delta-table.js';

let dir: string;
let spark: LakeSession;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lakesql-deltatable-clone-'));
  spark = await LakeSession.create({ warehouse: dir, output: () => {} });
});

afterAll(async () => {
  spark.close();
  await rm(dir, { recursive: true, force: true });
});

describe('DeltaTable clone and generate', () => {
  it('clone, cloneAtVersion and cloneAtTimestamp make independent tables with CLONE history entries', async () => {
    await spark.sql('CREATE TABLE src (id INT) USING DELTA');
    await spark.sql('INSERT INTO src VALUES (1), (2)');
    await spark.sql('INSERT INTO src VALUES (3)');
    const t = await DeltaTable.forName(spark, 'src');

    const shallow = await t.clone('shallow1', true);
    expect((await shallow.toDF().collect()).map((r) => r.id).sort()).toEqual([1, 2, 3]);
    const hist = await (await shallow.history()).collect();
    expect(hist.map((h) => h.operation)).toEqual(['CLONE']);

    const old = await t.cloneAtVersion(1, 'deep1', false, false, { 'delta.appendOnly': 'true' });
    expect((await old.toDF().collect()).map((r) => r.id).sort()).toEqual([1, 2]);
    const detail = (await (await old.detail()).collect())[0]!;
    expect((detail.properties as Map<string, string>).get('delta.appendOnly')).toBe('true');

    const target = path.join(dir, 'by-path');
    const history = await (await t.history()).collect();
    const latest = history[0]!.timestamp as Date;
    const byPath = await t.cloneAtTimestamp(latest, `delta.\`${target}\``, true);
    expect((await byPath.toDF().collect()).length).toBe(3);

    await expect(t.clone('shallow1', true)).rejects.toMatchObject({
      errorClass: 'TABLE_OR_VIEW_ALREADY_EXISTS',
    });
    await spark.sql('INSERT INTO src VALUES (4)');
    await t.clone('shallow1', true, true);
    expect((await shallow.toDF().collect()).length).toBe(4);
  });

  it('generate writes the symlink manifest', async () => {
    await spark.sql('CREATE TABLE gen (id INT) USING DELTA');
    await spark.sql('INSERT INTO gen VALUES (1)');
    const t = await DeltaTable.forName(spark, 'gen');
    await t.generate('symlink_format_manifest');
    expect(await readdir(path.join(dir, 'gen', '_symlink_format_manifest'))).toEqual(['manifest']);
  });
});
