/**
 * The properties a Delta table shows to SQL (SHOW TBLPROPERTIES, DESCRIBE EXTENDED's `Table Properties`,
 * SHOW CREATE TABLE's TBLPROPERTIES): Delta's `Snapshot.getProperties` — the metaData configuration, then
 * `delta.minReaderVersion` / `delta.minWriterVersion`, then `delta.feature.<name> = supported` for every
 * feature of a table-features protocol.
 */
import type { Protocol } from './actions.js';
import type { Snapshot } from './snapshot.js';

export function deltaTableProperties(snapshot: Snapshot): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(snapshot.configuration)) if (k !== 'path') out[k] = v;
  const p = snapshot.protocol;
  out['delta.minReaderVersion'] = String(p.minReaderVersion);
  out['delta.minWriterVersion'] = String(p.minWriterVersion);
  if (p.readerFeatures || p.writerFeatures) {
    const names = [...new Set([...(p.readerFeatures ?? []), ...(p.writerFeatures ?? [])])].sort();
    for (const name of names) out[`delta.feature.${name}`] = 'supported';
  }
  return out;
}

/**
 * The features a legacy protocol supports without naming them (PROTOCOL.md "Table Features": writer
 * version 2 means appendOnly + invariants, 3 adds checkConstraints, 4 changeDataFeed + generatedColumns,
 * 5 columnMapping, 6 identityColumns), plus the named ones, sorted: DESCRIBE DETAIL's `tableFeatures`.
 */
export function tableFeatureNames(p: Protocol): string[] {
  const names = new Set<string>([...(p.readerFeatures ?? []), ...(p.writerFeatures ?? [])]);
  if (!p.writerFeatures) for (const f of implicitWriterFeatures(p.minWriterVersion)) names.add(f);
  return [...names].sort();
}

export function implicitWriterFeatures(writerVersion: number): string[] {
  const byVersion: readonly (readonly string[])[] = [
    [],
    [],
    ['appendOnly', 'invariants'],
    ['checkConstraints'],
    ['changeDataFeed', 'generatedColumns'],
    ['columnMapping'],
    ['identityColumns'],
  ];
  return byVersion.slice(0, Math.min(writerVersion, 6) + 1).flat();
}

/** Properties sorted by key, as Spark lists them. */
export function sortedEntries(props: Readonly<Record<string, string>>): [string, string][] {
  return Object.entries(props).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
