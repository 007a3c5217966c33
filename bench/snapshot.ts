/**
 * `snapshot`: loading the latest snapshot of a table against the I/O that no reader can avoid: listing
 * `_delta_log/` and reading the same files the snapshot's LogSegment reads (a checkpoint's bytes included,
 * unparsed) with plain node:fs. The gap is listing classification, JSON and checkpoint parsing and action
 * reconciliation. lakesql also reads `_last_checkpoint` and lists the log only from the checkpoint it names
 * (log-segment.ts listLogSegment: the local store reads the folder's names and stats only the files after
 * it), so a longer log behind the checkpoint costs a load nothing but those names.
 * - 200 commits (one small append each), with a checkpoint every 10 and without one: cold loads, by a
 *   handler without the session's snapshot cache.
 * - A table of many files behind one checkpoint, loaded cold (its adds stay columns, its other actions are
 *   read from the columns in memory: engine/parquet-leaf-columns.ts, no DuckDB query).
 * - Refresh by one commit of that large table through the session's snapshot cache, against reading the
 *   new commit file (target under 5 ms whatever the table's size).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { writeCheckpoint } from '../src/delta/checkpoint-writer.js';
import { classicCheckpointKey, commitKey, LAST_CHECKPOINT_KEY } from '../src/delta/log-files.js';
import { loadSnapshot } from '../src/delta/snapshot.js';
import { DuckDBParquetHandler } from '../src/engine/parquet-handler.js';
import { LocalObjectStore } from '../src/storage/local-store.js';
import { BENCH_SCHEMA, type BenchContext, rowsSql, scaled } from './context.js';
import { type BenchCase, check } from './harness.js';

export const SNAPSHOT_COMMITS = 200;
const ROWS_PER_COMMIT = 10;
/** Files in the large table's checkpoint (times LAKESQL_BENCH_SCALE). */
const LARGE_TABLE_FILES = 50_000;

export async function snapshotCases(ctx: BenchContext): Promise<BenchCase[]> {
  return [await snapshotCase(ctx, true), await snapshotCase(ctx, false), ...(await largeTableCases(ctx))];
}

/** A handler as a session's, without its snapshot cache: every load replays from the log. */
function coldHandler(ctx: BenchContext): DuckDBParquetHandler {
  return new DuckDBParquetHandler(ctx.session.engine, { snapshotCacheTables: 0 });
}

async function snapshotCase(ctx: BenchContext, checkpoints: boolean): Promise<BenchCase> {
  const location = ctx.dir(checkpoints ? 'snapshot' : 'snapshot-nocp');
  const table = ctx.session.deltaTable(location);
  for (let i = 0; i < SNAPSHOT_COMMITS; i++) {
    await table.writeQuery(rowsSql(ROWS_PER_COMMIT, i * ROWS_PER_COMMIT), {
      schema: BENCH_SCHEMA,
      mode: 'append',
      // The default interval (10) checkpoints; an interval past the commit count never does.
      ...(checkpoints ? {} : { properties: { 'delta.checkpointInterval': String(SNAPSHOT_COMMITS * 10) } }),
    });
  }
  const store = new LocalObjectStore(location);
  const handler = coldHandler(ctx);
  const probe = await loadSnapshot(store, handler);
  const segmentKeys = [...probe.segment.checkpoint, ...probe.segment.deltas].map((f) => f.meta.path);
  const latest = SNAPSHOT_COMMITS - 1;
  check(probe.version === latest, `snapshot version ${probe.version}, expected ${latest}`);
  check(
    (probe.segment.checkpointVersion !== undefined) === checkpoints,
    `checkpoint at ${probe.segment.checkpointVersion}`,
  );
  return {
    benchmark: 'snapshot',
    name: checkpoints
      ? `${SNAPSHOT_COMMITS} commits, checkpoint every 10`
      : `${SNAPSHOT_COMMITS} commits, no checkpoint`,
    lakesqlDoes: checkpoints
      ? `loadSnapshot, no cache (_last_checkpoint, then lists and reads ${segmentKeys.length} log files)`
      : `loadSnapshot, no cache (reads ${segmentKeys.length} log files)`,
    baselineDoes: 'readdir + readFile of the same log files',
    lakesql: async () => {
      const snapshot = await loadSnapshot(store, handler);
      check(snapshot.numFiles === SNAPSHOT_COMMITS, `snapshot has ${snapshot.numFiles} files`);
    },
    baseline: () => rawRead(location, segmentKeys),
  };
}

async function rawRead(location: string, keys: readonly string[]): Promise<void> {
  const listed = await fs.readdir(path.join(location, '_delta_log'));
  check(listed.length >= keys.length, `listed ${listed.length} log files`);
  let bytes = 0;
  for (const key of keys) bytes += (await fs.readFile(path.join(location, key))).length;
  check(bytes > 0, 'read no bytes');
}

/**
 * One real append (protocol and metaData as lakesql writes them), then a commit adding `files` adds whose
 * data files need not exist (a snapshot never opens them), checkpointed at version 1.
 */
async function largeTable(ctx: BenchContext, files: number): Promise<string> {
  const location = ctx.dir('snapshot-large');
  await ctx.session.deltaTable(location).writeQuery(rowsSql(ROWS_PER_COMMIT), { schema: BENCH_SCHEMA });
  const store = new LocalObjectStore(location);
  const lines: string[] = [];
  for (let i = 0; i < files; i++) lines.push(JSON.stringify({ add: syntheticAdd(i) }));
  await store.putIfAbsent(commitKey(1), `${lines.join('\n')}\n`);
  const handler = coldHandler(ctx);
  const snapshot = await loadSnapshot(store, handler);
  await writeCheckpoint(snapshot, handler, Date.now());
  check((await fs.stat(path.join(location, classicCheckpointKey(1)))).size > 0, 'no checkpoint');
  check((await fs.stat(path.join(location, LAST_CHECKPOINT_KEY))).size > 0, 'no _last_checkpoint');
  return location;
}

function syntheticAdd(i: number): Record<string, unknown> {
  return {
    path: `day=2024-01-${String((i % 28) + 1).padStart(2, '0')}/part-${String(i).padStart(6, '0')}.snappy.parquet`,
    partitionValues: {},
    size: 1000 + i,
    modificationTime: 1_700_000_000_000 + i,
    dataChange: true,
    stats: JSON.stringify({
      numRecords: 10,
      minValues: { id: i * 10, name: 'name-0', value: 0, day: '2024-01-01' },
      maxValues: { id: i * 10 + 9, name: 'name-9', value: 4.5, day: '2024-01-30' },
      nullCount: { id: 0, name: 0, value: 0, day: 0 },
    }),
  };
}

async function largeTableCases(ctx: BenchContext): Promise<BenchCase[]> {
  const files = scaled(ctx, LARGE_TABLE_FILES);
  const location = await largeTable(ctx, files);
  const store = new LocalObjectStore(location);
  const checkpointBytes = (await fs.stat(path.join(location, classicCheckpointKey(1)))).size;
  const mb = (checkpointBytes / 1024 / 1024).toFixed(1);
  const expected = files + 1;
  const cold = (name: string, handler: DuckDBParquetHandler): BenchCase => ({
    benchmark: 'snapshot',
    name: `${files} files, one ${mb} MB checkpoint, ${name}`,
    lakesqlDoes: 'loadSnapshot, no cache',
    baselineDoes: 'readdir + readFile of the checkpoint',
    lakesql: async () => {
      const snapshot = await loadSnapshot(store, handler);
      check(snapshot.numFiles === expected, `snapshot has ${snapshot.numFiles} files`);
      check(snapshot.segment.checkpointVersion === 1, 'not loaded from the checkpoint');
    },
    baseline: () => rawRead(location, [classicCheckpointKey(1)]),
  });

  // Refresh: each round commits one more add (untimed, as another writer would), then reads the table.
  const session = coldHandler(ctx);
  const cached = new DuckDBParquetHandler(ctx.session.engine);
  check((await loadSnapshot(store, cached)).numFiles === expected, 'cached snapshot');
  let version = 1;
  let added = 0;
  const commitOne = async (): Promise<string> => {
    version++;
    added++;
    const key = commitKey(version);
    await store.putIfAbsent(key, `${JSON.stringify({ add: syntheticAdd(files + added) })}\n`);
    return key;
  };
  let newKey = '';
  const refresh: BenchCase = {
    benchmark: 'snapshot',
    name: `${files} files, refresh by one commit`,
    lakesqlDoes: "loadSnapshot through the session's cache",
    baselineDoes: 'readdir + readFile of the new commit',
    prepare: async (side) => {
      newKey = await commitOne();
      if (side === 'baseline') await loadSnapshot(store, cached); // keep the cache one commit behind
    },
    lakesql: async () => {
      const snapshot = await loadSnapshot(store, cached);
      check(snapshot.version === version, `refreshed to ${snapshot.version}, expected ${version}`);
      check(snapshot.numFiles === expected + added, `snapshot has ${snapshot.numFiles} files`);
    },
    baseline: () => rawRead(location, [newKey]),
  };
  return [cold('default reader', session), refresh];
}
