import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WAREHOUSE } from '../api/lake-session.js';
import { CONF_ENTRIES, confEntry } from '../exec/conf/conf-entries.js';
import { configDoc } from '../exec/conf/config-doc.js';
import { REPO_ROOT } from './testing/cli-process.js';

const DOC = path.join(REPO_ROOT, 'docs', 'CONFIG.md');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return p.endsWith('.ts') && !p.endsWith('.test.ts') && !p.includes(`${path.sep}testing${path.sep}`)
      ? [p]
      : [];
  });
}

describe('docs/CONFIG.md', () => {
  it('is the registry rendered (UPDATE_CONFIG_DOC=1 rewrites it)', () => {
    if (process.env.UPDATE_CONFIG_DOC === '1') writeFileSync(DOC, configDoc());
    expect(readFileSync(DOC, 'utf8')).toBe(configDoc());
  });

  it('lists every key the code reads by name, each once, with its default', () => {
    const read = new Set<string>();
    for (const file of sourceFiles(path.join(REPO_ROOT, 'src'))) {
      const text = readFileSync(file, 'utf8');
      // conf.get('k') / conf.has('k'), and the `…_KEY = 'k'` / `…_CONF = 'k'` constants passed to them.
      for (const m of text.matchAll(/conf\.(?:get|has)\(\s*'([^']+)'/g)) read.add(m[1]!);
      for (const m of text.matchAll(/_(?:KEY|CONF|MERGE) = '((?:spark|lakesql)\.[^']+)'/g)) read.add(m[1]!);
    }
    expect(read.size).toBeGreaterThan(10);
    expect([...read].filter((k) => confEntry(k) === undefined)).toEqual([]);
    expect(new Set(CONF_ENTRIES.map((e) => e.key)).size).toBe(CONF_ENTRIES.length);
    expect(confEntry('spark.sql.warehouse.dir')?.default).toBe(DEFAULT_WAREHOUSE);
  });
});
