import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLakesqlError } from '../../errors/index.js';
import { EngineSession } from '../engine-session.js';
import { formatTimestamp } from './spark-datetime-format.js';
import { type ParseTarget, parseDatetime } from './spark-datetime-parse.js';

const LA = 'America/Los_Angeles';
const parsed = (text: string, pattern: string, target: ParseTarget = 'timestamp') => {
  const r = parseDatetime(text, pattern, LA, target);
  return r.kind === 'parsed' ? r.value : r.message;
};
const iso = (micros: bigint | string) =>
  typeof micros === 'string' ? micros : new Date(Number(micros / 1000n)).toISOString();

describe('parseDatetime follows java.time strict parsing and Spark defaults', () => {
  it('reads local date-times in the session zone', () => {
    expect(iso(parsed('2016-12-31 00:12:00', 'yyyy-MM-dd HH:mm:ss'))).toBe('2016-12-31T08:12:00.000Z');
    expect(parsed('2016-12-31', 'yyyy-MM-dd', 'timestamp_ntz')).toBe(1_483_142_400_000_000n);
    expect(parsed('12/31/2016', 'MM/dd/yyyy', 'date')).toBe(17_166n);
    expect(parsed('Jan 5 2020', 'MMM d yyyy', 'date')).toBe(18_266n);
    expect(parsed('20200102', 'yyyyMMdd', 'date')).toBe(18_263n);
    expect(parsed('2019-01-01 12:00 PM', 'yyyy-MM-dd hh:mm a', 'timestamp_ntz')).toBe(1_546_344_000_000_000n);
  });
  it('defaults missing fields to 1970-01-01 00:00', () => {
    expect(parsed('10:11', 'HH:mm', 'timestamp_ntz')).toBe(36_660_000_000n);
    expect(parsed('1', 'y', 'date')).toBe(-719_162n);
  });
  it('reads fractions of 1..n digits, and no more', () => {
    expect(parsed('03:04:05.12', 'HH:mm:ss.SSSSSS', 'timestamp_ntz')).toBe(11_045_120_000n);
    expect(parsed('03:04:05.1234567', 'HH:mm:ss.SSSSSS', 'timestamp_ntz')).toBe(
      "Text '03:04:05.1234567' could not be parsed, unparsed text found at index 15",
    );
  });
  it('honours a zone or offset in the text over the session zone', () => {
    expect(iso(parsed('2020-01-01 00:00 +08:00', 'yyyy-MM-dd HH:mm XXX'))).toBe('2019-12-31T16:00:00.000Z');
    expect(parsed('2020-01-01T00:00Z', "yyyy-MM-dd'T'HH:mmX", 'unix_seconds')).toBe(1_577_836_800n);
    expect(iso(parsed('2020-01-01 America/New_York', 'yyyy-MM-dd VV'))).toBe('2020-01-01T05:00:00.000Z');
  });
  it('moves a local time in a DST gap forward, as ZonedDateTime.of does', () => {
    expect(iso(parsed('2020-03-08 02:30', 'yyyy-MM-dd HH:mm'))).toBe('2020-03-08T10:30:00.000Z');
  });
  it('parses optional sections when present', () => {
    expect(parsed('2020-01-01', 'yyyy-MM-dd[ HH:mm]', 'timestamp_ntz')).toBe(1_577_836_800_000_000n);
    expect(parsed('2020-01-01 10:11', 'yyyy-MM-dd[ HH:mm]', 'timestamp_ntz')).toBe(1_577_873_460_000_000n);
  });
  it('reports java.time messages for text that does not fit', () => {
    expect(parsed('2019-02-29', 'yyyy-MM-dd', 'date')).toBe(
      "Text '2019-02-29' could not be parsed: Invalid date 'February 29' as '2019' is not a leap year",
    );
    expect(parsed('2020-11-31', 'yyyy-MM-dd', 'date')).toBe(
      "Text '2020-11-31' could not be parsed: Invalid date 'NOVEMBER 31'",
    );
    expect(parsed('2016-12-31 abc', 'yyyy-MM-dd')).toBe(
      "Text '2016-12-31 abc' could not be parsed, unparsed text found at index 10",
    );
    expect(parsed('2016-13-01', 'yyyy-MM-dd')).toBe(
      "Text '2016-13-01' could not be parsed: Invalid value for MonthOfYear (valid values 1 - 12): 13",
    );
    expect(parsed('x', 'yyyy')).toBe("Text 'x' could not be parsed at index 0");
    expect(parsed('2020-01-01 +08:00', 'yyyy-MM-dd XXX', 'timestamp_ntz')).toMatch(/could not be parsed/);
  });
  it('refuses letters Spark cannot parse', () => {
    for (const [pattern, errorClass] of [
      ['yyyy-MM-dd E', 'INCONSISTENT_BEHAVIOR_CROSS_VERSION.DATETIME_PATTERN_RECOGNITION'],
      ['yyyy QQ', 'INVALID_DATETIME_PATTERN.ILLEGAL_CHARACTER'],
    ] as const) {
      expect(() => parseDatetime('x', pattern, LA, 'timestamp')).toThrow(
        expect.objectContaining({ errorClass }),
      );
    }
  });
  it('formats back what it parses', () => {
    const pattern = 'yyyy-MM-dd HH:mm:ss.SSSSSS';
    for (const text of [
      '1582-10-10 01:02:03.000004',
      '2020-07-01 23:59:59.999999',
      '0001-01-01 00:00:00.000000',
    ]) {
      const micros = parsed(text, pattern) as bigint;
      expect(formatTimestamp(micros, pattern, LA)).toBe(text);
    }
  });
});

describe('datetime UDFs on DuckDB', () => {
  let engine: EngineSession;
  beforeAll(async () => {
    engine = await EngineSession.create();
  });
  afterAll(() => engine.close());

  it('format, parse and report failures; invalid patterns raise Spark classes', async () => {
    const rows = await engine.all(`SELECT
      spark_date_format(0, 'yyyy-MM-dd HH:mm:ss z', 'America/Los_Angeles') AS f,
      spark_parse_datetime('2016-12-31', 'yyyy-MM-dd', 'UTC', 'date') AS d,
      spark_parse_datetime('2016-12-3x', 'yyyy-MM-dd', 'UTC', 'date') AS bad,
      spark_parse_datetime_error('2016-12-3x', 'yyyy-MM-dd', 'UTC', 'date') AS message,
      spark_date_format(NULL, 'yyyy', 'UTC') AS n`);
    expect(rows).toEqual([
      {
        f: '1969-12-31 16:00:00 PST',
        d: 17_166n,
        bad: null,
        message: "Text '2016-12-3x' could not be parsed at index 8",
        n: null,
      },
    ]);
    await expect(engine.all("SELECT spark_date_format(0, 'GGGGG', 'UTC')")).rejects.toSatisfy((e) =>
      isLakesqlError(e, 'INCONSISTENT_BEHAVIOR_CROSS_VERSION.DATETIME_PATTERN_RECOGNITION'),
    );
  });

  // A NULL constant is folded by DuckDB, but NULL rows of a column reach the UDF: each must give NULL, not
  // "Cannot mix BigInt and other types" from bigint arithmetic on null.
  it('NULL rows of a column beside epoch 0 give NULL', async () => {
    const rows = await engine.all(`SELECT
      spark_date_format(m, 'yyyy-MM-dd', 'UTC') AS f,
      spark_parse_datetime(t, 'yyyy', 'UTC', 'date') AS p,
      spark_parse_datetime_error(t, 'yyyy', 'UTC', 'date') AS e
      FROM (VALUES (0::BIGINT, '1970'), (NULL, NULL)) v(m, t)`);
    expect(rows).toEqual([
      { f: '1970-01-01', p: 0n, e: null },
      { f: null, p: null, e: null },
    ]);
  });
});
