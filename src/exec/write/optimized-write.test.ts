import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DmlTestKit, dmlTestKit } from '../dml/testing/dml-test-kit.js';
import { writeFileSizing } from './file-sizing.js';

const MIB = 1024 * 1024;

describe('optimized writes: sizing', () => {
  it('aims at the bin size (in MiB when bare) unless the table sets its own target; the session key wins', () => {
    const on = { 'delta.autoOptimize.optimizeWrite': 'true' };
    expect(writeFileSizing(new Map(), on)).toEqual({
      targetFileSizeBytes: 512 * MIB,
      maxRecordsPerFile: 0,
      optimizedWrite: true,
    });
    const bin = (b: string) => new Map([['spark.databricks.delta.optimizeWrite.binSize', b]]);
    expect(writeFileSizing(bin('64'), on).targetFileSizeBytes).toBe(64 * MIB);
    expect(writeFileSizing(bin('1g'), on).targetFileSizeBytes).toBe(1024 * MIB);
    expect(writeFileSizing(bin('64'), { ...on, 'delta.targetFileSize': '10mb' }).targetFileSizeBytes).toBe(
      10 * MIB,
    );
    const off = new Map([['spark.databricks.delta.optimizeWrite.enabled', 'false']]);
    expect(writeFileSizing(off, on)).toEqual({
      targetFileSizeBytes: 128 * MIB,
      maxRecordsPerFile: 0,
      optimizedWrite: false,
    });
    const sessionOn = new Map([['spark.databricks.delta.optimizeWrite.enabled', 'true']]);
    expect(writeFileSizing(sessionOn, {}).optimizedWrite).toBe(true);
    expect(writeFileSizing(new Map(), {}).optimizedWrite).toBe(false);
  });
});

describe('optimized writes: files', () => {
  let kit: DmlTestKit;
  beforeAll(async () => {
    kit = await dmlTestKit();
  });
  afterAll(async () => kit.close());

  const fill = (t: string) =>
    kit.run(`INSERT INTO ${t} SELECT CAST(id AS INT), CAST(id % 150 AS INT) FROM range(600000)`);

  it('writes one file per partition where a plain write of interleaved partitions leaves fragments', async () => {
    await kit.run('CREATE TABLE ow1 (v INT, p INT) USING DELTA PARTITIONED BY (p)');
    await kit.run(
      "CREATE TABLE ow2 (v INT, p INT) USING DELTA PARTITIONED BY (p) TBLPROPERTIES ('delta.autoOptimize.optimizeWrite' = 'true')",
    );
    await fill('ow1');
    await fill('ow2');
    const plain = await kit.files('ow1');
    const optimized = await kit.files('ow2');
    // DuckDB flushes partitions of a large interleaved write more than once: several files per partition.
    expect(plain.length).toBeGreaterThan(150);
    expect(optimized).toHaveLength(150);
    expect(new Set(optimized.map((f) => f.partitionValues.p)).size).toBe(150);
    expect(await kit.rows('SELECT count(*), sum(v) FROM ow2')).toEqual(
      await kit.rows('SELECT count(*), sum(v) FROM ow1'),
    );
  });
});
