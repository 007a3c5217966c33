import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LocalObjectStore, MemoryObjectStore } from '../storage/index.js';
import { Catalog } from './catalog.js';
import { errorOf, warehouseFolders } from './testing/catalog-fixtures.js';

const freshWarehouse = warehouseFolders();

describe('Catalog databases', () => {
  it('has `default` at the warehouse root from the start', async () => {
    const wh = await freshWarehouse();
    const catalog = Catalog.open(wh);
    expect(await catalog.getDatabase('DEFAULT')).toEqual({
      name: 'default',
      comment: 'default database',
      location: pathToFileURL(wh).href,
      properties: {},
    });
    expect(await catalog.listDatabases()).toEqual(['default']);
    expect(await catalog.databaseExists('default')).toBe(true);
  });

  it('creates `<name>.db` databases, lower-cased, with comment, properties and owner', async () => {
    const wh = await freshWarehouse();
    const catalog = Catalog.open(wh);
    await catalog.createDatabase({
      name: 'Sales',
      comment: 'money',
      properties: { team: 'x' },
      owner: 'ann',
    });
    expect(await catalog.getDatabase('SALES')).toEqual({
      name: 'sales',
      comment: 'money',
      location: pathToFileURL(join(wh, 'sales.db')).href,
      properties: { team: 'x' },
      owner: 'ann',
    });
    expect(existsSync(join(wh, 'sales.db'))).toBe(true);
    expect(await readdir(join(wh, '_lakesql_catalog/databases'))).toEqual(['sales.json']);
  });

  it('SCHEMA_ALREADY_EXISTS (42P06) unless IF NOT EXISTS, also for `default`', async () => {
    const catalog = Catalog.open(await freshWarehouse());
    await catalog.createDatabase({ name: 's' });
    const e = await errorOf(() => catalog.createDatabase({ name: 'S', comment: 'other' }));
    expect([e.errorClass, e.sqlState, e.messageParameters]).toEqual([
      'SCHEMA_ALREADY_EXISTS',
      '42P06',
      { schemaName: '`s`' },
    ]);
    expect(e.message).toBe(
      '[SCHEMA_ALREADY_EXISTS] Cannot create schema `s` because it already exists.\n' +
        'Choose a different name, drop the existing schema, or add the IF NOT EXISTS clause to tolerate pre-existing schema. SQLSTATE: 42P06',
    );
    await catalog.createDatabase({ name: 's', comment: 'other' }, true);
    expect((await catalog.getDatabase('s')).comment).toBe('');
    expect((await errorOf(() => catalog.createDatabase({ name: 'default' }))).errorClass).toBe(
      'SCHEMA_ALREADY_EXISTS',
    );
    await catalog.createDatabase({ name: 'default' }, true);
  });

  it('SCHEMA_NOT_FOUND (42704) for get, drop and alter of a missing database', async () => {
    const catalog = Catalog.open(await freshWarehouse());
    const e = await errorOf(() => catalog.getDatabase('nope'));
    expect([e.errorClass, e.sqlState, e.messageParameters]).toEqual([
      'SCHEMA_NOT_FOUND',
      '42704',
      { schemaName: '`nope`' },
    ]);
    expect((await errorOf(() => catalog.dropDatabase('nope'))).errorClass).toBe('SCHEMA_NOT_FOUND');
    expect((await errorOf(() => catalog.alterDatabase('nope', { comment: 'x' }))).errorClass).toBe(
      'SCHEMA_NOT_FOUND',
    );
    await catalog.dropDatabase('nope', { ignoreIfNotExists: true });
    expect(await catalog.databaseExists('nope')).toBe(false);
  });

  it('refuses to drop `default` with UNSUPPORTED_FEATURE.DROP_DATABASE', async () => {
    const catalog = Catalog.open(await freshWarehouse());
    const e = await errorOf(() => catalog.dropDatabase('Default', { cascade: true }));
    expect([e.errorClass, e.sqlState, e.message]).toEqual([
      'UNSUPPORTED_FEATURE.DROP_DATABASE',
      '0A000',
      '[UNSUPPORTED_FEATURE.DROP_DATABASE] The feature is not supported: Drop the default database `default`. SQLSTATE: 0A000',
    ]);
  });

  it('SCHEMA_NOT_EMPTY (2BP01) without CASCADE; CASCADE drops tables, managed data and the folder', async () => {
    const wh = await freshWarehouse();
    const external = await freshWarehouse();
    const catalog = Catalog.open(wh);
    await catalog.createDatabase({ name: 's' });
    const managed = await catalog.createTable('s', 'm', { tableType: 'MANAGED' });
    await new LocalObjectStore(join(wh, 's.db/m')).put('part-0.parquet', 'data');
    await catalog.createTable('s', 'e', { tableType: 'EXTERNAL', location: external, provider: 'parquet' });
    await new LocalObjectStore(external).put('part-0.parquet', 'keep');
    expect(managed.tableType === 'MANAGED' && managed.location).toBe(pathToFileURL(join(wh, 's.db/m')).href);

    const e = await errorOf(() => catalog.dropDatabase('s'));
    expect([e.errorClass, e.sqlState, e.messageParameters]).toEqual([
      'SCHEMA_NOT_EMPTY',
      '2BP01',
      { schemaName: '`s`' },
    ]);
    await catalog.dropDatabase('s', { cascade: true });
    expect(await catalog.databaseExists('s')).toBe(false);
    expect(existsSync(join(wh, 's.db'))).toBe(false);
    expect(await readdir(external)).toEqual(['part-0.parquet']);
    expect(await catalog.listDatabases()).toEqual(['default']);
  });

  it('drops an empty database and its folder', async () => {
    const wh = await freshWarehouse();
    const catalog = Catalog.open(wh);
    await catalog.createDatabase({ name: 'e' });
    await catalog.dropDatabase('E');
    expect(existsSync(join(wh, 'e.db'))).toBe(false);
  });

  it('keeps a LOCATION folder that still holds other files', async () => {
    const wh = await freshWarehouse();
    const elsewhere = await freshWarehouse();
    await new LocalObjectStore(elsewhere).put('notes.txt', 'mine');
    const catalog = Catalog.open(wh);
    await catalog.createDatabase({ name: 'x', location: elsewhere });
    expect((await catalog.getDatabase('x')).location).toBe(pathToFileURL(elsewhere).href);
    await catalog.dropDatabase('x');
    expect(await readdir(elsewhere)).toEqual(['notes.txt']);
  });

  it('lists with Spark patterns and alters properties, comment and owner (also of `default`)', async () => {
    const catalog = new Catalog(new MemoryObjectStore());
    for (const name of ['sales', 'sales_eu', 'hr']) await catalog.createDatabase({ name });
    expect(await catalog.listDatabases()).toEqual(['default', 'hr', 'sales', 'sales_eu']);
    expect(await catalog.listDatabases('SALES*|hr')).toEqual(['hr', 'sales', 'sales_eu']);
    await catalog.alterDatabase('sales', { properties: { a: '1' } });
    const altered = await catalog.alterDatabase('sales', {
      properties: { b: '2' },
      comment: 'c',
      owner: 'o',
    });
    expect(altered).toEqual({
      name: 'sales',
      comment: 'c',
      location: `${catalog.warehouseLocation}/sales.db`,
      properties: { a: '1', b: '2' },
      owner: 'o',
    });
    await catalog.alterDatabase('default', { properties: { x: 'y' } });
    expect((await catalog.getDatabase('default')).properties).toEqual({ x: 'y' });
    expect(await catalog.listDatabases()).toEqual(['default', 'hr', 'sales', 'sales_eu']);
  });

  it('persists across Catalog instances on the same folder', async () => {
    const wh = await freshWarehouse();
    await Catalog.open(wh).createDatabase({ name: 'kept', comment: 'still here' });
    const again = Catalog.open(wh);
    expect((await again.getDatabase('kept')).comment).toBe('still here');
    expect(await again.listDatabases()).toEqual(['default', 'kept']);
  });

  it('encodes database names that are not safe file names', async () => {
    const wh = await freshWarehouse();
    const catalog = Catalog.open(wh);
    await catalog.createDatabase({ name: 'a/b ..' });
    expect(await catalog.listDatabases()).toEqual(['a/b ..', 'default']);
    expect(await readdir(join(wh, '_lakesql_catalog/databases'))).toEqual(['a%2Fb%20%2E%2E.json']);
    expect(existsSync(join(wh, 'a%2Fb ...db'))).toBe(true);
    expect((await catalog.getDatabase('A/B ..')).location).toBe(pathToFileURL(join(wh, 'a%2Fb ...db')).href);
  });
});

describe('database locations never overlap', () => {
  it('refuses a LOCATION equal to, inside or holding another database’s folder, or inside the warehouse', async () => {
    const wh = await freshWarehouse();
    const elsewhere = await freshWarehouse();
    const catalog = Catalog.open(wh);
    await catalog.createDatabase({ name: 'a', location: join(elsewhere, 'a') });
    await catalog.createDatabase({ name: 'b' });
    for (const location of [
      join(elsewhere, 'a'), // a's folder
      join(elsewhere, 'a', 'inner'), // inside a's
      elsewhere, // holding a's
      join(wh, 'b.db'), // b's default folder
      join(wh, 'b.db', 'inner'),
      wh, // `default`'s folder, the warehouse
      join(wh, 'stuff'), // where `default`'s tables live
      join(wh, '..'), // holding the warehouse
    ]) {
      const e = await errorOf(() => catalog.createDatabase({ name: 'c', location }));
      expect([e.errorClass, e.sqlState]).toEqual(['INVALID_PARAMETER_VALUE.LOCATION_OVERLAP', '22023']);
      expect(e.messageParameters.caller).toBe('CREATE DATABASE');
    }
    expect(await catalog.listDatabases()).toEqual(['a', 'b', 'default']);
    await catalog.createDatabase({ name: 'd', location: join(elsewhere, 'd') });
    await catalog.createDatabase({ name: 'e', location: join(wh, 'e.db') }); // its own default folder
    expect(await catalog.listDatabases()).toEqual(['a', 'b', 'd', 'default', 'e']);
    await catalog.createDatabase({ name: 'a', location: elsewhere }, true); // IF NOT EXISTS: no check
  });

  it('two databases created at once with overlapping LOCATIONs never both stay', async () => {
    const wh = await freshWarehouse();
    const elsewhere = await freshWarehouse();
    // Two catalogs over one warehouse, as two processes: each passes the first check before the other's
    // entry exists, so only the check after the put can catch the overlap.
    const [one, two] = [Catalog.open(wh), Catalog.open(wh)];
    for (let round = 0; round < 5; round++) {
      const outer = join(elsewhere, `r${round}`);
      const results = await Promise.allSettled([
        one.createDatabase({ name: `p${round}`, location: outer }),
        two.createDatabase({ name: `q${round}`, location: join(outer, 'inner') }),
      ]);
      for (const r of results) {
        if (r.status === 'rejected') {
          expect(r.reason.errorClass).toBe('INVALID_PARAMETER_VALUE.LOCATION_OVERLAP');
        }
      }
      const made = (await one.listDatabases()).filter((d) => d.endsWith(String(round)));
      expect(made.length).toBeLessThanOrEqual(1);
      expect(made.length).toBe(results.filter((r) => r.status === 'fulfilled').length);
    }
  });
});
