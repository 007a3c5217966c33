/**
 * Metadata cleanup after a checkpoint (PROTOCOL.md "Metadata Cleanup"): with delta.checkpointInterval=2 and
 * delta.logRetentionDuration='interval 1 days', commits whose files are older than a day are deleted, but
 * only below the newest checkpoint behind which every commit has expired, so that every version still kept
 * can be rebuilt. File ages are set with utimes on a LocalObjectStore table.
 */
import { mkdtemp, readdir, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LakesqlError } from '../errors/index.js';
import { LocalObjectStore } from '../storage/local-store.js';
import { classicCheckpointKey, commitKey } from './log-files.js';
import { loadSnapshot } from './snapshot.js';
import { FakeParquetHandler } from './testing/fake-parquet-handler.js';
import { add, metadata, PROTOCOL_1_2 } from './testing/log-builder.js';
import { startTransaction } from './transaction.js';

const parquet = new FakeParquetHandler();
const DAY = 24 * 60 * 60 * 1000;
const folders: string[] = [];
afterAll(async () => {
  await Promise.all(folders.map((f) => rm(f, { recursive: true, force: true })));
});

const commit = (v: number) => commitKey(v).slice('_delta_log/'.length);
const checkpoint = (v: number) => classicCheckpointKey(v).slice('_delta_log/'.length);

async function freshTable(configuration: Record<string, string>) {
  const dir = await mkdtemp(join(tmpdir(), 'lakesql-log-cleanup-'));
  folders.push(dir);
  const store = new LocalObjectStore(dir);
  const txn = await startTransaction(store, parquet);
  txn
    .updateProtocol(PROTOCOL_1_2)
    .updateMetadata(
      metadata({
        configuration: {
          'delta.checkpointInterval': '2',
          'delta.logRetentionDuration': 'interval 1 days',
          ...configuration,
        },
      }),
    )
    .addFiles([add('f0.parquet')]);
  await txn.commit({ name: 'CREATE TABLE' });
  let next = 1;
  return {
    dir,
    store,
    /** Commits one blind append of `f<n>.parquet`; returns whether a checkpoint was written. */
    append: async (): Promise<boolean> => {
      const t = await startTransaction(store, parquet);
      t.addFiles([add(`f${next++}.parquet`)]);
      return (await t.commit({ name: 'WRITE', parameters: { mode: 'Append' } })).checkpointWritten;
    },
    /** Sets the mtime of log files to three days ago, past the one-day retention. */
    age: async (names: string[]): Promise<void> => {
      const old = new Date(Date.now() - 3 * DAY);
      for (const n of names) await utimes(join(dir, '_delta_log', n), old, old);
    },
    log: async (): Promise<string[]> => (await readdir(join(dir, '_delta_log'))).sort(),
  };
}

/** Log file names in listing order ('.checkpoint.parquet' sorts before '.json' at one version). */
const sorted = (names: string[]): string[] => [...names].sort();

async function expectLoadable(store: LocalObjectStore, versions: number[]): Promise<void> {
  for (const version of versions) {
    const s = await loadSnapshot(store, parquet, { version });
    expect(s.version).toBe(version);
    expect(s.numFiles).toBe(version + 1); // f0 … f<version>
  }
}

async function loadError(store: LocalObjectStore, version: number): Promise<LakesqlError> {
  try {
    await loadSnapshot(store, parquet, { version });
  } catch (e) {
    if (e instanceof LakesqlError) return e;
    throw e;
  }
  throw new Error(`version ${version} loaded`);
}

describe('expired log cleanup after a checkpoint', () => {
  it('deletes only expired files below the newest checkpoint behind expired commits', async () => {
    const t = await freshTable({});
    expect(await t.append()).toBe(false); // v1
    expect(await t.append()).toBe(true); // v2: checkpoint; nothing has expired yet
    expect(await t.log()).toEqual(
      sorted([commit(0), commit(1), commit(2), checkpoint(2), '_last_checkpoint']),
    );
    expect(await t.append()).toBe(false); // v3

    // Commits 0..2 and checkpoint 2 expire; commit 3 is fresh, so checkpoint 4 is not yet behind expired
    // commits: cleanup may remove only what lies below checkpoint 2.
    await t.age([commit(0), commit(1), commit(2), checkpoint(2)]);
    expect(await t.append()).toBe(true); // v4: checkpoint, then cleanup
    expect(await t.log()).toEqual(
      sorted([commit(2), checkpoint(2), commit(3), commit(4), checkpoint(4), '_last_checkpoint']),
    );
    await expectLoadable(t.store, [2, 3, 4]);
    for (const version of [0, 1]) {
      const e = await loadError(t.store, version);
      expect(e.errorClass).toBe('DELTA_CANNOT_TIME_TRAVEL_VERSION');
      expect(e.message).toContain(
        `Cannot time travel Delta table to version ${version}. Available versions: [2, 4].`,
      );
    }

    // Now 3 expires too: at checkpoint 6 (commits 4 and 5 fresh), checkpoint 4 is the newest behind expired
    // commits, so commits 2 and 3 and checkpoint 2 go.
    await t.age([commit(3)]);
    expect(await t.append()).toBe(false); // v5
    expect(await t.append()).toBe(true); // v6
    expect(await t.log()).toEqual(
      sorted([commit(4), checkpoint(4), commit(5), commit(6), checkpoint(6), '_last_checkpoint']),
    );
    await expectLoadable(t.store, [4, 5, 6]);
    for (const version of [0, 2, 3]) {
      expect((await loadError(t.store, version)).errorClass).toBe('DELTA_CANNOT_TIME_TRAVEL_VERSION');
    }
    expect((await loadSnapshot(t.store, parquet)).segment.checkpointVersion).toBe(6);
  });

  it('deletes nothing with delta.enableExpiredLogCleanup=false', async () => {
    const t = await freshTable({ 'delta.enableExpiredLogCleanup': 'false' });
    await t.append(); // v1
    await t.append(); // v2
    await t.append(); // v3
    await t.age([commit(0), commit(1), commit(2), commit(3), checkpoint(2)]);
    expect(await t.append()).toBe(true); // v4
    expect(await t.log()).toEqual(
      sorted([
        commit(0),
        commit(1),
        commit(2),
        checkpoint(2),
        commit(3),
        commit(4),
        checkpoint(4),
        '_last_checkpoint',
      ]),
    );
    await expectLoadable(t.store, [0, 1, 2, 3, 4]);
  });

  it('keeps unexpired commits even below the checkpoint', async () => {
    const t = await freshTable({});
    await t.append(); // v1
    await t.append(); // v2
    await t.append(); // v3
    // Only commit 1 is old: commit 0 is fresh, so no checkpoint has every older commit expired.
    await t.age([commit(1)]);
    expect(await t.append()).toBe(true); // v4
    expect(await t.log()).toEqual(
      sorted([
        commit(0),
        commit(1),
        commit(2),
        checkpoint(2),
        commit(3),
        commit(4),
        checkpoint(4),
        '_last_checkpoint',
      ]),
    );
  });
});
