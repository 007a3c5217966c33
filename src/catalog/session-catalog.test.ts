import { describe, expect, it } from 'vitest';
import { storeForUrl } from '../storage/index.js';
import { field, LongType, struct } from '../types/data-types.js';
import { Catalog } from './catalog.js';
import { SessionCatalog } from './session-catalog.js';
import { TempViews } from './temp-views.js';
import { errorOf } from './testing/catalog-fixtures.js';

let counter = 0;
async function setup(): Promise<SessionCatalog<string>> {
  counter += 1;
  const catalog = Catalog.open(storeForUrl(`memory://session-catalog-${Date.now()}-${counter}/`).rootUrl);
  await catalog.createDatabase({ name: 's' });
  await catalog.createTable('default', 't', { tableType: 'MANAGED', comment: 'default.t' });
  await catalog.createTable('s', 't', { tableType: 'MANAGED', comment: 's.t' });
  return new SessionCatalog<string>(catalog, { globalTempViews: new TempViews<string>('global_temp') });
}

async function comment(session: SessionCatalog<string>, parts: string[]): Promise<string | undefined> {
  const r = await session.resolveRelation(parts);
  return r.kind === 'table' ? r.table.comment : `${r.kind}:${r.view}`;
}

describe('SessionCatalog name resolution', () => {
  it('resolves 1-, 2- and 3-part names; spark_catalog and hive_metastore name this catalog', async () => {
    const session = await setup();
    expect(await comment(session, ['T'])).toBe('default.t');
    expect(await comment(session, ['S', 't'])).toBe('s.t');
    expect(await comment(session, ['spark_catalog', 's', 't'])).toBe('s.t');
    expect(await comment(session, ['HIVE_METASTORE', 'default', 't'])).toBe('default.t');
    expect(await comment(session, ['spark_catalog', 't'])).toBe('default.t');
  });

  it('USE db changes where 1-part names resolve; a missing database is SCHEMA_NOT_FOUND', async () => {
    const session = await setup();
    await session.setCurrentDatabase('S');
    expect(session.currentDatabase).toBe('s');
    expect(await comment(session, ['t'])).toBe('s.t');
    expect(session.qualifyTableName(['x'])).toEqual({ database: 's', name: 'x' });
    const e = await errorOf(() => session.setCurrentDatabase('nope'));
    expect([e.errorClass, e.sqlState]).toEqual(['SCHEMA_NOT_FOUND', '42704']);
    expect(session.currentDatabase).toBe('s');
    await session.dropDatabase('s', { cascade: true });
    expect(session.currentDatabase).toBe('default');
  });

  it('temp views shadow tables of the same 1-part name only', async () => {
    const session = await setup();
    session.createTempView(['T'], 'temp', false);
    expect(await comment(session, ['t'])).toBe('tempView:temp');
    expect(await comment(session, ['default', 't'])).toBe('default.t');
    expect(session.relationTarget(['t'])).toEqual({ kind: 'tempView', name: 't' });
    expect(session.dropTempView(['t'])).toBe(true);
    expect(await comment(session, ['t'])).toBe('default.t');
    expect(session.dropTempView(['t'])).toBe(false);
  });

  it('TEMP_TABLE_OR_VIEW_ALREADY_EXISTS without OR REPLACE; TEMP_VIEW_NAME_TOO_MANY_NAME_PARTS for qualified names', async () => {
    const session = await setup();
    session.createTempView(['v'], 'one', false);
    const e = await errorOf(() => session.createTempView(['V'], 'two', false));
    expect([e.errorClass, e.sqlState, e.messageParameters]).toEqual([
      'TEMP_TABLE_OR_VIEW_ALREADY_EXISTS',
      '42P07',
      { relationName: '`v`' },
    ]);
    session.createTempView(['v'], 'two', true);
    expect(await comment(session, ['v'])).toBe('tempView:two');
    const e2 = await errorOf(() => session.createTempView(['db', 'v'], 'x', false));
    expect([e2.errorClass, e2.sqlState, e2.messageParameters]).toEqual([
      'TEMP_VIEW_NAME_TOO_MANY_NAME_PARTS',
      '428EK',
      { actualName: '`db`.`v`' },
    ]);
  });

  it('global temp views live under global_temp and are shared through one TempViews', async () => {
    const session = await setup();
    const other = new SessionCatalog<string>(session.catalog, { globalTempViews: session.globalTempViews });
    session.createGlobalTempView(['g'], 'global', false);
    expect(await comment(other, ['GLOBAL_TEMP', 'G'])).toBe('globalTempView:global');
    expect(await other.lookupRelation(['g'])).toBeUndefined();
    const e = await errorOf(() => session.createGlobalTempView(['global_temp', 'g'], 'again', false));
    expect(e.messageParameters).toEqual({ relationName: '`global_temp`.`g`' });
    expect(await session.listTables('global_temp')).toEqual([
      { namespace: 'global_temp', name: 'g', isTemporary: true },
    ]);
    expect(other.dropTempView(['global_temp', 'g'])).toBe(true);
    expect((await errorOf(() => session.resolveRelation(['global_temp', 'g']))).errorClass).toBe(
      'TABLE_OR_VIEW_NOT_FOUND',
    );
  });

  it('TABLE_OR_VIEW_NOT_FOUND names the relation as written, like Spark analyzer errors', async () => {
    const session = await setup();
    const e = await errorOf(() => session.resolveRelation(['S', 'Missing']));
    expect([e.errorClass, e.sqlState, e.messageParameters]).toEqual([
      'TABLE_OR_VIEW_NOT_FOUND',
      '42P01',
      { relationName: '`S`.`Missing`' },
    ]);
    expect((await errorOf(() => session.resolveRelation(['nodb', 't']))).messageParameters).toEqual({
      relationName: '`nodb`.`t`',
    });
  });

  it('REQUIRES_SINGLE_PART_NAMESPACE (42K05) for unknown catalogs and nested namespaces', async () => {
    const session = await setup();
    const e = await errorOf(() => session.resolveRelation(['other', 's', 't']));
    expect([e.errorClass, e.sqlState, e.message]).toEqual([
      'REQUIRES_SINGLE_PART_NAMESPACE',
      '42K05',
      '[REQUIRES_SINGLE_PART_NAMESPACE] spark_catalog requires a single-part namespace, but got `other`.`s`. SQLSTATE: 42K05',
    ]);
    const e2 = await errorOf(() => session.qualifyTableName(['spark_catalog', 'a', 'b', 't']));
    expect(e2.messageParameters).toEqual({ sessionCatalog: 'spark_catalog', namespace: '`a`.`b`' });
  });

  it('USE CATALOG accepts only the session catalog: CATALOG_NOT_FOUND (42P08)', async () => {
    const session = await setup();
    session.checkCatalogName('spark_catalog');
    session.checkCatalogName('hive_metastore');
    const e = await errorOf(() => session.checkCatalogName('main'));
    expect([e.errorClass, e.sqlState, e.messageParameters]).toEqual([
      'CATALOG_NOT_FOUND',
      '42P08',
      { catalogName: '`main`', config: '"spark.sql.catalog.main"' },
    ]);
  });

  it('SHOW TABLES / SHOW VIEWS rows: persistent first, then temp views with an empty namespace', async () => {
    const session = await setup();
    await session.catalog.createTable('default', 'pv', {
      tableType: 'VIEW',
      viewText: 'SELECT 1',
      viewSchema: struct([field('1', LongType)]),
      viewQueryColumnNames: ['1'],
      viewCatalogAndNamespace: ['spark_catalog', 'default'],
    });
    session.createTempView(['tv'], 'x', false);
    expect(await session.listTables()).toEqual([
      { namespace: 'default', name: 'pv', isTemporary: false },
      { namespace: 'default', name: 't', isTemporary: false },
      { namespace: '', name: 'tv', isTemporary: true },
    ]);
    expect(await session.listTables('s', 't*')).toEqual([
      { namespace: 's', name: 't', isTemporary: false },
      { namespace: '', name: 'tv', isTemporary: true },
    ]);
    expect(await session.listViews()).toEqual([
      { namespace: 'default', name: 'pv', isTemporary: false },
      { namespace: '', name: 'tv', isTemporary: true },
    ]);
  });

  it('global_temp is reserved: CREATE DATABASE fails, USE is refused', async () => {
    const session = await setup();
    expect((await errorOf(() => session.createDatabase({ name: 'global_temp' }))).errorClass).toBe(
      'SCHEMA_ALREADY_EXISTS',
    );
    await session.createDatabase({ name: 'global_temp' }, true);
    expect((await errorOf(() => session.setCurrentDatabase('global_temp'))).errorClass).toBe(
      'UNSUPPORTED_FEATURE',
    );
    await session.createDatabase({ name: 'n' });
    expect(await session.catalog.databaseExists('n')).toBe(true);
  });
});
