import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DELTA_CONFORMANCE_DIR } from '../conformance/data-dirs.js';
import type { AddFile } from '../delta/actions.js';
import { inlineDeletionVectorDescriptor } from '../delta/deletion-vectors/index.js';
import type { ScanFile, ScanPlan } from '../delta/scan-plan.js';
import { LocalObjectStore } from '../storage/local-store.js';
import { MemoryObjectStore } from '../storage/memory-store.js';
import type { ObjectStore } from '../storage/object-store.js';
import {
  DateType,
  field,
  IntegerType,
  LongType,
  StringType,
  type StructType,
  struct,
} from '../types/data-types.js';
import type { ScalarValue } from '../types/scalar.js';
import { EngineSession } from './engine-session.js';
import { scanRelation } from './snapshot-scan.js';
import { scanPlanFromJsonLog } from './testing/json-log-scan-plan.js';

let session: EngineSession;
let dir: string;
let store: LocalObjectStore;
beforeAll(async () => {
  session = await EngineSession.create();
});
afterAll(() => session.close());
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lakesql-scan-'));
  store = new LocalObjectStore(dir);
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** Writes a Parquet file at `key` from a DuckDB SELECT. */
async function writeFile(key: string, select: string): Promise<void> {
  const file = path.join(dir, key);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await session.run(`COPY (${select}) TO '${file.replaceAll("'", "''")}' (FORMAT parquet)`);
}

function scanFile(
  location: string,
  partitionValues: Record<string, ScalarValue> = {},
  add: Partial<AddFile> = {},
): ScanFile {
  return {
    add: { path: location, partitionValues: {}, size: 0, modificationTime: 0, dataChange: true, ...add },
    location,
    isAbsolute: false,
    partitionValues,
  };
}

function plan(schema: StructType, files: ScanFile[], partitionColumns: string[] = []): ScanPlan {
  return { version: 0, schema, partitionColumns, columnMappingMode: 'none', files, totalFiles: files.length };
}

async function rows(
  s: ObjectStore,
  p: ScanPlan,
  columns?: string[],
): Promise<{ sql: string; rows: unknown[][] }> {
  const relation = await scanRelation(session, s, p, columns ? { columns } : {});
  try {
    const out = await session.withConnection(async (c) =>
      (await c.runAndReadAll(`SELECT * FROM (${relation.sql}) ORDER BY ALL NULLS FIRST`)).getRowsJson(),
    );
    return { sql: relation.sql, rows: out };
  } finally {
    await relation.release();
  }
}

describe('scanRelation', () => {
  const schema = struct([field('id', LongType), field('name', StringType), field('p', DateType)]);

  it('gives an empty relation with the columns typed when there are no files', async () => {
    const relation = await scanRelation(session, store, plan(schema, []));
    expect(await session.all(`SELECT * FROM (${relation.sql})`)).toEqual([]);
    const described = await session.all(`SELECT column_name, column_type FROM (DESCRIBE ${relation.sql})`);
    expect(described).toEqual([
      { column_name: 'id', column_type: 'BIGINT' },
      { column_name: 'name', column_type: 'VARCHAR' },
      { column_name: 'p', column_type: 'DATE' },
    ]);
  });

  it('adds partition values, reads missing columns as NULL and widens types', async () => {
    // An old file written when `id` was an integer and `name` did not exist; the partition column is
    // materialized in the second file with a different value, and the log's value must win.
    await writeFile('p=2021-01-01/old.parquet', `SELECT CAST(i AS INTEGER) AS "id" FROM range(2) r(i)`);
    await writeFile(
      'p=2021-01-02/new.parquet',
      `SELECT CAST(10 AS BIGINT) AS "id", 'ten' AS "name", DATE '1999-01-01' AS "p"`,
    );
    const files = [
      scanFile('p=2021-01-01/old.parquet', { p: 18628 }),
      scanFile('p=2021-01-02/new.parquet', { p: 18629 }),
    ];
    const result = await rows(store, plan(schema, files, ['p']));
    expect(result.rows).toEqual([
      ['0', null, '2021-01-01'],
      ['1', null, '2021-01-01'],
      ['10', 'ten', '2021-01-02'],
    ]);
    // Two layouts, yet one read: the log's schema reconciles them, and the partition values are constants.
    expect(result.sql.match(/read_parquet/g)).toHaveLength(1);
    expect(result.sql).not.toMatch(/JOIN/);
  });

  it('reads files sharing a layout with one read_parquet and projects columns', async () => {
    for (let i = 0; i < 5; i++) {
      await writeFile(`f${i}.parquet`, `SELECT CAST(${i} AS BIGINT) AS "id", 'n${i}' AS "name"`);
    }
    const files = [0, 1, 2, 3, 4].map((i) => scanFile(`f${i}.parquet`, { p: i }));
    const result = await rows(store, plan(schema, files, ['p']), ['P', 'id']);
    expect(result.sql.match(/read_parquet/g)).toHaveLength(1);
    // Schema order, whatever order the columns were asked in.
    expect(result.rows).toEqual([0, 1, 2, 3, 4].map((i) => [String(i), `1970-01-0${i + 1}`]));
    const onlyPartition = await rows(store, plan(schema, files, ['p']), ['p']);
    expect(onlyPartition.rows).toHaveLength(5);
  });

  it('removes rows in deletion vectors, from a store that is not local', async () => {
    await writeFile('a.parquet', `SELECT CAST(i AS BIGINT) AS "id" FROM range(10) r(i)`);
    await writeFile('b.parquet', `SELECT CAST(i + 100 AS BIGINT) AS "id" FROM range(3) r(i)`);
    const memory = new MemoryObjectStore();
    for (const f of ['a.parquet', 'b.parquet']) await memory.put(f, await fs.readFile(path.join(dir, f)));
    const files = [
      scanFile('a.parquet', {}, { deletionVector: inlineDeletionVectorDescriptor([1n, 3n, 9n]) }),
      scanFile('b.parquet'),
    ];
    const result = await rows(memory, plan(struct([field('id', LongType)]), files));
    expect(result.rows.map((r) => Number(r[0]))).toEqual([0, 2, 4, 5, 6, 7, 8, 100, 101, 102]);
  });

  it('reads absolute file: URIs and paths with glob characters', async () => {
    await writeFile('we[ir]d*?/x.parquet', `SELECT CAST(1 AS BIGINT) AS "id"`);
    const absolute = pathToFileURL(path.join(dir, 'we[ir]d*?/x.parquet')).href;
    const files: ScanFile[] = [
      { ...scanFile('we[ir]d*?/x.parquet'), location: absolute, isAbsolute: true },
      scanFile('we[ir]d*?/x.parquet'),
    ];
    const result = await rows(store, plan(struct([field('id', IntegerType)]), files));
    expect(result.rows).toEqual([[1], [1]]);
  });

  it('drops its scratch tables on release', async () => {
    await writeFile('a.parquet', `SELECT CAST(1 AS BIGINT) AS "id"`);
    const relation = await scanRelation(
      session,
      store,
      plan(
        schema,
        [scanFile('a.parquet', { p: 0 }, { deletionVector: inlineDeletionVectorDescriptor([5n]) })],
        ['p'],
      ),
    );
    const count = async () =>
      Number(
        (
          await session.all(`SELECT count(*) AS n FROM duckdb_tables() WHERE table_name LIKE 'lakesql_scan%'`)
        )[0]!.n,
      );
    // Only the deleted rows: partition values are constants of the SQL, not a table.
    expect(await count()).toBe(1);
    await relation.release();
    expect(await count()).toBe(0);
  });
});

describe('timestamps read the same whatever the session time zone', () => {
  it('INT96 timestamps come out as the same instants in Los Angeles', async () => {
    const table = path.join(DELTA_CONFORMANCE_DIR, 'golden/table-with-columnmapping-mode-id/delta');
    const la = await EngineSession.create({ timeZone: 'America/Los_Angeles' });
    try {
      const read = async (s: EngineSession) => {
        const relation = await scanRelation(s, new LocalObjectStore(table), scanPlanFromJsonLog(table), {
          columns: ['TimestampType'],
        });
        const out = await s.all(`SELECT epoch_us("TimestampType") AS t FROM (${relation.sql}) ORDER BY 1`);
        await relation.release();
        return out;
      };
      const utc = await read(session);
      expect(utc.length).toBeGreaterThan(0);
      expect(await read(la)).toEqual(utc);
    } finally {
      la.close();
    }
  });
});
