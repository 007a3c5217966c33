import { describe, expect, it } from 'vitest';
import { MemoryObjectStore } from './memory-store.js';
import { describeObjectStoreContract } from './object-store.contract.js';

describeObjectStoreContract('MemoryObjectStore', async () => new MemoryObjectStore());

describe('MemoryObjectStore', () => {
  it('is named in its rootUrl and has no local paths', () => {
    expect(new MemoryObjectStore().rootUrl).toBe('memory://memory/');
    const store = new MemoryObjectStore({ name: 'wh' });
    expect(store.rootUrl).toBe('memory://wh/');
    expect(store.localPath('a/b')).toBeUndefined();
  });

  it('stamps lastModified from the injected clock', async () => {
    let now = 1_700_000_000_000;
    const store = new MemoryObjectStore({ now: () => now });
    await store.put('a', 'x');
    now += 5;
    await store.putIfAbsent('b', 'y');
    now += 5;
    await store.put('a', 'z');
    expect(await store.list('')).toEqual([
      { path: 'a', size: 1, lastModified: 1_700_000_000_010 },
      { path: 'b', size: 1, lastModified: 1_700_000_000_005 },
    ]);
    expect(await store.head('b')).toEqual({ path: 'b', size: 1, lastModified: 1_700_000_000_005 });
  });

  it('at(folder) is a view of the same objects rooted at the folder', async () => {
    const warehouse = new MemoryObjectStore({ name: 'wh' });
    const table = warehouse.at('db/t/');
    expect(table.rootUrl).toBe('memory://wh/db/t/');
    expect(warehouse.at('db').at('t').rootUrl).toBe('memory://wh/db/t/');
    await table.putIfAbsent('_delta_log/00000000000000000000.json', '{}');
    await warehouse.put('db/other/x', 'x');
    expect((await warehouse.list('')).map((m) => m.path)).toEqual([
      'db/other/x',
      'db/t/_delta_log/00000000000000000000.json',
    ]);
    expect((await table.list('')).map((m) => m.path)).toEqual(['_delta_log/00000000000000000000.json']);
    await expect(warehouse.putIfAbsent('db/t/_delta_log/00000000000000000000.json', '')).rejects.toThrow(
      /already exists/,
    );
    await table.delete('_delta_log/00000000000000000000.json');
    expect((await warehouse.list('db/')).map((m) => m.path)).toEqual(['db/other/x']);
    expect(() => warehouse.at('../up')).toThrow(/invalid object key/);
  });
});
