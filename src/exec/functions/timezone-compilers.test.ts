/** from_utc_timestamp, to_utc_timestamp and convert_timezone: java.time's zone rules, DST edges included. */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';
import { sparkOutput } from './testing/spark-output.js';

const fx = useSqlSession('lakesql-timezone-');
const at = (zone: string) => `SET spark.sql.session.timeZone=${zone}`;

describe('from_utc_timestamp / to_utc_timestamp', () => {
  it('shifts by the zone as Spark documents, named as Spark names them', async () => {
    await fx.rows(at('UTC'));
    expect(
      await sparkOutput(
        fx,
        `SELECT from_utc_timestamp('2016-08-31', 'Asia/Seoul'), to_utc_timestamp('2016-08-31', 'Asia/Seoul')`,
      ),
    ).toEqual({
      schema:
        'struct<from_utc_timestamp(2016-08-31, Asia/Seoul):timestamp,to_utc_timestamp(2016-08-31, Asia/Seoul):timestamp>',
      rows: ['2016-08-31 09:00:00\t2016-08-30 15:00:00'],
    });
  });

  it('accepts offsets and short ids as getZoneId does, constant or per row', async () => {
    await fx.rows(at('UTC'));
    const zones = ['+08:00', '+8:0', '-05', 'GMT+1', 'UTC-03:30', 'Z', 'PST', 'EST', 'Asia/Kolkata'];
    const constant = zones.map((z) => `from_utc_timestamp(TIMESTAMP'2024-01-15 12:00:00', '${z}')`);
    const expected = [
      '2024-01-15 20:00:00',
      '2024-01-15 20:00:00',
      '2024-01-15 07:00:00',
      '2024-01-15 13:00:00',
      '2024-01-15 08:30:00',
      '2024-01-15 12:00:00',
      '2024-01-15 04:00:00',
      '2024-01-15 07:00:00',
      '2024-01-15 17:30:00',
    ];
    expect((await sparkOutput(fx, `SELECT ${constant.join(', ')}`)).rows).toEqual([expected.join('\t')]);
    const perRow = await sparkOutput(
      fx,
      `SELECT from_utc_timestamp(TIMESTAMP'2024-01-15 12:00:00', z), to_utc_timestamp(TIMESTAMP'2024-01-15 12:00:00', z)
       FROM VALUES ${zones.map((z) => `('${z}')`).join(', ')}, (NULL) AS v(z)`,
    );
    expect(perRow.rows.map((r) => r.split('\t')[0])).toEqual([...expected, 'NULL']);
    expect(perRow.rows[0]?.split('\t')[1]).toBe('2024-01-15 04:00:00');
  });

  it('resolves a DST gap forward and an overlap to the earlier offset', async () => {
    await fx.rows(at('UTC'));
    // Local readings in Los Angeles; the result minus the reading is the offset west of UTC: PST 8h, PDT 7h.
    // The gap's 02:30 reads as 02:30 PST (= 03:30 PDT), the overlap's 01:30 as 01:30 PDT.
    const out = await sparkOutput(
      fx,
      `SELECT unix_seconds(to_utc_timestamp(t, 'America/Los_Angeles')) - unix_seconds(t),
              unix_seconds(to_utc_timestamp(t, z)) - unix_seconds(t)
       FROM VALUES (TIMESTAMP'2024-03-10 01:30:00'), (TIMESTAMP'2024-03-10 02:30:00'),
                   (TIMESTAMP'2024-03-10 03:30:00'), (TIMESTAMP'2024-11-03 00:30:00'),
                   (TIMESTAMP'2024-11-03 01:30:00'), (TIMESTAMP'2024-11-03 02:30:00') AS v(t),
            VALUES ('America/Los_Angeles') AS w(z)
       ORDER BY t`,
    );
    expect(out.rows).toEqual([
      '28800\t28800',
      '28800\t28800',
      '25200\t25200',
      '25200\t25200',
      '25200\t25200',
      '28800\t28800',
    ]);
  });

  it('shows the result in a non-UTC session zone', async () => {
    await fx.rows(at('America/Los_Angeles'));
    // 08:30Z and 09:30Z both read 01:30 in Los Angeles (either side of the overlap): 01:30Z, shown in LA.
    expect(
      (
        await sparkOutput(
          fx,
          `SELECT from_utc_timestamp(TIMESTAMP'2024-11-03 08:30:00 UTC', 'America/Los_Angeles'),
                  from_utc_timestamp(TIMESTAMP'2024-11-03 09:30:00 UTC', 'America/Los_Angeles')`,
        )
      ).rows,
    ).toEqual(['2024-11-02 18:30:00\t2024-11-02 18:30:00']);
  });

  it('raises INVALID_TIMEZONE for a zone java.time refuses, NULL input excepted', async () => {
    await fx.rows(at('UTC'));
    for (const sql of [
      `SELECT from_utc_timestamp(TIMESTAMP'2024-01-01 00:00:00', 'Mars/Base')`,
      `SELECT to_utc_timestamp(TIMESTAMP'2024-01-01 00:00:00', z) FROM VALUES ('+25:00') v(z)`,
    ]) {
      const e = await errorOf(fx.rows(sql));
      expect(e.errorClass).toBe('INVALID_TIMEZONE');
      expect(e.sqlState).toBe('22009');
    }
    expect(await fx.rows(`SELECT from_utc_timestamp(NULL, 'Mars/Base')`)).toEqual([[null]]);
  });
});

describe('constant and per-row zones agree', () => {
  it('hour by hour through a year with DST changes, half-hour DST and a 45-minute offset', async () => {
    await fx.rows(at('UTC'));
    for (const zone of ['America/Los_Angeles', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kathmandu']) {
      const rows = await fx.rows(
        `SELECT count(*) FROM (
           SELECT timestampadd(MINUTE, CAST(id AS INT) * 30, TIMESTAMP'2024-01-01 00:15:00') t, z FROM range(0, 17568), VALUES ('${zone}') v(z))
         WHERE to_utc_timestamp(t, '${zone}') <> to_utc_timestamp(t, z)
            OR from_utc_timestamp(t, '${zone}') <> from_utc_timestamp(t, z)`,
      );
      expect([zone, rows]).toEqual([zone, [[0n]]]);
    }
  });
});

describe('convert_timezone', () => {
  it('converts a TIMESTAMP_NTZ between zones, the source defaulting to the session zone', async () => {
    await fx.rows(at('America/Los_Angeles'));
    expect(
      await sparkOutput(
        fx,
        `SELECT convert_timezone('Europe/Moscow', 'America/Los_Angeles', timestamp_ntz'2022-01-01 00:00:00'),
                convert_timezone('Europe/Brussels', timestamp_ntz'2022-03-23 00:00:00')`,
      ),
    ).toEqual({
      schema:
        "struct<convert_timezone(Europe/Moscow, America/Los_Angeles, TIMESTAMP_NTZ '2022-01-01 00:00:00'):timestamp_ntz," +
        "convert_timezone(current_timezone(), Europe/Brussels, TIMESTAMP_NTZ '2022-03-23 00:00:00'):timestamp_ntz>",
      rows: ['2021-12-31 13:00:00\t2022-03-23 08:00:00'],
    });
    expect(
      (
        await sparkOutput(
          fx,
          `SELECT convert_timezone(s, '+01:00', TIMESTAMP_NTZ'2024-11-03 01:30:00') FROM VALUES ('America/Los_Angeles'), (NULL) v(s)`,
        )
      ).rows,
    ).toEqual(['2024-11-03 09:30:00', 'NULL']);
  });
});
