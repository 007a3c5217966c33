/**
 * A cold snapshot load lists `_delta_log/` only from the checkpoint `_last_checkpoint` names, and reads only
 * that checkpoint and the commits after it; history, time travel and a missing, corrupt or stale hint still
 * see the whole log. Counted at the ObjectStore: every key a listing returned, looked up or read.
 */
import { describe, expect, it } from 'vitest';
import { MemoryObjectStore } from '../storage/memory-store.js';
import type { ObjectMeta, ObjectStore } from '../storage/object-store.js';
import { writeCheckpoint } from './checkpoint-writer.js';
import { classicCheckpointKey, commitKey, LAST_CHECKPOINT_KEY } from './log-files.js';
import { commitHistory } from './log-segment.js';
import { loadSnapshot } from './snapshot.js';
import { FakeParquetHandler } from './testing/fake-parquet-handler.js';
import { a, writeCommit } from './testing/log-builder.js';

const parquet = new FakeParquetHandler();

interface Counted {
  readonly store: ObjectStore;
  /** Keys returned by `list`/`listFrom`, in call order. */
  readonly listed: string[];
  /** `list` prefixes (a full listing) and `listFrom` prefixes with their start key. */
  readonly listings: string[];
  readonly heads: string[];
  readonly reads: string[];
  reset(): void;
}

function counting(inner: ObjectStore): Counted {
  const listed: string[] = [];
  const listings: string[] = [];
  const heads: string[] = [];
  const reads: string[] = [];
  const keys = (metas: ObjectMeta[]) => {
    listed.push(...metas.map((m) => m.path));
    return metas;
  };
  /** Records `entry` in `log`, then hands back what `then` gives. */
  const noting = <T>(log: string[], entry: string, then: () => T): T => {
    log.push(entry);
    return then();
  };
  const store: ObjectStore = {
    rootUrl: inner.rootUrl,
    get: (k) => noting(reads, k, () => inner.get(k)),
    getRange: (k, s, l) => noting(reads, k, () => inner.getRange(k, s, l)),
    head: (k) => noting(heads, k, () => inner.head(k)),
    put: (k, d) => inner.put(k, d),
    putIfAbsent: (k, d) => inner.putIfAbsent(k, d),
    list: (p) => noting(listings, `list ${p}`, async () => keys(await inner.list(p))),
    listFrom: (p, after) =>
      noting(listings, `listFrom ${p} ${after}`, async () => keys(await inner.listFrom(p, after))),
    delete: (k) => inner.delete(k),
    localPath: () => undefined,
  };
  const reset = () => {
    for (const list of [listed, listings, heads, reads]) list.length = 0;
  };
  return { store, listed, listings, heads, reads, reset };
}

const commitName = (v: number) => commitKey(v);

/** Commits 0..199, one add each (and a commitInfo naming the version), checkpointed at version 190. */
async function longTable(): Promise<MemoryObjectStore> {
  const store = new MemoryObjectStore();
  await writeCommit(store, 0, [a.commitInfo({ operation: 'v0' }), a.protocol(), a.metaData(), a.add('f0')]);
  for (let v = 1; v < 200; v++) {
    await writeCommit(store, v, [a.commitInfo({ operation: `v${v}` }), a.add(`f${v}`)]);
  }
  await writeCheckpoint(await loadSnapshot(store, parquet, { version: 190 }), parquet, 0);
  return store;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('cold snapshot load from _last_checkpoint', () => {
  it('lists and reads only the hint, the checkpoint and the commits after it', async () => {
    const c = counting(await longTable());
    const s = await loadSnapshot(c.store, parquet);
    expect(s.version).toBe(199);
    expect(s.numFiles).toBe(200);
    expect(s.segment.checkpointVersion).toBe(190);
    expect(c.listings).toEqual(['listFrom _delta_log/0 _delta_log/00000000000000000190']);
    expect(c.listed).toEqual([classicCheckpointKey(190), ...range(190, 199).map(commitName)]);
    expect(c.heads).toEqual([]);
    expect(c.reads).toEqual([
      LAST_CHECKPOINT_KEY,
      classicCheckpointKey(190),
      ...range(191, 199).map(commitName),
    ]);
    expect(s.segment.listedFrom).toBe(190);
    expect(s.segment.commits.map((x) => x.version)).toEqual(range(190, 199));
  });

  it('history reads the older commits when asked: all 200 versions, in order', async () => {
    const c = counting(await longTable());
    const s = await loadSnapshot(c.store, parquet);
    c.reset();
    const history = await commitHistory(c.store, s.segment);
    expect(history.map((x) => x.version)).toEqual(range(0, 199));
    expect(c.listings).toEqual(['list _delta_log/0']);
  });

  it('time travel to a version before the checkpoint replays the old commits', async () => {
    const store = await longTable();
    const s = await loadSnapshot(store, parquet, { version: 5 });
    expect(s.version).toBe(5);
    expect(s.segment.checkpointVersion).toBeUndefined();
    expect(
      s
        .activeFiles()
        .map((f) => f.path)
        .sort(),
    ).toEqual(['f0', 'f1', 'f2', 'f3', 'f4', 'f5']);
  });

  it('time travel to a version after the checkpoint lists from it too; past the log it names the whole range', async () => {
    const c = counting(await longTable());
    const s = await loadSnapshot(c.store, parquet, { version: 195 });
    expect(s.version).toBe(195);
    expect(s.numFiles).toBe(196);
    expect(c.listings).toEqual(['listFrom _delta_log/0 _delta_log/00000000000000000190']);
    expect(c.reads).toEqual([
      LAST_CHECKPOINT_KEY,
      classicCheckpointKey(190),
      ...range(191, 195).map(commitName),
    ]);
    await expect(loadSnapshot(c.store, parquet, { version: 250 })).rejects.toMatchObject({
      errorClass: 'DELTA_CANNOT_TIME_TRAVEL_VERSION',
      messageParameters: { version: 250, earliest: 0, latest: 199 },
    });
  });

  it.each([
    ['missing', undefined],
    ['not JSON', '{"version": 19'],
    ['without a version', '{"size": 3}'],
    ['with a negative version', '{"version": -1, "size": 3}'],
    ['naming a version past the log', '{"version": 250, "size": 3}'],
  ])('a %s _last_checkpoint falls back to listing the whole log', async (_, hint) => {
    const inner = await longTable();
    if (hint === undefined) await inner.delete(LAST_CHECKPOINT_KEY);
    else await inner.put(LAST_CHECKPOINT_KEY, hint);
    const c = counting(inner);
    const s = await loadSnapshot(c.store, parquet);
    expect(s.version).toBe(199);
    expect(s.numFiles).toBe(200);
    expect(s.segment.checkpointVersion).toBe(190);
    expect(s.segment.listedFrom).toBe(0);
    expect(c.listings.at(-1)).toBe('list _delta_log/');
    expect(c.reads.filter((k) => k.endsWith('.json'))).toEqual(range(191, 199).map(commitName));
  });

  it('a hint naming a checkpoint that is not there falls back to the newest complete one before it', async () => {
    const inner = await longTable();
    // A torn multi-part checkpoint at 195 (part 2 of 2 missing), named by the hint.
    await inner.put(
      '_delta_log/00000000000000000195.checkpoint.0000000001.0000000002.parquet',
      JSON.stringify([]),
    );
    await inner.put(LAST_CHECKPOINT_KEY, JSON.stringify({ version: 195, size: 3, parts: 2 }));
    const c = counting(inner);
    const s = await loadSnapshot(c.store, parquet);
    expect(s.segment.checkpointVersion).toBe(190);
    expect(s.segment.deltas.map((d) => d.version)).toEqual(range(191, 199));
    expect(s.numFiles).toBe(200);
    expect(c.listings).toEqual(['listFrom _delta_log/0 _delta_log/00000000000000000195', 'list _delta_log/']);
  });

  it('a stale hint still lists from its version and prefers the newer checkpoint found there', async () => {
    const inner = await longTable();
    await writeCheckpoint(await loadSnapshot(inner, parquet, { version: 197 }), parquet, 0);
    await inner.put(LAST_CHECKPOINT_KEY, JSON.stringify({ version: 190, size: 193 }));
    const c = counting(inner);
    const s = await loadSnapshot(c.store, parquet);
    expect(s.segment.checkpointVersion).toBe(197);
    expect(c.reads).toEqual([
      LAST_CHECKPOINT_KEY,
      classicCheckpointKey(197),
      commitName(198),
      commitName(199),
    ]);
    expect(s.numFiles).toBe(200);
  });

  it('a complete multi-part checkpoint named by the hint is read part by part', async () => {
    const inner = await longTable();
    const full = await loadSnapshot(inner, parquet, { version: 198 });
    const rows = JSON.parse(
      new TextDecoder().decode(await inner.get(classicCheckpointKey(190))),
    ) as unknown[];
    // Version 198's state, split in two parts: protocol and metadata first, then the adds.
    const adds = full.activeFiles().map((f) => ({ add: { ...f, dataChange: false } }));
    const part = (i: number) => `_delta_log/00000000000000000198.checkpoint.000000000${i}.0000000002.parquet`;
    await inner.put(part(1), JSON.stringify([rows[0], rows[1]]));
    await inner.put(part(2), JSON.stringify(adds));
    await inner.put(LAST_CHECKPOINT_KEY, JSON.stringify({ version: 198, size: 201, parts: 2 }));
    const c = counting(inner);
    const s = await loadSnapshot(c.store, parquet);
    expect(s.segment.checkpoint.map((f) => f.meta.path)).toEqual([part(1), part(2)]);
    expect(c.reads).toEqual([LAST_CHECKPOINT_KEY, part(1), part(2), commitName(199)]);
    expect(s.numFiles).toBe(200);
  });
});
