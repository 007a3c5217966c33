import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isLakesqlError } from '../errors/index.js';
import { LocalObjectStore } from './local-store.js';
import { MemoryObjectStore } from './memory-store.js';
import { storeForUrl } from './store-for-url.js';

describe('storeForUrl', () => {
  it('gives a LocalObjectStore for local paths and file: URIs in every form Spark writes', () => {
    const cases: [string, string][] = [
      ['/tmp/wh/t', '/tmp/wh/t'],
      ['/tmp/wh/t/', '/tmp/wh/t'],
      ['file:/tmp/wh/t', '/tmp/wh/t'],
      ['file:///tmp/wh/t', '/tmp/wh/t'],
      ['file://localhost/tmp/wh/t', '/tmp/wh/t'],
      ['FILE:///tmp/wh/t', '/tmp/wh/t'],
      ['file:///tmp/my%20table', '/tmp/my table'],
      ['file:/tmp/my table', '/tmp/my table'],
      ['rel/t', join(process.cwd(), 'rel/t')],
    ];
    for (const [location, path] of cases) {
      const store = storeForUrl(location);
      expect(store, location).toBeInstanceOf(LocalObjectStore);
      expect(store.localPath(''), location).toBe(path);
      expect(store.rootUrl, location).toBe(`${pathToFileURL(path).href}/`);
    }
  });

  it('gives the process-wide memory store of a name, and views of its folders', async () => {
    const a = storeForUrl('memory://store-for-url-test');
    expect(a).toBeInstanceOf(MemoryObjectStore);
    expect(storeForUrl('memory://store-for-url-test/')).toBe(a);
    expect(storeForUrl('memory://store-for-url-other')).not.toBe(a);
    expect(a.rootUrl).toBe('memory://store-for-url-test/');

    const table = storeForUrl('memory://store-for-url-test/db/t');
    expect(table.rootUrl).toBe('memory://store-for-url-test/db/t/');
    await table.put('_delta_log/00000000000000000000.json', '{}');
    expect((await a.list('')).map((m) => m.path)).toEqual(['db/t/_delta_log/00000000000000000000.json']);
    expect(() => storeForUrl('memory:///x')).toThrow(/has no name/);
  });

  it('refuses remote schemes with UNSUPPORTED_FEATURE naming the scheme', () => {
    for (const [url, scheme] of [
      ['s3://bucket/t', 's3'],
      ['s3a://bucket/t', 's3a'],
      ['abfss://c@acct.dfs.core.windows.net/t', 'abfss'],
      ['gs://bucket/t', 'gs'],
      ['HTTPS://example.com/t', 'https'],
    ]) {
      let caught: unknown;
      try {
        storeForUrl(url!);
      } catch (e) {
        caught = e;
      }
      expect(isLakesqlError(caught, 'UNSUPPORTED_FEATURE'), url).toBe(true);
      expect((caught as Error).message).toContain(`the "${scheme}" storage scheme`);
    }
    expect(() => storeForUrl('')).toThrow(/empty/);
  });
});
