import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ObjectAlreadyExistsError, ObjectNotFoundError, type ObjectStore } from './object-store.js';

/**
 * The ObjectStore contract (object-store.ts) as tests, run against every store so they cannot drift apart.
 * `makeStore` returns a fresh, empty store each call.
 */
export function describeObjectStoreContract(name: string, makeStore: () => Promise<ObjectStore>): void {
  const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  const paths = async (store: ObjectStore, prefix: string) => (await store.list(prefix)).map((m) => m.path);

  describe(`${name}: the ObjectStore contract`, () => {
    it('puts and gets bytes and strings (UTF-8), creating folders as needed', async () => {
      const store = await makeStore();
      await store.put('a/b/c.bin', new Uint8Array([0, 1, 2, 255]));
      await store.put('s.txt', 'héllo');
      expect(Array.from(await store.get('a/b/c.bin'))).toEqual([0, 1, 2, 255]);
      expect(Array.from(await store.get('s.txt'))).toEqual([0x68, 0xc3, 0xa9, 0x6c, 0x6c, 0x6f]);
    });

    it('put overwrites; putIfAbsent does not', async () => {
      const store = await makeStore();
      await store.put('k', 'first');
      await store.put('k', 'second, longer');
      expect(text(await store.get('k'))).toBe('second, longer');
      await expect(store.putIfAbsent('k', 'third')).rejects.toBeInstanceOf(ObjectAlreadyExistsError);
      await expect(store.putIfAbsent('k', 'third')).rejects.toMatchObject({ path: 'k' });
      expect(text(await store.get('k'))).toBe('second, longer');
    });

    it('putIfAbsent writes a new key, including an empty object', async () => {
      const store = await makeStore();
      await store.putIfAbsent('_delta_log/00000000000000000000.json', '{"commitInfo":{}}\n');
      await store.putIfAbsent('empty', new Uint8Array(0));
      expect(text(await store.get('_delta_log/00000000000000000000.json'))).toBe('{"commitInfo":{}}\n');
      expect((await store.get('empty')).byteLength).toBe(0);
      expect((await store.head('empty')).size).toBe(0);
    });

    it('of concurrent putIfAbsent calls on one key exactly one wins, and the object is the winner’s', async () => {
      const store = await makeStore();
      const results = await Promise.allSettled(
        Array.from({ length: 10 }, (_, i) =>
          store.putIfAbsent('_delta_log/00000000000000000001.json', `w${i}`),
        ),
      );
      const winners = results.flatMap((r, i) => (r.status === 'fulfilled' ? [i] : []));
      expect(winners).toHaveLength(1);
      for (const r of results) {
        if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(ObjectAlreadyExistsError);
      }
      expect(text(await store.get('_delta_log/00000000000000000001.json'))).toBe(`w${winners[0]}`);
      expect(await paths(store, '')).toEqual(['_delta_log/00000000000000000001.json']);
    });

    it('getRange returns the range, cut short at the end of the object', async () => {
      const store = await makeStore();
      await store.put('r', new Uint8Array([10, 11, 12, 13, 14]));
      expect(Array.from(await store.getRange('r', 1, 3))).toEqual([11, 12, 13]);
      expect(Array.from(await store.getRange('r', 0, 5))).toEqual([10, 11, 12, 13, 14]);
      expect(Array.from(await store.getRange('r', 3, 10))).toEqual([13, 14]);
      expect(Array.from(await store.getRange('r', 5, 2))).toEqual([]);
      expect(Array.from(await store.getRange('r', 9, 2))).toEqual([]);
      expect(Array.from(await store.getRange('r', 2, 0))).toEqual([]);
      await expect(store.getRange('r', -1, 2)).rejects.toBeInstanceOf(RangeError);
      await expect(store.getRange('r', 0, 1.5)).rejects.toBeInstanceOf(RangeError);
    });

    it('getRangeSync, where a store has it, returns what getRange returns', async () => {
      const store = await makeStore();
      if (store.getRangeSync === undefined) return;
      await store.put('r', new Uint8Array([10, 11, 12, 13, 14]));
      for (const [start, length] of [
        [1, 3],
        [0, 5],
        [3, 10],
        [5, 2],
        [2, 0],
      ] as const) {
        expect(Array.from(store.getRangeSync('r', start, length))).toEqual(
          Array.from(await store.getRange('r', start, length)),
        );
      }
      expect(() => store.getRangeSync!('r', -1, 2)).toThrow(RangeError);
      expect(() => store.getRangeSync!('missing', 0, 1)).toThrow(ObjectNotFoundError);
    });

    it('head gives the path, size and a plausible lastModified', async () => {
      const store = await makeStore();
      const before = Date.now();
      await store.put('x/y.json', '12345');
      const meta = await store.head('x/y.json');
      expect(meta.path).toBe('x/y.json');
      expect(meta.size).toBe(5);
      expect(Number.isInteger(meta.lastModified)).toBe(true);
      expect(Math.abs(meta.lastModified - before)).toBeLessThan(60_000);
    });

    it('get, getRange and head of a missing key fail with ObjectNotFoundError naming the key', async () => {
      const store = await makeStore();
      await store.put('dir/file', 'x');
      for (const key of ['missing', 'dir/missing', 'no/such/dir/file', 'dir']) {
        await expect(store.get(key)).rejects.toBeInstanceOf(ObjectNotFoundError);
        await expect(store.getRange(key, 0, 1)).rejects.toBeInstanceOf(ObjectNotFoundError);
        await expect(store.head(key)).rejects.toBeInstanceOf(ObjectNotFoundError);
        await expect(store.head(key)).rejects.toMatchObject({ path: key });
        if (store.headIfExists) expect(await store.headIfExists(key)).toBeUndefined();
      }
      if (store.headIfExists)
        expect(await store.headIfExists('dir/file')).toEqual(await store.head('dir/file'));
    });

    it('lists recursively, sorted by key in code-unit order', async () => {
      const store = await makeStore();
      const keys = [
        'a/c/d',
        'a/b',
        'a-b',
        'b',
        '_delta_log/00000000000000000010.json',
        '_delta_log/00000000000000000009.json',
        '_delta_log/00000000000000000009.checkpoint.parquet',
        '_delta_log/.00000000000000000009.json.crc',
        'part=x/part-0.parquet',
        'Z',
      ];
      for (const key of keys) await store.put(key, key);
      expect(await paths(store, '')).toEqual([
        'Z',
        '_delta_log/.00000000000000000009.json.crc',
        '_delta_log/00000000000000000009.checkpoint.parquet',
        '_delta_log/00000000000000000009.json',
        '_delta_log/00000000000000000010.json',
        'a-b',
        'a/b',
        'a/c/d',
        'b',
        'part=x/part-0.parquet',
      ]);
      const all = await store.list('');
      expect(all.find((m) => m.path === 'a-b')?.size).toBe(3);
    });

    it('lists by folder prefix and by partial-name prefix', async () => {
      const store = await makeStore();
      for (const key of ['a/b', 'a/bc/d', 'a/c', 'ab', 'a-b', '_delta_log/00000000000000000010.json']) {
        await store.put(key, key);
      }
      await store.put('_delta_log/00000000000000000009.json', '');
      expect(await paths(store, 'a/')).toEqual(['a/b', 'a/bc/d', 'a/c']);
      expect(await paths(store, 'a/b')).toEqual(['a/b', 'a/bc/d']);
      expect(await paths(store, 'a/bc/')).toEqual(['a/bc/d']);
      expect(await paths(store, 'a')).toEqual(['a-b', 'a/b', 'a/bc/d', 'a/c', 'ab']);
      expect(await paths(store, 'a/b/')).toEqual([]);
      expect(await paths(store, '_delta_log/0000000000000000001')).toEqual([
        '_delta_log/00000000000000000010.json',
      ]);
      expect(await paths(store, '_delta_log/00000000000000000009.json')).toEqual([
        '_delta_log/00000000000000000009.json',
      ]);
    });

    it('listFrom lists the keys after startAfter, sizes included, folders too', async () => {
      const store = await makeStore();
      const log = '_delta_log/';
      for (const name of ['00000000000000000009.json', '00000000000000000010.checkpoint.parquet']) {
        await store.put(`${log}${name}`, name);
      }
      await store.put(`${log}00000000000000000010.json`, 'ten');
      await store.put(`${log}00000000000000000011.json`, 'eleven');
      await store.put(`${log}_sidecars/a.parquet`, 'side');
      await store.put('_delta_logs', 'not in the folder');
      const after = await store.listFrom(log, `${log}00000000000000000010`);
      expect(after.map((m) => [m.path, m.size])).toEqual([
        [`${log}00000000000000000010.checkpoint.parquet`, 39],
        [`${log}00000000000000000010.json`, 3],
        [`${log}00000000000000000011.json`, 6],
        [`${log}_sidecars/a.parquet`, 4],
      ]);
      expect((await store.listFrom(log, `${log}00000000000000000011.json`)).map((m) => m.path)).toEqual([
        `${log}_sidecars/a.parquet`,
      ]);
      expect(await store.listFrom(log, `${log}~`)).toEqual([]);
      expect(await store.listFrom('missing/', '')).toEqual([]);
    });

    it('lists a missing prefix as empty', async () => {
      const store = await makeStore();
      expect(await store.list('')).toEqual([]);
      expect(await store.list('_delta_log/')).toEqual([]);
      await store.put('f', 'x');
      expect(await store.list('nothing/here/')).toEqual([]);
      expect(await store.list('f/')).toEqual([]);
      expect(await store.list('g')).toEqual([]);
    });

    it('delete removes an object; deleting a missing key is fine', async () => {
      const store = await makeStore();
      await store.put('d/one', '1');
      await store.put('d/two', '2');
      await store.delete('d/one');
      await store.delete('d/one');
      await store.delete('never/was');
      expect(await paths(store, '')).toEqual(['d/two']);
      await expect(store.get('d/one')).rejects.toBeInstanceOf(ObjectNotFoundError);
      await store.putIfAbsent('d/one', 'again');
      expect(text(await store.get('d/one'))).toBe('again');
    });

    it('stored bytes cannot be changed through the arrays passed in or handed out', async () => {
      const store = await makeStore();
      const data = new Uint8Array([1, 2, 3]);
      await store.put('m', data);
      data[0] = 99;
      const got = await store.get('m');
      got[1] = 99;
      (await store.getRange('m', 0, 3))[2] = 99;
      expect(Array.from(await store.get('m'))).toEqual([1, 2, 3]);
    });

    it('rejects keys that are absolute, escape the root, or have empty or dot segments', async () => {
      const store = await makeStore();
      for (const key of ['', '/abs', '../up', 'a/../../up', 'a//b', './a', 'a/.', 'a/']) {
        await expect(store.put(key, 'x'), key).rejects.toThrow(/invalid object key|must not be empty/);
        await expect(store.get(key), key).rejects.toThrow(/invalid object key|must not be empty/);
      }
      await expect(store.list('../')).rejects.toThrow(/invalid object key/);
      await expect(store.list('/a')).rejects.toThrow(/invalid object key/);
      await expect(store.put('_delta_log/.00000000000000000001.json.abc.tmp', 'x')).rejects.toThrow(
        /in-flight temp file/,
      );
    });

    it('round-trips arbitrary keys: list equals the written keys, sorted, and every prefix filters them', async () => {
      // Keys from a small alphabet collide often on prefixes; none may be a folder of another (a file system
      // cannot hold both `a` and `a/b`).
      const segment = fc.stringMatching(/^[a-c_=.0-9-]{1,3}$/).filter((s) => s !== '.' && s !== '..');
      const key = fc.array(segment, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('/'));
      const keySet = fc
        .uniqueArray(key, { maxLength: 8 })
        .filter((keys) => !keys.some((a) => keys.some((b) => b.startsWith(`${a}/`))))
        .filter(
          (keys) => !keys.some((k) => k.split('/').some((s) => s.startsWith('.') && s.endsWith('.tmp'))),
        );
      await fc.assert(
        fc.asyncProperty(
          keySet,
          fc.string({ unit: fc.constantFrom('a', 'b', '/', '-', '0') }),
          fc.string({ unit: fc.constantFrom('a', 'b', 'c', '/', '-', '.', '0', '=') }),
          async (keys, p, after) => {
            const store = await makeStore();
            for (const k of keys) await store.put(k, k);
            const sorted = [...keys].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
            expect(await paths(store, '')).toEqual(sorted);
            const prefix = p.replace(/\/+/g, '/').replace(/^\//, '');
            expect(await paths(store, prefix)).toEqual(sorted.filter((k) => k.startsWith(prefix)));
            const froms = async (a: string) => (await store.listFrom(prefix, a)).map((m) => m.path);
            for (const a of [after, ...keys]) {
              expect(await froms(a)).toEqual(sorted.filter((k) => k.startsWith(prefix) && k > a));
            }
            for (const k of keys) expect(text(await store.get(k))).toBe(k);
          },
        ),
        { numRuns: 40 },
      );
    });
  });
}
