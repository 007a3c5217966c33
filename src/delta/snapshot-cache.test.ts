/**
 * The session's snapshot cache: a refresh reads only the commits written since the cached version (by this
 * session or another writer) and gives exactly the snapshot a fresh load gives; time travel bypasses it;
 * a recreated table is loaded afresh; the number of tables kept is bounded.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LakeSession } from '../api/lake-session.js';
import { DuckDBParquetHandler } from '../engine/parquet-handler.js';
import { LocalObjectStore } from '../storage/local-store.js';
import type { ObjectStore } from '../storage/object-store.js';
import { field, LongType, struct } from '../types/data-types.js';
import { loadSnapshot, type Snapshot } from './snapshot.js';
import { SnapshotCache } from './snapshot-cache.js';

const schema = struct([field('id', LongType)]);

let writer: LakeSession;
let warehouse: string;
beforeAll(async () => {
  warehouse = await mkdtemp(join(tmpdir(), 'lakesql-snapshot-cache-'));
  writer = await LakeSession.create({ warehouse });
});
afterAll(async () => {
  await writer.stop();
  await rm(warehouse, { recursive: true, force: true });
});

/** A local store that records the keys read and the prefixes listed, to show what a refresh touches. */
function countingStore(dir: string): { store: ObjectStore; reads: string[]; lists: string[] } {
  const inner = new LocalObjectStore(dir);
  const reads: string[] = [];
  const lists: string[] = [];
  const store = new Proxy(inner, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (prop === 'get' || prop === 'getRange' || prop === 'list') {
        return (key: string, ...rest: unknown[]) => {
          (prop === 'list' ? lists : reads).push(key);
          return (value as (...a: unknown[]) => unknown).call(target, key, ...rest);
        };
      }
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { store, reads, lists };
}

/**
 * Everything a snapshot holds that readers see, in order. An add's dataChange is left out: a checkpoint
 * records every add with dataChange false (PROTOCOL.md "Checkpoints"), the commit it came from with true.
 */
function state(s: Snapshot) {
  return {
    version: s.version,
    files: s.activeFiles().map(({ dataChange: _, ...add }) => add),
    txns: s.transactions(),
    domains: s.domainMetadata(),
    protocol: s.protocol,
    metadata: s.metadata,
    checkpointVersion: s.segment.checkpointVersion,
    deltas: s.segment.deltas.map((d) => d.meta.path),
    commits: s.segment.commits.map((c) => c.version),
    timestamp: s.timestamp,
  };
}

async function freshLoad(dir: string): Promise<Snapshot> {
  return loadSnapshot(
    new LocalObjectStore(dir),
    new DuckDBParquetHandler(writer.engine, { snapshotCacheTables: 0 }),
  );
}

const append = (dir: string, id: number, properties?: Record<string, string>) =>
  writer
    .deltaTable(dir)
    .write([{ id: BigInt(id) }], { schema, mode: 'append', ...(properties ? { properties } : {}) });

describe('SnapshotCache', () => {
  it('refreshes by reading only the commits another writer added, to the state a fresh load gives', async () => {
    const dir = join(warehouse, 'other-writer');
    for (let i = 0; i < 3; i++) await append(dir, i);
    const { store, reads, lists } = countingStore(dir);
    const handler = new DuckDBParquetHandler(writer.engine);
    const first = await loadSnapshot(store, handler);
    expect(first.version).toBe(2);

    reads.length = 0;
    lists.length = 0;
    expect(await loadSnapshot(store, handler)).toBe(first); // nothing new: the cached object itself
    expect(reads).toEqual([]);
    expect(lists).toEqual([]); // two lookups (version 2's commit unchanged, no version 3), no listing

    await append(dir, 3); // the writer session is another session: another writer to `handler`
    await append(dir, 4);
    const refreshed = await loadSnapshot(store, handler);
    expect(reads).toEqual(['_delta_log/00000000000000000003.json', '_delta_log/00000000000000000004.json']);
    expect(state(refreshed)).toEqual(state(await freshLoad(dir)));
    expect(refreshed.numFiles).toBe(5);
    // The cached snapshot was not changed by the refresh.
    expect(first.version).toBe(2);
    expect(first.numFiles).toBe(3);
  });

  it('goes past a checkpoint written since without reading it, with the segment a fresh load builds', async () => {
    const dir = join(warehouse, 'past-checkpoint');
    for (let i = 0; i < 8; i++) await append(dir, i);
    const { store, reads } = countingStore(dir);
    const handler = new DuckDBParquetHandler(writer.engine);
    expect((await loadSnapshot(store, handler)).segment.checkpointVersion).toBeUndefined();
    for (let i = 8; i < 12; i++) await append(dir, i); // version 10 writes the checkpoint
    reads.length = 0;
    const refreshed = await loadSnapshot(store, handler);
    expect(reads.filter((k) => k.includes('checkpoint'))).toEqual([]);
    expect(reads).toHaveLength(4);
    expect(refreshed.version).toBe(11);
    expect(state(refreshed)).toEqual(state(await freshLoad(dir)));
    expect(refreshed.segment.checkpointVersion).toBe(10);
  });

  it('sees a commit of its own session, and time travel bypasses the cache', async () => {
    const dir = join(warehouse, 'own-session');
    const session = await LakeSession.create({ warehouse });
    try {
      const t = session.deltaTable(dir);
      await t.write([{ id: 1n }], { schema });
      expect((await t.snapshot()).numFiles).toBe(1);
      await session.sql(`INSERT INTO delta.\`${dir}\` VALUES (2), (3)`);
      const s = await t.snapshot();
      expect(s.version).toBe(1);
      expect(state(s)).toEqual(state(await freshLoad(dir)));
      const rows = await session.sql(`SELECT id FROM delta.\`${dir}\` ORDER BY id`);
      expect((await rows.collect()).map((r) => r.id)).toEqual([1n, 2n, 3n]);
      const old = await session.sql(`SELECT id FROM delta.\`${dir}\` VERSION AS OF 0`);
      expect((await old.collect()).map((r) => r.id)).toEqual([1n]);
      expect((await t.snapshot({ version: 0 })).numFiles).toBe(1);
      expect((await t.snapshot()).version).toBe(1);
    } finally {
      await session.stop();
    }
  });

  it('applies a commit of its own from memory: the next read lists nothing and reads no log file', async () => {
    const dir = join(warehouse, 'own-commit');
    for (let i = 0; i < 2; i++) await append(dir, i);
    const session = await LakeSession.create({ warehouse });
    const lists = vi.spyOn(LocalObjectStore.prototype, 'list');
    const gets = vi.spyOn(LocalObjectStore.prototype, 'get');
    const logCalls = () =>
      [...lists.mock.calls, ...gets.mock.calls]
        .map((c) => String(c[0]))
        .filter((k) => k.startsWith('_delta_log'));
    try {
      const table = `delta.\`${dir}\``;
      await (await session.sql(`SELECT count(*) FROM ${table}`)).collect();
      await (await session.sql(`DELETE FROM ${table} WHERE id = 0`)).collect();
      await (await session.sql(`INSERT INTO ${table} VALUES (5), (6)`)).collect();
      lists.mockClear();
      gets.mockClear();
      const s = await session.deltaTable(dir).snapshot();
      expect(logCalls()).toEqual([]);
      expect(s.version).toBe(3);
      expect(state(s)).toEqual(state(await freshLoad(dir)));
      const rows = await (await session.sql(`SELECT id FROM ${table} ORDER BY id`)).collect();
      expect(rows.map((r) => r.id)).toEqual([1n, 5n, 6n]);

      // Another writer's commit after this session's own: the log is read for it, not for the own one.
      await (await session.sql(`DELETE FROM ${table} WHERE id = 5`)).collect();
      await append(dir, 7);
      lists.mockClear();
      gets.mockClear();
      const after = await session.deltaTable(dir).snapshot();
      expect(logCalls().filter((k) => k.endsWith('.json'))).toEqual(['_delta_log/00000000000000000005.json']);
      expect(state(after)).toEqual(state(await freshLoad(dir)));
    } finally {
      lists.mockRestore();
      gets.mockRestore();
      await session.stop();
    }
  });

  it('applies a commit of its own that wrote a checkpoint from memory, the segment starting at the checkpoint', async () => {
    const dir = join(warehouse, 'own-checkpoint');
    await append(dir, 0, { 'delta.checkpointInterval': '2' });
    const session = await LakeSession.create({ warehouse });
    const lists = vi.spyOn(LocalObjectStore.prototype, 'list');
    const gets = vi.spyOn(LocalObjectStore.prototype, 'get');
    const logCalls = () =>
      [...lists.mock.calls, ...gets.mock.calls]
        .map((c) => String(c[0]))
        .filter((k) => k.startsWith('_delta_log'));
    try {
      const table = `delta.\`${dir}\``;
      await (await session.sql(`INSERT INTO ${table} VALUES (1)`)).collect();
      // Version 2 is checkpointed after its commit.
      await (await session.sql(`INSERT INTO ${table} VALUES (2)`)).collect();
      lists.mockClear();
      gets.mockClear();
      const s = await session.deltaTable(dir).snapshot();
      expect(logCalls()).toEqual([]);
      expect(s.segment.checkpointVersion).toBe(2);
      expect(state(s)).toEqual(state(await freshLoad(dir)));
    } finally {
      lists.mockRestore();
      gets.mockRestore();
      await session.stop();
    }
  });

  it('loads afresh a table deleted and written again at the same place', async () => {
    const dir = join(warehouse, 'recreated');
    for (let i = 0; i < 3; i++) await append(dir, i);
    const handler = new DuckDBParquetHandler(writer.engine);
    const store = new LocalObjectStore(dir);
    expect((await loadSnapshot(store, handler)).version).toBe(2);
    await rm(dir, { recursive: true });
    for (let i = 0; i < 4; i++) await append(dir, 10 + i);
    const s = await loadSnapshot(store, handler);
    expect(state(s)).toEqual(state(await freshLoad(dir)));
    expect(s.numFiles).toBe(4);
  });

  it('loads afresh a table written again with as many commits, whose latest commit file differs', async () => {
    const dir = join(warehouse, 'recreated-same-version');
    for (let i = 0; i < 3; i++) await append(dir, i);
    const handler = new DuckDBParquetHandler(writer.engine);
    const store = new LocalObjectStore(dir);
    expect((await loadSnapshot(store, handler)).numFiles).toBe(3);
    await rm(dir, { recursive: true });
    await append(dir, 100);
    await append(dir, 101);
    await writer.sql(`DELETE FROM delta.\`${dir}\` WHERE id = 100`);
    const s = await loadSnapshot(store, handler);
    expect(s.version).toBe(2);
    expect(state(s)).toEqual(state(await freshLoad(dir)));
    expect(s.numFiles).toBe(1);
  });

  it('keeps at most its capacity of tables, dropping the least recently read', async () => {
    const cache = new SnapshotCache(2);
    const dirs = ['lru-a', 'lru-b', 'lru-c'].map((n) => join(warehouse, n));
    for (const d of dirs) await append(d, 1);
    const base = new DuckDBParquetHandler(writer.engine, { snapshotCacheTables: 0 });
    const withCache = Object.assign(Object.create(base) as DuckDBParquetHandler, { snapshotCache: cache });
    const a = await loadSnapshot(new LocalObjectStore(dirs[0]!), withCache);
    await loadSnapshot(new LocalObjectStore(dirs[1]!), withCache);
    expect(await loadSnapshot(new LocalObjectStore(dirs[0]!), withCache)).toBe(a); // a is now the most recent
    await loadSnapshot(new LocalObjectStore(dirs[2]!), withCache); // drops b
    expect(cache.size).toBe(2);
    expect(await loadSnapshot(new LocalObjectStore(dirs[0]!), withCache)).toBe(a);
  });
});
