/**
 * Checkpoint adds kept as columns (checkpoint-adds.ts) give the snapshot every other reader gives: each
 * stored table with a Parquet checkpoint (Spark's, delta-rs', kernel's: partitions, deletion vectors, tags,
 * multi-part, V2 sidecars, stats only as stats_parsed) loads with the same files, tombstones and state by a
 * handler that opens every checkpoint as columns as by one that reads them as rows; and a load decodes no
 * add column until a statement asks for files.
 */
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELTA_CONFORMANCE_DIR } from '../conformance/data-dirs.js';
import { EngineSession } from '../engine/engine-session.js';
import { DuckDBParquetHandler } from '../engine/parquet-handler.js';
import { LocalObjectStore } from '../storage/local-store.js';
import type { ObjectStore } from '../storage/object-store.js';
import { CheckpointAdds } from './checkpoint-adds.js';
import { commitKey } from './log-files.js';
import type { ParquetColumns, ParquetHandler } from './parquet-handler.js';
import { loadSnapshot, type Snapshot } from './snapshot.js';

let engine: EngineSession;
/** Every checkpoint as columns (no in-process row reading), and every checkpoint as rows. */
let columnar: DuckDBParquetHandler;
let rowwise: ParquetHandler;

beforeAll(async () => {
  engine = await EngineSession.create();
  columnar = new DuckDBParquetHandler(engine, { inProcessMaxBytes: 0, snapshotCacheTables: 0 });
  const rows = new DuckDBParquetHandler(engine, { snapshotCacheTables: 0 });
  rowwise = { readRows: rows.readRows.bind(rows), writeRows: rows.writeRows.bind(rows) };
});
afterAll(() => engine.close());

async function tablesWithCheckpoints(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isDirectory() && entry.name === '_delta_log') {
      const log = join(entry.parentPath, entry.name);
      if ((await readdir(log)).some((f) => /\.checkpoint\..*parquet$/.test(f))) out.push(entry.parentPath);
    }
  }
  return out.sort();
}

/** The state a statement can see, as plain data. */
function stateOf(s: Snapshot): unknown {
  return {
    version: s.version,
    protocol: s.protocol,
    metadata: s.metadata,
    numFiles: s.numFiles,
    files: s.activeFiles(),
    tombstones: s.tombstones(),
    txns: s.transactions(),
    domains: s.domainMetadata(),
  };
}

async function loaded(location: string, handler: ParquetHandler): Promise<unknown> {
  try {
    return stateOf(await loadSnapshot(new LocalObjectStore(location), handler));
  } catch (e) {
    return { error: (e as { errorClass?: string }).errorClass ?? String(e) };
  }
}

describe('checkpoint adds as columns', () => {
  it('loads every stored table with a Parquet checkpoint as the row reader does', async () => {
    const tables = await tablesWithCheckpoints(DELTA_CONFORMANCE_DIR);
    expect(tables.length).toBeGreaterThan(30);
    let viaColumns = 0;
    for (const location of tables) {
      const byRows = await loaded(location, rowwise);
      expect(await loaded(location, columnar), location).toEqual(byRows);
      if (!(byRows as { error?: string }).error) viaColumns++;
    }
    expect(viaColumns).toBeGreaterThan(25);
  });

  it('decodes only the file keys at load (commits follow the checkpoint), and each column once', async () => {
    const location = join(DELTA_CONFORMANCE_DIR, 'golden', 'dv-partitioned-with-checkpoint', 'delta');
    const decoded: string[] = [];
    const counting: ParquetHandler = {
      readRows: columnar.readRows.bind(columnar),
      writeRows: columnar.writeRows.bind(columnar),
      openColumns: async (store: ObjectStore, key: string) => {
        const columns = await columnar.openColumns(store, key);
        return columns && recording(columns, decoded);
      },
    };
    const snapshot = await loadSnapshot(new LocalObjectStore(location), counting);
    const expected = (await loadSnapshot(new LocalObjectStore(location), rowwise)).activeFiles();
    expect(snapshot.numFiles).toBe(expected.length);
    // Later commits remove files of the checkpoint: the keys (path, deletion vector) are built, nothing else.
    expect(decoded.filter((p) => p.startsWith('add.')).sort()).toEqual([
      'add.deletionVector.cardinality',
      'add.deletionVector.maxRowIndex',
      'add.deletionVector.offset',
      'add.deletionVector.pathOrInlineDv',
      'add.deletionVector.sizeInBytes',
      'add.deletionVector.storageType',
      'add.path',
    ]);
    expect(snapshot.activeFiles()).toEqual(expected);
    const firstList = decoded.filter((p) => p.startsWith('add.'));
    expect(firstList).toContain('add.stats');
    expect(firstList).toContain('add.deletionVector.pathOrInlineDv');
    expect(new Set(firstList).size).toBe(firstList.length);
    expect(snapshot.scanPlan().files.map((f) => f.add)).toEqual(expected);
    expect(decoded.filter((p) => p.startsWith('add.'))).toEqual(firstList);
  });

  it('decodes nothing for a load and its file count when the checkpoint is the latest version', async () => {
    const location = join(DELTA_CONFORMANCE_DIR, 'golden', 'update-deleted-directory', 'delta');
    const decoded: string[] = [];
    const counting: ParquetHandler = {
      readRows: columnar.readRows.bind(columnar),
      writeRows: columnar.writeRows.bind(columnar),
      openColumns: async (store: ObjectStore, key: string) => {
        const columns = await columnar.openColumns(store, key);
        return columns && recording(columns, decoded);
      },
    };
    const snapshot = await loadSnapshot(new LocalObjectStore(location), counting);
    expect(snapshot.segment.deltas).toEqual([]);
    const expected = (await loadSnapshot(new LocalObjectStore(location), rowwise)).activeFiles();
    expect(snapshot.numFiles).toBe(expected.length);
    expect(decoded).toEqual([]);
    expect(snapshot.activeFiles()).toEqual(expected);
    expect(decoded).toContain('add.stats');
  });

  it('applies later commits over the columns: a remove and a new add of the checkpoint', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lakesql-checkpoint-adds-'));
    try {
      const location = join(dir, 't');
      await cp(join(DELTA_CONFORMANCE_DIR, 'golden', 'checkpoint', 'delta'), location, { recursive: true });
      const store = new LocalObjectStore(location);
      const before = await loadSnapshot(store, columnar);
      const [gone, kept] = before.activeFiles();
      const next = commitKey(before.version + 1);
      const added = { ...kept!, path: 'new-file.parquet', dataChange: true };
      await store.putIfAbsent(
        next,
        `${JSON.stringify({ remove: { path: gone!.path, deletionTimestamp: 1, dataChange: true } })}\n${JSON.stringify({ add: added })}\n`,
      );
      const after = await loadSnapshot(store, columnar);
      expect(stateOf(after)).toEqual(await loaded(location, rowwise));
      expect(after.activeFiles().map((f) => f.path)).not.toContain(gone!.path);
      expect(after.activeFiles().at(-1)).toEqual(added);
      expect(after.numFiles).toBe(before.numFiles);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('reads the actions other than adds from the columns, with no DuckDB query', async () => {
    // The protocol, metaData and tombstones of Spark-written checkpoints (deletion vectors, partitions).
    let rowReads = 0;
    const noRows: ParquetHandler = {
      readRows: async (...args) => {
        rowReads++;
        return columnar.readRows(...args);
      },
      writeRows: columnar.writeRows.bind(columnar),
      openColumns: columnar.openColumns.bind(columnar),
    };
    for (const name of [
      'dv-partitioned-with-checkpoint',
      'basic-with-inserts-deletes-checkpoint',
      '125-iterator-bug',
    ]) {
      const location = join(DELTA_CONFORMANCE_DIR, 'golden', name, 'delta');
      expect(await loaded(location, noRows), name).toEqual(await loaded(location, rowwise));
    }
    expect(rowReads).toBe(0);
  });

  it('reads a checkpoint whose add has a field it does not know as rows', () => {
    const columns: ParquetColumns = {
      numRows: 1,
      childNames: (path) => (path.length === 1 ? ['path', 'size', 'someFutureField'] : undefined),
      nonNullCount: () => 1,
      leaf: () => ['x'],
      stringMap: () => [{}],
      definedRows: () => [],
    };
    expect(CheckpointAdds.of(columns, (p) => p)).toBeUndefined();
  });
});

/** `columns` with every decoded leaf's path recorded (a map as its own path). */
function recording(columns: ParquetColumns, decoded: string[]): ParquetColumns {
  return {
    numRows: columns.numRows,
    childNames: (path) => columns.childNames(path),
    nonNullCount: (path) => columns.nonNullCount(path),
    leaf: (path) => {
      decoded.push(path.join('.'));
      return columns.leaf(path);
    },
    stringMap: (path) => {
      decoded.push(path.join('.'));
      return columns.stringMap(path);
    },
    definedRows: (names) => columns.definedRows(names),
  };
}
