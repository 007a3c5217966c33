/**
 * Pins the layering of the architecture notes (the layer list in README "Layout and decisions"): imports
 * point down, never up, and only `engine/`
 * touches DuckDB. Test files and test-only helpers may import anything. Outside the protocol (`delta/`),
 * only the commit builder opens a Delta transaction: every writer commits through it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));

/** For each layer, the layers it may import. */
const ALLOWED: Record<string, readonly string[]> = {
  types: [],
  errors: [],
  storage: ['types', 'errors'],
  delta: ['storage', 'types', 'errors'],
  formats: ['storage', 'types', 'errors'],
  catalog: ['delta', 'formats', 'storage', 'types', 'errors'],
  engine: ['delta', 'formats', 'storage', 'types', 'errors'],
  sql: ['types', 'errors'],
  plan: ['sql', 'delta', 'catalog', 'formats', 'storage', 'types', 'errors'],
  exec: ['plan', 'sql', 'engine', 'delta', 'catalog', 'formats', 'storage', 'types', 'errors'],
  streaming: ['exec', 'plan', 'sql', 'engine', 'delta', 'catalog', 'formats', 'storage', 'types', 'errors'],
  api: [
    'streaming',
    'exec',
    'plan',
    'sql',
    'engine',
    'delta',
    'catalog',
    'formats',
    'storage',
    'types',
    'errors',
  ],
  cli: [
    'api',
    'streaming',
    'exec',
    'plan',
    'sql',
    'engine',
    'delta',
    'catalog',
    'formats',
    'storage',
    'types',
    'errors',
  ],
};
/** Tools outside the product layers. */
const TOOLS = new Set(['conformance', 'bench']);
/** Layers that may use the filesystem directly (everything else goes through storage/). */
const FS_ALLOWED = new Set(['storage', 'engine', 'cli', 'catalog']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return p.endsWith('.ts') ? [p] : [];
  });
}

function isTestOnly(file: string): boolean {
  return /\.(test|contract)\.ts$/.test(file) || file.includes('/testing/');
}

function imports(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(
    /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g,
  )) {
    out.push((m[1] ?? m[2])!);
  }
  return out;
}

const layerOf = (file: string) => relative(SRC, file).split('/')[0]!;

/** The one module outside `delta/` that may create a Transaction (exec/write/commit-builder.ts). */
const COMMIT_BUILDER = 'exec/write/commit-builder.ts';

/** Where a source file opens a Delta transaction itself: `new Transaction(` or `startTransaction(`. */
function opensTransaction(text: string): boolean {
  return /\bnew\s+Transaction\s*\(|\bstartTransaction\s*\(/.test(text);
}

describe('architecture', () => {
  const files = sourceFiles(SRC).filter((f) => !isTestOnly(f) && relative(SRC, f).includes('/'));
  const violations: string[] = [];
  for (const file of files) {
    const layer = layerOf(file);
    if (TOOLS.has(layer)) continue;
    const allowed = ALLOWED[layer];
    if (!allowed) {
      violations.push(`${relative(SRC, file)}: unknown layer ${layer}`);
      continue;
    }
    for (const spec of imports(readFileSync(file, 'utf8'))) {
      if (spec.startsWith('.')) {
        const target = layerOf(resolve(dirname(file), spec));
        if (target !== layer && !allowed.includes(target))
          violations.push(`${relative(SRC, file)} imports ${spec} (${layer} -> ${target})`);
      } else if (spec.startsWith('@duckdb/') && layer !== 'engine') {
        violations.push(`${relative(SRC, file)} imports DuckDB outside engine/`);
      } else if (/^node:fs(\/promises)?$|^fs$/.test(spec) && !FS_ALLOWED.has(layer)) {
        violations.push(`${relative(SRC, file)} imports ${spec}: table data goes through storage/`);
      }
    }
  }

  it('imports point down the layers, DuckDB stays in engine/, node:fs stays out of the protocol', () => {
    expect(files.length).toBeGreaterThan(10);
    expect(violations).toEqual([]);
  });

  it('only the commit builder opens a Delta transaction outside delta/', () => {
    const opening = files
      .filter((f) => layerOf(f) !== 'delta' && opensTransaction(readFileSync(f, 'utf8')))
      .map((f) => relative(SRC, f));
    expect(opening).toEqual([COMMIT_BUILDER]);
  });

  it('recognizes the ways a transaction is opened', () => {
    expect(opensTransaction('const txn = new Transaction(store, parquet, snapshot);')).toBe(true);
    expect(opensTransaction('const txn = await startTransaction(store, parquet);')).toBe(true);
    expect(opensTransaction('CommitBuilder.onSnapshot(snapshot, parquet)')).toBe(false);
    expect(opensTransaction('// a Transaction records what it read')).toBe(false);
  });
});
