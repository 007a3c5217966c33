/** timestampdiff(UNIT, start, end) and the 3-argument datediff: whole units, as java.time's ChronoUnit.between. */
import { describe, expect, it } from 'vitest';
import { useSqlSession } from '../session/testing/sql-session-fixture.js';

const fx = useSqlSession('lakesql-timestampdiff-');

describe('timestampdiff', () => {
  it('counts whole units between local date-times, for every unit', async () => {
    expect(
      await fx.rows(
        `SELECT timestampdiff(MICROSECOND, TIMESTAMP_NTZ'2022-02-14 23:59:59.123', DATE'2022-02-15'),
                timestampdiff(MILLISECOND, TIMESTAMP_NTZ'2022-02-14 23:59:59.123', DATE'2022-02-15'),
                timestampdiff(WEEK, DATE'2022-01-01', DATE'2022-01-14'),
                datediff(MONTH, DATE'2022-01-31', DATE'2022-02-28'),
                date_diff(QUARTER, TIMESTAMP_NTZ'2022-01-01 01:02:03', TIMESTAMP_NTZ'2022-05-02 05:06:07'),
                timestampdiff(YEAR, DATE'2023-02-15', DATE'2022-02-15'),
                timestampdiff(day, NULL, DATE'2022-02-15')`,
      ),
    ).toEqual([[877000n, 877n, 1n, 0n, 1n, -1n, null]]);
  });

  it('keeps the two-argument datediff in days', async () => {
    expect(await fx.rows(`SELECT datediff(DATE'2022-03-01', DATE'2022-02-01')`)).toEqual([[28]]);
  });
});
