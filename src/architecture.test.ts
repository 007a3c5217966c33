/**
 * Pins the layering of the architecture notes (the layer list in README "Layout and decisions"): imports
 * point down, never up, and only `engine/`
 * touches DuckDB. Test files and test-only helpers may import anything. Outside the protocol (`delta/`),
 * only the commit builder opens a Delta transaction: every writer commits through it. Inside `exec/`, no two
 * folders import each other, directly or around a loop: commands sit on the write path and the query and
 * relation modules, and the session sits on the commands.
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
  // The browser workspace (`lakesql ui`) serves the session the CLI opens, and reuses the REPL's completion
  // and statement cutting; the CLI starts it.
  ui: [
    'cli',
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
  cli: [
    'ui',
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
const FS_ALLOWED = new Set(['storage', 'engine', 'cli', 'catalog', 'ui']);

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

/** An import of one source file by another, as paths relative to `src/`. */
interface FileImport {
  readonly from: string;
  readonly to: string;
}

/**
 * The import cycles between the folders of `exec/` (each folder its own node, `exec/` itself `.`): every
 * strongly connected group of two or more folders (Tarjan's algorithm), as the file imports that join it.
 */
function folderCycles(fileImports: readonly FileImport[]): string[][] {
  const folderOf = (file: string) => dirname(relative('exec', file)) || '.';
  const edges = new Map<string, Map<string, string[]>>();
  for (const { from, to } of fileImports) {
    const a = folderOf(from);
    const b = folderOf(to);
    if (!edges.has(b)) edges.set(b, new Map());
    if (a === b) continue;
    const out = edges.get(a) ?? new Map<string, string[]>();
    edges.set(a, out);
    out.set(b, [...(out.get(b) ?? []), `${from} -> ${to}`]);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of edges.get(v)!.keys()) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    for (let w = stack.pop()!; ; w = stack.pop()!) {
      group.push(w);
      if (w === v) break;
    }
    if (group.length > 1) groups.push(group);
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) visit(v);
  return groups.map((group) => group.flatMap((a) => group.flatMap((b) => edges.get(a)!.get(b) ?? [])).sort());
}

/** The folders of `exec/` that hold statements' commands. */
const COMMAND_FOLDERS = ['dml', 'ddl', 'maintenance', 'copy-into', 'convert', 'explain'];

/**
 * Imports inside `exec/` that point up even without closing a cycle: only the session's own files import
 * `session/` (it dispatches statements to the commands), and the write path imports no command.
 */
function upwardImports(fileImports: readonly FileImport[]): string[] {
  const top = (file: string) => relative('exec', file).split('/')[0]!;
  return fileImports
    .filter(({ from, to }) => {
      const [a, b] = [top(from), top(to)];
      return (b === 'session' && a !== 'session') || (a === 'write' && COMMAND_FOLDERS.includes(b));
    })
    .map(({ from, to }) => `${from} -> ${to}`);
}

/**
 * What `api/streaming` holds: the facades of Structured Streaming (PySpark's DataStreamReader,
 * DataStreamWriter, StreamingQuery and StreamingQueryManager). Sources, sinks, the micro-batch loop, the
 * checkpoint and state live in `streaming/`, which the facades drive.
 */
const STREAMING_FACADES = [
  'data-stream-reader.ts',
  'data-stream-writer.ts',
  'streaming-query-manager.ts',
  'streaming-query.ts',
];

describe('architecture', () => {
  const files = sourceFiles(SRC).filter((f) => !isTestOnly(f) && relative(SRC, f).includes('/'));
  const violations: string[] = [];
  const execImports: FileImport[] = [];
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
        if (layer === 'exec' && target === 'exec') {
          execImports.push({
            from: relative(SRC, file),
            to: relative(SRC, resolve(dirname(file), spec)).replace(/\.js$/, '.ts'),
          });
        }
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

  it('streaming/ imports nothing from api/: sinks run a batch through its BatchExecutor interface', () => {
    const streamingFiles = files.filter((f) => layerOf(f) === 'streaming');
    expect(streamingFiles.length).toBeGreaterThan(20);
    const upward = streamingFiles.flatMap((file) =>
      imports(readFileSync(file, 'utf8'))
        .filter((spec) => spec.startsWith('.') && layerOf(resolve(dirname(file), spec)) === 'api')
        .map((spec) => `${relative(SRC, file)} imports ${spec}`),
    );
    expect(upward).toEqual([]);
  });

  it('api/streaming holds only the facades', () => {
    const dir = join(SRC, 'api', 'streaming');
    const held = sourceFiles(dir)
      .filter((f) => !isTestOnly(f))
      .map((f) => relative(dir, f))
      .sort();
    expect(held).toEqual([...STREAMING_FACADES].sort());
  });

  it('only the commit builder opens a Delta transaction outside delta/', () => {
    const opening = files
      .filter((f) => layerOf(f) !== 'delta' && opensTransaction(readFileSync(f, 'utf8')))
      .map((f) => relative(SRC, f));
    expect(opening).toEqual([COMMIT_BUILDER]);
  });

  it('the folders of exec/ import each other without a cycle', () => {
    expect(execImports.length).toBeGreaterThan(100);
    expect(folderCycles(execImports)).toEqual([]);
  });

  it('in exec/, only the session imports session/, and the write path imports no command', () => {
    expect(upwardImports(execImports)).toEqual([]);
    expect(
      upwardImports([
        { from: 'exec/dml/update.ts', to: 'exec/session/sql-session.ts' },
        { from: 'exec/write/commit-builder.ts', to: 'exec/dml/dml-metrics.ts' },
        { from: 'exec/session/statements.ts', to: 'exec/dml/update.ts' },
        { from: 'exec/dml/update.ts', to: 'exec/write/commit-builder.ts' },
      ]),
    ).toEqual([
      'exec/dml/update.ts -> exec/session/sql-session.ts',
      'exec/write/commit-builder.ts -> exec/dml/dml-metrics.ts',
    ]);
  });

  it('finds a cycle of folders and names the imports that close it', () => {
    const cycle = [
      { from: 'exec/dml/update.ts', to: 'exec/session/sql-session.ts' },
      { from: 'exec/session/statements.ts', to: 'exec/dml/update.ts' },
      { from: 'exec/session/sql-session.ts', to: 'exec/session/statements.ts' },
      { from: 'exec/dml/update.ts', to: 'exec/write/commit-builder.ts' },
    ];
    expect(folderCycles(cycle)).toEqual([
      [
        'exec/dml/update.ts -> exec/session/sql-session.ts',
        'exec/session/statements.ts -> exec/dml/update.ts',
      ],
    ]);
    expect(folderCycles(cycle.slice(1))).toEqual([]);
    expect(
      folderCycles([
        { from: 'exec/command-context.ts', to: 'exec/relations/temp-view.ts' },
        { from: 'exec/relations/relation-resolver.ts', to: 'exec/statement-result.ts' },
      ]),
    ).toEqual([
      [
        'exec/command-context.ts -> exec/relations/temp-view.ts',
        'exec/relations/relation-resolver.ts -> exec/statement-result.ts',
      ],
    ]);
  });

  it('recognizes the ways a transaction is opened', () => {
    expect(opensTransaction('const txn = new Transaction(store, parquet, snapshot);')).toBe(true);
    expect(opensTransaction('const txn = await startTransaction(store, parquet);')).toBe(true);
    expect(opensTransaction('CommitBuilder.onSnapshot(snapshot, parquet)')).toBe(false);
    expect(opensTransaction('// a Transaction records what it read')).toBe(false);
  });
});
