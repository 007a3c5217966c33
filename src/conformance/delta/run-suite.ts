/**
 * The Delta suite: every MANIFEST.json entry in order, one case at a time on one reader (one DuckDB
 * instance), each bounded by a timeout so one stuck table cannot hold the suite.
 */
import type { CaseResult } from '../case-result.js';
import { loadManifest, type ManifestEntry } from './manifest.js';
import { runDeltaCase } from './run-case.js';
import type { DeltaTableUnderTest } from './table-reader.js';
import { prepareConnection } from './value-encoding.js';

export interface DeltaSuiteOptions {
  /** Per-case limit; default 60 s. */
  readonly timeoutMs?: number;
  /** Only cases whose id contains this text. */
  readonly filter?: string;
  /** Only these case ids (tests). */
  readonly ids?: readonly string[];
  /** Called as each case finishes, so a long run prints as it goes. */
  readonly onResult?: (result: CaseResult) => void;
}

export async function runDeltaSuite(
  conformanceDir: string,
  reader: DeltaTableUnderTest,
  options: DeltaSuiteOptions = {},
): Promise<CaseResult[]> {
  await prepareConnection(reader.connection);
  const entries = await loadManifest(conformanceDir);
  const selected = entries.filter(
    (e) =>
      (options.filter === undefined || e.id.includes(options.filter)) &&
      (options.ids === undefined || options.ids.includes(e.id)),
  );
  const results: CaseResult[] = [];
  for (const entry of selected) {
    const result = await withTimeout(entry, conformanceDir, reader, options.timeoutMs ?? 60_000);
    results.push(result);
    options.onResult?.(result);
  }
  return results;
}

async function withTimeout(
  entry: ManifestEntry,
  conformanceDir: string,
  reader: DeltaTableUnderTest,
  timeoutMs: number,
): Promise<CaseResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CaseResult>((resolve) => {
    timer = setTimeout(() => {
      // Cancels a running DuckDB query; the connection stays usable (FINDINGS.md).
      reader.connection.interrupt();
      resolve({ kind: 'fail', id: entry.id, reason: `timed out after ${timeoutMs / 1000} s` });
    }, timeoutMs);
  });
  try {
    return await Promise.race([runDeltaCase(entry, conformanceDir, reader), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
