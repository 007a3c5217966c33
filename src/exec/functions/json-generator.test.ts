/**
 * to_json writes values as Spark's JacksonGenerator does: null struct fields left out, decimals with their
 * scale, doubles as Java prints them, datetimes in JSONOptions' patterns, and the options map read at analysis.
 */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';

const fx = useSqlSession('lakesql-to-json-');

const one = async (sql: string) => (await fx.rows(`SELECT ${sql}`))[0]![0];

describe('to_json', () => {
  it('writes structs, arrays and maps, leaving null struct fields out but keeping null elements and values', async () => {
    expect(await one(`to_json(named_struct('a', 1, 'b', CAST(NULL AS INT), 'c', 'x'))`)).toBe(
      '{"a":1,"c":"x"}',
    );
    expect(await one(`to_json(array(named_struct('a', CAST(NULL AS INT))))`)).toBe('[{}]');
    expect(await one(`to_json(array(1, NULL, 3))`)).toBe('[1,null,3]');
    expect(await one(`to_json(map('a', CAST(NULL AS INT), 'b', 2))`)).toBe('{"a":null,"b":2}');
    expect(await one(`to_json(array(array(1, 2, 3), array(4)))`)).toBe('[[1,2,3],[4]]');
    expect(await one(`to_json(array(map('a', 1), map('b', 2)))`)).toBe('[{"a":1},{"b":2}]');
    expect(await one(`to_json(map(named_struct('a', 1, 'b', 2), named_struct('a', 1, 'b', 2)))`)).toBe(
      '{"[1,2]":{"a":1,"b":2}}',
    );
    expect(
      await one(`to_json(named_struct('e', array(), 'n', named_struct('m', CAST(NULL AS STRING))))`),
    ).toBe('{"e":[],"n":{}}');
    expect(await one(`to_json(CAST(NULL AS STRUCT<a:INT>))`)).toBeNull();
  });

  it('writes each primitive type as Jackson does', async () => {
    expect(
      await one(
        `to_json(named_struct('d', 1.50BD, 'x', 1e10D, 'y', 0.1D, 'n', CAST('NaN' AS DOUBLE),
           'i', CAST('-Infinity' AS DOUBLE), 'l', 9007199254740993L, 't', true, 'b', X'0102',
           's', 'q"/\\\\', 'dt', DATE'2020-01-02', 'ts', TIMESTAMP'2020-01-02 03:04:05.6',
           'ntz', TIMESTAMP_NTZ'2020-01-02 03:04:05'))`,
      ),
    ).toBe(
      '{"d":1.50,"x":1.0E10,"y":0.1,"n":"NaN","i":"-Infinity","l":9007199254740993,"t":true,"b":"AQI=",' +
        '"s":"q\\"/\\\\","dt":"2020-01-02","ts":"2020-01-02T03:04:05.600Z","ntz":"2020-01-02T03:04:05.000"}',
    );
  });

  it('reads timestampFormat, dateFormat, timeZone and ignoreNullFields from the options map, any case', async () => {
    expect(
      await one(
        `to_json(named_struct('time', to_timestamp('2015-08-26', 'yyyy-MM-dd')), map('timestampFormat', 'dd/MM/yyyy'))`,
      ),
    ).toBe('{"time":"26/08/2015"}');
    expect(await one(`to_json(named_struct('d', DATE'2015-08-26'), map('DATEFORMAT', 'MM/yy'))`)).toBe(
      '{"d":"08/15"}',
    );
    expect(
      await one(
        `to_json(named_struct('t', TIMESTAMP'2020-01-02 03:04:05'), map('timeZone', 'America/Los_Angeles'))`,
      ),
    ).toBe('{"t":"2020-01-01T19:04:05.000-08:00"}');
    expect(await one(`to_json(named_struct('a', CAST(NULL AS INT)), map('ignoreNullFields', 'false'))`)).toBe(
      '{"a":null}',
    );
  });

  it('names its column after the value alone, as Spark does', async () => {
    const results = await fx.session.execute(`SELECT to_json(named_struct('a', 1), map('dateFormat', 'yy'))`);
    const first = results[0]!;
    expect(first.kind === 'rows' && first.columns.map((c) => c.name)).toEqual([
      'to_json(named_struct(a, 1))',
    ]);
  });

  it('refuses a value that is not a struct, array or map, and options that are not a map() of strings', async () => {
    expect(await errorOf(fx.rows('SELECT to_json(1)'))).toMatchObject({
      errorClass: 'DATATYPE_MISMATCH.INVALID_JSON_SCHEMA',
      messageParameters: { sqlExpr: '"to_json(1)"', schema: '"INT"' },
    });
    expect(
      await errorOf(fx.rows(`SELECT to_json(named_struct('a', 1), named_struct('mode', 'PERMISSIVE'))`)),
    ).toMatchObject({ errorClass: 'INVALID_OPTIONS.NON_MAP_FUNCTION' });
    expect(await errorOf(fx.rows(`SELECT to_json(named_struct('a', 1), map('mode', 1))`))).toMatchObject({
      errorClass: 'INVALID_OPTIONS.NON_STRING_TYPE',
      messageParameters: { mapType: '"MAP<STRING, INT>"' },
    });
    expect(
      await errorOf(fx.rows(`SELECT to_json(named_struct('a', 1), map('pretty', 'true'))`)),
    ).toMatchObject({
      errorClass: 'UNSUPPORTED_FEATURE',
    });
    expect(
      await errorOf(fx.rows(`SELECT to_json(named_struct('a', 1), map('ignoreNullFields', 'maybe'))`)),
    ).toMatchObject({ errorClass: 'INVALID_OPTION_VALUE' });
  });
});
