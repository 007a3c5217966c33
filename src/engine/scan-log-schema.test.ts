/**
 * How a scan learns the way files store `timestamp` columns: a footer probe, once per data file.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ScanPlan } from '../delta/scan-plan.js';
import { LocalObjectStore } from '../storage/local-store.js';
import { field, LongType, struct, TimestampType } from '../types/data-types.js';
import { EngineSession } from './engine-session.js';
import * as layout from './scan-file-layout.js';
import { scanRelation } from './snapshot-scan.js';
import { quoteString } from './sql-text.js';

vi.mock('./scan-file-layout.js', async (original) => {
  const actual = await original<typeof import('./scan-file-layout.js')>();
  return { ...actual, groupByFileSchema: vi.fn(actual.groupByFileSchema) };
});

let session: EngineSession;
let dir: string;
beforeAll(async () => {
  session = await EngineSession.create();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lakesql-footers-'));
});
afterAll(async () => {
  session.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('timestamp encodings', () => {
  it('probes each data file once: a second scan of the same files asks no footer, and reads the same', async () => {
    // DuckDB writes TIMESTAMP as a wall clock (not adjusted to UTC) and TIMESTAMPTZ as an instant.
    const write = (name: string, type: string) =>
      session.run(
        `COPY (SELECT 1::BIGINT AS id, TIMESTAMP '2024-05-06 07:08:09'::${type} AS ts) TO ${quoteString(path.join(dir, name))} (FORMAT parquet)`,
      );
    await write('wall.parquet', 'TIMESTAMP');
    await write('instant.parquet', 'TIMESTAMPTZ');
    const files = ['wall.parquet', 'instant.parquet'].map(async (location) => ({
      add: {
        path: location,
        partitionValues: {},
        size: (await fs.stat(path.join(dir, location))).size,
        modificationTime: 0,
        dataChange: true,
      },
      location,
      isAbsolute: false,
      partitionValues: {},
    }));
    const plan: ScanPlan = {
      version: 0,
      schema: struct([field('id', LongType), field('ts', TimestampType)]),
      partitionColumns: [],
      columnMappingMode: 'none',
      files: await Promise.all(files),
      totalFiles: 2,
    };
    const store = new LocalObjectStore(dir);
    const probe = vi.mocked(layout.groupByFileSchema);
    const read = async () => {
      const relation = await scanRelation(session, store, plan);
      try {
        return await session.all(`SELECT epoch_us(ts) AS us FROM (${relation.sql}) ORDER BY 1`);
      } finally {
        await relation.release();
      }
    };
    probe.mockClear();
    const first = await read();
    expect(probe).toHaveBeenCalledTimes(1);
    expect(probe.mock.calls[0]![1]).toHaveLength(2);
    // Both are the instant 2024-05-06T07:08:09Z: the wall clock is read as UTC, as Delta does.
    expect(first).toEqual([{ us: 1714979289000000n }, { us: 1714979289000000n }]);
    probe.mockClear();
    expect(await read()).toEqual(first);
    expect(probe).not.toHaveBeenCalled();
  });
});
