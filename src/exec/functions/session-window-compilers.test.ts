/** session_window(time, gap) and window_time(window) in batch queries, with Spark's session merging. */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';
import { sparkOutput } from './testing/spark-output.js';

const fx = useSqlSession('lakesql-session-window-');
// User a: 00:00 and 00:04 overlap (gap 5 minutes), 00:09 touches the end 00:09 and joins; 00:20 is alone.
const EVENTS = `VALUES ('a', TIMESTAMP'2024-01-01 00:00:00', 1), ('a', TIMESTAMP'2024-01-01 00:04:00', 2),
  ('a', TIMESTAMP'2024-01-01 00:09:00', 3), ('a', TIMESTAMP'2024-01-01 00:20:00', 4),
  ('b', TIMESTAMP'2024-01-01 00:02:00', 5), ('b', NULL, 6) AS e(k, ts, v)`;

describe('session_window', () => {
  it('merges the overlapping sessions of each group, a struct<start, end> named session_window', async () => {
    await fx.rows('SET spark.sql.session.timeZone=UTC');
    expect(
      await sparkOutput(
        fx,
        `SELECT k, session_window(ts, '5 minutes'), count(*), sum(v) FROM ${EVENTS}
         GROUP BY k, session_window(ts, '5 minutes') ORDER BY k, 2`,
      ),
    ).toEqual({
      schema:
        'struct<k:string,session_window:struct<start:timestamp,end:timestamp>,count(1):bigint,sum(v):bigint>',
      rows: [
        'a\t{"start":2024-01-01 00:00:00,"end":2024-01-01 00:14:00}\t3\t6',
        'a\t{"start":2024-01-01 00:20:00,"end":2024-01-01 00:25:00}\t1\t4',
        'b\t{"start":2024-01-01 00:02:00,"end":2024-01-01 00:07:00}\t1\t5',
      ],
    });
  });

  it('takes a gap per row; rows with a NULL, zero or negative gap are dropped', async () => {
    await fx.rows('SET spark.sql.session.timeZone=UTC');
    const rows = `VALUES (TIMESTAMP'2024-01-01 00:00:00', '10 minutes'), (TIMESTAMP'2024-01-01 00:08:00', '1 minute'),
      (TIMESTAMP'2024-01-01 00:30:00', NULL), (TIMESTAMP'2024-01-01 00:40:00', '0 seconds'),
      (TIMESTAMP'2024-01-01 00:50:00', 'nonsense') AS e(ts, gap)`;
    expect(
      (
        await sparkOutput(
          fx,
          `SELECT s.start, s.end, n FROM (SELECT session_window(ts, gap) AS s, count(*) AS n FROM ${rows} GROUP BY 1)`,
        )
      ).rows,
    ).toEqual(['2024-01-01 00:00:00\t2024-01-01 00:10:00\t2']);
  });

  it('outside an aggregation is the row own session; an interval gap works too', async () => {
    await fx.rows('SET spark.sql.session.timeZone=UTC');
    expect(
      (
        await sparkOutput(
          fx,
          `SELECT v, session_window(ts, INTERVAL 5 MINUTES).end FROM ${EVENTS} WHERE k = 'b' ORDER BY v`,
        )
      ).rows,
    ).toEqual(['5\t2024-01-01 00:07:00']);
  });

  it('refuses a gap that is neither text nor an interval', async () => {
    const e = await errorOf(fx.rows(`SELECT session_window(ts, 5) FROM ${EVENTS}`));
    expect(e.errorClass).toBe('DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE');
    expect(e.messageParameters).toMatchObject({
      paramIndex: 'second',
      requiredType: '("INTERVAL" or "STRING")',
    });
  });
});

describe('window_time', () => {
  it('is the last microsecond of a time or session window', async () => {
    await fx.rows('SET spark.sql.session.timeZone=UTC');
    expect(
      await sparkOutput(
        fx,
        `SELECT window_time(w), count(*) FROM (SELECT window(ts, '10 minutes') w FROM ${EVENTS}) GROUP BY w ORDER BY 1`,
      ),
    ).toEqual({
      schema: 'struct<window_time(w):timestamp,count(1):bigint>',
      rows: ['2024-01-01 00:09:59.999999\t4', '2024-01-01 00:29:59.999999\t1'],
    });
  });

  it('refuses what is not a window', async () => {
    const e = await errorOf(fx.rows('SELECT window_time(1)'));
    expect(e.errorClass).toBe('DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE');
  });
});
