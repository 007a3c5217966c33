/**
 * Where an ORC file's bytes come from: a size and ranged reads, like hyparquet's AsyncBuffer. The reader
 * asks only for the tail, the stripe footers and the streams of the projected columns, so a source backed
 * by an object store transfers no more than a query needs.
 */
import type { ObjectStore } from '../../storage/object-store.js';

export interface OrcByteSource {
  /** Names the file in errors. */
  readonly name: string;
  readonly size: number;
  read(offset: number, length: number): Promise<Uint8Array>;
  /**
   * The same read, synchronously, where the bytes are at hand (a local file, a buffer). DuckDB calls a
   * table function synchronously, so only such a source lets a scan fetch each stripe as DuckDB reaches
   * it instead of holding every stripe's bytes from the start.
   */
  readSync?(offset: number, length: number): Uint8Array;
}

export function bytesSource(bytes: Uint8Array, name = '<bytes>'): OrcByteSource {
  return {
    name,
    size: bytes.length,
    read: async (offset, length) => bytes.subarray(offset, offset + length),
    readSync: (offset, length) => bytes.subarray(offset, offset + length),
  };
}

export async function objectStoreSource(
  store: ObjectStore,
  path: string,
  name = path,
): Promise<OrcByteSource> {
  const meta = await store.head(path);
  const getRangeSync = store.getRangeSync?.bind(store);
  return {
    name,
    size: meta.size,
    read: (offset, length) => store.getRange(path, offset, length),
    ...(getRangeSync === undefined
      ? {}
      : { readSync: (offset: number, length: number) => getRangeSync(path, offset, length) }),
  };
}
