/** window(timeColumn, windowDuration[, slideDuration[, startTime]]): tumbling windows in GROUP BY. */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';
import { sparkOutput } from './testing/spark-output.js';

const fx = useSqlSession('lakesql-time-window-');
const EVENTS = `VALUES (TIMESTAMP'2024-01-01 00:01:00', 1), (TIMESTAMP'2024-01-01 00:04:59.999999', 2),
  (TIMESTAMP'2024-01-01 00:05:00', 3), (TIMESTAMP'2024-01-01 00:17:30', 4) AS e(ts, v)`;

describe('window', () => {
  it('groups rows into tumbling windows, a struct<start, end> named window', async () => {
    await fx.rows('SET spark.sql.session.timeZone=UTC');
    expect(
      await sparkOutput(
        fx,
        `SELECT window(ts, '5 minutes'), sum(v) FROM ${EVENTS} GROUP BY window(ts, '5 minutes') ORDER BY 1`,
      ),
    ).toEqual({
      schema: 'struct<window:struct<start:timestamp,end:timestamp>,sum(v):bigint>',
      rows: [
        '{"start":2024-01-01 00:00:00,"end":2024-01-01 00:05:00}\t3',
        '{"start":2024-01-01 00:05:00,"end":2024-01-01 00:10:00}\t3',
        '{"start":2024-01-01 00:15:00,"end":2024-01-01 00:20:00}\t4',
      ],
    });
  });

  it('drops the rows whose time is NULL, as Spark does, grouped or not', async () => {
    await fx.rows('SET spark.sql.session.timeZone=UTC');
    const rows = `VALUES (TIMESTAMP'2024-01-01 00:01:00', 1), (NULL, 2), (TIMESTAMP'2024-01-01 00:07:00', 3) AS e(ts, v)`;
    expect(
      (await sparkOutput(fx, `SELECT count(*), sum(v) FROM ${rows} GROUP BY window(ts, '1 hour')`)).rows,
    ).toEqual(['2\t4']);
    expect(
      (await sparkOutput(fx, `SELECT v, window(ts, '5 minutes').end FROM ${rows} ORDER BY v`)).rows,
    ).toEqual(['1\t2024-01-01 00:05:00', '3\t2024-01-01 00:10:00']);
  });

  it('takes interval durations, a start offset, times before 1970 and TIMESTAMP_NTZ', async () => {
    await fx.rows('SET spark.sql.session.timeZone=America/Los_Angeles');
    const out = await sparkOutput(
      fx,
      `SELECT w.start, w.end, c FROM (
         SELECT window(ts, INTERVAL 10 MINUTES, '10 minutes', '2 minutes') w, count(*) c
         FROM VALUES (TIMESTAMP'2024-01-01 00:01:00'), (TIMESTAMP'2024-01-01 00:04:59'), (TIMESTAMP'1969-12-31 15:57:00') v(ts)
         GROUP BY 1) ORDER BY 1`,
    );
    expect(out).toEqual({
      schema: 'struct<start:timestamp,end:timestamp,c:bigint>',
      rows: [
        '1969-12-31 15:52:00\t1969-12-31 16:02:00\t1',
        '2023-12-31 23:52:00\t2024-01-01 00:02:00\t1',
        '2024-01-01 00:02:00\t2024-01-01 00:12:00\t1',
      ],
    });
    // Windows are aligned on the epoch in UTC, not on local midnight.
    expect(
      (
        await sparkOutput(
          fx,
          `SELECT window(TIMESTAMP'2024-01-01 10:00:00', '1 day').start, window(TIMESTAMP_NTZ'2024-01-01 10:00:00', '1 day')`,
        )
      ).rows,
    ).toEqual(['2023-12-31 16:00:00\t{"start":2024-01-01 00:00:00,"end":2024-01-02 00:00:00}']);
  });

  it('puts a row in every sliding window that holds it', async () => {
    await fx.rows('SET spark.sql.session.timeZone=UTC');
    const rows = `VALUES (TIMESTAMP'2024-01-01 00:01:00', 1), (TIMESTAMP'2024-01-01 00:07:00', 2),
      (TIMESTAMP'2024-01-01 00:12:00', 4), (NULL, 8) AS e(ts, v)`;
    expect(
      await sparkOutput(
        fx,
        `SELECT window(ts, '10 minutes', '5 minutes'), count(*), sum(v) FROM ${rows}
         GROUP BY window(ts, '10 minutes', '5 minutes') ORDER BY 1`,
      ),
    ).toEqual({
      schema: 'struct<window:struct<start:timestamp,end:timestamp>,count(1):bigint,sum(v):bigint>',
      rows: [
        '{"start":2023-12-31 23:55:00,"end":2024-01-01 00:05:00}\t1\t1',
        '{"start":2024-01-01 00:00:00,"end":2024-01-01 00:10:00}\t2\t3',
        '{"start":2024-01-01 00:05:00,"end":2024-01-01 00:15:00}\t2\t6',
        '{"start":2024-01-01 00:10:00,"end":2024-01-01 00:20:00}\t1\t4',
      ],
    });
    // A window that is not a multiple of the slide, a start offset, the window only in GROUP BY.
    expect(
      (
        await sparkOutput(
          fx,
          `SELECT count(*) FROM ${rows} GROUP BY window(ts, '7 minutes', '3 minutes', '1 minute') ORDER BY 1`,
        )
      ).rows,
    ).toEqual(['1', '1', '1', '1', '2', '2']);
    expect(
      (
        await sparkOutput(
          fx,
          `SELECT v, window(ts, '10 minutes', '5 minutes').start s FROM ${rows} ORDER BY v, s`,
        )
      ).rows,
    ).toEqual([
      '1\t2023-12-31 23:55:00',
      '1\t2024-01-01 00:00:00',
      '2\t2024-01-01 00:00:00',
      '2\t2024-01-01 00:05:00',
      '4\t2024-01-01 00:05:00',
      '4\t2024-01-01 00:10:00',
    ]);
  });

  it('refuses invalid durations and a sliding window outside a select', async () => {
    const bad = async (sql: string) => (await errorOf(fx.rows(sql))).errorClass;
    expect(await bad(`SELECT window(TIMESTAMP'2024-01-01 00:00:00', '-5 minutes')`)).toBe(
      'DATATYPE_MISMATCH.VALUE_OUT_OF_RANGE',
    );
    expect(
      await bad(`SELECT window(TIMESTAMP'2024-01-01 00:00:00', '5 minutes', '5 minutes', '5 minutes')`),
    ).toBe('DATATYPE_MISMATCH.VALUE_OUT_OF_RANGE');
    expect(await bad(`SELECT window(TIMESTAMP'2024-01-01 00:00:00', '1 month')`)).toBe('UNSUPPORTED_FEATURE');
    expect(
      await bad(
        `SELECT 1 FROM VALUES (TIMESTAMP'2024-01-01 00:00:00') v(ts) WHERE window(ts, '10 minutes', '5 minutes') IS NOT NULL`,
      ),
    ).toBe('UNSUPPORTED_FEATURE');
    expect(await bad(`SELECT window(TIMESTAMP'2024-01-01 00:00:00', d) FROM VALUES ('5 minutes') v(d)`)).toBe(
      'DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE',
    );
    expect(await bad(`SELECT window(1, '5 minutes')`)).toBe('DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE');
  });
});
