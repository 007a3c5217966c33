/**
 * Typed loading of the Delta conformance catalogue, `<dir>/MANIFEST.json` (described in `<dir>/README.md`).
 * Only the fields the runner uses are typed strictly; the rest are kept for messages.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** What the catalogue says the expected result is, tagged by `kind` as MANIFEST.json writes it. */
export type ManifestExpected =
  /** Spark-written parquet under `dir` (golden tables only): the full scan at the latest version. */
  | { readonly kind: 'parquet'; readonly dir: string; readonly helperCheck?: string }
  /** `expected.json` with rows, schema, activeFiles and snapshotVersion. */
  | { readonly kind: 'rows'; readonly file: string; readonly rowCount: number; readonly version: number }
  /** `expected.json` without rows: only activeFiles and snapshotVersion can be checked. */
  | {
      readonly kind: 'activeFilesOnly';
      readonly file: string;
      readonly version: number;
      readonly why: string;
    }
  /** No machine-readable expectation: the behaviour is described in `notes` (or `reason`). */
  | { readonly kind: 'none'; readonly reason?: string; readonly helperCheck?: string };

export interface ManifestEntry {
  /** `<group>/<name>`, e.g. `golden/124-decimal-decode-bug`. */
  readonly id: string;
  /** The table root relative to the conformance dir (`<group>/<name>/delta`). */
  readonly tablePath: string;
  readonly summary: string;
  readonly notes: string;
  readonly expected: ManifestExpected;
  /** The latest version, or null when the log cannot make a snapshot. */
  readonly version: number | null;
  readonly partitionColumns: readonly string[];
}

export async function loadManifest(conformanceDir: string): Promise<ManifestEntry[]> {
  const text = await readFile(join(conformanceDir, 'MANIFEST.json'), 'utf8');
  return parseManifest(JSON.parse(text) as unknown);
}

export function parseManifest(raw: unknown): ManifestEntry[] {
  if (!Array.isArray(raw)) throw new Error('MANIFEST.json: expected a JSON array of tables');
  return raw.map((e, i) => parseEntry(e, i));
}

function parseEntry(raw: unknown, index: number): ManifestEntry {
  const where = `MANIFEST.json[${index}]`;
  const o = asObject(raw, where);
  const id = asString(o.id, `${where}.id`);
  return {
    id,
    tablePath: asString(o.tablePath, `${id}.tablePath`),
    summary: typeof o.summary === 'string' ? o.summary : '',
    notes: typeof o.notes === 'string' ? o.notes : '',
    expected: parseExpected(o.expected, `${id}.expected`),
    version: typeof o.version === 'number' ? o.version : null,
    partitionColumns: Array.isArray(o.partitionColumns) ? o.partitionColumns.map(String) : [],
  };
}

function parseExpected(raw: unknown, where: string): ManifestExpected {
  const o = asObject(raw, where);
  const helperCheck = typeof o.helperCheck === 'string' ? o.helperCheck : undefined;
  switch (o.kind) {
    case 'parquet':
      return { kind: 'parquet', dir: asString(o.dir, `${where}.dir`), helperCheck };
    case 'rows':
      return {
        kind: 'rows',
        file: asString(o.file, `${where}.file`),
        rowCount: asNumber(o.rowCount, `${where}.rowCount`),
        version: asNumber(o.version, `${where}.version`),
      };
    case 'activeFilesOnly':
      return {
        kind: 'activeFilesOnly',
        file: asString(o.file, `${where}.file`),
        version: asNumber(o.version, `${where}.version`),
        why: typeof o.why === 'string' ? o.why : '',
      };
    case 'none':
      return { kind: 'none', reason: typeof o.reason === 'string' ? o.reason : undefined, helperCheck };
    default:
      throw new Error(`${where}.kind: unknown kind ${JSON.stringify(o.kind)}`);
  }
}

function asObject(v: unknown, where: string): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw new Error(`${where}: expected an object`);
  return v as Record<string, unknown>;
}

function asString(v: unknown, where: string): string {
  if (typeof v !== 'string') throw new Error(`${where}: expected a string`);
  return v;
}

function asNumber(v: unknown, where: string): number {
  if (typeof v !== 'number') throw new Error(`${where}: expected a number`);
  return v;
}
