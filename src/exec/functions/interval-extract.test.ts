/** EXTRACT / date_part of intervals: Spark's ExtractIntervalPart fields, result types, NULLs and errors. */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';

const db = useSqlSession('lakesql-interval-extract-');

describe('extract from a day-time interval', () => {
  it('gives days (int), hours and minutes (tinyint) and seconds (decimal(8,6)), truncating toward zero', async () => {
    expect(
      await db.rows(
        "SELECT extract(DAY FROM i), extract(HOUR FROM i), date_part('MIN', i), CAST(extract(SECS FROM i) AS STRING) FROM VALUES (INTERVAL '1 02:03:04.5' DAY TO SECOND), (INTERVAL '-1 02:03:04.000001' DAY TO SECOND), (NULL) AS t(i)",
      ),
    ).toEqual([
      [1, 2, 3, '4.500000'],
      [-1, -2, -3, '-4.000001'],
      [null, null, null, null],
    ]);
    expect(
      await db.rows(
        "SELECT typeof(extract(D FROM i)), typeof(extract(H FROM i)), typeof(extract(M FROM i)), typeof(extract(S FROM i)) FROM VALUES (INTERVAL '1 02:03:04' DAY TO SECOND) AS t(i)",
      ),
    ).toEqual([['int', 'tinyint', 'tinyint', 'decimal(8,6)']]);
    expect(await db.rows("SELECT extract(HOUR FROM INTERVAL '1 02:03:04' DAY TO SECOND)")).toEqual([[2]]);
  });
});

describe('extract from a year-month interval', () => {
  it('gives years (int) and months (tinyint)', async () => {
    expect(
      await db.rows(
        "SELECT extract(YEARS FROM i), date_part('mon', i), typeof(extract(YEAR FROM i)), typeof(extract(MONTH FROM i)) FROM VALUES (INTERVAL '2-11' YEAR TO MONTH), (INTERVAL '-2-2' YEAR TO MONTH) AS t(i)",
      ),
    ).toEqual([
      [2, 11, 'int', 'tinyint'],
      [-2, -2, 'int', 'tinyint'],
    ]);
  });
});

describe('extract from a legacy interval', () => {
  it("gives Spark's ExtractInterval* parts (hours unbounded as bigint)", async () => {
    expect(
      await db.rows(
        'SELECT extract(YEAR FROM c), extract(MONTH FROM c), extract(DAY FROM c), extract(HOUR FROM c), extract(MINUTE FROM c), CAST(extract(SECOND FROM c) AS STRING), typeof(extract(HOUR FROM c)) FROM (SELECT make_interval(1, 14, 0, 3, 28, 5, 6.000007) AS c)',
      ),
    ).toEqual([[2, 2, 3, 28n, 5, '6.000007', 'bigint']]);
  });
});

describe('a field the interval lacks', () => {
  it('is INVALID_EXTRACT_FIELD as Spark 4 raises it', async () => {
    let e = await errorOf(db.rows("SELECT extract(YEAR FROM INTERVAL '10' MONTH)"));
    expect(e.errorClass).toBe('INVALID_EXTRACT_FIELD');
    expect(e.messageParameters).toEqual({ field: '`YEAR`', expr: `"INTERVAL '10' MONTH"` });
    e = await errorOf(db.rows("SELECT extract(HOUR FROM INTERVAL '1-2' YEAR TO MONTH)"));
    expect(e.messageParameters).toEqual({ field: '`HOUR`', expr: `"INTERVAL '1-2' YEAR TO MONTH"` });
    e = await errorOf(db.rows("SELECT date_part('DOW', INTERVAL '10' DAY)"));
    expect(e.messageParameters).toEqual({ field: '`DOW`', expr: `"INTERVAL '10' DAY"` });
  });
});
