/**
 * Classic checkpoints written with the real DuckDBParquetHandler (PROTOCOL.md "Checkpoints", "Checkpoint
 * Schema", "Last Checkpoint File Schema"): the file and `_last_checkpoint` appear at the interval, a snapshot
 * loads from them with the same files as JSON-only replay, tombstones expire by
 * `delta.deletedFileRetentionDuration`, and the Parquet schema matches what Spark writes column for column.
 */
import { cp, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LakeSession } from '../api/lake-session.js';
import { DELTA_CONFORMANCE_DIR } from '../conformance/data-dirs.js';
import { LocalObjectStore } from '../storage/local-store.js';
import { field, LongType, StringType, struct } from '../types/data-types.js';
import type { AddFile } from './actions.js';
import { loadSnapshot, type Snapshot } from './snapshot.js';
import { removeFileFor, startTransaction } from './transaction.js';

const CONFORMANCE = DELTA_CONFORMANCE_DIR;
const DAY = 24 * 60 * 60 * 1000;
const LOG = '_delta_log';
const CHECKPOINT_10 = `${LOG}/00000000000000000010.checkpoint.parquet`;

let session: LakeSession;
let warehouse: string;
let table: string;
let store: LocalObjectStore;
/** The file removed eight days ago (tombstone expired) and the one removed now (tombstone kept). */
let expiredRemoval: string;
let keptRemoval: string;

const schema = struct([field('id', LongType), field('part', StringType)]);

beforeAll(async () => {
  warehouse = await mkdtemp(join(tmpdir(), 'lakesql-checkpoint-'));
  session = await LakeSession.create({ warehouse });
  table = join(warehouse, 'events');
  store = new LocalObjectStore(table);
  const t = session.deltaTable(table);
  // v0: two files (partitions a and b); v1..v7: one file each.
  await t.write(
    [
      { id: 0n, part: 'a' },
      { id: 1n, part: 'b' },
    ],
    { schema, partitionBy: ['part'] },
  );
  for (let v = 1; v <= 7; v++) await t.write([{ id: BigInt(10 * v), part: 'a' }], { schema });
  const files = (await t.snapshot()).activeFiles().sort((x, y) => x.path.localeCompare(y.path));
  expiredRemoval = files[0]!.path;
  keptRemoval = files[1]!.path;
  // v8: a remove whose tombstone is older than the default retention (1 week); v9: a fresh one plus a txn.
  await removeWith(files[0]!, Date.now() - 8 * DAY);
  await removeWith(files[1]!, Date.now(), 'app-1');
  // v10: an append; the post-commit hook writes the checkpoint (default interval 10).
  const v10 = await t.write([{ id: 100n, part: 'c' }], { schema });
  expect(v10.commit).toMatchObject({ version: 10, checkpointWritten: true });
});
afterAll(async () => {
  session.close();
  await rm(warehouse, { recursive: true, force: true });
});

async function removeWith(file: AddFile, deletionTimestamp: number, appId?: string): Promise<void> {
  const txn = await startTransaction(store, session.parquet);
  txn.readFiles([file]).removeFiles([removeFileFor(file, deletionTimestamp)]);
  if (appId) txn.setTransaction(appId, 3);
  await txn.commit({ name: 'DELETE', parameters: { predicate: '[]' } });
}

function withoutNulls(o: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined));
}

function fileState(s: Snapshot) {
  return s
    .activeFiles()
    .map((f) => ({ path: f.path, size: f.size, partitionValues: f.partitionValues, stats: f.stats }))
    .sort((x, y) => x.path.localeCompare(y.path));
}

describe('a checkpoint written every delta.checkpointInterval commits', () => {
  it('writes 10.checkpoint.parquet and _last_checkpoint with exact counts', async () => {
    const bytes = (await stat(join(table, CHECKPOINT_10))).size;
    // protocol + metaData + 1 txn + 8 live adds (2 + 7 + 1 - 2 removed) + 1 unexpired remove = 12 actions.
    expect(await readFile(join(table, LOG, '_last_checkpoint'), 'utf8')).toBe(
      `{"version":10,"size":12,"sizeInBytes":${bytes},"numOfAddFiles":8}`,
    );
  });

  it('holds the reconciled state: adds with dataChange false, the live tombstone, not the expired one', async () => {
    const rows = await session.rows(
      `SELECT to_json(t) AS j FROM read_parquet('${join(table, CHECKPOINT_10)}') AS t`,
    );
    const actions = rows.map((r) => {
      const o = JSON.parse(r.j as string) as Record<string, unknown>;
      return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null));
    });
    const kinds = actions.map((a) => Object.keys(a)[0]).sort();
    expect(kinds).toEqual([
      'add',
      'add',
      'add',
      'add',
      'add',
      'add',
      'add',
      'add',
      'metaData',
      'protocol',
      'remove',
      'txn',
    ]);
    const removes = actions.filter((a) => 'remove' in a).map((a) => a.remove as Record<string, unknown>);
    expect(removes).toHaveLength(1);
    expect(removes[0]).toMatchObject({ path: keptRemoval, dataChange: false, extendedFileMetadata: true });
    expect(actions.some((a) => JSON.stringify(a).includes(expiredRemoval))).toBe(false);
    const adds = actions.filter((a) => 'add' in a).map((a) => a.add as Record<string, unknown>);
    expect(adds.every((a) => a.dataChange === false)).toBe(true);
    expect(adds.every((a) => typeof a.stats === 'string' && a.stats.includes('"numRecords":1'))).toBe(true);
    expect(new Set(adds.map((a) => JSON.stringify(a.partitionValues)))).toEqual(
      new Set(['{"part":"a"}', '{"part":"b"}', '{"part":"c"}']),
    );
    expect(actions.find((a) => 'txn' in a)!.txn).toMatchObject({ appId: 'app-1', version: 3 });
  });

  it('loadSnapshot starts from the checkpoint and matches JSON-only replay of a copy without it', async () => {
    // By version: the session's cache (snapshot-cache.ts) would extend its earlier snapshot by commit 10
    // rather than read the checkpoint, and keep the expired tombstone that the checkpoint dropped.
    const fromCheckpoint = await loadSnapshot(store, session.parquet, { version: 10 });
    expect(fromCheckpoint.segment.checkpointVersion).toBe(10);
    expect(fromCheckpoint.segment.deltas).toEqual([]);
    expect(fromCheckpoint.version).toBe(10);

    const copy = join(warehouse, 'events-json-only');
    await cp(table, copy, { recursive: true });
    await rm(join(copy, CHECKPOINT_10));
    await rm(join(copy, LOG, '_last_checkpoint'));
    const jsonOnly = await loadSnapshot(new LocalObjectStore(copy), session.parquet);
    expect(jsonOnly.segment.checkpointVersion).toBeUndefined();
    expect(jsonOnly.segment.deltas).toHaveLength(11);
    expect(fileState(fromCheckpoint)).toEqual(fileState(jsonOnly));
    expect(fromCheckpoint.numFiles).toBe(8);
    // The checkpoint reads absent optional fields (metaData name/description, protocol readerFeatures/
    // writerFeatures) back as null where JSON replay has them absent: compare without nulls.
    expect(withoutNulls(fromCheckpoint.metadata)).toEqual(withoutNulls(jsonOnly.metadata));
    expect(withoutNulls(fromCheckpoint.protocol)).toEqual(withoutNulls(jsonOnly.protocol));
    expect(fromCheckpoint.transactionVersion('app-1')).toBe(3);
    // JSON replay still knows the expired tombstone; the checkpoint dropped it (its retention passed).
    expect(
      jsonOnly
        .tombstones()
        .map((r) => r.path)
        .sort(),
    ).toEqual([expiredRemoval, keptRemoval].sort());
    expect(fromCheckpoint.tombstones().map((r) => r.path)).toEqual([keptRemoval]);

    // Rows read through the checkpoint equal rows read through the copy.
    const read = async (path: string) =>
      (await session.deltaTable(path).read({ orderBy: ['id'] })).rows.map((r) => r.id);
    expect(await read(table)).toEqual(await read(copy));
    expect(await read(table)).toHaveLength(8);

    // A commit after the checkpoint is replayed on top of it.
    const t = session.deltaTable(copy);
    await t.write([{ id: 200n, part: 'c' }], { schema });
    const s11 = await loadSnapshot(new LocalObjectStore(copy), session.parquet);
    expect(s11.segment.checkpointVersion).toBeUndefined(); // v11 is no multiple of 10: no new checkpoint
    const tOrig = session.deltaTable(table);
    await tOrig.write([{ id: 200n, part: 'c' }], { schema });
    const o11 = await loadSnapshot(store, session.parquet);
    expect(o11.segment.checkpointVersion).toBe(10);
    expect(o11.segment.deltas.map((d) => d.version)).toEqual([11]);
    expect(o11.numFiles).toBe(9);
  });
});

interface SchemaColumn {
  readonly type: string;
  readonly converted: string;
  readonly logical: string;
  readonly repetition: string;
}

/** parquet_schema() of a file, flattened to dotted paths (the schema's nesting is given by num_children). */
async function parquetSchema(file: string): Promise<Map<string, SchemaColumn>> {
  const rows = await session.rows(
    `SELECT name, type, converted_type, logical_type, repetition_type, num_children::INTEGER AS n FROM parquet_schema('${file}')`,
  );
  const out = new Map<string, SchemaColumn>();
  let i = 1; // row 0 is the root
  const walk = (prefix: string, count: number): void => {
    for (let k = 0; k < count; k++) {
      const r = rows[i++]!;
      const path = prefix ? `${prefix}.${r.name}` : String(r.name);
      out.set(path, {
        type: String(r.type ?? ''),
        converted: String(r.converted_type ?? ''),
        logical: String(r.logical_type ?? ''),
        repetition: String(r.repetition_type ?? ''),
      });
      if (r.n) walk(path, Number(r.n));
    }
  };
  walk('', Number(rows[0]!.n));
  return out;
}

/** Spark columns we do not write, each with the reason. */
const DELIBERATELY_ABSENT: ReadonlyArray<readonly [RegExp, string]> = [
  // cdc actions describe one commit's change data, never table state: no checkpoint holds a cdc row.
  [/^cdc(\.|$)/, 'cdc rows are never in a checkpoint'],
  // Optional columns (PROTOCOL.md "Checkpoint Schema": stats_parsed/partitionValues_parsed when
  // delta.checkpoint.writeStatsAsStruct is on); readers use the JSON `stats` and `partitionValues` we write.
  [/\.(stats_parsed|partitionValues_parsed)(\.|$)/, 'struct stats are optional; we write JSON stats'],
  // Spark's DeletionVectorDescriptor has an optional maxRowIndex that PROTOCOL.md "Deletion Vector
  // Descriptor Schema" does not define (Spark leaves it null); our actions do not carry it.
  [/\.deletionVector\.maxRowIndex$/, 'not a protocol field'],
];

/**
 * DuckDB annotates integer columns with the INT_64 / INT_32 converted type (signed, that width), Spark leaves
 * them bare: both mean a signed integer of the physical width, and Spark, delta-rs and kernel read either.
 */
function sameConvertedType(ours: SchemaColumn, spark: SchemaColumn): boolean {
  if (ours.converted === spark.converted) return true;
  const signedOfWidth = { INT64: 'INT_64', INT32: 'INT_32' }[spark.type];
  return spark.converted === '' && ours.converted === signedOfWidth;
}

describe('the checkpoint Parquet schema matches Spark', () => {
  for (const golden of ['golden/125-iterator-bug', 'golden/dv-partitioned-with-checkpoint']) {
    it(`has every txn/add/remove/metaData/protocol column of ${golden} with the same physical and logical type`, async () => {
      const spark = await parquetSchema(join(CONFORMANCE, golden, 'delta', CHECKPOINT_10));
      const ours = await parquetSchema(join(table, CHECKPOINT_10));
      const mismatches: string[] = [];
      for (const [path, col] of spark) {
        if (DELIBERATELY_ABSENT.some(([re]) => re.test(path))) continue;
        const mine = ours.get(path);
        if (!mine) mismatches.push(`${path}: missing`);
        else if (mine.type !== col.type || !sameConvertedType(mine, col))
          mismatches.push(`${path}: spark ${JSON.stringify(col)}, ours ${JSON.stringify(mine)}`);
        else if (col.repetition === 'REPEATED' && mine.repetition !== 'REPEATED')
          mismatches.push(`${path}: spark REPEATED, ours ${mine.repetition}`);
      }
      expect(mismatches).toEqual([]);
      // Spot checks of the types that matter most to other readers.
      expect(ours.get('add.size')).toMatchObject({ type: 'INT64' });
      expect(ours.get('add.partitionValues')).toMatchObject({ converted: 'MAP' });
      expect(ours.get('add.partitionValues.key_value.key')).toMatchObject({
        type: 'BYTE_ARRAY',
        converted: 'UTF8',
        repetition: 'REQUIRED',
      });
      expect(ours.get('metaData.partitionColumns')).toMatchObject({ converted: 'LIST' });
      expect(ours.get('protocol.minReaderVersion')).toMatchObject({ type: 'INT32' });
      expect(ours.get('remove.deletionTimestamp')).toMatchObject({ type: 'INT64' });
    });
  }
});
