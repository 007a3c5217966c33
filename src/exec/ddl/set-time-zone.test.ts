/** SET TIME ZONE in each of Spark's forms and its errors (AstBuilder.visitSetTimeZone), with exact rows. */
import { describe, expect, it } from 'vitest';
import { useSqlSession } from '../session/testing/sql-session-fixture.js';

const fx = useSqlSession('lakesql-set-tz-');
const KEY = 'spark.sql.session.timeZone';

describe('SET TIME ZONE', () => {
  it('names a zone id, an offset as an interval, or the system zone', async () => {
    expect(await fx.rows("SET TIME ZONE 'Asia/Hong_Kong'")).toEqual([[KEY, 'Asia/Hong_Kong']]);
    expect(await fx.rows("SET TIME ZONE 'GMT+1'")).toEqual([[KEY, 'GMT+1']]);
    expect(await fx.rows("SELECT CAST(TIMESTAMP '2020-01-01 00:00:00' AS STRING)")).toEqual([
      ['2020-01-01 00:00:00'],
    ]);
    expect(await fx.rows('SET TIME ZONE INTERVAL 10 HOURS')).toEqual([[KEY, '+10:00']]);
    // current_timezone() is the conf's value, not the Etc/ zone the engine is given for it.
    expect(await fx.rows('SELECT current_timezone()')).toEqual([['+10:00']]);
    expect(await fx.rows("SET TIME ZONE INTERVAL '15:40:32' HOUR TO SECOND")).toEqual([[KEY, '+15:40:32']]);
    expect(await fx.rows('SET TIME ZONE INTERVAL -8 HOURS')).toEqual([[KEY, '-08:00']]);
    expect(await fx.rows('SET TIME ZONE INTERVAL 0 HOURS')).toEqual([[KEY, 'Z']]);
    const local = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(await fx.rows('SET TIME ZONE LOCAL')).toEqual([[KEY, local]]);
    expect(await fx.rows(`SET ${KEY}`)).toEqual([[KEY, local]]);
  });

  it.each([
    ['SET TIME ZONE', '_LEGACY_ERROR_TEMP_0045', {}],
    ["SET TIME ZONE INTERVAL 10 HOURS 'GMT+1'", '_LEGACY_ERROR_TEMP_0045', {}],
    [
      "SET TIME ZONE 'invalid/zone'",
      'INVALID_CONF_VALUE.TIME_ZONE',
      { confName: KEY, confValue: 'invalid/zone' },
    ],
    [
      'SET TIME ZONE INTERVAL 3 DAYS',
      'INVALID_INTERVAL_FORMAT.TIMEZONE_INTERVAL_OUT_OF_RANGE',
      { input: '3' },
    ],
    [
      'SET TIME ZONE INTERVAL 1 MONTH',
      'INVALID_INTERVAL_FORMAT.TIMEZONE_INTERVAL_OUT_OF_RANGE',
      { input: '1' },
    ],
    [
      'SET TIME ZONE INTERVAL 24 HOURS',
      'INVALID_INTERVAL_FORMAT.TIMEZONE_INTERVAL_OUT_OF_RANGE',
      { input: '24' },
    ],
    [
      "SET TIME ZONE INTERVAL '19:40:32' HOUR TO SECOND",
      'INVALID_INTERVAL_FORMAT.TIMEZONE_INTERVAL_OUT_OF_RANGE',
      { input: '19' },
    ],
    [
      'SET TIME ZONE INTERVAL 10 HOURS 1 MILLISECOND',
      'INVALID_INTERVAL_FORMAT.TIMEZONE_INTERVAL_OUT_OF_RANGE',
      { input: '36000' },
    ],
  ])('%s fails with %s', async (text, errorClass, messageParameters) => {
    await fx.rows("SET TIME ZONE 'UTC'");
    await expect(fx.session.execute(text)).rejects.toMatchObject({ errorClass, messageParameters });
    expect(await fx.rows(`SET ${KEY}`)).toEqual([[KEY, 'UTC']]);
  });
});
