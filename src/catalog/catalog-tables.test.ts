import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LocalObjectStore, MemoryObjectStore, storeForUrl } from '../storage/index.js';
import { field, IntegerType, LongType, StringType, struct } from '../types/data-types.js';
import { Catalog } from './catalog.js';
import type { CatalogTable } from './catalog-types.js';
import { errorOf, warehouseFolders } from './testing/catalog-fixtures.js';

const freshWarehouse = warehouseFolders();
const schema = struct([field('id', LongType), field('name', StringType)]);
const view = {
  tableType: 'VIEW' as const,
  viewText: 'SELECT id FROM t',
  viewSchema: struct([field('id', LongType)]),
  viewQueryColumnNames: ['id'],
  viewCatalogAndNamespace: ['spark_catalog', 'default'],
};

describe('Catalog tables', () => {
  it("gives a default-database table named x.db a folder of its own, not database x's", async () => {
    const wh = await freshWarehouse();
    const catalog = Catalog.open(wh);
    await catalog.createDatabase({ name: 'x' });
    await catalog.createTable('x', 'kept', { tableType: 'MANAGED' });
    const keptKey = 'x.db/kept/_delta_log/00000000000000000000.json';
    await new LocalObjectStore(wh).put(keptKey, '{}');
    const t = await catalog.createTable('default', 'x.db', { tableType: 'MANAGED' });
    if (t.tableType === 'VIEW') throw new Error('unreachable');
    expect(t.location).toBe(`${pathToFileURL(wh).href}/x%252Edb`);
    await storeForUrl(t.location).put('_delta_log/00000000000000000000.json', '{}');
    expect((await readdir(wh)).sort()).toEqual(['_lakesql_catalog', 'x%2Edb', 'x.db']);
    await catalog.dropTable('default', 'x.db');
    expect(await readFile(join(wh, keptKey), 'utf8')).toBe('{}');
    expect(await catalog.listTables('x')).toEqual(['kept']);
  });

  it('creates a managed Delta table at <warehouse>/<table> in `default`, lower-cased', async () => {
    const wh = await freshWarehouse();
    const catalog = Catalog.open(wh);
    const created = await catalog.createTable('Default', 'Events', {
      tableType: 'MANAGED',
      schema,
      partitionColumns: ['name'],
      properties: { 'delta.appendOnly': 'true' },
      comment: 'clicks',
      owner: 'ann',
      createdTime: 1700000000000,
    });
    const expected: CatalogTable = {
      identifier: { database: 'default', name: 'events' },
      tableType: 'MANAGED',
      provider: 'delta',
      location: pathToFileURL(join(wh, 'events')).href,
      partitionColumns: ['name'],
      schema,
      options: {},
      properties: { 'delta.appendOnly': 'true' },
      comment: 'clicks',
      owner: 'ann',
      createdTime: 1700000000000,
    };
    expect(created).toEqual(expected);
    expect(await catalog.getTable('DEFAULT', 'EVENTS')).toEqual(expected);
    expect(await catalog.tableExists('default', 'events')).toBe(true);
    expect(await catalog.defaultTableLocation('default', 'Events')).toBe(
      pathToFileURL(join(wh, 'events')).href,
    );
    expect(await readdir(join(wh, '_lakesql_catalog/tables/default'))).toEqual(['events.json']);
  });

  it('managed tables of other databases go to <db>.db/<table>; external tables keep their LOCATION', async () => {
    const wh = await freshWarehouse();
    const data = await freshWarehouse();
    const catalog = Catalog.open(wh);
    await catalog.createDatabase({ name: 's' });
    const m = await catalog.createTable('s', 'm', { tableType: 'MANAGED' });
    expect(m.tableType !== 'VIEW' && m.location).toBe(pathToFileURL(join(wh, 's.db', 'm')).href);
    const e = await catalog.createTable('s', 'e', {
      tableType: 'EXTERNAL',
      provider: 'csv',
      location: `${data}/`,
      options: { header: 'true' },
      schema,
    });
    expect(e.tableType !== 'VIEW' && [e.location, e.provider, e.options]).toEqual([
      pathToFileURL(data).href,
      'csv',
      { header: 'true' },
    ]);
    const created = Date.now();
    expect(Math.abs((await catalog.getTable('s', 'e')).createdTime - created)).toBeLessThan(5000);
  });

  it('TABLE_OR_VIEW_ALREADY_EXISTS (42P07) for tables and views alike, unless IF NOT EXISTS', async () => {
    const catalog = new Catalog(new MemoryObjectStore());
    await catalog.createTable('default', 't', { tableType: 'MANAGED', comment: 'first' });
    const e = await errorOf(() => catalog.createTable('default', 'T', view));
    expect([e.errorClass, e.sqlState, e.messageParameters]).toEqual([
      'TABLE_OR_VIEW_ALREADY_EXISTS',
      '42P07',
      { relationName: '`default`.`t`' },
    ]);
    const kept = await catalog.createTable('default', 't', { tableType: 'MANAGED', comment: 'second' }, true);
    expect(kept.comment).toBe('first');
  });

  it('TABLE_OR_VIEW_NOT_FOUND (42P01) with Spark message shape; SCHEMA_NOT_FOUND for a missing database', async () => {
    const catalog = new Catalog(new MemoryObjectStore());
    const e = await errorOf(() => catalog.getTable('default', 'Missing'));
    expect([e.errorClass, e.sqlState]).toEqual(['TABLE_OR_VIEW_NOT_FOUND', '42P01']);
    expect(e.message).toBe(
      '[TABLE_OR_VIEW_NOT_FOUND] The table or view `default`.`missing` cannot be found. Verify the spelling and correctness of the schema and catalog.\n' +
        'If you did not qualify the name with a schema, verify the current_schema() output, or qualify the name with the correct schema and catalog.\n' +
        'To tolerate the error on drop use DROP VIEW IF EXISTS or DROP TABLE IF EXISTS. SQLSTATE: 42P01',
    );
    expect((await errorOf(() => catalog.getTable('nodb', 't'))).errorClass).toBe('SCHEMA_NOT_FOUND');
    expect((await errorOf(() => catalog.createTable('nodb', 't', view))).errorClass).toBe('SCHEMA_NOT_FOUND');
    expect((await errorOf(() => catalog.dropTable('default', 't'))).errorClass).toBe(
      'TABLE_OR_VIEW_NOT_FOUND',
    );
    expect(await catalog.dropTable('default', 't', { ignoreIfNotExists: true })).toBeUndefined();
    expect(await catalog.tableExists('nodb', 't')).toBe(false);
    expect(await catalog.lookupTable('default', 't')).toBeUndefined();
  });

  it('DROP of a managed table deletes its folder; of an external table keeps the data', async () => {
    const wh = await freshWarehouse();
    const data = await freshWarehouse();
    const catalog = Catalog.open(wh);
    await catalog.createTable('default', 'm', { tableType: 'MANAGED' });
    await new LocalObjectStore(join(wh, 'm')).put('_delta_log/00000000000000000000.json', '{}');
    await catalog.createTable('default', 'e', { tableType: 'EXTERNAL', location: data });
    await new LocalObjectStore(data).put('_delta_log/00000000000000000000.json', '{}');

    const dropped = await catalog.dropTable('default', 'M');
    expect(dropped?.identifier).toEqual({ database: 'default', name: 'm' });
    expect(existsSync(join(wh, 'm'))).toBe(false);
    await catalog.dropTable('default', 'e');
    expect(await readdir(join(data, '_delta_log'))).toEqual(['00000000000000000000.json']);
    expect(await catalog.listTables('default')).toEqual([]);
  });

  it('DROP TABLE on a view and DROP VIEW on a table: WRONG_COMMAND_FOR_OBJECT_TYPE (42809)', async () => {
    const catalog = new Catalog(new MemoryObjectStore());
    await catalog.createTable('default', 'v', view);
    await catalog.createTable('default', 't', { tableType: 'MANAGED' });
    const e = await errorOf(() => catalog.dropTable('default', 'v', { isView: false }));
    expect([e.errorClass, e.sqlState, e.messageParameters]).toEqual([
      'WRONG_COMMAND_FOR_OBJECT_TYPE',
      '42809',
      {
        operation: 'DROP TABLE',
        requiredType: 'EXTERNAL or MANAGED',
        objectName: '`spark_catalog`.`default`.`v`',
        foundType: 'VIEW',
        alternative: 'DROP VIEW',
      },
    ]);
    const e2 = await errorOf(() => catalog.dropTable('default', 't', { isView: true }));
    expect(e2.message).toBe(
      '[WRONG_COMMAND_FOR_OBJECT_TYPE] The operation DROP VIEW requires a VIEW. But `spark_catalog`.`default`.`t` is a MANAGED. Use DROP TABLE instead. SQLSTATE: 42809',
    );
    await catalog.dropTable('default', 'v', { isView: true });
    expect(await catalog.listTables('default')).toEqual(['t']);
  });

  it('lists tables and views, and views alone, with Spark patterns', async () => {
    const catalog = new Catalog(new MemoryObjectStore());
    await catalog.createTable('default', 'sales', { tableType: 'MANAGED' });
    await catalog.createTable('default', 'sales_v', view);
    await catalog.createTable('default', 'hr', { tableType: 'MANAGED' });
    expect(await catalog.listTables('default')).toEqual(['hr', 'sales', 'sales_v']);
    expect(await catalog.listTables('default', 'sales*')).toEqual(['sales', 'sales_v']);
    expect(await catalog.listViews('default')).toEqual(['sales_v']);
    expect(await catalog.listViews('default', 'hr')).toEqual([]);
    expect((await catalog.listTableEntries('default')).map((t) => t.tableType)).toEqual([
      'MANAGED',
      'MANAGED',
      'VIEW',
    ]);
    expect((await errorOf(() => catalog.listTables('nodb'))).errorClass).toBe('SCHEMA_NOT_FOUND');
    expect((await errorOf(() => catalog.listViews('nodb'))).errorClass).toBe('SCHEMA_NOT_FOUND');
  });

  it('alters properties, comment and a non-Delta schema; keeps createdTime', async () => {
    const wh = await freshWarehouse();
    const catalog = Catalog.open(wh);
    const t = await catalog.createTable('default', 't', {
      tableType: 'EXTERNAL',
      provider: 'parquet',
      location: join(wh, 'ext'),
      createdTime: 42,
    });
    if (t.tableType === 'VIEW') throw new Error('unreachable');
    const wider = struct([field('id', IntegerType), field('extra', StringType)]);
    await catalog.alterTable({
      ...t,
      properties: { a: 'b' },
      comment: 'new',
      schema: wider,
      createdTime: 99,
    });
    const again = await Catalog.open(wh).getTable('default', 't');
    expect(again).toEqual({ ...t, properties: { a: 'b' }, comment: 'new', schema: wider, createdTime: 42 });
    const missing = { ...t, identifier: { database: 'default', name: 'zz' } };
    expect((await errorOf(() => catalog.alterTable(missing))).errorClass).toBe('TABLE_OR_VIEW_NOT_FOUND');
  });

  it('renames a managed table and moves its folder; external tables and views keep their location', async () => {
    const wh = await freshWarehouse();
    const catalog = Catalog.open(wh);
    await catalog.createTable('default', 'old', { tableType: 'MANAGED' });
    await new LocalObjectStore(join(wh, 'old')).put('_delta_log/00000000000000000000.json', 'log');
    const renamed = await catalog.renameTable('default', 'OLD', 'New');
    expect(renamed.identifier).toEqual({ database: 'default', name: 'new' });
    expect(renamed.tableType !== 'VIEW' && renamed.location).toBe(pathToFileURL(join(wh, 'new')).href);
    expect(existsSync(join(wh, 'old'))).toBe(false);
    expect(await readFile(join(wh, 'new/_delta_log/00000000000000000000.json'), 'utf8')).toBe('log');
    expect(await catalog.tableExists('default', 'old')).toBe(false);
    expect(await Catalog.open(wh).getTable('default', 'new')).toEqual(renamed);

    await catalog.createTable('default', 'ext', { tableType: 'EXTERNAL', location: join(wh, 'elsewhere') });
    const ext = await catalog.renameTable('default', 'ext', 'ext2');
    expect(ext.tableType !== 'VIEW' && ext.location).toBe(pathToFileURL(join(wh, 'elsewhere')).href);
    await catalog.createTable('default', 'v', view);
    expect((await catalog.renameTable('default', 'v', 'v2')).tableType).toBe('VIEW');
    expect(await catalog.listTables('default')).toEqual(['ext2', 'new', 'v2']);
  });

  it('rename errors: target exists, source missing, target folder not empty', async () => {
    const wh = await freshWarehouse();
    const catalog = Catalog.open(wh);
    await catalog.createTable('default', 'a', { tableType: 'MANAGED' });
    await catalog.createTable('default', 'b', { tableType: 'MANAGED' });
    const e = await errorOf(() => catalog.renameTable('default', 'a', 'B'));
    expect([e.errorClass, e.messageParameters]).toEqual([
      'TABLE_OR_VIEW_ALREADY_EXISTS',
      { relationName: '`default`.`b`' },
    ]);
    expect((await errorOf(() => catalog.renameTable('default', 'zz', 'c'))).errorClass).toBe(
      'TABLE_OR_VIEW_NOT_FOUND',
    );
    const e4 = await errorOf(() => catalog.renameTable('default', 'a', 'c', 'other'));
    expect([e4.errorClass, e4.sqlState, e4.message]).toEqual([
      'CANNOT_RENAME_ACROSS_SCHEMA',
      '0AKD0',
      '[CANNOT_RENAME_ACROSS_SCHEMA] Renaming a table across schemas is not allowed. SQLSTATE: 0AKD0',
    ]);
    await catalog.renameTable('default', 'a', 'a2', 'DEFAULT');
    await catalog.renameTable('default', 'a2', 'a');
    await new LocalObjectStore(join(wh, 'c')).put('stray.parquet', 'x');
    const e3 = await errorOf(() => catalog.renameTable('default', 'a', 'c'));
    expect([e3.errorClass, e3.sqlState]).toEqual(['LOCATION_ALREADY_EXISTS', '42710']);
    expect(await catalog.listTables('default')).toEqual(['a', 'b']);
  });

  it('renames managed tables on a memory store by copy and delete', async () => {
    // Data locations resolve through storeForUrl, so the warehouse is named by URL (Catalog.open).
    const store = storeForUrl(`memory://catalog-rename-${Date.now()}/`);
    const catalog = Catalog.open(store.rootUrl);
    const t = await catalog.createTable('default', 'm', { tableType: 'MANAGED' });
    if (t.tableType === 'VIEW') throw new Error('unreachable');
    await storeForUrl(t.location).put('_delta_log/00000000000000000000.json', 'log');
    await catalog.renameTable('default', 'm', 'n');
    expect(
      (await store.list('')).map((o) => o.path).filter((p) => !p.startsWith('_lakesql_catalog')),
    ).toEqual(['n/_delta_log/00000000000000000000.json']);
  });

  it('encodes any table name safely, in the entry file and in the data folder', async () => {
    const wh = await freshWarehouse();
    const catalog = Catalog.open(wh);
    const names = ['a/b', '..', 'My Table', '100%', 'ü', '_lakesql_catalog'];
    for (const name of names) await catalog.createTable('default', name, { tableType: 'MANAGED' });
    expect(await catalog.listTables('default')).toEqual([
      '..',
      '100%',
      '_lakesql_catalog',
      'a/b',
      'my table',
      'ü',
    ]);
    expect((await readdir(join(wh, '_lakesql_catalog/tables/default'))).sort()).toEqual(
      [
        '%2E%2E.json',
        '100%25.json',
        '%C3%BC.json',
        '_lakesql_catalog.json',
        'a%2Fb.json',
        'my%20table.json',
      ].sort(),
    );
    const slash = await catalog.getTable('default', 'a/b');
    expect(slash.tableType !== 'VIEW' && slash.location).toBe(`${pathToFileURL(wh).href}/a%252Fb`);
    const hidden = await catalog.getTable('default', '_LAKESQL_CATALOG');
    expect(hidden.tableType !== 'VIEW' && hidden.location).toBe(
      `${pathToFileURL(wh).href}/%255Flakesql_catalog`,
    );
    await catalog.dropTable('default', '..');
    expect(existsSync(wh)).toBe(true);
    expect(await catalog.tableExists('default', '..')).toBe(false);
  });
});
