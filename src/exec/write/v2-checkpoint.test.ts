/**
 * V2 checkpoints written by lakesql (delta/checkpoint-v2-writer.ts): a table with
 * delta.checkpointPolicy = 'v2' gets UUID-named checkpoints with a checkpointMetadata action, file actions
 * in sidecars when there are many, `_last_checkpoint` with its v2Checkpoint block, and metadata cleanup
 * that deletes only sidecars no remaining checkpoint references.
 */
import { readdir, readFile, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseActionLines } from '../../delta/actions-json.js';
import { writeCheckpoint } from '../../delta/checkpoint-writer.js';
import { cleanUpExpiredLogs } from '../../delta/log-cleanup.js';
import { loadSnapshot } from '../../delta/snapshot.js';
import { type DmlTestKit, dmlTestKit } from '../dml/testing/dml-test-kit.js';

let kit: DmlTestKit;
beforeAll(async () => {
  kit = await dmlTestKit();
});
afterAll(async () => kit.close());

const logDir = async (t: string) => join(fileURLToPath((await kit.store(t)).rootUrl), '_delta_log');
const V2_NAME = /^(\d{20})\.checkpoint\.[0-9a-f-]{36}\.(parquet|json)$/;

describe('V2 checkpoints', () => {
  it("delta.checkpointPolicy = 'v2' adds the feature and checkpoints as UUID-named V2 files", async () => {
    await kit.run(
      `CREATE TABLE v2a (id INT) USING DELTA TBLPROPERTIES ('delta.checkpointPolicy' = 'v2', 'delta.checkpointInterval' = 2)`,
    );
    await kit.run('INSERT INTO v2a VALUES (1)');
    await kit.run('INSERT INTO v2a VALUES (2)');
    const dir = await logDir('v2a');
    const names = (await readdir(dir)).filter((n) => V2_NAME.test(n));
    expect(names.map((n) => V2_NAME.exec(n)![1])).toEqual(['00000000000000000002']);
    expect((await readdir(dir)).some((n) => n.endsWith('.checkpoint.parquet'))).toBe(false);
    const last = JSON.parse(await readFile(join(dir, '_last_checkpoint'), 'utf8'));
    expect(last).toMatchObject({
      version: 2,
      numOfAddFiles: 2,
      v2Checkpoint: { path: names[0], sidecarFiles: [] },
    });
    expect(last.v2Checkpoint.nonFileActions[0]).toEqual({ checkpointMetadata: { version: 2 } });
    const s = await loadSnapshot(await kit.store('v2a'), kit.session.parquet);
    expect(s.protocol).toMatchObject({
      readerFeatures: expect.arrayContaining(['v2Checkpoint']),
      writerFeatures: expect.arrayContaining(['v2Checkpoint']),
    });
    // A fresh session reads the table from the checkpoint; writes go on.
    await kit.run('INSERT INTO v2a VALUES (3)');
    expect(await kit.rows('SELECT id FROM v2a ORDER BY id')).toEqual([[1], [2], [3]]);
  });

  it('ALTER TABLE SET TBLPROPERTIES turns V2 checkpoints on for an existing table', async () => {
    await kit.run('CREATE TABLE v2b (id INT) USING DELTA');
    await kit.run('INSERT INTO v2b VALUES (1)');
    await kit.run(`ALTER TABLE v2b SET TBLPROPERTIES ('delta.checkpointPolicy' = 'v2')`);
    const s = await loadSnapshot(await kit.store('v2b'), kit.session.parquet);
    expect(s.protocol.writerFeatures).toContain('v2Checkpoint');
    expect(s.protocol.readerFeatures).toContain('v2Checkpoint');
  });

  it('puts file actions in sidecars past the limit (JSON top level too), and cleanup keeps referenced ones', async () => {
    await kit.run(
      `CREATE TABLE v2c (id INT) USING DELTA TBLPROPERTIES ('delta.checkpointPolicy' = 'v2', 'delta.checkpointInterval' = 100)`,
    );
    for (let i = 1; i <= 3; i++) await kit.run(`INSERT INTO v2c VALUES (${i})`);
    const store = await kit.store('v2c');
    const dir = await logDir('v2c');
    const first = await loadSnapshot(store, kit.session.parquet);
    const last = await writeCheckpoint(first, kit.session.parquet, Date.now(), {
      format: 'json',
      sidecarActions: 2,
    });
    const sidecars = await readdir(join(dir, '_sidecars'));
    expect(sidecars).toHaveLength(2);
    for (const n of sidecars)
      expect(n).toMatch(
        /^00000000000000000003\.checkpoint\.000000000[12]\.0000000002\.[0-9a-f-]{36}\.parquet$/,
      );
    const top = (await readdir(dir)).find((n) => V2_NAME.test(n))!;
    expect(top.endsWith('.json')).toBe(true);
    const actions = parseActionLines(await readFile(join(dir, top), 'utf8'), top);
    expect(actions.map((a) => a.kind)).toEqual([
      'checkpointMetadata',
      'protocol',
      'metaData',
      'sidecar',
      'sidecar',
    ]);
    expect(last).toMatchObject({ version: 3, numOfAddFiles: 3, size: 6 });
    // Read back through the checkpoint and its sidecars: the same files as the log replay.
    const fromCheckpoint = await loadSnapshot(store, kit.session.parquet);
    expect(
      fromCheckpoint
        .activeFiles()
        .map((f) => f.path)
        .sort(),
    ).toEqual(
      first
        .activeFiles()
        .map((f) => f.path)
        .sort(),
    );
    expect(await kit.rows('SELECT id FROM v2c ORDER BY id')).toEqual([[1], [2], [3]]);

    // A second checkpoint (Parquet, with sidecars); then cleanup with everything expired.
    await kit.run('INSERT INTO v2c VALUES (4)');
    const second = await loadSnapshot(store, kit.session.parquet);
    await writeCheckpoint(second, kit.session.parquet, Date.now(), { sidecarActions: 2 });
    const all = await readdir(join(dir, '_sidecars'));
    expect(all).toHaveLength(4);
    const old = new Date(Date.now() - 60_000);
    for (const n of await readdir(dir)) if (n !== '_sidecars') await utimes(join(dir, n), old, old);
    for (const n of all) await utimes(join(dir, '_sidecars', n), old, old);
    await cleanUpExpiredLogs(store, second, Date.now(), 1000, kit.session.parquet);
    const kept = await readdir(join(dir, '_sidecars'));
    expect(kept.sort()).toEqual(all.filter((n) => n.startsWith('00000000000000000004')).sort());
    expect(await kit.rows('SELECT id FROM v2c ORDER BY id')).toEqual([[1], [2], [3], [4]]);
  });
});
