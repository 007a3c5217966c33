/**
 * spark.sql.timestampType=TIMESTAMP_NTZ (SQLConf.timestampType): the type name TIMESTAMP, TIMESTAMP literals
 * without a zone, make_timestamp and to_timestamp give TIMESTAMP_NTZ; the _ltz and _ntz forms keep their type.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useSqlSession } from '../session/testing/sql-session-fixture.js';

const fx = useSqlSession('lakesql-ts-type-');

async function schema(sql: string): Promise<string[]> {
  const [r] = await fx.session.execute(sql);
  if (r?.kind !== 'rows') throw new Error('expected rows');
  return r.columns.map((c) => (c.type.kind === 'primitive' ? c.type.name : c.type.kind));
}

describe('spark.sql.timestampType', () => {
  beforeAll(async () => {
    await fx.session.execute("SET TIME ZONE 'America/Los_Angeles'");
    await fx.session.execute('SET spark.sql.timestampType = TIMESTAMP_NTZ');
  });
  afterAll(async () => {
    await fx.session.execute('SET spark.sql.timestampType = TIMESTAMP_LTZ');
  });

  it('makes TIMESTAMP literals without a zone, CAST AS TIMESTAMP and the constructors TIMESTAMP_NTZ', async () => {
    const sql =
      "SELECT TIMESTAMP '2021-07-11 06:30:45', TIMESTAMP '2020-12-01 14:30:08Z', TIMESTAMP_LTZ '2021-07-11 06:30:45', " +
      "CAST('2021-07-11 06:30:45' AS TIMESTAMP), make_timestamp(2021, 7, 11, 6, 30, 45.678, 'CET'), " +
      "to_timestamp('2016-12-31', 'yyyy-MM-dd'), try_to_timestamp('2016-12-31 00:12:00'), make_timestamp_ltz(2021, 7, 11, 6, 30, 45)";
    expect(await schema(sql)).toEqual([
      'timestamp_ntz',
      'timestamp',
      'timestamp',
      'timestamp_ntz',
      'timestamp_ntz',
      'timestamp_ntz',
      'timestamp_ntz',
      'timestamp',
    ]);
    const rows = await fx.rows(
      "SELECT CAST(make_timestamp(2021, 7, 11, 6, 30, 45.678, 'CET') AS STRING), CAST(to_timestamp('2016-12-31', 'yyyy-MM-dd') AS STRING), CAST(TIMESTAMP '2020-12-01 14:30:08Z' AS STRING)",
    );
    expect(rows).toEqual([['2021-07-11 06:30:45.678', '2016-12-31 00:00:00', '2020-12-01 06:30:08']]);
  });

  it('refuses a value that is not a timestamp type', async () => {
    await expect(fx.session.execute('SET spark.sql.timestampType = TIMESTAMP_TZ')).rejects.toMatchObject({
      errorClass: 'INVALID_CONF_VALUE.REQUIREMENT',
    });
  });
});
