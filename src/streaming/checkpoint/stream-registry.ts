/**
 * Where a warehouse's streaming queries keep their checkpoints, so that a watcher (the `lakesql ui` page)
 * finds every query run on the warehouse: a session's own streams and those of `lakesql ingest` processes,
 * whose checkpoints may live anywhere. Each query writes `_lakesql_catalog/streams/<query id>.json` in the
 * warehouse when it starts, naming its checkpoint folder; the query's state and progress are then read from
 * that checkpoint's status file (query-status-file.ts). A query id is the checkpoint's own, so a restarted
 * query replaces its entry instead of adding one. Spark keeps no such list (StreamingQueryManager knows only
 * its own process's queries); the file lives in lakesql's catalog folder, which Spark does not list.
 */
import path from 'node:path';
import type { ObjectStore } from '../../storage/object-store.js';

/** The registry's folder inside the warehouse (beside the catalog's `databases/` and `tables/`). */
export const STREAMS_PREFIX = '_lakesql_catalog/streams/';

export interface RegisteredStream {
  readonly id: string;
  readonly name: string | null;
  /** The checkpoint folder: an absolute path or a URL, so that any process's working directory finds it. */
  readonly checkpoint: string;
  readonly registeredAt: string;
}

/** Records (or refreshes) the query's entry in `warehouse`'s registry. */
export async function registerStream(
  warehouse: ObjectStore,
  stream: Omit<RegisteredStream, 'registeredAt'>,
): Promise<void> {
  const entry: RegisteredStream = {
    id: stream.id,
    name: stream.name,
    checkpoint: absoluteLocation(stream.checkpoint),
    registeredAt: new Date().toISOString(),
  };
  // A directory for watchers, rewritten at each start: atomic, but not worth an fsync.
  await warehouse.put(`${STREAMS_PREFIX}${encodeURIComponent(stream.id)}.json`, JSON.stringify(entry), {
    durable: false,
  });
}

/** Every entry of `warehouse`'s registry, the most recently started first; unreadable entries are skipped. */
export async function registeredStreams(warehouse: ObjectStore): Promise<RegisteredStream[]> {
  const entries: RegisteredStream[] = [];
  for (const meta of await warehouse.list(STREAMS_PREFIX)) {
    if (!meta.path.endsWith('.json')) continue;
    try {
      const value = JSON.parse(new TextDecoder().decode(await warehouse.get(meta.path))) as RegisteredStream;
      if (typeof value.id === 'string' && typeof value.checkpoint === 'string') entries.push(value);
    } catch {
      // An entry deleted or being replaced while listed: the next listing has it.
    }
  }
  return entries.sort((a, b) => (a.registeredAt < b.registeredAt ? 1 : -1));
}

/** A plain local path is made absolute; a URL (`file:`, `memory:`) already is. */
function absoluteLocation(location: string): string {
  return /^[A-Za-z][A-Za-z0-9+.-]+:/.test(location) ? location : path.resolve(location);
}
