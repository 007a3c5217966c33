import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LakesqlError } from '../../errors/index.js';
import { storeForUrl } from '../../storage/store-for-url.js';
import { useSqlSession } from '../session/testing/sql-session-fixture.js';
import { latestSnapshotOrNone, locateTable, statementRelations, targetDisplayName } from './table-target.js';

describe('locateTable', () => {
  const fx = useSqlSession('lakesql-table-target-');

  it('names a path table by delta.`path`, resolving dbfs: against the session root', async () => {
    const located = await locateTable(fx.session, ['delta', 'dbfs:/tables/t1']);
    expect(located.kind).toBe('path');
    if (located.kind !== 'path') return;
    expect(located.path).toBe('dbfs:/tables/t1');
    expect(located.store.localPath('')).toBe(path.join(fx.session.dbfsRoot, 'tables', 't1'));
    expect(targetDisplayName(located)).toBe('delta.`dbfs:/tables/t1`');
  });

  it('takes delta.name without a path for a catalog table, as reads do', async () => {
    await fx.rows('CREATE DATABASE delta');
    await fx.rows('CREATE TABLE delta.plain (id INT) USING delta');
    const located = await locateTable(fx.session, ['delta', 'plain']);
    expect(located.kind).toBe('catalog');
    expect(targetDisplayName(located)).toBe('`spark_catalog`.`delta`.`plain`');
    await fx.rows('INSERT INTO delta.plain VALUES (4)');
    expect(await fx.rows('SELECT id FROM delta.plain')).toEqual([[4]]);
  });

  it('finds a catalog entry in the current database; a missing one fails unless it may be missing', async () => {
    await fx.rows('CREATE TABLE located (id INT) USING delta');
    const located = await locateTable(fx.session, ['located']);
    expect(located).toMatchObject({
      kind: 'catalog',
      id: { database: 'default', name: 'located' },
      entry: { provider: 'delta' },
    });
    const missing = await locateTable(fx.session, ['nowhere'], { mustExist: false });
    expect(missing).toMatchObject({ kind: 'catalog', entry: undefined });
    const failure = await locateTable(fx.session, ['nowhere']).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(LakesqlError);
    expect((failure as LakesqlError).errorClass).toBe('TABLE_OR_VIEW_NOT_FOUND');
  });

  it('reads no snapshot where no table is yet, and pins the one it read for the statement', async () => {
    const empty = await locateTable(fx.session, ['delta', path.join(fx.dir, 'empty')]);
    if (empty.kind !== 'path') throw new Error('expected a path');
    expect(await latestSnapshotOrNone(empty.store, fx.session.parquet)).toBeUndefined();

    await fx.rows('CREATE TABLE pinned (id INT) USING delta');
    await fx.rows('INSERT INTO pinned VALUES (1)');
    const located = await locateTable(fx.session, ['pinned']);
    if (located.kind !== 'catalog' || located.entry?.tableType === 'VIEW' || !located.entry) {
      throw new Error('expected a table');
    }
    const snapshot = await latestSnapshotOrNone(storeForUrl(located.entry.location), fx.session.parquet);
    await fx.rows('INSERT INTO pinned VALUES (2)');
    const relations = statementRelations(fx.session, snapshot!);
    const resolved = await relations.resolveTable(['pinned']);
    expect(resolved.kind === 'delta' && resolved.snapshot.version).toBe(1);
    const travelled = await relations.resolveTable(['pinned'], { version: 2 });
    expect(travelled.kind === 'delta' && travelled.snapshot.version).toBe(2);
    const fresh = await fx.session.relations.resolveTable(['pinned']);
    expect(fresh.kind === 'delta' && fresh.snapshot.version).toBe(2);
  });
});
