/**
 * `spark.databricks.delta.properties.defaults.*`: new tables take them as `delta.*` properties (so a
 * session can turn the change data feed on for every table it creates); statements' own properties win
 * and existing tables are left alone.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSqlSession } from '../session/testing/sql-session-fixture.js';
import { withTablePropertyDefaults } from './table-property-defaults.js';

const fx = useSqlSession('lakesql-property-defaults-');

async function configuration(table: string): Promise<Record<string, string>> {
  const log = path.join(fx.dir, 'wh', table, '_delta_log', '00000000000000000000.json');
  const lines = (await readFile(log, 'utf8')).split('\n').filter((l) => l.trim() !== '');
  const meta = lines.map((l) => JSON.parse(l)).find((a) => a.metaData).metaData;
  return meta.configuration;
}

describe('table property defaults', () => {
  it('maps every defaults key to delta.<name>, under the statement’s own properties', () => {
    const conf = new Map([
      ['spark.databricks.delta.properties.defaults.enableChangeDataFeed', 'true'],
      ['spark.databricks.delta.properties.defaults.appendOnly', 'false'],
      ['spark.sql.ansi.enabled', 'true'],
    ]);
    const source = {
      conf,
      confValue: (key: string) =>
        conf.get(key) ?? (key.endsWith('.enableDeletionVectors') ? 'true' : undefined),
    };
    expect(withTablePropertyDefaults(source, { 'delta.appendonly': 'true', x: '1' })).toEqual({
      'delta.enableChangeDataFeed': 'true',
      'delta.enableDeletionVectors': 'true',
      'delta.appendonly': 'true',
      x: '1',
    });
  });

  it('turns the change data feed on for new tables, whose UPDATEs then write change files', async () => {
    await fx.session.execute('CREATE TABLE before_default (id INT)');
    await fx.session.execute('SET spark.databricks.delta.properties.defaults.enableChangeDataFeed = true');
    await fx.session.execute('CREATE TABLE fed (id INT, v STRING)');
    await fx.session.execute("CREATE TABLE fed_ctas AS SELECT 1 AS id, 'a' AS v");
    await fx.session.execute(
      'CREATE TABLE not_fed (id INT) TBLPROPERTIES (delta.enableChangeDataFeed = false)',
    );
    expect(await configuration('fed')).toEqual({
      'delta.enableChangeDataFeed': 'true',
      'delta.enableDeletionVectors': 'true',
    });
    expect(await configuration('fed_ctas')).toEqual({
      'delta.enableChangeDataFeed': 'true',
      'delta.enableDeletionVectors': 'true',
    });
    expect(await configuration('not_fed')).toEqual({
      'delta.enableChangeDataFeed': 'false',
      'delta.enableDeletionVectors': 'true',
    });
    expect(await configuration('before_default')).toEqual({ 'delta.enableDeletionVectors': 'true' });
    // The new table's protocol carries the feature, as for an explicit property (table features, since the
    // deletion vectors the defaults also turn on need reader version 3 and writer version 7).
    const [detail] = await fx.rows('DESCRIBE DETAIL fed');
    expect(detail!.slice(-3, -1)).toEqual([3, 7]);
    expect(detail!.at(-1)).toContain('changeDataFeed');

    await fx.session.execute("INSERT INTO fed VALUES (1, 'a'), (2, 'b')");
    await fx.session.execute("UPDATE fed SET v = 'z' WHERE id = 1");
    expect(
      await fx.rows("SELECT id, v, _change_type FROM table_changes('fed', 2) ORDER BY _change_type"),
    ).toEqual([
      [1, 'z', 'update_postimage'],
      [1, 'a', 'update_preimage'],
    ]);
    await fx.session.execute('RESET spark.databricks.delta.properties.defaults.enableChangeDataFeed');
    await fx.session.execute('CREATE TABLE after_reset (id INT)');
    expect(await configuration('after_reset')).toEqual({ 'delta.enableDeletionVectors': 'true' });
  });
});
