/**
 * End-to-end: rows written through LakeSession/DeltaTable (DuckDB writes the Parquet files, the Delta layer
 * commits them to a LocalObjectStore in a temp folder) and read back, with exact rows, file counts and log
 * contents. Covers the SaveModes, time travel, partition pruning and file skipping by statistics
 * (PROTOCOL.md "Per-file Statistics"), commitInfo, column mapping and a refused schema mismatch.
 */
import { mkdtemp, readdir, readFile, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LakeSession } from '../api/lake-session.js';
import { parseSchemaString } from '../delta/schema.js';
import { field, IntegerType, LongType, StringType, struct } from '../types/data-types.js';

let session: LakeSession;
let warehouse: string;
let counter = 0;

beforeAll(async () => {
  warehouse = await mkdtemp(join(tmpdir(), 'lakesql-write-read-'));
  session = await LakeSession.create({ warehouse });
});
afterAll(async () => {
  session.close();
  await rm(warehouse, { recursive: true, force: true });
});

function tablePath(): string {
  counter++;
  return join(warehouse, `t${counter}`);
}

const people = struct([field('id', LongType), field('name', StringType), field('country', StringType)]);
const ids = struct([field('id', LongType), field('label', StringType)]);

async function commitJson(table: string, version: number): Promise<Record<string, unknown>[]> {
  const text = await readFile(join(table, '_delta_log', `${String(version).padStart(20, '0')}.json`), 'utf8');
  return text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

async function logNames(table: string): Promise<string[]> {
  return (await readdir(join(table, '_delta_log'))).filter((n) => !n.startsWith('.')).sort();
}

/** Every Parquet data file under the table folder (recursively), relative to it. */
async function dataFiles(table: string): Promise<string[]> {
  const entries = await readdir(table, { recursive: true });
  return entries.filter((e) => e.endsWith('.parquet') && !e.startsWith('_delta_log')).sort();
}

describe('SaveModes on a partitioned table', () => {
  it('creates, appends, overwrites, ignores and refuses, and reads back exact rows at every version', async () => {
    const path = tablePath();
    const t = session.deltaTable(path);
    const v0 = await t.write(
      [
        { id: 1n, name: 'ann', country: 'FR' },
        { id: 2n, name: 'bob', country: 'DE' },
        { id: 3n, name: 'cy', country: 'FR' },
      ],
      { schema: people, mode: 'errorIfExists', partitionBy: ['country'] },
    );
    expect(v0).toMatchObject({ version: 0, numFiles: 2, numOutputRows: 3 });
    // Hive-style folders, one per partition value.
    expect((await dataFiles(path)).map((f) => f.split('/')[0])).toEqual(['country=DE', 'country=FR']);

    const v1 = await t.write([{ id: 4n, name: 'dee', country: 'DE' }], { schema: people, mode: 'append' });
    expect(v1).toMatchObject({ version: 1, numFiles: 1, numOutputRows: 1 });

    const all = await t.read({ orderBy: ['id'] });
    expect(all.version).toBe(1);
    expect(all.rows).toEqual([
      { id: 1n, name: 'ann', country: 'FR' },
      { id: 2n, name: 'bob', country: 'DE' },
      { id: 3n, name: 'cy', country: 'FR' },
      { id: 4n, name: 'dee', country: 'DE' },
    ]);
    expect([all.filesRead, all.filesTotal]).toEqual([3, 3]);

    // errorIfExists on an existing table: Delta's error class, and no new commit.
    await expect(
      t.write([{ id: 9n, name: 'x', country: 'X' }], { schema: people, mode: 'errorIfExists' }),
    ).rejects.toMatchObject({ errorClass: 'DELTA_TABLE_ALREADY_EXISTS' });
    // ignore on an existing table: nothing written, nothing committed.
    const ignored = await t.write([{ id: 9n, name: 'x', country: 'X' }], { schema: people, mode: 'ignore' });
    expect(ignored).toEqual({ version: undefined, numFiles: 0, numOutputRows: 0, numOutputBytes: 0 });
    expect(await logNames(path)).toEqual(['00000000000000000000.json', '00000000000000000001.json']);

    const v2 = await t.write(
      [
        { id: 10n, name: 'eve', country: 'IT' },
        { id: 11n, name: 'fay', country: 'IT' },
      ],
      { schema: people, mode: 'overwrite' },
    );
    expect(v2).toMatchObject({ version: 2, numFiles: 1, numOutputRows: 2 });
    const after = await t.read({ orderBy: ['id'] });
    expect(after.rows).toEqual([
      { id: 10n, name: 'eve', country: 'IT' },
      { id: 11n, name: 'fay', country: 'IT' },
    ]);
    expect([after.filesRead, after.filesTotal]).toEqual([1, 1]);
    // The overwrite removed logically the three live files and added one; the old Parquet files stay.
    const actions = await commitJson(path, 2);
    expect(actions.filter((a) => 'remove' in a)).toHaveLength(3);
    expect(actions.filter((a) => 'add' in a)).toHaveLength(1);
    expect(await dataFiles(path)).toHaveLength(4);

    // Time travel by version.
    expect((await t.read({ version: 0, orderBy: ['id'] })).rows.map((r) => r.id)).toEqual([1n, 2n, 3n]);
    expect((await t.read({ version: 1, orderBy: ['id'] })).rows.map((r) => r.id)).toEqual([1n, 2n, 3n, 4n]);
    await expect(t.read({ version: 3 })).rejects.toMatchObject({
      errorClass: 'DELTA_CANNOT_TIME_TRAVEL_VERSION',
    });

    // Time travel by timestamp: without in-commit timestamps a commit's time is its file's mtime, so pin them.
    const base = Date.UTC(2024, 0, 1);
    for (const v of [0, 1, 2]) {
      const at = new Date(base + v * 60_000);
      await utimes(join(path, '_delta_log', `${String(v).padStart(20, '0')}.json`), at, at);
    }
    const atV1 = await t.read({ timestamp: new Date(base + 90_000), orderBy: ['id'] });
    expect(atV1.version).toBe(1);
    expect(atV1.rows.map((r) => r.id)).toEqual([1n, 2n, 3n, 4n]);
    expect((await t.read({ timestamp: base, orderBy: ['id'] })).version).toBe(0);
    expect((await t.read({ timestamp: '2024-01-01T00:02:00Z' })).version).toBe(2);
    await expect(t.read({ timestamp: base - 1 })).rejects.toMatchObject({
      errorClass: 'DELTA_TIMESTAMP_EARLIER_THAN_COMMIT_RETENTION',
    });
    await expect(t.read({ timestamp: base + 10 * 60_000 })).rejects.toMatchObject({
      errorClass: 'DELTA_TIMESTAMP_GREATER_THAN_COMMIT',
    });
  });

  it('prunes partitions: only the files of the matching partition are read', async () => {
    const path = tablePath();
    const t = session.deltaTable(path);
    const rows = ['a', 'b', 'c'].flatMap((c, i) => [
      { id: BigInt(i * 2), name: `n${i * 2}`, country: c },
      { id: BigInt(i * 2 + 1), name: `n${i * 2 + 1}`, country: c },
    ]);
    await t.write(rows, { schema: people, partitionBy: ['country'] });
    await t.write([{ id: 100n, name: 'late', country: 'b' }], { schema: people });
    const b = await t.read({
      where: { kind: 'comparison', op: '=', column: ['country'], value: 'b' },
      orderBy: ['id'],
    });
    expect([b.filesRead, b.filesTotal]).toEqual([2, 4]);
    expect(b.rows).toEqual([
      { id: 2n, name: 'n2', country: 'b' },
      { id: 3n, name: 'n3', country: 'b' },
      { id: 100n, name: 'late', country: 'b' },
    ]);
    const inAc = await t.read({
      where: { kind: 'in', column: ['country'], values: ['a', 'c'] },
      orderBy: ['id'],
    });
    expect([inAc.filesRead, inAc.filesTotal]).toEqual([2, 4]);
    expect(inAc.rows.map((r) => r.id)).toEqual([0n, 1n, 4n, 5n]);
    const none = await t.read({ where: { kind: 'comparison', op: '=', column: ['country'], value: 'zz' } });
    expect([none.filesRead, none.rows]).toEqual([0, []]);
  });
});

describe('file skipping by statistics on an unpartitioned table', () => {
  let t: ReturnType<LakeSession['deltaTable']>;
  beforeAll(async () => {
    t = session.deltaTable(tablePath());
    for (let k = 0; k < 10; k++) {
      const rows = Array.from({ length: 100 }, (_, i) => ({ id: BigInt(k * 100 + i), label: `r${k}` }));
      await t.write(rows, { schema: ids });
    }
  });

  it('reads one file of ten for id >= 950', async () => {
    const r = await t.read({
      where: { kind: 'comparison', op: '>=', column: ['id'], value: 950n },
      orderBy: ['id'],
    });
    expect([r.filesRead, r.filesTotal]).toEqual([1, 10]);
    expect(r.rows).toEqual(Array.from({ length: 50 }, (_, i) => ({ id: BigInt(950 + i), label: 'r9' })));
  });

  it('reads nothing for a predicate outside every range', async () => {
    const r = await t.read({ where: { kind: 'comparison', op: '>', column: ['id'], value: 999n } });
    expect([r.filesRead, r.filesTotal, r.rows]).toEqual([0, 10, []]);
  });

  it('reads two files for an OR across two ranges', async () => {
    const r = await t.read({
      where: {
        kind: 'or',
        left: { kind: 'comparison', op: '<', column: ['id'], value: 50n },
        right: { kind: 'comparison', op: '=', column: ['id'], value: 555n },
      },
      orderBy: ['id'],
    });
    expect([r.filesRead, r.filesTotal]).toEqual([2, 10]);
    expect(r.rows).toEqual([
      ...Array.from({ length: 50 }, (_, i) => ({ id: BigInt(i), label: 'r0' })),
      { id: 555n, label: 'r5' },
    ]);
  });

  it('filters rows with SQL semantics and projects columns after filtering', async () => {
    const r = await t.read({
      where: {
        kind: 'and',
        left: { kind: 'in', column: ['id'], values: [5n, 105n, 2000n] },
        right: { kind: 'not', child: { kind: 'comparison', op: '=', column: ['label'], value: 'r1' } },
      },
      columns: ['label'],
    });
    // File r1 has min = max = 'r1' and no nulls, so NOT(label = 'r1') skips it too.
    expect([r.filesRead, r.filesTotal]).toEqual([1, 10]);
    expect(r.rows).toEqual([{ label: 'r0' }]);
    await expect(
      t.read({ where: { kind: 'comparison', op: '=', column: ['nope'], value: 1n } }),
    ).rejects.toMatchObject({ errorClass: 'UNRESOLVED_COLUMN' });
  });
});

describe('commitInfo written with each commit', () => {
  it('records operation, mode, readVersion, isBlindAppend and operationMetrics as Spark does', async () => {
    const path = tablePath();
    const t = session.deltaTable(path);
    await t.write([{ id: 1n, label: 'a' }], { schema: ids });
    await t.write(
      [
        { id: 2n, label: 'b' },
        { id: 3n, label: 'c' },
      ],
      { schema: ids, mode: 'append' },
    );
    await t.write([{ id: 4n, label: 'd' }], { schema: ids, mode: 'overwrite' });

    const info = async (v: number) =>
      (await commitJson(path, v)).find((a) => 'commitInfo' in a)!.commitInfo as Record<string, unknown>;
    const c0 = await info(0);
    expect(c0).toMatchObject({
      operation: 'CREATE TABLE AS SELECT',
      isBlindAppend: true,
      isolationLevel: 'WriteSerializable',
      engineInfo: 'lakesql/0.1.0',
      operationParameters: { partitionBy: '[]', isManaged: 'false', properties: '{}' },
      operationMetrics: { numFiles: '1', numOutputRows: '1' },
    });
    expect(c0).not.toHaveProperty('readVersion');
    expect(await info(1)).toMatchObject({
      operation: 'WRITE',
      operationParameters: { mode: 'Append', partitionBy: '[]' },
      readVersion: 0,
      isBlindAppend: true,
      operationMetrics: { numFiles: '1', numOutputRows: '2' },
    });
    expect(await info(2)).toMatchObject({
      operation: 'WRITE',
      operationParameters: { mode: 'Overwrite', partitionBy: '[]' },
      readVersion: 1,
      isBlindAppend: false,
      operationMetrics: { numFiles: '1', numOutputRows: '1' },
    });
    // commitInfo comes first in every commit; version 0 also holds protocol and metaData.
    expect((await commitJson(path, 0)).map((a) => Object.keys(a)[0])).toEqual([
      'commitInfo',
      'protocol',
      'metaData',
      'add',
    ]);
    expect((await commitJson(path, 2)).map((a) => Object.keys(a)[0])).toEqual([
      'commitInfo',
      'remove',
      'remove',
      'add',
    ]);
  });
});

describe('column mapping mode name', () => {
  it('round trips rows under physical names, with protocol reader 2 / writer 5', async () => {
    const path = tablePath();
    const t = session.deltaTable(path);
    const schema = struct([
      field('id', LongType),
      field('the count', IntegerType),
      field('part', StringType),
    ]);
    await t.write(
      [
        { id: 1n, 'the count': 10, part: 'x' },
        { id: 2n, 'the count': 20, part: 'y' },
      ],
      {
        schema,
        partitionBy: ['part'],
        properties: { 'delta.columnMapping.mode': 'name', 'delta.enableDeletionVectors': 'false' },
      },
    );
    await t.write([{ id: 3n, 'the count': 30, part: 'x' }], { schema });
    const actions = await commitJson(path, 0);
    const protocol = actions.find((a) => 'protocol' in a)!.protocol;
    expect(protocol).toMatchObject({ minReaderVersion: 2, minWriterVersion: 5 });
    const meta = actions.find((a) => 'metaData' in a)!.metaData as {
      schemaString: string;
      configuration: Record<string, string>;
    };
    expect(meta.configuration).toEqual({
      'delta.columnMapping.mode': 'name',
      'delta.enableDeletionVectors': 'false',
      'delta.columnMapping.maxColumnId': '3',
    });
    const fields = parseSchemaString(meta.schemaString).fields;
    const physical = fields.map((f) => f.metadata['delta.columnMapping.physicalName'] as string);
    expect(fields.map((f) => f.metadata['delta.columnMapping.id'])).toEqual([1, 2, 3]);
    expect(new Set(physical).size).toBe(3);
    // Partition values are keyed by the physical name of the partition column.
    const add = actions.find((a) => 'add' in a)!.add as { partitionValues: Record<string, string> };
    expect(Object.keys(add.partitionValues)).toEqual([physical[2]]);

    const r = await t.read({ orderBy: ['id'] });
    expect(r.rows).toEqual([
      { id: 1n, 'the count': 10, part: 'x' },
      { id: 2n, 'the count': 20, part: 'y' },
      { id: 3n, 'the count': 30, part: 'x' },
    ]);
    const x = await t.read({ where: { kind: 'comparison', op: '=', column: ['part'], value: 'x' } });
    expect([x.filesRead, x.filesTotal, x.rows.length]).toEqual([2, 3, 2]);
  });
});

describe('session defaults of table properties', () => {
  const newTable = async () => {
    const path = tablePath();
    await session.deltaTable(path).write([{ id: 1n, label: 'a' }], { schema: ids });
    const actions = await commitJson(path, 0);
    return {
      configuration: (actions.find((a) => 'metaData' in a)!.metaData as { configuration: unknown })
        .configuration,
      protocol: actions.find((a) => 'protocol' in a)!.protocol as { writerFeatures?: string[] },
    };
  };

  it('a table created by a path write takes spark.databricks.delta.properties.defaults.* as SQL CREATE does', async () => {
    const created = await newTable();
    expect(created.configuration).toEqual({ 'delta.enableDeletionVectors': 'true' });
    expect(created.protocol.writerFeatures).toContain('deletionVectors');
    await session.sql('SET spark.databricks.delta.properties.defaults.enableDeletionVectors = false');
    await session.sql('SET spark.databricks.delta.properties.defaults.appendOnly = true');
    try {
      const off = await newTable();
      expect(off.configuration).toEqual({
        'delta.enableDeletionVectors': 'false',
        'delta.appendOnly': 'true',
      });
      expect(off.protocol.writerFeatures ?? []).not.toContain('deletionVectors');
    } finally {
      await session.sql('RESET spark.databricks.delta.properties.defaults.enableDeletionVectors');
      await session.sql('RESET spark.databricks.delta.properties.defaults.appendOnly');
    }
  });
});

describe('schema mismatch', () => {
  it('an append with a column the table lacks fails with DELTA_SCHEMA_MISMATCH and commits nothing', async () => {
    const path = tablePath();
    const t = session.deltaTable(path);
    await t.write([{ id: 1n, label: 'a' }], { schema: ids });
    const wider = struct([field('id', LongType), field('label', StringType), field('extra', StringType)]);
    await expect(t.write([{ id: 2n, label: 'b', extra: 'e' }], { schema: wider })).rejects.toMatchObject({
      errorClass: 'DELTA_SCHEMA_MISMATCH',
    });
    expect(await logNames(path)).toEqual(['00000000000000000000.json']);
    expect(await dataFiles(path)).toHaveLength(1);
    expect((await t.read()).rows).toEqual([{ id: 1n, label: 'a' }]);
  });

  it('a column of another type is refused, not cast (string into long), and commits nothing', async () => {
    const path = tablePath();
    const t = session.deltaTable(path);
    await t.write([{ id: 1n, label: 'a' }], { schema: ids });
    const asText = struct([field('id', StringType), field('label', StringType)]);
    for (const id of ['7', 'x']) {
      await expect(t.write([{ id, label: 'b' }], { schema: asText })).rejects.toMatchObject({
        errorClass: 'DELTA_SCHEMA_MISMATCH',
        message: expect.stringContaining('Column id is bigint in the table but string in the data.'),
      });
    }
    expect(await logNames(path)).toEqual(['00000000000000000000.json']);
    // A narrower integer fits a wider integer column (Delta's implicit upcast).
    const asInt = struct([field('id', IntegerType), field('label', StringType)]);
    await t.write([{ id: 2, label: 'b' }], { schema: asInt });
    expect((await t.read({ orderBy: ['id'] })).rows.map((r) => r.id)).toEqual([1n, 2n]);
  });

  it('an append lacking a nullable column writes nulls for it', async () => {
    const t = session.deltaTable(tablePath());
    await t.write([{ id: 1n, label: 'a' }], { schema: ids });
    await t.write([{ id: 2n }], { schema: struct([field('id', LongType)]) });
    expect((await t.read({ orderBy: ['id'] })).rows).toEqual([
      { id: 1n, label: 'a' },
      { id: 2n, label: null },
    ]);
  });
});
