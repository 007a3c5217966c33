import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryObjectStore } from '../../storage/memory-store.js';
import { CheckpointLog } from '../../streaming/checkpoint/checkpoint-log.js';
import { runStreamingLoop } from '../../streaming/execution/micro-batch-loop.js';
import { DeltaStreamingSource } from '../../streaming/sources/delta-source.js';
import type { StructValue } from '../../types/value.js';
import { type DmlTestKit, dmlTestKit } from '../dml/testing/dml-test-kit.js';

let kit: DmlTestKit;
beforeAll(async () => {
  kit = await dmlTestKit();
});
afterAll(async () => kit.close());

const field = (v: unknown, name: string) => (v as StructValue).fields[name];

/** `n` inserts of ten rows each (one file each): insert k holds ids 10k+1 … 10k+10, p 'a' for k = 0. */
async function smallFiles(name: string, n: number, partitioned = false): Promise<void> {
  await kit.run(
    `CREATE TABLE ${name} (id INT, p STRING) USING DELTA${partitioned ? ' PARTITIONED BY (p)' : ''}`,
  );
  for (let k = 0; k < n; k++) {
    const rows = Array.from({ length: 10 }, (_, i) => `(${10 * k + i + 1}, '${k === 0 ? 'a' : 'b'}')`);
    await kit.run(`INSERT INTO ${name} VALUES ${rows.join(', ')}`);
  }
}

const ids = async (table: string) =>
  (await kit.rows(`SELECT id FROM ${table} ORDER BY id`)).map((r) => r[0] as number);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** EXPLAIN's count of the files the scan planning keeps for `where`: [kept, total]. */
async function filesKept(table: string, where: string): Promise<[number, number]> {
  const text = (await kit.rows(`EXPLAIN SELECT * FROM ${table} WHERE ${where}`))
    .map((r) => String(r[0]))
    .join('\n');
  const m = /Files kept: (\d+) of (\d+)/.exec(text);
  if (!m) throw new Error(`no file counts in:\n${text}`);
  return [Number(m[1]), Number(m[2])];
}

describe('OPTIMIZE (compaction)', () => {
  it('bin-packs the small files into one, dataChange false, and records OPTIMIZE with its parameters', async () => {
    await smallFiles('o1', 4);
    const before = await kit.files('o1');
    expect(before).toHaveLength(4);
    const result = await kit.session.execute('OPTIMIZE o1');
    const r = result[0]!;
    expect(r.kind).toBe('rows');
    if (r.kind !== 'rows') return;
    expect(r.columns.map((c) => c.name)).toEqual(['path', 'metrics']);
    const [path, metrics] = r.rows[0]!;
    expect(String(path)).toMatch(/^file:\/.*o1$/);
    expect([
      field(metrics, 'numFilesAdded'),
      field(metrics, 'numFilesRemoved'),
      field(metrics, 'partitionsOptimized'),
      field(metrics, 'numBins'),
      field(metrics, 'numBatches'),
      field(metrics, 'totalConsideredFiles'),
      field(metrics, 'totalFilesSkipped'),
      field(metrics, 'zOrderStats'),
      field(metrics, 'deletionVectorStats'),
      field(metrics, 'numTableColumns'),
      field(metrics, 'numTableColumnsWithStats'),
      field(metrics, 'preserveInsertionOrder'),
    ]).toEqual([1n, 4n, 1n, 1n, 1n, 4n, 0n, null, null, 2n, 2n, false]);
    const removedSizes = before.map((f) => f.size);
    expect(field(metrics, 'filesRemoved')).toEqual({
      kind: 'struct',
      fields: {
        min: BigInt(Math.min(...removedSizes)),
        max: BigInt(Math.max(...removedSizes)),
        avg: removedSizes.reduce((a, b) => a + b, 0) / 4,
        totalFiles: 4n,
        totalSize: BigInt(removedSizes.reduce((a, b) => a + b, 0)),
      },
    });
    expect(field(metrics, 'startTimeMs') as bigint).toBeLessThanOrEqual(
      field(metrics, 'endTimeMs') as bigint,
    );

    const commit = await kit.lastCommit('o1');
    expect(commit.commitInfo.operation).toBe('OPTIMIZE');
    expect(commit.commitInfo.operationParameters).toEqual({
      predicate: '[]',
      zOrderBy: '[]',
      clusterBy: '[]',
      auto: 'false',
    });
    expect(commit.removes.map((f) => f.path).sort()).toEqual(before.map((f) => f.path).sort());
    expect([...commit.adds, ...commit.removes].every((a) => a.dataChange === false)).toBe(true);
    expect(commit.adds).toHaveLength(1);
    expect(JSON.parse(commit.adds[0]!.stats!).numRecords).toBe(40);
    const m = commit.commitInfo.operationMetrics as Record<string, string>;
    expect([m.numAddedFiles, m.numRemovedFiles, m.numRemovedBytes, m.numAddedBytes]).toEqual([
      '1',
      '4',
      String(removedSizes.reduce((a, b) => a + b, 0)),
      String(commit.adds[0]!.size),
    ]);
    expect(await kit.files('o1')).toHaveLength(1);
    expect(await ids('o1')).toEqual(range(1, 40));

    const history = await kit.rows('DESCRIBE HISTORY o1 LIMIT 1');
    expect(history[0]![4]).toBe('OPTIMIZE');
  });

  it('leaves a lone file alone: a second OPTIMIZE commits nothing', async () => {
    await smallFiles('o2', 3);
    await kit.run('OPTIMIZE o2');
    const version = await kit.version('o2');
    const [row] = await kit.rows('OPTIMIZE o2');
    expect(await kit.version('o2')).toBe(version);
    expect([
      field(row![1], 'numFilesAdded'),
      field(row![1], 'numFilesRemoved'),
      field(row![1], 'totalFilesSkipped'),
    ]).toEqual([0n, 0n, 1n]);
    expect(field(field(row![1], 'filesAdded'), 'totalFiles')).toBe(0n);
    expect(field(field(row![1], 'filesAdded'), 'min')).toBeNull();
  });

  it('compacts partition by partition, and WHERE on partition columns picks partitions', async () => {
    await smallFiles('o3', 5, true);
    await kit.run("INSERT INTO o3 VALUES (100, 'a')");
    // Partition a: 2 files, b: 4 files.
    const [row] = await kit.rows("OPTIMIZE o3 WHERE p = 'b'");
    expect([
      field(row![1], 'numFilesAdded'),
      field(row![1], 'numFilesRemoved'),
      field(row![1], 'totalConsideredFiles'),
    ]).toEqual([1n, 4n, 4n]);
    const commit = await kit.lastCommit('o3');
    expect(commit.commitInfo.operationParameters).toMatchObject({ predicate: '["(p = \'b\')"]' });
    expect(commit.adds[0]!.partitionValues).toEqual({ p: 'b' });
    const [all] = await kit.rows('OPTIMIZE o3');
    expect([
      field(all![1], 'numFilesAdded'),
      field(all![1], 'numFilesRemoved'),
      field(all![1], 'partitionsOptimized'),
    ]).toEqual([1n, 2n, 1n]);
    const files = await kit.files('o3');
    expect(files.map((f) => f.partitionValues.p).sort()).toEqual(['a', 'b']);
    expect(await ids('o3')).toEqual([...range(1, 50), 100]);
  });

  it('a WHERE on a data column fails with DELTA_NON_PARTITION_COLUMN_REFERENCE and commits nothing', async () => {
    await smallFiles('o4', 2, true);
    const version = await kit.version('o4');
    await expect(kit.run('OPTIMIZE o4 WHERE id > 3')).rejects.toMatchObject({
      errorClass: 'DELTA_NON_PARTITION_COLUMN_REFERENCE',
      sqlState: '42P10',
      messageParameters: { columnName: 'id', columnList: 'p' },
    });
    expect(await kit.version('o4')).toBe(version);
  });

  it('minFileSize leaves bigger files alone; maxFileSize bounds the bins', async () => {
    await smallFiles('o5', 4);
    const sizes = (await kit.files('o5')).map((f) => f.size);
    await kit.run(`SET spark.databricks.delta.optimize.minFileSize = ${Math.min(...sizes)}`);
    try {
      const [row] = await kit.rows('OPTIMIZE o5');
      // Every file is at least minFileSize: none is a candidate.
      expect([field(row![1], 'numFilesRemoved'), field(row![1], 'totalFilesSkipped')]).toEqual([0n, 4n]);
    } finally {
      await kit.run('RESET spark.databricks.delta.optimize.minFileSize');
    }
    // Bins of at most two files' bytes: 4 files make 2 bins, 2 new files.
    await kit.run(`SET spark.databricks.delta.optimize.maxFileSize = ${2 * Math.max(...sizes)}`);
    try {
      const [row] = await kit.rows('OPTIMIZE o5');
      expect([
        field(row![1], 'numFilesAdded'),
        field(row![1], 'numFilesRemoved'),
        field(row![1], 'numBins'),
      ]).toEqual([2n, 4n, 2n]);
    } finally {
      await kit.run('RESET spark.databricks.delta.optimize.maxFileSize');
    }
    expect(await ids('o5')).toEqual(range(1, 40));
  });

  it('drops the rows deletion vectors delete, and rewrites a lone file that has one', async () => {
    await smallFiles('o6', 3);
    await kit.run('OPTIMIZE o6');
    await kit.run('DELETE FROM o6 WHERE id IN (2, 3, 25)');
    const [file] = await kit.files('o6');
    expect(file!.deletionVector?.cardinality).toBe(3);
    const [row] = await kit.rows('OPTIMIZE o6');
    expect(field(row![1], 'deletionVectorStats')).toEqual({
      kind: 'struct',
      fields: { numDeletionVectorsRemoved: 1n, numDeletionVectorRowsRemoved: 3n },
    });
    const commit = await kit.lastCommit('o6');
    expect(commit.removes[0]!.deletionVector).toBeDefined();
    expect(commit.adds[0]!.deletionVector).toBeUndefined();
    expect(JSON.parse(commit.adds[0]!.stats!).numRecords).toBe(27);
    expect((commit.commitInfo.operationMetrics as Record<string, string>).numDeletionVectorsRemoved).toBe(
      '1',
    );
    expect(await ids('o6')).toEqual(range(1, 30).filter((i) => ![2, 3, 25].includes(i)));
  });
});

describe('OPTIMIZE … ZORDER BY', () => {
  /** Four files, each spreading x and y over 0 … 99, so no file can be skipped by either column. */
  async function spread(name: string): Promise<void> {
    await kit.run(`CREATE TABLE ${name} (x INT, y INT, p STRING) USING DELTA`);
    for (let k = 0; k < 4; k++) {
      await kit.run(
        `INSERT INTO ${name} SELECT CAST((id * 37 + ${k}) % 100 AS INT), CAST((id * 53 + ${k}) % 100 AS INT), 'a' FROM range(${k * 2500}, ${(k + 1) * 2500})`,
      );
    }
  }

  it('rewrites every file in Z-order, so a selective predicate on the columns opens fewer files', async () => {
    await spread('z1');
    const rowsBefore = await kit.rows('SELECT x, y, count(*) FROM z1 GROUP BY x, y ORDER BY x, y');
    expect(await filesKept('z1', 'x = 5 AND y = 7')).toEqual([4, 4]);
    await kit.run('SET spark.databricks.delta.optimize.maxFileSize = 1024');
    let row: unknown[];
    try {
      [row] = (await kit.rows('OPTIMIZE z1 ZORDER BY (x, y)')) as unknown[][] as [unknown[]];
    } finally {
      await kit.run('RESET spark.databricks.delta.optimize.maxFileSize');
    }
    const metrics = row![1];
    const after = await kit.files('z1');
    expect(after.length).toBeGreaterThan(2);
    expect(field(metrics, 'numFilesAdded')).toBe(BigInt(after.length));
    expect(field(metrics, 'numFilesRemoved')).toBe(4n);
    const zStats = field(metrics, 'zOrderStats') as StructValue;
    expect(zStats.fields.strategyName).toBe('all');
    expect(zStats.fields.numOutputCubes).toBe(1n);
    expect(field(zStats.fields.inputOtherFiles, 'num')).toBe(4n);
    const [kept, total] = await filesKept('z1', 'x = 5 AND y = 7');
    expect(total).toBe(after.length);
    expect(kept).toBeLessThan(total);
    expect(kept).toBeLessThanOrEqual(2);
    expect(await kit.rows('SELECT x, y, count(*) FROM z1 GROUP BY x, y ORDER BY x, y')).toEqual(rowsBefore);
    const commit = await kit.lastCommit('z1');
    expect(commit.commitInfo.operationParameters).toEqual({
      predicate: '[]',
      zOrderBy: '["x","y"]',
      clusterBy: '[]',
      auto: 'false',
    });
    expect([...commit.adds, ...commit.removes].every((a) => a.dataChange === false)).toBe(true);
  });

  it('a lone file is rewritten too (Z-order reads every file of the partition)', async () => {
    await kit.run('CREATE TABLE z2 (x INT, y INT) USING DELTA');
    await kit.run('INSERT INTO z2 VALUES (3, 1), (1, 2), (2, 3)');
    const [row] = await kit.rows('OPTIMIZE z2 ZORDER BY (x)');
    expect([field(row![1], 'numFilesAdded'), field(row![1], 'numFilesRemoved')]).toEqual([1n, 1n]);
    expect(await kit.rows('SELECT x, y FROM z2')).toEqual([
      [1, 2],
      [2, 3],
      [3, 1],
    ]);
  });

  it("fails with Delta's errors for a partition column, a missing column and a column without statistics", async () => {
    await kit.run(
      "CREATE TABLE z3 (a INT, b INT, p STRING) USING DELTA PARTITIONED BY (p) TBLPROPERTIES ('delta.dataSkippingNumIndexedCols' = '1')",
    );
    await kit.run("INSERT INTO z3 VALUES (1, 2, 'x'), (3, 4, 'y')");
    const version = await kit.version('z3');
    await expect(kit.run('OPTIMIZE z3 ZORDER BY (p)')).rejects.toMatchObject({
      errorClass: 'DELTA_ZORDERING_ON_PARTITION_COLUMN',
      sqlState: '42P10',
      messageParameters: { colName: 'p' },
    });
    await expect(kit.run('OPTIMIZE z3 ZORDER BY (nope)')).rejects.toMatchObject({
      errorClass: 'DELTA_ZORDERING_COLUMN_DOES_NOT_EXIST',
      sqlState: '42703',
      messageParameters: { columnName: 'nope' },
    });
    await expect(kit.run('OPTIMIZE z3 ZORDER BY (a, b)')).rejects.toMatchObject({
      errorClass: 'DELTA_ZORDERING_ON_COLUMN_WITHOUT_STATS',
      sqlState: 'KD00D',
      messageParameters: {
        cols: '[b]',
        zorderColStatKey: 'spark.databricks.delta.optimize.zorder.checkStatsCollection.enabled',
      },
    });
    expect(await kit.version('z3')).toBe(version);
    await kit.run('SET spark.databricks.delta.optimize.zorder.checkStatsCollection.enabled = false');
    try {
      const [row] = await kit.rows('OPTIMIZE z3 ZORDER BY (a, b)');
      expect(field(row![1], 'numFilesRemoved')).toBe(2n);
    } finally {
      await kit.run('RESET spark.databricks.delta.optimize.zorder.checkStatsCollection.enabled');
    }
  });

  it('FULL on a table without clustering fails with DELTA_OPTIMIZE_FULL_NOT_SUPPORTED', async () => {
    await smallFiles('z4', 2);
    await expect(kit.run('OPTIMIZE z4 FULL')).rejects.toMatchObject({
      errorClass: 'DELTA_OPTIMIZE_FULL_NOT_SUPPORTED',
      sqlState: '42601',
    });
  });
});

describe('a streaming read of an optimized table', () => {
  /** One trigger-once run of the Delta source on `table` against checkpoint `cp`: the files of each batch. */
  async function streamOnce(table: string, cp: MemoryObjectStore): Promise<string[][]> {
    const batches: string[][] = [];
    const source = await DeltaStreamingSource.open(await kit.store(table), kit.session.parquet, {});
    await runStreamingLoop({
      checkpoint: new CheckpointLog(cp),
      source,
      trigger: { kind: 'once' },
      conf: {},
      runBatch: async (batch) => {
        batches.push(batch.files.map((f) => f.add.path));
        return batch.files.length;
      },
      onProgress: () => {},
      stopped: () => false,
    });
    return batches;
  }

  it('skips the OPTIMIZE commit (dataChange false) and reads only the rows appended after it', async () => {
    await smallFiles('s1', 3);
    const cp = new MemoryObjectStore();
    expect((await streamOnce('s1', cp)).map((b) => b.length)).toEqual([3]);
    await kit.run('OPTIMIZE s1');
    await kit.run("INSERT INTO s1 VALUES (99, 'z')");
    const appended = (await kit.lastCommit('s1')).adds.map((f) => f.path);
    expect(await streamOnce('s1', cp)).toEqual([appended]);
  });
});

describe('OPTIMIZE of a clustered table', () => {
  /** A table whose log (written by hand) has the clustering feature and clustering column x. */
  async function clustered(): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'lakesql-optimize-clustered-'));
    await mkdir(join(dir, '_delta_log'));
    const schema = JSON.stringify({
      type: 'struct',
      fields: [
        { name: 'x', type: 'integer', nullable: true, metadata: {} },
        { name: 'y', type: 'integer', nullable: true, metadata: {} },
      ],
    });
    const actions = [
      { commitInfo: { timestamp: 1, operation: 'CREATE TABLE', operationParameters: {} } },
      {
        protocol: {
          minReaderVersion: 3,
          minWriterVersion: 7,
          readerFeatures: [],
          writerFeatures: ['clustering', 'domainMetadata'],
        },
      },
      {
        metaData: {
          id: 'c1',
          format: { provider: 'parquet', options: {} },
          schemaString: schema,
          partitionColumns: [],
          configuration: {},
          createdTime: 1,
        },
      },
      {
        domainMetadata: {
          domain: 'delta.clustering',
          configuration: '{"clusteringColumns":[["x"]]}',
          removed: false,
        },
      },
    ];
    await writeFile(
      join(dir, '_delta_log', '00000000000000000000.json'),
      `${actions.map((a) => JSON.stringify(a)).join('\n')}\n`,
    );
    return dir;
  }

  it('clusters the files by the clustering columns, and FULL reclusters files already clustered', async () => {
    await kit.run('CREATE TABLE clus (x INT, y INT) USING DELTA CLUSTER BY (x)');
    for (let k = 0; k < 4; k++) {
      const rows = Array.from({ length: 10 }, (_, i) => `(${(i * 7 + k * 3) % 40}, ${k})`);
      await kit.run(`INSERT INTO clus VALUES ${rows.join(', ')}`);
    }
    const [result] = await kit.rows('OPTIMIZE clus');
    const metrics = result![1];
    expect([field(metrics, 'numFilesAdded'), field(metrics, 'numFilesRemoved')]).toEqual([1n, 4n]);
    expect(await kit.rows('SELECT count(*), sum(x), sum(y) FROM clus')).toEqual([[40n, 720n, 60n]]);
    const [history] = await kit.rows('DESCRIBE HISTORY clus LIMIT 1');
    expect(history![4]).toBe('OPTIMIZE');
    const parameters = new Map((history![5] as unknown as { entries: [string, string][] }).entries);
    expect(parameters.get('clusterBy')).toBe('["x"]');
    // The file OPTIMIZE wrote is clustered: a second OPTIMIZE leaves it, FULL rewrites it.
    const [again] = await kit.rows('OPTIMIZE clus');
    expect(field(again![1], 'numFilesAdded')).toBe(0n);
    const [full] = await kit.rows('OPTIMIZE clus FULL');
    expect([field(full![1], 'numFilesAdded'), field(full![1], 'numFilesRemoved')]).toEqual([1n, 1n]);
    expect(await kit.rows('SELECT count(*), sum(x), sum(y) FROM clus')).toEqual([[40n, 720n, 60n]]);
  });

  it("refuses ZORDER BY and a WHERE with Delta's clustering errors", async () => {
    const dir = await clustered();
    try {
      await expect(kit.run(`OPTIMIZE delta.\`${dir}\` ZORDER BY (y)`)).rejects.toMatchObject({
        errorClass: 'DELTA_CLUSTERING_WITH_ZORDER_BY',
        sqlState: '42613',
        messageParameters: { zOrderBy: 'y' },
      });
      await expect(kit.run(`OPTIMIZE delta.\`${dir}\` WHERE x = 1`)).rejects.toMatchObject({
        errorClass: 'DELTA_CLUSTERING_WITH_PARTITION_PREDICATE',
        sqlState: '0A000',
        messageParameters: { predicates: '["(x = 1)"]' },
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
