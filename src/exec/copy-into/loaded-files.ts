/**
 * What COPY INTO has already loaded into a table. Databricks keeps this state with the table so that a
 * rerun skips loaded files; lakesql keeps it in the table's own log: each COPY INTO commit's commitInfo
 * carries `operationParameters.loadedFiles`, a JSON list of `{path, size, modificationTime}`, and a run
 * reads the commitInfo of every commit still in the log back.
 *
 * Why commitInfo and not a domainMetadata action: domainMetadata needs the `domainMetadata` writer feature,
 * so recording a load would upgrade the table's protocol (and lock out writers without the feature);
 * commitInfo is written by every commit anyway. The cost: the memory lasts as long as the commit files do
 * (delta.logRetentionDuration, 30 days by default), after which a file could load again.
 */
import { parseActionLines } from '../../delta/actions-json.js';
import { commitHistory } from '../../delta/log-segment.js';
import type { Snapshot } from '../../delta/snapshot.js';

export const COPY_INTO_OPERATION = 'COPY INTO';

export interface LoadedFile {
  /** The file's full path as the statement listed it. */
  readonly path: string;
  readonly size: number;
  /** Milliseconds since the epoch. */
  readonly modificationTime: number;
}

/** The paths of every file an earlier COPY INTO loaded into the table. */
export async function loadedFilePaths(snapshot: Snapshot): Promise<Set<string>> {
  const paths = new Set<string>();
  // The whole history, not the snapshot's segment: files loaded before the last checkpoint count too.
  for (const commit of await commitHistory(snapshot.store, snapshot.segment)) {
    const text = new TextDecoder().decode(await snapshot.store.get(commit.meta.path));
    if (!text.includes(COPY_INTO_OPERATION)) continue;
    for (const a of parseActionLines(text, commit.meta.path)) {
      if (a.kind !== 'commitInfo' || a.commitInfo.operation !== COPY_INTO_OPERATION) continue;
      const params = a.commitInfo.operationParameters as Record<string, unknown> | undefined;
      for (const f of parseLoadedFiles(params?.loadedFiles)) paths.add(f.path);
    }
  }
  return paths;
}

export function parseLoadedFiles(text: unknown): LoadedFile[] {
  if (typeof text !== 'string') return [];
  try {
    const list = JSON.parse(text) as unknown;
    return Array.isArray(list) ? list.filter((f): f is LoadedFile => typeof f?.path === 'string') : [];
  } catch {
    return [];
  }
}
