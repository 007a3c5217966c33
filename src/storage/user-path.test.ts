import { describe, expect, it } from 'vitest';
import { dbfsRootOf, defaultDbfsRoot, resolveUserPath } from './user-path.js';

const ctx = { dbfsRoot: '/r/dbfs/' };

describe('resolveUserPath', () => {
  it('maps dbfs:/ and /dbfs/ onto the DBFS root, so both name the same folder', () => {
    expect(resolveUserPath('dbfs:/FileStore/a.csv', ctx)).toBe('/r/dbfs/FileStore/a.csv');
    expect(resolveUserPath('dbfs:///FileStore/a.csv', ctx)).toBe('/r/dbfs/FileStore/a.csv');
    expect(resolveUserPath('DBFS:/FileStore/a.csv', ctx)).toBe('/r/dbfs/FileStore/a.csv');
    expect(resolveUserPath('/dbfs/FileStore/a.csv', ctx)).toBe('/r/dbfs/FileStore/a.csv');
    expect(resolveUserPath('/dbfs/FileStore/x/', ctx)).toBe('/r/dbfs/FileStore/x');
    expect(resolveUserPath('/dbfs', ctx)).toBe('/r/dbfs');
    expect(resolveUserPath('dbfs:/', ctx)).toBe('/r/dbfs');
    expect(resolveUserPath('/dbfs/tmp/*.csv', ctx)).toBe('/r/dbfs/tmp/*.csv');
  });

  it('reads file: URIs as the local path they name, keeping the rest literal as Hadoop Path does', () => {
    expect(resolveUserPath('file:/tmp/a.csv', ctx)).toBe('/tmp/a.csv');
    expect(resolveUserPath('file:///tmp/a.csv', ctx)).toBe('/tmp/a.csv');
    expect(resolveUserPath('file://localhost/tmp/a.csv', ctx)).toBe('/tmp/a.csv');
    expect(resolveUserPath('FILE:///tmp/a?.csv', ctx)).toBe('/tmp/a?.csv');
    expect(resolveUserPath('file:/dbfs/x', ctx)).toBe('/dbfs/x');
    // Another machine's file stays as written, for storeForUrl to refuse.
    expect(resolveUserPath('file://host/tmp/a.csv', ctx)).toBe('file://host/tmp/a.csv');
  });

  it('leaves every other path alone', () => {
    expect(resolveUserPath('/tmp/a.csv', ctx)).toBe('/tmp/a.csv');
    expect(resolveUserPath('/dbfsx/a', ctx)).toBe('/dbfsx/a');
    expect(resolveUserPath('rel/dbfs/a', ctx)).toBe('rel/dbfs/a');
    expect(resolveUserPath('memory://m/t', ctx)).toBe('memory://m/t');
  });

  it('takes the root from lakesql.dbfs.root, else `dbfs` beside the warehouse folder', () => {
    expect(defaultDbfsRoot('/work/lakesql-warehouse')).toBe('/work/dbfs');
    expect(defaultDbfsRoot('/work/lakesql-warehouse/')).toBe('/work/dbfs');
    expect(dbfsRootOf(new Map(), '/w/wh')).toBe('/w/dbfs');
    expect(dbfsRootOf(new Map([['lakesql.dbfs.root', '/mnt/d']]), '/w/wh')).toBe('/mnt/d');
  });
});
