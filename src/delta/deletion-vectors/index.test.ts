import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DELTA_CONFORMANCE_DIR } from '../../conformance/data-dirs.js';
import { LocalObjectStore } from '../../storage/local-store.js';
import { MemoryObjectStore } from '../../storage/memory-store.js';
import type { DeletionVectorDescriptor } from '../actions.js';
import {
  deletionVectorUniqueId,
  dvAbsolutePathKey,
  inlineDeletionVectorDescriptor,
  loadDeletedRowIndexes,
  loadDeletionVector,
  loadDeletionVectors,
  writeDeletionVectorFile,
} from './index.js';

const CONFORMANCE = DELTA_CONFORMANCE_DIR;

interface LoggedDv {
  readonly version: number;
  readonly action: 'add' | 'remove';
  readonly path: string;
  readonly dv: DeletionVectorDescriptor;
}

/** Every deletion vector in a table's JSON commits, in log order. */
function loggedDvs(table: string): LoggedDv[] {
  const log = `${CONFORMANCE}/${table}/delta/_delta_log`;
  const out: LoggedDv[] = [];
  for (const file of readdirSync(log)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    for (const line of readFileSync(`${log}/${file}`, 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      const action = JSON.parse(line) as Record<
        string,
        { path: string; deletionVector?: DeletionVectorDescriptor }
      >;
      for (const kind of ['add', 'remove'] as const) {
        const fileAction = action[kind];
        if (fileAction?.deletionVector) {
          out.push({
            version: Number.parseInt(file, 10),
            action: kind,
            path: fileAction.path,
            dv: fileAction.deletionVector,
          });
        }
      }
    }
  }
  return out;
}

/** `version action file -> rows` (file without its UUID) for every DV of a conformance table, read through LocalObjectStore. */
async function deletedRows(table: string): Promise<string[]> {
  const store = new LocalObjectStore(`${CONFORMANCE}/${table}/delta`);
  const lines: string[] = [];
  for (const { version, action, path, dv } of loggedDvs(table)) {
    const rows = await loadDeletedRowIndexes(store, dv);
    expect(rows.length).toBe(dv.cardinality);
    lines.push(
      `${version} ${action} ${path.replace(/-[0-9a-f]{8}-.*$/, '')} ${dv.storageType} -> ${Array.from(rows).join(',')}`,
    );
  }
  return lines;
}

describe('loading deletion vectors of real tables', () => {
  it('kernel-rs/table-with-dv-small: rows 0 and 9 of the 10-row file', async () => {
    expect(await deletedRows('kernel-rs/table-with-dv-small')).toEqual(['1 add part-00000 u -> 0,9']);
    const [{ dv }] = loggedDvs('kernel-rs/table-with-dv-small') as [LoggedDv];
    expect(deletionVectorUniqueId(dv)).toBe('uvBn[lx{q8@P<9BNH/isA@1');
    expect(dvAbsolutePathKey(dv)).toBe('deletion_vector_61d16c75-6994-46b7-a15b-8b538852e50e.bin');
  });

  it('kernel-rs/with-short-dv: rows 0, 1 and 2 of the first file', async () => {
    expect(await deletedRows('kernel-rs/with-short-dv')).toEqual(['0 add part-00000 u -> 0,1,2']);
  });

  it('kernel-rs/cdf-table-with-dv: file and inline DVs, including the z85 crate padding', async () => {
    // kernel-rs documents the commits: 1 remove [0, 9]; 2 restore; 3 remove [0, 1, 4, 5];
    // 4 restore [1, 4]; 5 restore [0, 5] and remove [3]; 6 restore 3.
    expect(await deletedRows('kernel-rs/cdf-table-with-dv')).toEqual([
      '1 add part-00000 u -> 0,9',
      '2 remove part-00000 u -> 0,9',
      '3 add part-00000 i -> 0,1,4,5',
      '4 remove part-00000 i -> 0,1,4,5',
      '4 add part-00000 i -> 0,5',
      '5 remove part-00000 i -> 0,5',
      '5 add part-00000 i -> 3',
      '6 remove part-00000 i -> 3',
    ]);
  });

  it('golden/dv-partitioned-with-checkpoint: one DV file per DELETE', async () => {
    expect(await deletedRows('golden/dv-partitioned-with-checkpoint')).toEqual([
      '1 add part=0/part-00000 u -> 0',
      '2 add part=2/part-00000 u -> 0',
      '3 add part=4/part-00000 u -> 0',
      '4 add part=6/part-00000 u -> 0',
      '5 add part=8/part-00000 u -> 0',
      '6 add part=0/part-00000 u -> 0,1',
      '6 remove part=0/part-00000 u -> 0',
      '7 add part=2/part-00000 u -> 0,1',
      '7 remove part=2/part-00000 u -> 0',
      '8 add part=4/part-00000 u -> 0,1',
      '8 remove part=4/part-00000 u -> 0',
      '9 remove part=6/part-00000 u -> 0',
      '10 remove part=8/part-00000 u -> 0',
      '11 remove part=0/part-00000 u -> 0,1',
      '12 remove part=2/part-00000 u -> 0,1',
      '13 remove part=4/part-00000 u -> 0,1',
      '14 add part=6/part-00001 u -> 0',
      '15 add part=8/part-00001 u -> 0',
    ]);
  });
});

describe('loadDeletionVector', () => {
  it("reads a DV at an offset past other DVs in a shared file ('u')", async () => {
    const store = new MemoryObjectStore();
    const written = writeDeletionVectorFile(
      [
        [1, 2, 3],
        [7n, 2n ** 33n],
      ],
      { randomPrefix: 'x9' },
    );
    await store.put(written.path, written.bytes);
    const second = written.descriptors[1]!;
    expect(second.offset).toBeGreaterThan(1);
    expect(Array.from(await loadDeletedRowIndexes(store, second))).toEqual([7n, 2n ** 33n]);
    expect(Array.from(await loadDeletedRowIndexes(store, written.descriptors[0]!))).toEqual([1n, 2n, 3n]);
    expect((await loadDeletionVector(store, second)).has(2 ** 33)).toBe(true);
  });

  it("reads an inline DV ('i') without touching the store", async () => {
    const dv = inlineDeletionVectorDescriptor([5, 6]);
    expect(Array.from(await loadDeletedRowIndexes(new MemoryObjectStore(), dv))).toEqual([5n, 6n]);
  });

  it("reads an absolute path ('p') under the store's root and refuses one outside it", async () => {
    const store = new MemoryObjectStore({ name: 'wh' }).at('tables/t');
    const written = writeDeletionVectorFile([[4]]);
    await store.put(`dvs/${written.path}`, written.bytes);
    const dv: DeletionVectorDescriptor = {
      ...written.descriptors[0]!,
      storageType: 'p',
      pathOrInlineDv: `${store.rootUrl}dvs/${written.path}`,
    };
    expect(Array.from(await loadDeletedRowIndexes(store, dv))).toEqual([4n]);
    await expect(
      loadDeletedRowIndexes(store, { ...dv, pathOrInlineDv: `s3://elsewhere/${written.path}` }),
    ).rejects.toMatchObject({ errorClass: 'UNSUPPORTED_FEATURE' });
  });

  it("reads a Hadoop-style 'file:/' absolute path from a local table", async () => {
    const root = `${CONFORMANCE}/kernel-rs/table-with-dv-small/delta`;
    const [{ dv }] = loggedDvs('kernel-rs/table-with-dv-small') as [LoggedDv];
    const absolute: DeletionVectorDescriptor = {
      ...dv,
      storageType: 'p',
      pathOrInlineDv: `file:${root}/${dvAbsolutePathKey(dv)}`,
    };
    expect(Array.from(await loadDeletedRowIndexes(new LocalObjectStore(root), absolute))).toEqual([0n, 9n]);
  });

  it('names a missing DV file with DELTA_FILE_NOT_FOUND_DETAILED', async () => {
    const dv = writeDeletionVectorFile([[1]], { uuid: '00000000-0000-4000-8000-000000000000' })
      .descriptors[0]!;
    await expect(loadDeletedRowIndexes(new MemoryObjectStore(), dv)).rejects.toMatchObject({
      errorClass: 'DELTA_FILE_NOT_FOUND_DETAILED',
      messageParameters: { filePath: 'deletion_vector_00000000-0000-4000-8000-000000000000.bin' },
    });
  });

  it('refuses an unknown storage type', async () => {
    const dv = {
      storageType: 'x',
      pathOrInlineDv: '',
      sizeInBytes: 0,
      cardinality: 0,
    } as unknown as DeletionVectorDescriptor;
    await expect(loadDeletedRowIndexes(new MemoryObjectStore(), dv)).rejects.toMatchObject({
      errorClass: 'DELTA_INVALID_DELETION_VECTOR',
    });
  });
});

describe('loadDeletionVectors', () => {
  it('reads the DVs one file holds with one ranged read, in the order asked, inline ones and gaps kept', async () => {
    const store = new MemoryObjectStore();
    const a = writeDeletionVectorFile([[1n, 5n], [0n], [7n, 8n, 9n]]);
    const b = writeDeletionVectorFile([[3n]]);
    await store.put(a.path, a.bytes);
    await store.put(b.path, b.bytes);
    const reads: string[] = [];
    const counting = Object.create(store, {
      getRange: {
        value: (key: string, start: number, length: number) => {
          reads.push(key);
          return store.getRange(key, start, length);
        },
      },
    }) as MemoryObjectStore;
    const inline = inlineDeletionVectorDescriptor([2n, 4n]);
    const dvs = [a.descriptors[2], undefined, b.descriptors[0], a.descriptors[0], inline];
    const loaded = await loadDeletionVectors(counting, dvs);
    expect(loaded.map((bitmap) => (bitmap ? [...bitmap.toBigUint64Array()] : undefined))).toEqual([
      [7n, 8n, 9n],
      undefined,
      [3n],
      [1n, 5n],
      [2n, 4n],
    ]);
    // One read of each file (the single DV of b is read as loadDeletionVector reads it: version and entry).
    expect(reads.filter((k) => k === a.path)).toHaveLength(1);
    for (const [i, dv] of dvs.entries()) {
      if (dv)
        expect([...(await loadDeletionVector(store, dv)).toBigUint64Array()]).toEqual([
          ...loaded[i]!.toBigUint64Array(),
        ]);
    }
  });

  it('names a missing DV file as Delta does', async () => {
    const written = writeDeletionVectorFile([[1n], [2n]]);
    await expect(loadDeletionVectors(new MemoryObjectStore(), written.descriptors)).rejects.toMatchObject({
      errorClass: 'DELTA_FILE_NOT_FOUND_DETAILED',
    });
  });
});
