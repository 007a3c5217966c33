/**
 * Metadata cleanup of V2 checkpoint sidecars (PROTOCOL.md "Metadata Cleanup": "sidecar files that are not
 * referenced by any remaining checkpoint may be deleted"; delta-spark's V2 cleanup). A sidecar may be
 * shared by several checkpoints, so references are read from every V2 checkpoint still in the log; a
 * sidecar younger than the retention is kept even when unreferenced, since a checkpoint being written may
 * not have published its top-level file yet.
 */
import type { ObjectStore } from '../storage/object-store.js';
import { parseActionLines } from './actions-json.js';
import type { LogFile } from './log-files.js';
import { SIDECAR_DIR } from './log-files.js';
import type { ParquetHandler } from './parquet-handler.js';

export async function deleteUnreferencedSidecars(
  store: ObjectStore,
  parquet: ParquetHandler,
  remaining: readonly LogFile[],
  cutoff: number,
): Promise<number> {
  const sidecars = await store.list(SIDECAR_DIR);
  if (sidecars.length === 0) return 0;
  const referenced = new Set<string>();
  for (const f of remaining) {
    if (f.kind !== 'v2Checkpoint') continue;
    for (const path of await sidecarsOf(store, parquet, f)) referenced.add(path);
  }
  let deleted = 0;
  for (const meta of sidecars) {
    const name = meta.path.slice(SIDECAR_DIR.length);
    if (referenced.has(name) || meta.lastModified > cutoff) continue;
    await store.delete(meta.path);
    deleted++;
  }
  return deleted;
}

/** The sidecar file names a V2 checkpoint's top-level file references (relative to `_sidecars/`). */
async function sidecarsOf(
  store: ObjectStore,
  parquet: ParquetHandler,
  file: Extract<LogFile, { kind: 'v2Checkpoint' }>,
): Promise<string[]> {
  if (file.format === 'json') {
    const text = new TextDecoder().decode(await store.get(file.meta.path));
    return parseActionLines(text, file.meta.path).flatMap((a) =>
      a.kind === 'sidecar' ? [nameOf(a.sidecar.path)] : [],
    );
  }
  const rows = await parquet.readRows(store, file.meta.path, ['sidecar'], { skipAllNull: true });
  return rows.flatMap((r) => {
    const path = (r.sidecar as { path?: unknown } | null)?.path;
    return typeof path === 'string' ? [nameOf(path)] : [];
  });
}

/** A sidecar path may be absolute (a URI ending in `_sidecars/<name>`); listings name it relative. */
function nameOf(path: string): string {
  const at = path.lastIndexOf('/_sidecars/');
  return at < 0 ? path : path.slice(at + '/_sidecars/'.length);
}
