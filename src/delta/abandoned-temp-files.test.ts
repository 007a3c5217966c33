/**
 * A log write killed between writing its temp file and publishing it leaves `.<name>.<random>.tmp` in
 * `_delta_log/`; the next checkpoint's writer deletes those older than a day and keeps younger ones, which
 * may belong to a write still in flight in another process; the same for the temp files and staging
 * folders of data-file writes anywhere in the table's folder.
 */
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalObjectStore } from '../storage/local-store.js';
import { FakeParquetHandler } from './testing/fake-parquet-handler.js';
import { add, metadata, PROTOCOL_1_2 } from './testing/log-builder.js';
import { startTransaction } from './transaction.js';

const folders: string[] = [];
afterAll(async () => {
  await Promise.all(folders.map((f) => rm(f, { recursive: true, force: true })));
});

describe('abandoned temp files of the log', () => {
  it('are deleted by the next checkpoint when older than a day, younger ones kept', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lakesql-abandoned-tmp-'));
    folders.push(dir);
    const store = new LocalObjectStore(dir);
    const parquet = new FakeParquetHandler();
    const create = await startTransaction(store, parquet);
    create
      .updateProtocol(PROTOCOL_1_2)
      .updateMetadata(metadata({ configuration: { 'delta.checkpointInterval': '2' } }))
      .addFiles([add('f0.parquet')]);
    await create.commit({ name: 'CREATE TABLE' });
    const log = join(dir, '_delta_log');
    const old = '.00000000000000000001.json.00aa11bb22cc33dd.tmp';
    const young = '.00000000000000000002.json.44ee55ff66007788.tmp';
    await writeFile(join(log, old), '{"commitInfo":{}}\n{"add":');
    await writeFile(join(log, young), '{"commitInfo":{}}\n');
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    await utimes(join(log, old), twoDaysAgo, twoDaysAgo);
    expect((await store.listInFlight('_delta_log/')).map((m) => m.path)).toEqual([
      `_delta_log/${old}`,
      `_delta_log/${young}`,
    ]);
    const append = async (path: string) => {
      const t = await startTransaction(store, parquet);
      t.addFiles([add(path)]);
      return t.commit({ name: 'WRITE' });
    };
    expect((await append('f1.parquet')).checkpointWritten).toBe(false);
    expect((await readdir(log)).filter((n) => n.endsWith('.tmp')).sort()).toEqual([old, young].sort());
    expect((await append('f2.parquet')).checkpointWritten).toBe(true);
    expect((await readdir(log)).filter((n) => n.endsWith('.tmp'))).toEqual([young]);
  });

  it('outside the log too: data and deletion vector temp files and staged files, old ones only', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lakesql-abandoned-data-tmp-'));
    folders.push(dir);
    const store = new LocalObjectStore(dir);
    const parquet = new FakeParquetHandler();
    const create = await startTransaction(store, parquet);
    create
      .updateProtocol(PROTOCOL_1_2)
      .updateMetadata(metadata({ configuration: { 'delta.checkpointInterval': '1' } }))
      .addFiles([add('p=1/f0.parquet')]);
    await create.commit({ name: 'CREATE TABLE' });
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    const plant = async (rel: string, old: boolean) => {
      await mkdir(dirname(join(dir, rel)), { recursive: true });
      await writeFile(join(dir, rel), 'PAR1');
      if (old) await utimes(join(dir, rel), twoDaysAgo, twoDaysAgo);
    };
    await plant('.deletion_vector_1.bin.00aa11bb.tmp', true);
    await plant('p=1/.part-0.csv.00aa11bb.tmp', true);
    await plant('p=1/.part-1.csv.44ee55ff.tmp', false);
    await plant('_lakesql_staging_dead/data_0.parquet', true);
    await plant('_lakesql_staging_live/data_0.parquet', false);
    await plant('user.parquet', true);
    const t = await startTransaction(store, parquet);
    t.addFiles([add('p=1/f1.parquet')]);
    expect((await t.commit({ name: 'WRITE' })).checkpointWritten).toBe(true);
    const left = (await readdir(dir, { recursive: true })).filter((n) => !n.startsWith('_delta_log')).sort();
    expect(left).toEqual([
      '_lakesql_staging_live',
      '_lakesql_staging_live/data_0.parquet',
      'p=1',
      'p=1/.part-1.csv.44ee55ff.tmp',
      'user.parquet',
    ]);
  });
});
