/**
 * Checkpoints are optional (issue 13): a checkpoint written by lakesql and then truncated, emptied or
 * overwritten with garbage, one part of a multi-part checkpoint deleted, or `_last_checkpoint` corrupt or
 * pointing at a checkpoint that is not there, leaves the table readable at its latest version with all its
 * rows, from the previous complete checkpoint or the JSON commits, with a warning and never an error. The
 * next write succeeds and writes a good checkpoint. Checkpoints are published atomically: the Parquet file
 * reaches its key through the store's `put`, never by the engine writing under the key.
 */
import { mkdtemp, readFile, rm, truncate, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LakeSession } from '../api/lake-session.js';
import { DuckDBParquetHandler } from '../engine/parquet-handler.js';
import { LakesqlError } from '../errors/index.js';
import { LocalObjectStore } from '../storage/local-store.js';
import type { ObjectStore } from '../storage/object-store.js';
import { classicCheckpointKey, commitKey, LAST_CHECKPOINT_KEY } from './log-files.js';
import type { DeltaWarning } from './log-warnings.js';
import { loadSnapshot } from './snapshot.js';

let warehouse: string;
let writer: LakeSession;
beforeAll(async () => {
  warehouse = await mkdtemp(join(tmpdir(), 'lakesql-checkpoint-fallback-'));
  writer = await LakeSession.create({ warehouse });
});
afterAll(async () => {
  await writer.stop();
  await rm(warehouse, { recursive: true, force: true });
});

let tables = 0;
/**
 * A table of versions 0..5 holding ids 1..5, with checkpoints at versions 2 and 4 (interval 2), written by
 * its own session so that no cached snapshot hides what a fresh reader sees.
 */
async function tableWithCheckpoints(): Promise<{ dir: string; store: LocalObjectStore }> {
  const dir = join(warehouse, `t${tables++}`);
  await writer.sql(
    `CREATE TABLE delta.\`${dir}\` (id BIGINT) USING delta TBLPROPERTIES ('delta.checkpointInterval' = '2')`,
  );
  for (let id = 1; id <= 5; id++) await writer.sql(`INSERT INTO delta.\`${dir}\` VALUES (${id})`);
  return { dir, store: new LocalObjectStore(dir) };
}

const file = (dir: string, key: string) => join(dir, key);

/** A fresh reader (no cached snapshot) whose warnings are collected. */
async function freshLoad(store: ObjectStore, version?: number) {
  const warnings: DeltaWarning[] = [];
  const handler = new DuckDBParquetHandler(writer.engine, {
    snapshotCacheTables: 0,
    onWarning: (w) => warnings.push(w),
  });
  const snapshot = await loadSnapshot(store, handler, version === undefined ? {} : { version });
  return { snapshot, warnings };
}

/** Reads the ids with a session of its own and returns them sorted, with the warnings that session heard. */
async function ids(dir: string): Promise<bigint[]> {
  const session = await LakeSession.create({ warehouse });
  try {
    const rows = await (await session.sql(`SELECT id FROM delta.\`${dir}\` ORDER BY id`)).collect();
    return rows.map((r) => r.id as bigint);
  } finally {
    await session.stop();
  }
}

async function expectWholeTable(dir: string, store: ObjectStore, fellBackTo: number | undefined) {
  const { snapshot, warnings } = await freshLoad(store);
  expect(snapshot.version).toBe(5);
  expect(snapshot.numFiles).toBe(5);
  expect(snapshot.segment.checkpointVersion).toBe(fellBackTo);
  expect(await ids(dir)).toEqual([1n, 2n, 3n, 4n, 5n]);
  return warnings;
}

/** The next write succeeds, writes the checkpoint of version 6, and a fresh reader uses it without warning. */
async function expectNextWriteHeals(dir: string, store: ObjectStore) {
  await writer.sql(`INSERT INTO delta.\`${dir}\` VALUES (6)`);
  const { snapshot, warnings } = await freshLoad(store);
  expect(warnings).toEqual([]);
  expect(snapshot.version).toBe(6);
  expect(snapshot.segment.checkpointVersion).toBe(6);
  expect(snapshot.numFiles).toBe(6);
  expect(JSON.parse(await readFile(file(dir, LAST_CHECKPOINT_KEY), 'utf8'))).toMatchObject({ version: 6 });
}

describe('a damaged checkpoint is passed over for the previous one', () => {
  const damages: [string, (path: string) => Promise<void>][] = [
    ['truncated to half', async (p) => truncate(p, Math.floor((await readFile(p)).length / 2))],
    ['truncated to 0 bytes', (p) => truncate(p, 0)],
    ['cut to 7 bytes ("too small to be a Parquet file")', (p) => truncate(p, 7)],
    ['overwritten with garbage', (p) => writeFile(p, 'PAR1 this is not a parquet file PAR1')],
    ['its footer cut off', async (p) => truncate(p, (await readFile(p)).length - 10)],
  ];
  for (const [name, damage] of damages) {
    it(`checkpoint ${name}: rows from checkpoint 2 and commits 3..5, a warning naming the file`, async () => {
      const { dir, store } = await tableWithCheckpoints();
      await damage(file(dir, classicCheckpointKey(4)));
      const warnings = await expectWholeTable(dir, store, 2);
      expect(warnings.map((w) => [w.code, w.path])).toEqual([
        ['DELTA_CHECKPOINT_UNREADABLE', classicCheckpointKey(4)],
      ]);
      await expectNextWriteHeals(dir, store);
    });
  }

  it('every checkpoint damaged: the commits from version 0 rebuild the table', async () => {
    const { dir, store } = await tableWithCheckpoints();
    await truncate(file(dir, classicCheckpointKey(4)), 0);
    await writeFile(file(dir, classicCheckpointKey(2)), 'garbage');
    const warnings = await expectWholeTable(dir, store, undefined);
    expect(warnings.map((w) => w.path)).toEqual([classicCheckpointKey(4), classicCheckpointKey(2)]);
    await expectNextWriteHeals(dir, store);
  });

  it('time travel to the damaged checkpoint version reads version 4 from checkpoint 2', async () => {
    const { dir, store } = await tableWithCheckpoints();
    await truncate(file(dir, classicCheckpointKey(4)), 100);
    const { snapshot, warnings } = await freshLoad(store, 4);
    expect([snapshot.version, snapshot.numFiles, snapshot.segment.checkpointVersion]).toEqual([4, 4, 2]);
    expect(warnings).toHaveLength(1);
    const session = await LakeSession.create({ warehouse });
    try {
      const rows = await (
        await session.sql(`SELECT id FROM delta.\`${dir}\` VERSION AS OF 4 ORDER BY id`)
      ).collect();
      expect(rows.map((r) => r.id)).toEqual([1n, 2n, 3n, 4n]);
    } finally {
      await session.stop();
    }
  });

  it('a damaged checkpoint with the older log cleaned up is a typed error naming the checkpoint', async () => {
    const { dir, store } = await tableWithCheckpoints();
    for (const v of [0, 1, 2, 3]) await unlink(file(dir, commitKey(v)));
    await unlink(file(dir, classicCheckpointKey(2)));
    await truncate(file(dir, classicCheckpointKey(4)), 7);
    const error = await freshLoad(store).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LakesqlError);
    expect((error as LakesqlError).errorClass).toBe('DELTA_STATE_RECOVER_ERROR');
    expect((error as LakesqlError).message).toContain(classicCheckpointKey(4));
  });
});

describe('multi-part checkpoints and _last_checkpoint', () => {
  /** Replaces checkpoint 4 by a two-part checkpoint: part 1 the classic file's rows, part 2 a copy of it. */
  async function twoPartCheckpoint(dir: string): Promise<string[]> {
    const bytes = await readFile(file(dir, classicCheckpointKey(4)));
    const parts = [1, 2].map(
      (p) => `_delta_log/00000000000000000004.checkpoint.000000000${p}.0000000002.parquet`,
    );
    for (const part of parts) await writeFile(file(dir, part), bytes);
    await unlink(file(dir, classicCheckpointKey(4)));
    await writeFile(file(dir, LAST_CHECKPOINT_KEY), JSON.stringify({ version: 4, size: 7, parts: 2 }));
    return parts;
  }

  it('a complete two-part checkpoint is used', async () => {
    const { dir, store } = await tableWithCheckpoints();
    await twoPartCheckpoint(dir);
    expect(await expectWholeTable(dir, store, 4)).toEqual([]);
  });

  it('one part deleted: the incomplete checkpoint is ignored for checkpoint 2', async () => {
    const { dir, store } = await tableWithCheckpoints();
    const parts = await twoPartCheckpoint(dir);
    await unlink(file(dir, parts[1]!));
    await expectWholeTable(dir, store, 2);
    await expectNextWriteHeals(dir, store);
  });

  it('one part truncated: passed over with a warning', async () => {
    const { dir, store } = await tableWithCheckpoints();
    const parts = await twoPartCheckpoint(dir);
    await truncate(file(dir, parts[0]!), 0);
    const warnings = await expectWholeTable(dir, store, 2);
    expect(warnings.map((w) => w.path)).toEqual([parts[0]]);
    await expectNextWriteHeals(dir, store);
  });

  const hints: [string, string | undefined][] = [
    ['garbage', '{"version": 4, "size'],
    ['empty', ''],
    ['not an object', '[4]'],
    ['a version past the log', JSON.stringify({ version: 99, size: 1 })],
    ['a checkpoint of three parts that is not there', JSON.stringify({ version: 4, size: 1, parts: 3 })],
    ['a version with no checkpoint', JSON.stringify({ version: 3, size: 1 })],
    ['deleted', undefined],
  ];
  for (const [name, text] of hints) {
    it(`_last_checkpoint ${name}: the listing finds checkpoint 4`, async () => {
      const { dir, store } = await tableWithCheckpoints();
      if (text === undefined) await unlink(file(dir, LAST_CHECKPOINT_KEY));
      else await writeFile(file(dir, LAST_CHECKPOINT_KEY), text);
      expect(await expectWholeTable(dir, store, 4)).toEqual([]);
      await expectNextWriteHeals(dir, store);
    });
  }

  it('_last_checkpoint naming a damaged checkpoint: passed over for checkpoint 2', async () => {
    const { dir, store } = await tableWithCheckpoints();
    await truncate(file(dir, classicCheckpointKey(4)), 7);
    const warnings = await expectWholeTable(dir, store, 2);
    expect(warnings).toHaveLength(1);
  });
});

describe('readers racing checkpoint writers and log cleanup', () => {
  /**
   * A store on which the checkpoint of version 4 changes between the listing and the read, as another
   * process would make it: `removed` (its log cleanup deleted it), or `torn` (a writer that wrote under the
   * key itself, as lakesql's checkpoint writer once did, had written only part of it).
   */
  function racingStore(dir: string, race: 'removed' | 'torn'): ObjectStore {
    const local = new LocalObjectStore(dir);
    const key = classicCheckpointKey(4);
    let raced = false;
    const strike = async () => {
      if (raced) return;
      raced = true;
      if (race === 'removed') await unlink(file(dir, key));
      else await truncate(file(dir, key), 7);
    };
    return new Proxy(local, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver) as unknown;
        if (typeof value !== 'function') return value;
        if (prop === 'head' || prop === 'get' || prop === 'getRange') {
          return async (path: string, ...rest: unknown[]) => {
            if (path === key) await strike();
            return (value as (...a: unknown[]) => Promise<unknown>).call(target, path, ...rest);
          };
        }
        return (value as (...a: unknown[]) => unknown).bind(target);
      },
    });
  }

  for (const race of ['removed', 'torn'] as const) {
    it(`a checkpoint ${race} between listing and reading: the reader falls back, typed, with the rows`, async () => {
      const { dir } = await tableWithCheckpoints();
      const { snapshot, warnings } = await freshLoad(racingStore(dir, race));
      expect([snapshot.version, snapshot.numFiles, snapshot.segment.checkpointVersion]).toEqual([5, 5, 2]);
      expect(warnings.map((w) => w.path)).toEqual([classicCheckpointKey(4)]);
      if (race === 'removed') {
        expect(warnings[0]!.cause).toBeInstanceOf(LakesqlError); // DELTA_FILE_NOT_FOUND_DETAILED
      }
    });
  }

  it('a checkpoint reaches its key only through the store, whole', async () => {
    const { dir } = await tableWithCheckpoints();
    const local = new LocalObjectStore(dir);
    const puts: string[] = [];
    const store: ObjectStore = new Proxy(local, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver) as unknown;
        if (typeof value !== 'function') return value;
        if (prop === 'put') {
          return (path: string, data: Uint8Array | string) => {
            puts.push(path);
            return target.put(path, data);
          };
        }
        return (value as (...a: unknown[]) => unknown).bind(target);
      },
    });
    const handler = new DuckDBParquetHandler(writer.engine, { snapshotCacheTables: 0 });
    const snapshot = await loadSnapshot(store, handler);
    const { writeCheckpoint } = await import('./checkpoint-writer.js');
    await unlink(file(dir, classicCheckpointKey(4)));
    await writeCheckpoint(await loadSnapshot(store, handler, { version: 4 }), handler, Date.now());
    expect(puts).toEqual([classicCheckpointKey(4), LAST_CHECKPOINT_KEY]);
    expect(snapshot.version).toBe(5);
    expect((await freshLoad(local)).snapshot.segment.checkpointVersion).toBe(4);
  });
});
