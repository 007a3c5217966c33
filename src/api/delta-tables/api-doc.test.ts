/**
 * docs/API.md's DeltaTable tables name only methods that exist: each `name(` in the lakesql column of the
 * DeltaTable, DeltaMergeBuilder and DeltaTableBuilder tables is a method of that class.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { DeltaTable } from './delta-table.js';
import { DeltaMergeBuilder } from './merge-builder.js';
import { DeltaTableBuilder } from './table-builder.js';

async function documentedMethods(heading: string): Promise<string[]> {
  const doc = await readFile(new URL('../../../docs/API.md', import.meta.url), 'utf8');
  const start = doc.indexOf(`\n${heading}\n`);
  expect(start).toBeGreaterThan(0);
  const end = doc.indexOf('\n#', start + heading.length + 2);
  const firstCells = doc
    .slice(start, end)
    .split('\n')
    .filter((l) => l.startsWith('| `'))
    .map((l) => l.split(' | ')[0]!);
  const names = firstCells.flatMap((c) => [...c.matchAll(/(?:^|[\s.`])([a-zA-Z]+)\(/g)].map((m) => m[1]!));
  return [...new Set(names)];
}

describe('docs/API.md lists DeltaTable methods that exist', () => {
  it('DeltaTable (static and instance)', async () => {
    const names = await documentedMethods('## DeltaTable (delta.tables.DeltaTable)');
    expect(names.length).toBeGreaterThan(15);
    for (const n of names) {
      const found =
        typeof (DeltaTable as unknown as Record<string, unknown>)[n] === 'function' ||
        typeof (DeltaTable.prototype as unknown as Record<string, unknown>)[n] === 'function';
      expect(found, n).toBe(true);
    }
  });

  it('DeltaMergeBuilder and DeltaTableBuilder', async () => {
    for (const [heading, cls] of [
      ['### DeltaMergeBuilder', DeltaMergeBuilder],
      ['### DeltaTableBuilder', DeltaTableBuilder],
    ] as const) {
      const names = await documentedMethods(heading);
      expect(names.length).toBeGreaterThan(5);
      for (const n of names)
        expect(typeof (cls.prototype as unknown as Record<string, unknown>)[n], n).toBe('function');
    }
  });
});
