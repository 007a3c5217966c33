/**
 * CLONE and CREATE TABLE LIKE claim their entry as CREATE TABLE does (catalog/table-claim.ts): the entry is
 * invisible until the first commit, and a create that fails midway leaves no entry and none of its files.
 */
import { readdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isLakesqlError } from '../../errors/index.js';
import { useSqlSession } from '../session/testing/sql-session-fixture.js';

const fixture = useSqlSession('lakesql-clone-claim-');
const wh = () => path.join(fixture.dir, 'wh');
const exists = (p: string) =>
  readdir(p).then(
    () => true,
    () => false,
  );

describe('a failed DEEP CLONE', () => {
  it('leaves no entry and no folder; the same CLONE works once the source is whole', async () => {
    await fixture.session.execute('CREATE TABLE src (id INT)');
    await fixture.session.execute('INSERT INTO src VALUES (1)');
    await fixture.session.execute('INSERT INTO src VALUES (2)');
    // One of the source's two data files is gone: the copy fails after copying the other.
    const dataFiles = (await readdir(path.join(wh(), 'src'))).filter((f) => f.endsWith('.parquet')).sort();
    expect(dataFiles.length).toBe(2);
    const missing = path.join(wh(), 'src', dataFiles[1]!);
    await rename(missing, `${missing}.away`);
    const e = await fixture.session.execute('CREATE TABLE c DEEP CLONE src').catch((x) => x);
    expect(isLakesqlError(e, 'DELTA_FILE_NOT_FOUND_DETAILED'), String(e)).toBe(true);
    expect(await fixture.rows("SHOW TABLES LIKE 'c'")).toEqual([]);
    expect(await exists(path.join(wh(), 'c'))).toBe(false);

    await rename(`${missing}.away`, missing);
    await fixture.session.execute('CREATE TABLE c DEEP CLONE src');
    expect(await fixture.rows('SELECT id FROM c ORDER BY id')).toEqual([[1], [2]]);
  });
});

describe('CLONE and LIKE under IF NOT EXISTS over a table of the name', () => {
  it('leave the existing table as it is', async () => {
    await fixture.session.execute('CREATE TABLE kept (x STRING)');
    await fixture.session.execute("INSERT INTO kept VALUES ('a')");
    await fixture.session.execute('CREATE TABLE IF NOT EXISTS kept SHALLOW CLONE src');
    await fixture.session.execute('CREATE TABLE IF NOT EXISTS kept LIKE src');
    expect(await fixture.rows('SELECT * FROM kept')).toEqual([['a']]);
  });
});

describe('CREATE TABLE LIKE', () => {
  it('publishes its claimed entry after the first commit: the table is visible and empty', async () => {
    await fixture.session.execute('CREATE TABLE l LIKE src');
    expect(await fixture.rows("SHOW TABLES LIKE 'l'")).toEqual([['default', 'l', false]]);
    expect(await fixture.rows('SELECT count(*) FROM l')).toEqual([[0n]]);
  });
});
