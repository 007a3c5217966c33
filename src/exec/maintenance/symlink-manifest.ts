/**
 * `GENERATE symlink_format_manifest FOR TABLE t`, as delta-spark's GenerateSymlinkManifest (full mode) writes
 * it: for the latest version, a `_symlink_format_manifest/manifest` file (one per partition folder,
 * `_symlink_format_manifest/p=1/manifest`, on a partitioned table) listing the absolute path of each live data
 * file, one a line, so that engines reading Hive-style symlink tables (Presto, Athena, Redshift Spectrum) see
 * the table's current files; the manifests of partitions that no longer have files are deleted. Manifests
 * cannot express deletion vectors or column mapping, so such tables are refused. Nothing is committed.
 */
import type { AddFile } from '../../delta/actions.js';
import { columnMappingMode } from '../../delta/column-mapping.js';
import { partitionDirectory } from '../../delta/partition-path.js';
import { loadSnapshot } from '../../delta/snapshot.js';
import { canonicalizePath } from '../../delta/table-paths.js';
import { LakesqlError } from '../../errors/index.js';
import type { MiscStatement } from '../../sql/ast/statements-misc.js';
import { storeForUrl } from '../../storage/store-for-url.js';
import type { CommandContext } from '../command-context.js';
import type { StatementResult } from '../statement-result.js';
import { locateTable } from '../write/table-target.js';

export type Generate = Extract<MiscStatement, { kind: 'generate' }>;

export const MANIFEST_FOLDER = '_symlink_format_manifest';
const SYMLINK_MODE = 'symlink_format_manifest';

export async function generateStatement(ctx: CommandContext, stmt: Generate): Promise<StatementResult> {
  await generateManifest(ctx, stmt.table.parts, stmt.mode);
  return { kind: 'done' };
}

export async function generateManifest(
  ctx: CommandContext,
  parts: readonly string[],
  mode: string,
): Promise<void> {
  if (mode.toLowerCase() !== SYMLINK_MODE) {
    throw new LakesqlError('DELTA_MODE_NOT_SUPPORTED', { mode, supportedModes: SYMLINK_MODE });
  }
  const location = await locateTable(ctx, parts);
  let store = location.kind === 'path' ? location.store : undefined;
  if (location.kind === 'catalog') {
    const entry = location.entry!;
    if (entry.tableType === 'VIEW' || entry.provider !== 'delta') {
      throw new LakesqlError('DELTA_MISSING_DELTA_TABLE', { path: parts.join('.') });
    }
    store = storeForUrl(entry.location);
  }
  const snapshot = await loadSnapshot(store!, ctx.parquet);
  if (columnMappingMode(snapshot.configuration) !== 'none') {
    throw new LakesqlError('DELTA_UNSUPPORTED_MANIFEST_GENERATION_WITH_COLUMN_MAPPING', {});
  }
  const files = snapshot.activeFiles();
  if (files.some((f) => f.deletionVector != null)) {
    throw new LakesqlError('DELTA_UNSUPPORTED_GENERATE_WITH_DELETION_VECTORS', {});
  }
  const byFolder = new Map<string, AddFile[]>();
  for (const f of files) {
    const folder = partitionDirectory(snapshot.partitionColumns, f.partitionValues);
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), f]);
  }
  const manifestKey = (folder: string) => `${MANIFEST_FOLDER}/${folder === '' ? '' : `${folder}/`}manifest`;
  const written = new Set<string>();
  for (const [folder, members] of byFolder) {
    const lines = members.map((f) => `${manifestPath(store!.rootUrl, f.path)}\n`).join('');
    await store!.put(manifestKey(folder), lines);
    written.add(manifestKey(folder));
  }
  // Full mode: a partition with no live file left keeps no manifest.
  for (const meta of await store!.list(`${MANIFEST_FOLDER}/`)) {
    if (!written.has(meta.path)) await store!.delete(meta.path);
  }
}

/** The absolute path of a data file as Hadoop prints it: `file:/…`, not URI-encoded. */
function manifestPath(rootUrl: string, path: string): string {
  const canonical = canonicalizePath(rootUrl, path);
  const decoded = decodeURIComponent(canonical);
  return decoded.startsWith('file:///') ? `file:${decoded.slice('file://'.length)}` : decoded;
}
